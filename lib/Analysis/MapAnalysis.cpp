//===- MapAnalysis.cpp - map items, data constructs, implicit maps --------===//

#include "Analysis/MapAnalysis.h"
#include "Analysis/StatementScope.h"
#include "Analysis/VariableUses.h"
#include "Basic/ASTUtils.h"
#include "Basic/Diagnostics.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "llvm/Support/FormatVariadic.h"

using namespace clang;
using namespace llvm;

namespace hpp {
namespace {

/// `std::vector<T, A>` or `std::array<T, N>` (\p Name), looked through
/// references and qualifiers.
bool isStdRecord(QualType T, StringRef Name) {
  const auto *RD = T.getNonReferenceType()->getAsCXXRecordDecl();
  if (!RD || !RD->getIdentifier() || RD->getName() != Name)
    return false;
  const DeclContext *DC = RD->getDeclContext();
  while (DC && DC->isInlineNamespace())
    DC = DC->getParent();
  return DC && DC->isStdNamespace();
}

bool isContainer(QualType T) { return isStdRecord(T, "vector") || isStdRecord(T, "array"); }

/// Whether the elements a mapped item names are const: a copy to the host
/// would write them.
bool constElements(QualType T, ASTContext &Ctx) {
  T = T.getNonReferenceType();
  if (const auto *PT = T->getAs<PointerType>())
    return Ctx.getBaseElementType(PT->getPointeeType()).isConstQualified();
  if (T->isArrayType())
    return Ctx.getBaseElementType(T).isConstQualified();
  return T.isConstQualified();
}

class ItemChecker {
public:
  ItemChecker(AnalysisContext &AC, StatementScope &Scope) : AC(AC), Scope(Scope) {}

  /// The entry of \p Item of clause \p C, or none after an error.
  std::optional<MapEntry> check(const Clause &C, const MapItem &Item, MapKind Kind,
                                StringRef DirectiveName) {
    StringRef ClauseName = getClauseSpelling(C.Kind);
    MapEntry M;
    M.Kind = Kind;
    M.Base = Item.Base.Text;
    M.Loc = Item.Base.Loc;
    M.Item = C.Kind == ClauseKind::Map
                 ? formatv("{0}: {1}", getMapKindSpelling(Kind), Item.Text).str()
                 : formatv("{0}({1})", ClauseName, Item.Text).str();
    Expr *Base = parse(C, Item.Base);
    if (!Base)
      return std::nullopt;
    if (const auto *Ref = dyn_cast<DeclRefExpr>(Base->IgnoreParenImpCasts()))
      M.Var = dyn_cast<VarDecl>(Ref->getDecl());
    for (const ArraySection &S : Item.Sections)
      for (const ClauseArg *A : {&S.Lo, &S.Len})
        if (!A->Tokens.empty() && !checkCount(C, *A))
          return std::nullopt;
    if (!Item.Sections.empty()) {
      M.LoText = Item.Sections.front().Lo.Text;
      M.LenText = Item.Sections.front().Len.Text;
    }
    if (Base->isTypeDependent()) {
      // Checked by the compiler in each instantiation.
      M.Shape = Item.Sections.empty() ? MapShape::WholeArray : MapShape::Section;
      return M;
    }
    QualType T = Base->getType().getNonReferenceType();
    bool Pointer = T->isPointerType();
    bool Array = T->isConstantArrayType();
    M.IsContainer = isContainer(T);
    if (!Pointer && !Array && !M.IsContainer) {
      if (!Item.Sections.empty()) {
        AC.Diags.report(M.Loc, Diag::err_map_section_of_scalar) << Item.Text << T;
        return std::nullopt;
      }
      if (Kind != MapKind::To || C.Kind != ClauseKind::Map ||
          DirectiveName != "region") {
        AC.Diags.report(M.Loc, Diag::err_map_scalar) << Item.Base.Text << T << M.Item;
        return std::nullopt;
      }
      M.Shape = MapShape::ByValue;
      return M;
    }
    if (Pointer && Item.Sections.empty()) {
      AC.Diags.report(M.Loc, Diag::err_map_pointer_needs_section) << Item.Base.Text;
      return std::nullopt;
    }
    if (Item.Sections.size() > 1 && !checkInnerSections(Item, T))
      return std::nullopt;
    if ((mapCopiesOut(Kind) || (C.Kind == ClauseKind::Host)) && constElements(T, AC.Ctx)) {
      AC.Diags.report(M.Loc, Diag::err_map_from_const) << M.Item << Item.Base.Text;
      return std::nullopt;
    }
    M.Shape = !Item.Sections.empty() ? MapShape::Section
              : M.IsContainer && isStdRecord(T, "vector") ? MapShape::WholeContainer
                                                          : MapShape::WholeArray;
    return M;
  }

private:
  Expr *parse(const Clause &C, const ClauseArg &A) {
    StringRef Name = getClauseSpelling(C.Kind);
    DiagnosticErrorTrap Trap(AC.S.getDiagnostics());
    Expr *E = Scope.parse(A.Tokens, Name, AC.Diags);
    if (!E || Trap.hasErrorOccurred()) {
      AC.Diags.report(C.Loc, Diag::note_clause_argument) << Name;
      return nullptr;
    }
    return E;
  }

