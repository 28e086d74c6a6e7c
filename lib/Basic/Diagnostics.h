//===- Diagnostics.h - Every diagnostic hppc emits --------------*- C++ -*-===//
///
/// \file
/// Creates the custom diagnostic IDs of Diagnostics.def once per
/// DiagnosticsEngine and reports them. Both the pragma front end and the
/// analysis report through one Diagnoser so that `-verify` sees everything.
///
//===----------------------------------------------------------------------===//

#ifndef HPP_BASIC_DIAGNOSTICS_H
#define HPP_BASIC_DIAGNOSTICS_H

#include "clang/Basic/Diagnostic.h"
#include <array>
#include <string>
#include <vector>

namespace hpp {

enum class Diag : unsigned {
#define HPP_DIAG(ID, Level, Message) ID,
#include "Basic/Diagnostics.def"
  NumDiags
};

class Diagnoser {
public:
  explicit Diagnoser(clang::DiagnosticsEngine &Engine);

  clang::DiagnosticBuilder report(clang::SourceLocation Loc, Diag D);
  bool hasErrors() const { return Engine.hasErrorOccurred(); }
  unsigned numErrors() const { return Engine.getNumErrors(); }
  /// Whether errors other than hppc's own were reported: the C++ itself
  /// does not compile, so its AST cannot be trusted.
  bool hasCompilerErrors() const { return Engine.getNumErrors() > OwnErrors; }
  clang::DiagnosticsEngine &engine() { return Engine; }

  /// Every error reported so far, formatted, in order: the report gives
  /// them as the reasons regions were refused.
  size_t errorCount() const { return Log->size(); }
  const std::string &errorMessage(size_t I) const { return (*Log)[I]; }

private:
  clang::DiagnosticsEngine &Engine;
  /// Owned by the consumer chained into Engine.
  std::vector<std::string> *Log = nullptr;
  std::array<unsigned, static_cast<unsigned>(Diag::NumDiags)> IDs;
  unsigned OwnErrors = 0;
};

} // namespace hpp

#endif // HPP_BASIC_DIAGNOSTICS_H
