//===- PragmaCollector.cpp - Record every `#pragma hpp` -------------------===//

#include "Frontend/PragmaCollector.h"
#include "Basic/Diagnostics.h"
#include "Frontend/PragmaParser.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/MacroInfo.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace clang;

namespace hpp {
namespace {

/// Whether expanding the macro \p Name, if it is one, may produce `_Pragma`.
bool mayExpandToPragmaOperator(const Preprocessor &PP, const IdentifierInfo *Name,
                               llvm::SmallPtrSetImpl<const IdentifierInfo *> &Seen) {
  if (!Seen.insert(Name).second)
    return false;
  const MacroInfo *Macro = PP.getMacroInfo(Name);
  if (!Macro)
    return false;
  for (const Token &T : Macro->tokens())
    if (const IdentifierInfo *II = T.getIdentifierInfo())
      if (II->getName() == "_Pragma" || mayExpandToPragmaOperator(PP, II, Seen))
        return true;
  return false;
}

/// Where `_Pragma`, or a macro that may expand to it, is spelled on the
/// pragma line from \p Loc on. Lexing such a line with macro expansion is
/// not safe: Clang 19's recovery from a malformed `_Pragma(` reads past the
/// end of the line, and a `#pragma` handler that then lexes on crashes
/// Clang (its own `#pragma omp` too). The raw lexer expands nothing.
std::optional<SourceLocation> findPragmaOperator(Preprocessor &PP, SourceLocation Loc) {
  SourceManager &SM = PP.getSourceManager();
  // The text of a `_Pragma("hpp ...")` lies in the scratch buffer, ending
  // with a line break like a line of the file.
  auto [File, Offset] = SM.getDecomposedLoc(SM.getSpellingLoc(Loc));
  bool Invalid = false;
  StringRef Buffer = SM.getBufferData(File, &Invalid);
  if (Invalid)
    return std::nullopt;
  Lexer Raw(SM.getLocForStartOfFile(File), PP.getLangOpts(), Buffer.begin(),
            Buffer.begin() + Offset, Buffer.end());
  Token Tok;
  llvm::SmallPtrSet<const IdentifierInfo *, 8> Seen;
  for (bool First = true;; First = false) {
    bool AtEnd = Raw.LexFromRawLexer(Tok);
    if (!First && Tok.isAtStartOfLine())
      return std::nullopt;
    if (Tok.is(tok::raw_identifier) &&
        (Tok.getRawIdentifier() == "_Pragma" ||
         mayExpandToPragmaOperator(PP, PP.getIdentifierInfo(Tok.getRawIdentifier()), Seen)))
      return Tok.getLocation();
    if (AtEnd || Tok.is(tok::eof))
      return std::nullopt;
  }
}

} // namespace

void PragmaCollector::HandlePragma(Preprocessor &PP, PragmaIntroducer Introducer,
                                   Token &FirstToken) {
  if (std::optional<SourceLocation> At = findPragmaOperator(PP, FirstToken.getLocation())) {
    // Inside a `_Pragma("hpp ...")`, the place of the outer one.
    SourceManager &SM = PP.getSourceManager();
    Diags.report(FirstToken.getLocation().isMacroID() ? SM.getExpansionLoc(Introducer.Loc) : *At,
                 Diag::err_pragma_operator_in_pragma);
    PP.DiscardUntilEndOfDirective();
    return;
  }
  SmallVector<Token, 16> Tokens;
  Token Tok;
  PP.Lex(Tok);
  while (Tok.isNot(tok::eod)) {
    Tokens.push_back(Tok);
    PP.Lex(Tok);
  }
  SourceLocation EndLoc = Tok.getLocation();
  SourceManager &SM = PP.getSourceManager();
  SourceLocation Loc = Introducer.Loc;
  if (Loc.isMacroID() || FirstToken.getLocation().isMacroID()) {
    Diags.report(SM.getExpansionLoc(Loc), Diag::err_pragma_in_macro);
    return;
  }
  if (!SM.isInMainFile(Loc)) {
    Diags.report(Loc, Diag::warn_pragma_in_header);
    return;
  }
  if (std::optional<Directive> D = parseDirective(
          PP, Diags, Loc, FirstToken.getLocation(), Tokens, EndLoc))
    Out.push_back(std::move(*D));
}

} // namespace hpp