  /// A section bound: an integer; a constant one is not negative.
  bool checkCount(const Clause &C, const ClauseArg &A) {
    Expr *E = parse(C, A);
    if (!E)
      return false;
    if (E->isTypeDependent())
      return true;
    if (!E->getType()->isIntegralOrUnscopedEnumerationType()) {
      AC.Diags.report(A.Loc, Diag::err_clause_not_integer) << getClauseSpelling(C.Kind)
                                                          << E->getType();
      return false;
    }
    if (E->isValueDependent())
      return true;
    if (std::optional<APSInt> V = E->getIntegerConstantExpr(AC.Ctx); V && V->isNegative()) {
      AC.Diags.report(A.Loc, Diag::err_map_negative) << A.Text << toString(*V, 10);
      return false;
    }
    return true;
  }

  /// `m[lo:len][0:cols]`: inner sections must cover whole rows, so that
  /// the section is one contiguous range.
  bool checkInnerSections(const MapItem &Item, QualType T) {
    QualType Row = T->isPointerType() ? T->getPointeeType()
                                      : QualType(T->getAsArrayTypeUnsafe()->getElementType());
    for (const ArraySection &S : ArrayRef(Item.Sections).drop_front()) {
      const auto *CAT = AC.Ctx.getAsConstantArrayType(Row);
      bool Whole = false;
      if (CAT && S.Lo.Text == "0") {
        if (std::optional<uint64_t> Len = constantOf(S.Len))
          Whole = *Len == CAT->getSize().getZExtValue();
      }
      if (!Whole) {
        AC.Diags.report(S.Lo.Loc.isValid() ? S.Lo.Loc : Item.Base.Loc,
                        Diag::err_map_not_contiguous)
            << Item.Text;
        return false;
      }
      Row = CAT->getElementType();
    }
    return true;
  }

  std::optional<uint64_t> constantOf(const ClauseArg &A) {
    if (A.Tokens.empty())
      return std::nullopt;
    Expr *E = Scope.parse(A.Tokens, "map", AC.Diags);
    if (!E || E->isValueDependent())
      return std::nullopt;
    if (std::optional<APSInt> V = E->getIntegerConstantExpr(AC.Ctx))
      return V->getZExtValue();
    return std::nullopt;
  }

