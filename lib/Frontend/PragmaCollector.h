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
#include "clang/Lex/PPCallbacks.h"
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

/// Records the blocks of `#if`/`#else` that the preprocessor skipped, so
/// that a pragma may stand inside a conditional just before its statement
/// (StmtLocator looks through skipped blocks and conditional directives).
class SkippedRangeRecorder : public clang::PPCallbacks {
public:
  explicit SkippedRangeRecorder(std::vector<clang::SourceRange> &Out) : Out(Out) {}
  void SourceRangeSkipped(clang::SourceRange Range, clang::SourceLocation EndifLoc) override {
    Out.push_back(Range);
  }

private:
  std::vector<clang::SourceRange> &Out;
};

} // namespace hpp

#endif // HPP_FRONTEND_PRAGMACOLLECTOR_H
