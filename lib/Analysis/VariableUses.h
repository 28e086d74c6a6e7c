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

/// A read or write of memory (an element, a pointee, a View element), by
/// what it is reached through: the variable `x` for `x[i]`, `*(x + 1)`,
/// `x->f`, `x(i)` or `s.a[i]` (`s`), the data member `a` for `a[i]` in a
/// member function, and the pointer a local pointer was initialised from
/// (`double *y = x;` makes `y[i]` an access through `x`). Root is null
/// when the expression does not name one (a pointer a call returned).
struct MemoryAccess {
  const clang::ValueDecl *Root;
  const clang::Expr *At;
};

/// The memory \p S reads and writes. Writes are assignments and
/// increments of memory and the memory behind non-const pointer or
/// reference arguments of calls; every other access is a read. Branches
/// that a constant condition makes dead (`if (final)` of a lowered
/// parallel_scan body) are skipped, as collectWrites does.
void collectMemoryAccesses(const clang::Stmt *S,
                           llvm::SmallVectorImpl<MemoryAccess> &Reads,
                           llvm::SmallVectorImpl<MemoryAccess> &Writes);

/// Whether two accesses may touch the same memory: they have the same root,
/// or one of them has none. Different roots are taken not to overlap.
bool mayOverlap(const MemoryAccess &A, const MemoryAccess &B);

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
