//===- ApiGate.cpp - Whether a file may call the parallel_* API -----------===//
///
/// \file
/// The lowering costs a Clang parse of its own, so the driver first asks
/// whether the file can contain a call at all. Clang's raw lexer answers
/// without preprocessing: only identifier tokens count, so an API name in a
/// comment or a string literal costs no parse. The answer over-approximates
/// (a name under `#if 0`, a user's own `parallel_for`), which costs only
/// the parse: the lowering itself recognises calls by declaration. A call
/// through a macro names the function in the `#define`, which is seen.
///
//===----------------------------------------------------------------------===//

#include "Frontend/Api/ApiLowering.h"
#include "clang/Basic/LangOptions.h"
#include "clang/Lex/Lexer.h"

using namespace clang;
using namespace llvm;

namespace hpp {

bool mayCallApi(StringRef Source) {
  LangOptions Opts;
  Opts.CPlusPlus = Opts.CPlusPlus11 = Opts.CPlusPlus14 = Opts.CPlusPlus17 = true;
  Opts.LineComment = Opts.Digraphs = Opts.Bool = true;
  // The lexer reads up to a terminating null.
  std::string Text = Source.str();
  Lexer Lex(SourceLocation(), Opts, Text.data(), Text.data(), Text.data() + Text.size());
  bool AfterSingle = false;
  Token Tok;
  while (true) {
    bool AtEnd = Lex.LexFromRawLexer(Tok);
    if (Tok.is(tok::raw_identifier)) {
      StringRef Name = Tok.getRawIdentifier();
      if (Name == "parallel_for" || Name == "parallel_reduce" || Name == "parallel_scan")
        return true;
      AfterSingle = Name == "single";
    } else {
      // hpp::single(...): the name alone is a common word.
      if (AfterSingle && Tok.is(tok::l_paren))
        return true;
      AfterSingle = false;
    }
    if (AtEnd || Tok.is(tok::eof))
      return false;
  }
}

} // namespace hpp
