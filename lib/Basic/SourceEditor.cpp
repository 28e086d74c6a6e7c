//===- SourceEditor.cpp - Edit the user's source in place -----------------===//

#include "Basic/SourceEditor.h"
#include "clang/Lex/Lexer.h"

using namespace clang;
using namespace llvm;

namespace hpp {

SourceEditor::SourceEditor(ASTContext &Ctx, StringRef FileName)
    : Ctx(Ctx), FileName(FileName.str()) {
  Rewrite.setSourceMgr(Ctx.getSourceManager(), Ctx.getLangOpts());
}

Error SourceEditor::checkEditable(SourceLocation Loc) const {
  const SourceManager &SM = Ctx.getSourceManager();
  if (Loc.isInvalid() || Loc.isMacroID() || !SM.isInMainFile(Loc) ||
      !Rewriter::isRewritable(Loc))
    return createStringError(inconvertibleErrorCode(),
                             "cannot rewrite code produced by a macro at " +
                                 Loc.printToString(SM));
  return Error::success();
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

std::string SourceEditor::result() const {
  const SourceManager &SM = Ctx.getSourceManager();
  FileID Main = SM.getMainFileID();
  if (const RewriteBuffer *B = Rewrite.getRewriteBufferFor(Main))
    return std::string(B->begin(), B->end());
  return SM.getBufferData(Main).str();
}

} // namespace hpp
