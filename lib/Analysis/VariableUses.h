//===- VariableUses.h - Where variables are read and written ----*- C++ -*-===//
///
/// \file
/// Finds writes to variables (assignments, increments, non-const reference
/// bindings, address-taking, non-const member calls) and every reference to
/// a variable inside a statement. The race check, captures, bound
/// invariance and the scan input-phase check are all built on these.
///
//===----------------------------------------------------------------------===//

#ifndef HPP_ANALYSIS_VARIABLEUSES_H
#define HPP_ANALYSIS_VARIABLEUSES_H

#include "clang/AST/Expr.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"

namespace hpp {

struct VarWrite {
  const clang::VarDecl *Var;
  /// The writing expression (assignment, increment, call, ...).
  const clang::Expr *At;
};

/// Every write to a named variable (not to memory it points to) in \p S.
void collectWrites(const clang::Stmt *S, llvm::SmallVectorImpl<VarWrite> &Out);

/// Whether \p S writes \p V.
bool isWrittenIn(const clang::VarDecl *V, const clang::Stmt *S);

/// Calls \p F for every DeclRefExpr in \p S, lambda bodies included.
void forEachVarRef(const clang::Stmt *S,
                   llvm::function_ref<void(const clang::DeclRefExpr *)> F);

/// Whether \p S contains a write through a pointer, array element or
/// member of a pointer: memory that other iterations may see.
const clang::Expr *findMemoryWrite(const clang::Stmt *S);

/// Whether \p S uses `this`, explicitly or through a member.
bool usesThis(const clang::Stmt *S);

/// The uses of data members through the implicit `this` in \p S (`n`,
/// `p[i]` in a member function), when those are all of its uses of `this`
/// and each member is a pointer to an object or an arithmetic or
/// enumeration value (not mutable, not a bit-field): such a region needs
/// those members' values, not the object. Empty when \p S uses `this`
/// any other way (`this->n`, a member function, a member of another type).
llvm::SmallVector<const clang::MemberExpr *, 4> implicitThisFieldReads(const clang::Stmt *S);

/// The pointer data members \p S reaches through `this`, implicitly or
/// explicitly (`p[i]`, `this->p[i]`), each once, in order of first use.
llvm::SmallVector<const clang::FieldDecl *, 4> pointerMembersThroughThis(const clang::Stmt *S);

/// The first call in \p S to a function that is not a pure library
/// function (math), or null.
const clang::CallExpr *findImpureCall(const clang::Stmt *S);

/// Whether executing \p S can change memory that other threads may see or
/// do I/O: writes through pointers, array elements or globals, `new` and
/// `delete`, and calls to functions that (transitively) do any of these or
/// whose bodies are not visible, library math excepted.
bool hasSideEffects(const clang::Stmt *S);

} // namespace hpp

#endif // HPP_ANALYSIS_VARIABLEUSES_H
