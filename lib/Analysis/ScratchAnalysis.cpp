//===- ScratchAnalysis.cpp - Scratch arrays -------------------------------===//

#include "Analysis/ScratchAnalysis.h"
#include "Analysis/VariableUses.h"
#include "Basic/ASTUtils.h"
#include "Basic/Diagnostics.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/TypeLoc.h"

using namespace clang;
using namespace llvm;

namespace hpp {
namespace {

/// Whether \p E, written in the region, means the same before it: only
/// literals and local variables declared before the region (a member
/// constant of an inlined functor, for example, is not in scope there).
bool isValidBeforeRegion(const Expr *E, Span RegionSpan, const SourceManager &SM) {
  if (E->getBeginLoc().isMacroID())
    return false;
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E)) {
    const auto *V = dyn_cast<VarDecl>(Ref->getDecl());
    return V && V->isLocalVarDecl() &&
           !RegionSpan.contains(SM.getFileOffset(SM.getExpansionLoc(V->getLocation())));
  }
  for (const Stmt *Child : E->children())
    if (const auto *ChildExpr = dyn_cast_or_null<Expr>(Child))
      if (!isValidBeforeRegion(ChildExpr, RegionSpan, SM))
        return false;
  return true;
}

} // namespace

namespace {

/// Finds `sizeof(V)` or `alignof(V)` of a variable.
class SizeofFinder : public RecursiveASTVisitor<SizeofFinder> {
public:
  explicit SizeofFinder(const VarDecl *V) : V(V) {}
  const UnaryExprOrTypeTraitExpr *Found = nullptr;
  bool VisitUnaryExprOrTypeTraitExpr(UnaryExprOrTypeTraitExpr *E) {
    if (!E->isArgumentType() && getReferencedVar(E->getArgumentExpr()) == V && !Found)
      Found = E;
    return true;
  }

private:
  const VarDecl *V;
};

} // namespace

bool ScratchAnalyzer::analyze(Region &R, Construct &C) {
  const auto *V = cast<VarDecl>(cast<DeclStmt>(C.S)->getSingleDecl());
  ScratchArray A;
  A.Var = V;
  A.Decl = cast<DeclStmt>(C.S);
  A.Name = V->getName().str();
  if (const Clause *L = dir(C).findClause(ClauseKind::Level))
    StringRef(L->Args[0].Text).getAsInteger(0, A.Level);
  if (const Clause *P = dir(C).findClause(ClauseKind::Per))
    A.PerThread = P->Args[0].Text == "thread";
  QualType T = V->getType();
  A.IsConstantSize = true;
  bool First = true;
  Span RegionSpan = spanOf(*R.Root);
  // The byte count is host code, evaluated where the array was declared:
  // it keeps the extents as written, so that a constant used only there
  // (`const int m = 3; double s[m + 1];`) is still used by the translation.
  SmallVector<std::string, 2> WrittenExtents;
  TypeLoc Written = V->getTypeSourceInfo() ? V->getTypeSourceInfo()->getTypeLoc() : TypeLoc();
  while (const ArrayType *AT = Ctx.getAsArrayType(T)) {
    ArrayTypeLoc WrittenDim = Written ? Written.getAsAdjusted<ArrayTypeLoc>() : ArrayTypeLoc();
    Written = WrittenDim ? WrittenDim.getElementLoc() : TypeLoc();
    std::string Extent;
    const Expr *SizeExpr = nullptr;
    if (const auto *CAT = dyn_cast<ConstantArrayType>(AT)) {
      Extent = std::to_string(CAT->getSize().getZExtValue());
      const Expr *Size = WrittenDim ? WrittenDim.getSizeExpr() : nullptr;
      WrittenExtents.push_back(Size && isValidBeforeRegion(Size, RegionSpan, SM)
                                   ? getSourceText(Size->getSourceRange(), Ctx)
                                   : Extent);
    }
    else if (const auto *VAT = dyn_cast<VariableArrayType>(AT))
      SizeExpr = VAT->getSizeExpr();
    else if (const auto *DAT = dyn_cast<DependentSizedArrayType>(AT))
      SizeExpr = DAT->getSizeExpr();
    if (SizeExpr) {
      A.IsConstantSize = false;
      if (!First) {
        Diags.report(SizeExpr->getBeginLoc(), Diag::err_scratch_vla_inner) << A.Name;
        return false;
      }
      Extent = getSourceText(SizeExpr->getSourceRange(), Ctx);
      WrittenExtents.push_back(Extent);
      bool Ok = true;
      forEachVarRef(SizeExpr, [&](const DeclRefExpr *Ref) {
        if (Ok && RegionSpan.contains(offset(Ref->getDecl()->getLocation()))) {
          Diags.report(Ref->getLocation(), Diag::err_scratch_extent_not_invariant)
              << A.Name << Ref->getDecl()->getName();
          notePragma(*R.Root);
          Ok = false;
        }
      });
      if (!Ok)
        return false;
    }
    A.Extents.push_back(Extent);
    T = AT->getElementType();
    First = false;
  }
  // In translated code the array becomes a pointer, so sizeof would change
  // meaning silently.
  SizeofFinder Sizeof(V);
  Sizeof.TraverseStmt(const_cast<Stmt *>(R.Root->S));
  bool SizeofOk = !Sizeof.Found;
  if (Sizeof.Found)
    Diags.report(Sizeof.Found->getBeginLoc(), Diag::err_scratch_sizeof) << A.Name;
  if (!SizeofOk)
    return false;
  A.ElementType = getTypeName(T, Ctx);
  if (A.IsConstantSize && !V->getType()->isDependentType())
    A.ConstantBytes = Ctx.getTypeSizeInChars(V->getType()).getQuantity();
  A.BytesExpr = "sizeof(" + A.ElementType + ")";
  for (const std::string &E : WrittenExtents)
    A.BytesExpr += " * (" + E + ")";
  C.ScratchIndex = R.Scratch.size();
  R.Scratch.push_back(std::move(A));
  return true;
}

} // namespace hpp
