//===- ThrowAnalysis.h - Can an exception leave a statement? ----*- C++ -*-===//
///
/// \file
/// Whether evaluating a statement may let a C++ exception escape it. Host
/// backends need the answer: an exception must not leave an OpenMP
/// structured block (the program terminates), so a region whose body may
/// throw catches in every thread and rethrows after the region, and its
/// loops lose `omp simd` (OpenMP forbids `try` there and terminates when
/// an exception crosses one).
///
/// The answer is conservative (true when unsure) but follows visible
/// bodies, so the common helpers a loop calls do not count: a call may
/// throw when its callee is not `noexcept`, is not a C function, and has
/// no visible body or a body that may throw. `throw` expressions, `new`
/// with a throwing allocator, `dynamic_cast` to a reference and `typeid`
/// of a polymorphic object may throw; a `try` stops what its block throws
/// when a handler catches everything, and the `throw`s it catches by type.
///
//===----------------------------------------------------------------------===//

#ifndef HPP_ANALYSIS_THROWANALYSIS_H
#define HPP_ANALYSIS_THROWANALYSIS_H

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"

namespace clang {
class CXXTryStmt;
class FunctionDecl;
class Stmt;
} // namespace clang

namespace hpp {

class ThrowAnalysis {
public:
  /// Whether an exception may leave \p S. Dependent code counts as not
  /// throwing: the region's template instantiations are asked instead.
  bool mayThrow(const clang::Stmt *S);

private:
  bool functionMayThrow(const clang::FunctionDecl *FD);

  /// Per function definition, memoised across regions; a function being
  /// analysed counts as not throwing while its own body is walked, which
  /// ends recursion (a recursive call cannot add a throw of its own).
  llvm::DenseMap<const clang::FunctionDecl *, bool> Functions;
  /// The try statements whose blocks enclose the statement being walked,
  /// in the function being walked.
  llvm::SmallVector<const clang::CXXTryStmt *, 2> Tries;
};

} // namespace hpp

#endif // HPP_ANALYSIS_THROWANALYSIS_H
