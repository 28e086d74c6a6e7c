//===- PragmaCollector.h - Record every `#pragma hpp` -----------*- C++ -*-===//
///
/// \file
/// A PragmaHandler for the `hpp` namespace. It parses each pragma of the
/// main file as the preprocessor meets it and records the Directive; the
/// analysis later attaches each directive to the statement that follows it.
///
//===----------------------------------------------------------------------===//

#ifndef HPP_FRONTEND_PRAGMACOLLECTOR_H
#define HPP_FRONTEND_PRAGMACOLLECTOR_H

#include "Basic/Directive.h"
#include "clang/Lex/Pragma.h"
#include <vector>

namespace hpp {

class Diagnoser;

class PragmaCollector : public clang::PragmaHandler {
public:
  PragmaCollector(Diagnoser &Diags, std::vector<Directive> &Out)
      : clang::PragmaHandler("hpp"), Diags(Diags), Out(Out) {}

  void HandlePragma(clang::Preprocessor &PP, clang::PragmaIntroducer Introducer,
                    clang::Token &FirstToken) override;

private:
  Diagnoser &Diags;
  std::vector<Directive> &Out;
};

} // namespace hpp

#endif // HPP_FRONTEND_PRAGMACOLLECTOR_H
