//===- PragmaCollector.cpp - Record every `#pragma hpp` -------------------===//

#include "Frontend/PragmaCollector.h"
#include "Basic/Diagnostics.h"
#include "Frontend/PragmaParser.h"
#include "clang/Lex/Preprocessor.h"

using namespace clang;

namespace hpp {

void PragmaCollector::HandlePragma(Preprocessor &PP, PragmaIntroducer Introducer,
                                   Token &FirstToken) {
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
