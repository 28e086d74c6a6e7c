//===- ItemElements.h - Elements a loop's iteration indexes by itself -*- C++ -*-===//
///
/// \file
/// An element access (`x[i + 1]`, a View's `v(i, j)`) whose pointer, array
/// or View and whose indices no iteration of a loop changes, with indices
/// built from the loop's index, constants and such invariant integers: the
/// same text names the same element in every copy of the body, and an
/// iteration's element follows from the iteration alone. The scan analyses
/// rest on that: a value pass 1 loaded is the one pass 2 would load
/// (ScanForwarding), and an element written and read by one iteration only
/// is touched by no other (Kokkos' in-place parallel_scan, ScanAnalysis).
///
//===----------------------------------------------------------------------===//

#ifndef HPP_ANALYSIS_ITEMELEMENTS_H
#define HPP_ANALYSIS_ITEMELEMENTS_H

namespace clang {
class ASTContext;
class CompoundStmt;
class Expr;
class VarDecl;
} // namespace clang

namespace hpp {

class ItemElements {
public:
  /// Elements of the iterations of the loop with index \p LoopIndex and
  /// body \p Body.
  ItemElements(const clang::CompoundStmt *Body, const clang::VarDecl *LoopIndex,
               clang::ASTContext &Ctx)
      : Body(Body), LoopIndex(LoopIndex), Ctx(Ctx) {}

  /// Whether \p E is an element access: a built-in subscript or a View's
  /// `operator()`.
  static bool isElementAccess(const clang::Expr *E);
  /// The pointer, array or View variable that element access \p A (a
  /// built-in subscript or a View's `operator()`) goes through; null for
  /// any other expression or base.
  static const clang::VarDecl *base(const clang::Expr *A);
  /// A variable from outside the loop that its body does not write.
  bool isInvariant(const clang::VarDecl *V) const;
  /// An index built from the loop's index, integer constants (literal or
  /// constexpr) and invariant integer variables with built-in arithmetic.
  bool isItemIndex(const clang::Expr *E) const;
  /// Whether \p A is an element access through an invariant pointer, array
  /// or View variable whose indices are all item indices. With
  /// \p ThroughMembers, also through such a data member of an invariant
  /// variable (`f.x(i)` in a functor's body copied to its call).
  bool isItemElement(const clang::Expr *A, bool ThroughMembers = false) const;
  /// Whether distinct iterations reach distinct elements through item
  /// element \p A (members included): one of its indices is the loop's
  /// index, alone or plus or minus an expression that does not name it.
  bool isOneToOne(const clang::Expr *A) const;

private:
  const clang::CompoundStmt *Body;
  const clang::VarDecl *LoopIndex;
  clang::ASTContext &Ctx;
};

} // namespace hpp

#endif // HPP_ANALYSIS_ITEMELEMENTS_H
