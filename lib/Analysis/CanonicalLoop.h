//===- CanonicalLoop.h - Prove a for loop canonical -------------*- C++ -*-===//
///
/// \file
/// A loop is canonical when it declares an integer index in its init
/// statement, compares it against a loop-invariant bound with <, <=, >, >=
/// or !=, and steps it by a non-zero constant in the direction of the
/// bound. Its trip count is then computable before the loop starts, which
/// every backend needs to partition it.
///
//===----------------------------------------------------------------------===//

#ifndef HPP_ANALYSIS_CANONICALLOOP_H
#define HPP_ANALYSIS_CANONICALLOOP_H

#include "Basic/Directive.h"
#include "IR/Region.h"
#include <optional>

namespace clang {
class ASTContext;
class ForStmt;
} // namespace clang

namespace hpp {

class Diagnoser;

/// Analyses \p For; reports at the offending part and a note at \p Dir.
std::optional<LoopDim> analyzeCanonicalLoop(const clang::ForStmt *For,
                                            const Directive &Dir,
                                            clang::ASTContext &Ctx,
                                            Diagnoser &Diags);

} // namespace hpp

#endif // HPP_ANALYSIS_CANONICALLOOP_H
