//===- SourceEditor.cpp - Edit the user's source in place -----------------===//

#include "Basic/SourceEditor.h"
#include "Basic/ASTUtils.h"
#include "Basic/Diagnostics.h"
#include "clang/Lex/Lexer.h"

using namespace clang;
using namespace llvm;

namespace hpp {

namespace {

/// Marks around a copy of the user's text in generated text (userCopy),
/// removed by finish(): control characters no C++ token holds.
constexpr char CopyOpen = '\x1e';
constexpr char CopyClose = '\x1f';

/// Sorts \p Ranges and merges those that overlap or touch.
std::vector<TextRange> merged(std::vector<TextRange> Ranges) {
  llvm::sort(Ranges, [](const TextRange &A, const TextRange &B) { return A.Begin < B.Begin; });
  std::vector<TextRange> Out;
  for (const TextRange &R : Ranges) {
    if (R.Begin == R.End)
      continue;
    if (!Out.empty() && R.Begin <= Out.back().End)
      Out.back().End = std::max(Out.back().End, R.End);
    else
      Out.push_back(R);
  }
  return Out;
}

} // namespace

bool noneKept(const std::vector<TextRange> &Kept, size_t Begin, size_t End) {
  auto It = llvm::upper_bound(Kept, Begin,
                              [](size_t Off, const TextRange &R) { return Off < R.End; });
  return It == Kept.end() || It->Begin >= End;
}

namespace {

/// \p In without the characters of \p Drop (sorted, disjoint), with the
/// kept ranges moved along.
EditedText without(const EditedText &In, const std::vector<TextRange> &Drop) {
  EditedText Out;
  // Old offset -> new offset: minus what was dropped before it.
  auto Map = [&](size_t Off) {
    size_t Shift = 0;
    for (const TextRange &D : Drop) {
      if (D.Begin >= Off)
        break;
      Shift += std::min(D.End, Off) - D.Begin;
    }
    return Off - Shift;
  };
  size_t At = 0;
  for (const TextRange &D : Drop) {
    Out.Text.append(In.Text, At, D.Begin - At);
    At = D.End;
  }
  Out.Text.append(In.Text, At, std::string::npos);
  for (const TextRange &K : In.Kept)
    Out.Kept.push_back({Map(K.Begin), Map(K.End)});
  Out.Kept = merged(std::move(Out.Kept));
  return Out;
}

/// \p In without each generated `#line` that another follows (edits ending
/// on one line, a loop header's and the lowering's): it says nothing.
EditedText withoutRepeatedDirectives(const EditedText &In) {
  std::vector<TextRange> Drop;
  StringRef Text = In.Text;
  for (size_t Begin = 0; Begin < Text.size();) {
    size_t End = Text.find('\n', Begin);
    if (End == StringRef::npos)
      break;
    size_t NextEnd = std::min(Text.find('\n', End + 1), Text.size());
    if (noneKept(In.Kept, Begin, End + 1) && parseLineDirective(Text.slice(Begin, End)) &&
        parseLineDirective(Text.slice(End + 1, NextEnd)))
      Drop.push_back({Begin, End + 1});
    Begin = End + 1;
  }
  return Drop.empty() ? In : without(In, Drop);
}

} // namespace

std::optional<std::pair<unsigned, StringRef>> parseLineDirective(StringRef Line) {
  StringRef L = Line.ltrim(" \t");
  if (!L.consume_front("#"))
    return std::nullopt;
  L = L.ltrim(" \t");
  if (!L.consume_front("line") || L.empty() || (L.front() != ' ' && L.front() != '\t'))
    return std::nullopt;
  L = L.ltrim(" \t");
  size_t Digits = L.find_first_not_of("0123456789");
  unsigned N = 0;
  if (L.take_front(Digits).getAsInteger(10, N))
    return std::nullopt;
  L = L.drop_front(Digits).trim(" \t\r");
  StringRef File;
  if (L.size() >= 2 && L.front() == '"' && L.back() == '"')
    File = L.drop_front().drop_back();
  else if (!L.empty())
    return std::nullopt;
  return std::make_pair(N, File);
}

char MacroEditError::ID = 0;

void MacroEditError::log(raw_ostream &OS) const {
  OS << "cannot rewrite code produced by a macro";
}

void reportEditError(Error E, SourceLocation Loc, Diagnoser &Diags, const ASTContext &Ctx) {
  handleAllErrors(
      std::move(E),
      [&](const MacroEditError &M) {
        Diags.report(Loc, Diag::err_cannot_rewrite) << M.message();
        StringRef Macro = getOutermostMacroName(M.Loc, Ctx);
        if (!Macro.empty())
          Diags.report(Ctx.getSourceManager().getExpansionLoc(M.Loc), Diag::note_macro_expansion)
              << Macro;
      },
      [&](const ErrorInfoBase &Other) {
        Diags.report(Loc, Diag::err_cannot_rewrite) << Other.message();
      });
}

SourceEditor::SourceEditor(ASTContext &Ctx, StringRef FileName)
    : Ctx(Ctx), FileName(FileName.str()) {
  Rewrite.setSourceMgr(Ctx.getSourceManager(), Ctx.getLangOpts());
}

Error SourceEditor::checkEditable(SourceLocation Loc) const {
  const SourceManager &SM = Ctx.getSourceManager();
  if (Loc.isInvalid() || Loc.isMacroID() || !SM.isInMainFile(Loc) ||
      !Rewriter::isRewritable(Loc))
    return make_error<MacroEditError>(Loc);
  return Error::success();
}

Expected<CharSourceRange> SourceEditor::stmtRange(const Stmt *First,
                                                  const Stmt *Last) const {
  CharSourceRange R = getStmtFileRange(First, Last ? Last : First, Ctx);
  if (R.isValid())
    return R;
  // Name the end that lies inside an expansion.
  SourceLocation Inside = First->getBeginLoc();
  if (Inside.isFileID() || Lexer::isAtStartOfMacroExpansion(Inside, Ctx.getSourceManager(),
                                                             Ctx.getLangOpts()))
    Inside = (Last ? Last : First)->getEndLoc();
  return make_error<MacroEditError>(Inside);
}

unsigned SourceEditor::line(SourceLocation Loc) const {
  // Presumed lines: input that hppc itself produced (the lowered
  // parallel_* calls) carries #line directives back to the user's file.
  const SourceManager &SM = Ctx.getSourceManager();
  return SM.getPresumedLoc(SM.getExpansionLoc(Loc)).getLine();
}

std::string SourceEditor::lineDirective(unsigned Line) const {
  std::string Escaped;
  for (char C : FileName) {
    if (C == '\\' || C == '"')
      Escaped += '\\';
    Escaped += C;
  }
  return "#line " + std::to_string(Line) + " \"" + Escaped + "\"";
}

std::string SourceEditor::lineDirective(SourceLocation Loc) const {
  return lineDirective(line(Loc));
}

std::string SourceEditor::originalText(SourceLocation Begin,
                                       SourceLocation End) const {
  const SourceManager &SM = Ctx.getSourceManager();
  return Lexer::getSourceText(CharSourceRange::getCharRange(Begin, End), SM,
                              Ctx.getLangOpts())
      .str();
}

std::string SourceEditor::rewrittenText(SourceLocation Begin,
                                        SourceLocation End) const {
  return Rewrite.getRewrittenText(CharSourceRange::getCharRange(Begin, End));
}

SourceEditor::LinePosition SourceEditor::linePosition(SourceLocation Loc) const {
  const SourceManager &SM = Ctx.getSourceManager();
  auto [FID, Offset] = SM.getDecomposedExpansionLoc(Loc);
  StringRef Buffer = SM.getBufferData(FID);
  size_t Start = Buffer.rfind('\n', Offset);
  Start = Start == StringRef::npos ? 0 : Start + 1;
  return {Buffer, Start, Offset};
}

std::string SourceEditor::indentOf(SourceLocation Loc) const {
  LinePosition P = linePosition(Loc);
  return P.Buffer.substr(P.Start).take_while([](char C) { return C == ' ' || C == '\t'; }).str();
}

std::string SourceEditor::blanksBefore(SourceLocation Loc) const {
  LinePosition P = linePosition(Loc);
  std::string Out;
  for (char C : P.Buffer.slice(P.Start, P.Offset))
    Out += C == '\t' ? '\t' : ' ';
  return Out;
}

bool SourceEditor::atLineStart(SourceLocation Loc) const {
  const SourceManager &SM = Ctx.getSourceManager();
  auto [FID, Offset] = SM.getDecomposedExpansionLoc(Loc);
  StringRef Buffer = SM.getBufferData(FID);
  for (size_t I = Offset; I > 0; --I) {
    char C = Buffer[I - 1];
    if (C == '\n')
      return true;
    if (C != ' ' && C != '\t')
      return false;
  }
  return true;
}

StringRef SourceEditor::restOfLine(SourceLocation Loc) const {
  const SourceManager &SM = Ctx.getSourceManager();
  auto [FID, Offset] = SM.getDecomposedExpansionLoc(Loc);
  StringRef Buffer = SM.getBufferData(FID);
  return Buffer.slice(Offset, Buffer.find('\n', Offset));
}

bool SourceEditor::restOfLineIsBlank(SourceLocation Loc) const {
  return restOfLine(Loc).trim(" \t\r").empty();
}

std::string SourceEditor::userCopy(StringRef LineDirective, StringRef Text) {
  return CopyOpen + LineDirective.str() + "\n" + Text.str() + CopyClose;
}

std::string SourceEditor::indentBlock(StringRef Text, StringRef Indent) {
  std::string Out;
  SmallVector<StringRef, 16> Lines;
  Text.split(Lines, '\n');
  // Lines that start inside a copy of the user's text are the user's: a
  // raw string literal or a line splice inside a string continues on them,
  // so one added blank would change the program's data.
  unsigned CopyDepth = 0;
  for (size_t I = 0; I < Lines.size(); ++I) {
    StringRef L = Lines[I];
    if (I > 0 && CopyDepth == 0 && !L.empty() && !L.ltrim(CopyOpen).starts_with("#"))
      Out += Indent.str();
    CopyDepth += L.count(CopyOpen);
    CopyDepth -= std::min<size_t>(CopyDepth, L.count(CopyClose));
    Out += L.str();
    if (I + 1 < Lines.size())
      Out += "\n";
  }
  return Out;
}

std::string SourceEditor::withResync(StringRef Text, SourceLocation Begin,
                                     SourceLocation Loc) const {
  if (!Text.contains('\n'))
    return Text.str();
  const SourceManager &SM = Ctx.getSourceManager();
  std::string Out;
  // Generated lines may hold directives, which must start their own line
  // (one line break, not a blank line, where the text starts with one).
  if (!atLineStart(Begin) && !Text.starts_with("\n"))
    Out += "\n";
  Out += Text.str();
  if (!Text.ends_with("\n"))
    Out += "\n";
  Out += lineDirective(Loc);
  Out += "\n";
  // The rest of the line at Loc continues after the directive: keep its
  // column when it holds code. A lone `{` (what follows a loop header)
  // goes under the statement it opens instead: no diagnostic points at it,
  // and at its old column it would stand alone far to the right.
  if (restOfLineIsBlank(Loc))
    return Out;
  StringRef Rest = restOfLine(Loc);
  if (Rest.trim(" \t\r") == "{") {
    size_t Indent = indentOf(Begin).size();
    size_t Lead = Rest.size() - Rest.ltrim(" \t").size();
    Out += std::string(Indent > Lead ? Indent - Lead : 0, ' ');
  } else if (SM.getExpansionColumnNumber(Loc) != 1) {
    Out += std::string(SM.getExpansionColumnNumber(Loc) - 1, ' ');
  }
  return Out;
}

void SourceEditor::noteRemoved(SourceLocation Begin, SourceLocation End) {
  const SourceManager &SM = Ctx.getSourceManager();
  size_t B = SM.getFileOffset(Begin), E = SM.getFileOffset(End);
  Removed.push_back({B, E});
  EditPoints.push_back(B);
  EditPoints.push_back(E);
}

void SourceEditor::noteInsert(SourceLocation Loc) {
  EditPoints.push_back(Ctx.getSourceManager().getFileOffset(Loc));
}

Error SourceEditor::replace(SourceLocation Begin, SourceLocation End,
                            StringRef Text) {
  if (Error E = checkEditable(Begin))
    return E;
  if (Error E = checkEditable(End))
    return E;
  noteRemoved(Begin, End);
  if (Rewrite.ReplaceText(CharSourceRange::getCharRange(Begin, End),
                          withResync(Text, Begin, End)))
    return createStringError(inconvertibleErrorCode(), "cannot rewrite range");
  return Error::success();
}

Error SourceEditor::replaceTokens(SourceRange R, StringRef Text) {
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation End =
      Lexer::getLocForEndOfToken(R.getEnd(), 0, SM, Ctx.getLangOpts());
  // The generated header gets lines of its own, where it can be laid out;
  // the user's text after it (a body's `{`, a one-line body) continues
  // under a `#line` naming its line.
  return replace(R.getBegin(), End, Text.rtrim(" ").str() + "\n");
}

Error SourceEditor::insert(SourceLocation Loc, StringRef Text) {
  if (Error E = checkEditable(Loc))
    return E;
  noteInsert(Loc);
  Rewrite.InsertText(Loc, withResync(Text, Loc, Loc), /*InsertAfter=*/true);
  return Error::success();
}

Error SourceEditor::insertBefore(SourceLocation Loc, StringRef Text) {
  if (Error E = checkEditable(Loc))
    return E;
  noteInsert(Loc);
  Rewrite.InsertText(Loc, withResync(Text, Loc, Loc), /*InsertAfter=*/false);
  return Error::success();
}

Error SourceEditor::replaceStmt(const Stmt *S, StringRef Text) {
  Expected<CharSourceRange> R = stmtRange(S);
  if (!R)
    return R.takeError();
  return replace(R->getBegin(), R->getEnd(), Text);
}

Error SourceEditor::insertAfterStmt(const Stmt *S, StringRef Text) {
  Expected<CharSourceRange> R = stmtRange(S);
  if (!R)
    return R.takeError();
  return insert(R->getEnd(), Text);
}

Error SourceEditor::wrapStmts(const Stmt *First, const Stmt *Last, StringRef Before,
                              StringRef After) {
  Expected<CharSourceRange> R = stmtRange(First, Last);
  if (!R)
    return R.takeError();
  if (Error E = insert(R->getBegin(), Before))
    return E;
  // Inside what was inserted after them before (the end of a loop whose
  // whole body they are): the wrapper closes first.
  return insertBefore(R->getEnd(), After);
}

std::string SourceEditor::result() const {
  const SourceManager &SM = Ctx.getSourceManager();
  FileID Main = SM.getMainFileID();
  if (const RewriteBuffer *B = Rewrite.getRewriteBufferFor(Main))
    return std::string(B->begin(), B->end());
  return SM.getBufferData(Main).str();
}

EditedText SourceEditor::finish() const {
  const SourceManager &SM = Ctx.getSourceManager();
  FileID Main = SM.getMainFileID();
  StringRef Original = SM.getBufferData(Main);
  SourceLocation Start = SM.getLocForStartOfFile(Main);
  EditedText Raw{result(), {}};

  // The user's text lies between the edit points, outside removed ranges;
  // each piece is found where the rewriter put its first character.
  std::vector<size_t> Cuts = EditPoints;
  Cuts.push_back(0);
  Cuts.push_back(Original.size());
  llvm::sort(Cuts);
  Cuts.erase(std::unique(Cuts.begin(), Cuts.end()), Cuts.end());
  std::vector<TextRange> Gone = merged(Removed);
  bool Found = true;
  for (size_t I = 0; I + 1 < Cuts.size() && Found; ++I) {
    size_t A = Cuts[I], B = Cuts[I + 1];
    if (!noneKept(Gone, A, B))
      continue;
    int At = Rewrite.getRangeSize(
        CharSourceRange::getCharRange(Start, Start.getLocWithOffset(A)));
    Found = At >= 0 && size_t(At) + (B - A) <= Raw.Text.size() &&
            StringRef(Raw.Text).substr(At, B - A) == Original.slice(A, B);
    Raw.Kept.push_back({size_t(At), size_t(At) + (B - A)});
  }
  // Where the pieces cannot be found, all of the text is kept as it is:
  // nothing is laid out again rather than something wrongly.
  if (!Found)
    Raw.Kept = {{0, Raw.Text.size()}};
  Raw.Kept = merged(std::move(Raw.Kept));

  // The copies' marks go; what they enclosed is kept.
  std::vector<TextRange> Marks, Copies;
  unsigned Depth = 0;
  size_t CopyBegin = 0;
  for (size_t I = 0; I < Raw.Text.size(); ++I) {
    char C = Raw.Text[I];
    if ((C != CopyOpen && C != CopyClose) || !noneKept(Raw.Kept, I, I + 1))
      continue;
    Marks.push_back({I, I + 1});
    if (C == CopyOpen && Depth++ == 0)
      CopyBegin = I + 1;
    else if (C == CopyClose && Depth > 0 && --Depth == 0)
      Copies.push_back({CopyBegin, I});
  }
  Raw.Kept.insert(Raw.Kept.end(), Copies.begin(), Copies.end());
  Raw.Kept = merged(std::move(Raw.Kept));
  EditedText Out = without(Raw, merged(Marks));

  // A generated `#line N` followed by a blank line (the rest of a user's
  // line after the edit) names N + 1 instead, and the blank line goes: the
  // lines after it keep their numbers.
  std::vector<TextRange> Blank;
  std::vector<std::pair<TextRange, std::string>> Renumber;
  for (size_t Begin = 0; Begin < Out.Text.size();) {
    size_t End = Out.Text.find('\n', Begin);
    if (End == std::string::npos)
      break;
    StringRef Line = StringRef(Out.Text).slice(Begin, End);
    size_t NextEnd = Out.Text.find('\n', End + 1);
    if (NextEnd != std::string::npos && noneKept(Out.Kept, Begin, End + 1) &&
        StringRef(Out.Text).slice(End + 1, NextEnd).trim(" \t\r").empty()) {
      if (auto D = parseLineDirective(Line)) {
        size_t Digits = Line.find_first_of("0123456789");
        size_t Len = std::to_string(D->first).size();
        Renumber.push_back({{Begin + Digits, Begin + Digits + Len},
                            std::to_string(D->first + 1)});
        Blank.push_back({End + 1, NextEnd + 1});
        Begin = NextEnd + 1;
        continue;
      }
    }
    Begin = End + 1;
  }
  if (Blank.empty())
    return withoutRepeatedDirectives(Out);
  // The new numbers first (generated characters only), then the removal.
  std::string Text;
  std::vector<TextRange> Kept;
  size_t At = 0;
  long Shift = 0;
  std::vector<std::pair<size_t, long>> Shifts; // old offset -> shift after it
  for (auto &[R, N] : Renumber) {
    Text.append(Out.Text, At, R.Begin - At);
    Text += N;
    At = R.End;
    Shift += long(N.size()) - long(R.End - R.Begin);
    Shifts.push_back({R.End, Shift});
  }
  Text.append(Out.Text, At, std::string::npos);
  auto MapOff = [&](size_t Off) {
    long S = 0;
    for (auto &[From, By] : Shifts)
      if (From <= Off)
        S = By;
    return size_t(long(Off) + S);
  };
  EditedText Renumbered{std::move(Text), {}};
  for (const TextRange &K : Out.Kept)
    Renumbered.Kept.push_back({MapOff(K.Begin), MapOff(K.End)});
  for (TextRange &B : Blank)
    B = {MapOff(B.Begin), MapOff(B.End)};
  return withoutRepeatedDirectives(without(Renumbered, Blank));
}

} // namespace hpp