  AnalysisContext &AC;
  StatementScope &Scope;
};

/// Whether \p S may modify the elements of container \p V: an element
/// assigned, incremented, bound to a non-const reference or its address
/// taken; or the container used in any other way than to read an element
/// or its size (passed on, data(), iterators): those count as writes too.
bool mayWriteElements(const VarDecl *V, const Stmt *S, ASTContext &Ctx) {
  bool Writes = false;
  forEachVarRef(S, [&](const DeclRefExpr *Ref) {
    if (Writes || Ref->getDecl() != V)
      return;
    DynTypedNodeList Ps = Ctx.getParents(*Ref);
    const Expr *Use = Ps.empty() ? nullptr : Ps[0].get<Expr>();
    if (const auto *Member = dyn_cast_or_null<MemberExpr>(Use)) {
      StringRef Name = Member->getMemberDecl()->getName();
      Writes |= Name != "size" && Name != "empty";
      return;
    }
    const auto *Call = dyn_cast_or_null<CXXOperatorCallExpr>(Use);
    if (!Call || Call->getOperator() != OO_Subscript) {
      Writes = true;
      return;
    }
    // v[i]: what is done with the element.
    DynTypedNodeList Up = Ctx.getParents(*Call);
    const Stmt *Parent = Up.empty() ? nullptr : Up[0].get<Stmt>();
    while (const auto *P = dyn_cast_or_null<ParenExpr>(Parent)) {
      Up = Ctx.getParents(*P);
      Parent = Up.empty() ? nullptr : Up[0].get<Stmt>();
    }
    const auto *Cast = dyn_cast_or_null<ImplicitCastExpr>(Parent);
    Writes |= !Cast || Cast->getCastKind() != CK_LValueToRValue;
  });
  return Writes;
}

} // namespace

bool analyzeMapItems(AnalysisContext &AC, const Directive &D, const Stmt *At,
                     SmallVectorImpl<MapEntry> &Out) {
  SmallVector<const Clause *, 4> Clauses;
  for (const Clause &C : D.Clauses)
    if (C.Kind == ClauseKind::Map || C.Kind == ClauseKind::Host || C.Kind == ClauseKind::Device)
      Clauses.push_back(&C);
  if (Clauses.empty())
    return true;
  FunctionDecl *Inner = enclosingFunctions(At, AC.Ctx).Inner;
  if (!Inner)
    return true;
  StatementScope Scope(AC.S, At, Inner);
  ItemChecker Check(AC, Scope);
  StringRef DirectiveName = isLoopDirective(D.Kind) ? "region" : getDirectiveSpelling(D.Kind);
  bool Ok = true;
  for (const Clause *C : Clauses) {
    MapKind Kind = C->Kind == ClauseKind::Host     ? MapKind::From
                   : C->Kind == ClauseKind::Device ? MapKind::To
                                                   : C->Map;
    for (const MapItem &Item : C->Items) {
      std::optional<MapEntry> M = Check.check(*C, Item, Kind, DirectiveName);
      if (!M) {
        Ok = false;
        continue;
      }
      Out.push_back(std::move(*M));
    }
  }
  return Ok;
}

void addImplicitMaps(Region &R, ASTContext &Ctx) {
  for (const Capture &C : R.Captures) {
    if (!C.Var || !isContainer(C.Var->getType()))
      continue;
    if (llvm::any_of(R.Root->Maps, [&](const MapEntry &M) { return M.Var == C.Var; }))
      continue;
    MapEntry M;
    bool ReadOnly = C.Var->getType().getNonReferenceType().isConstQualified() ||
                    !mayWriteElements(C.Var, R.Root->S, Ctx);
    M.Kind = ReadOnly ? MapKind::To : MapKind::ToFrom;
    M.Shape = isStdRecord(C.Var->getType(), "vector") ? MapShape::WholeContainer
                                                      : MapShape::WholeArray;
    M.Var = C.Var;
    M.Base = C.Name;
    M.Item = formatv("{0}: {1}", getMapKindSpelling(M.Kind), C.Name).str();
    M.Loc = C.FirstUse;
    M.Implicit = true;
    M.IsContainer = true;
    R.Root->Maps.push_back(std::move(M));
  }
}

} // namespace hpp
