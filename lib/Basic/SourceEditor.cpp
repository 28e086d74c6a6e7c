//===- SourceEditor.cpp - Edit the user's source in place -----------------===//

#include "Basic/SourceEditor.h"
#include "Basic/ASTUtils.h"
#include "Basic/Diagnostics.h"
#include "clang/Lex/Lexer.h"

using namespace clang;
using namespace llvm;

namespace hpp {

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

std::string SourceEditor::indentOf(SourceLocation Loc) const {
  const SourceManager &SM = Ctx.getSourceManager();
  auto [FID, Offset] = SM.getDecomposedExpansionLoc(Loc);
  StringRef Buffer = SM.getBufferData(FID);
  size_t Start = Buffer.rfind('\n', Offset);
  Start = Start == StringRef::npos ? 0 : Start + 1;
  size_t End = Start;
  while (End < Buffer.size() && (Buffer[End] == ' ' || Buffer[End] == '\t'))
    ++End;
  return Buffer.slice(Start, End).str();
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

bool SourceEditor::restOfLineIsBlank(SourceLocation Loc) const {
  const SourceManager &SM = Ctx.getSourceManager();
  auto [FID, Offset] = SM.getDecomposedExpansionLoc(Loc);
  StringRef Buffer = SM.getBufferData(FID);
  for (size_t I = Offset; I < Buffer.size() && Buffer[I] != '\n'; ++I)
    if (Buffer[I] != ' ' && Buffer[I] != '\t' && Buffer[I] != '\r')
      return false;
  return true;
}

std::string SourceEditor::indentBlock(StringRef Text, StringRef Indent) {
  std::string Out;
  SmallVector<StringRef, 16> Lines;
  Text.split(Lines, '\n');
  for (size_t I = 0; I < Lines.size(); ++I) {
    StringRef L = Lines[I];
    if (I > 0 && !L.empty() && !L.starts_with("#"))
      Out += Indent.str();
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
  // Generated lines may hold directives, which must start their own line.
  if (!atLineStart(Begin))
    Out += "\n";
  Out += Text.str();
  if (!Text.ends_with("\n"))
    Out += "\n";
  Out += lineDirective(Loc);
  Out += "\n";
  // The rest of the line at Loc continues after the directive: keep its
  // column when it holds code.
  if (!restOfLineIsBlank(Loc) && SM.getExpansionColumnNumber(Loc) != 1)
    Out += std::string(SM.getExpansionColumnNumber(Loc) - 1, ' ');
  return Out;
}

Error SourceEditor::replace(SourceLocation Begin, SourceLocation End,
                            StringRef Text) {
  if (Error E = checkEditable(Begin))
    return E;
  if (Error E = checkEditable(End))
    return E;
  if (Rewrite.ReplaceText(CharSourceRange::getCharRange(Begin, End),
                          withResync(Text, Begin, End)))
    return createStringError(inconvertibleErrorCode(), "cannot rewrite range");
  return Error::success();
}

Error SourceEditor::replaceTokens(SourceRange R, StringRef Text) {
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation End =
      Lexer::getLocForEndOfToken(R.getEnd(), 0, SM, Ctx.getLangOpts());
  unsigned Lines = line(End) - line(R.getBegin());
  std::string Padded = Text.str() + std::string(Lines, '\n');
  if (Error E = checkEditable(R.getBegin()))
    return E;
  if (Rewrite.ReplaceText(CharSourceRange::getCharRange(R.getBegin(), End),
                          Padded))
    return createStringError(inconvertibleErrorCode(), "cannot rewrite range");
  return Error::success();
}

Error SourceEditor::insert(SourceLocation Loc, StringRef Text) {
  if (Error E = checkEditable(Loc))
    return E;
  Rewrite.InsertText(Loc, withResync(Text, Loc, Loc), /*InsertAfter=*/true);
  return Error::success();
}

Error SourceEditor::insertBefore(SourceLocation Loc, StringRef Text) {
  if (Error E = checkEditable(Loc))
    return E;
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
  return insert(R->getEnd(), After);
}

std::string SourceEditor::result() const {
  const SourceManager &SM = Ctx.getSourceManager();
  FileID Main = SM.getMainFileID();
  if (const RewriteBuffer *B = Rewrite.getRewriteBufferFor(Main))
    return std::string(B->begin(), B->end());
  return SM.getBufferData(Main).str();
}

} // namespace hpp
