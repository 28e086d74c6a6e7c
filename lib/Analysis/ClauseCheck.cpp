//===- ClauseCheck.cpp - Clause expressions checked in the user's scope ---===//

#include "Analysis/ClauseCheck.h"
#include "Analysis/StatementScope.h"
#include "Basic/ASTUtils.h"
#include "Basic/Diagnostics.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Sema/Initialization.h"
#include "clang/Sema/Sema.h"
#include <climits>

using namespace clang;
using namespace llvm;

namespace hpp {
namespace {

/// `hpp::Stream`, when the translation unit declares it.
QualType streamType(Sema &S) {
  ASTContext &Ctx = S.getASTContext();
  for (NamedDecl *NS : Ctx.getTranslationUnitDecl()->lookup(&Ctx.Idents.get("hpp")))
    if (auto *N = dyn_cast<NamespaceDecl>(NS))
      for (NamedDecl *D : N->lookup(&Ctx.Idents.get("Stream")))
        if (auto *RD = dyn_cast<CXXRecordDecl>(D))
          return Ctx.getTypeDeclType(RD);
  return QualType();
}

class Checker {
public:
  Checker(AnalysisContext &AC, StatementScope &Scope, ConstantShape *Shape)
      : AC(AC), Scope(Scope), Shape(Shape) {}

  /// False after reporting why \p A is not a valid argument of \p C.
  bool check(const Clause &C, const ClauseArg &A) {
    StringRef Name = getClauseSpelling(C.Kind);
    if (A.Tokens.empty() || hasLambda(A.Tokens))
      return true; // Not parsed here; the generated code's #line names the pragma.
    DiagnosticErrorTrap Trap(AC.S.getDiagnostics());
    Expr *E = Scope.parse(A.Tokens, Name, AC.Diags);
    bool Ok = E && !Trap.hasErrorOccurred() && checkValue(C.Kind, Name, E, A.Loc);
    if (!Ok)
      AC.Diags.report(C.Loc, Diag::note_clause_argument) << Name;
    return Ok;
  }

private:
  bool checkValue(ClauseKind K, StringRef Name, Expr *E, SourceLocation Loc) {
    if (E->isTypeDependent())
      return true; // Checked by the compiler in each instantiation.
    QualType T = E->getType();
    if (K == ClauseKind::Stream)
      return checkStream(E, Loc);
    if (!T->isIntegralOrUnscopedEnumerationType()) {
      AC.Diags.report(Loc, Diag::err_clause_not_integer) << Name << T;
      return false;
    }
    if (E->isValueDependent())
      return true;
    std::optional<APSInt> V = E->getIntegerConstantExpr(AC.Ctx);
    if (!V) {
      if (K != ClauseKind::Tile)
        return true;
      AC.Diags.report(Loc, Diag::err_clause_not_constant) << Name;
      return false;
    }
    // The runtime reads team_size and vector_length as int (0 meaning
    // AUTO) and the league cap as index_t.
    APSInt Max = APSInt::getMaxValue(64, /*Unsigned=*/false);
    StringRef Expected = "a positive integer";
    if (K == ClauseKind::TeamSize || K == ClauseKind::VectorLength) {
      Max = APSInt::get(INT_MAX);
      Expected = "a positive integer that fits in 'int'";
    } else if (K == ClauseKind::Tile) {
      Max = APSInt::get(INT_MAX);
      Expected = "0 (chosen by the runtime) or a positive integer that fits in 'int'";
    }
    // A tile of 0 lets the runtime choose, as in Kokkos' MDRangePolicy.
    bool Fits = (V->isStrictlyPositive() || (K == ClauseKind::Tile && V->isZero())) &&
                APSInt::compareValues(*V, Max) <= 0;
    if (Fits && K == ClauseKind::VectorLength && !V->isPowerOf2()) {
      Fits = false;
      Expected = "a power of two";
    }
    if (!Fits) {
      AC.Diags.report(Loc, Diag::err_clause_out_of_range) << Name << toString(*V, 10) << Expected;
      return false;
    }
    if (Shape && K == ClauseKind::TeamSize) {
      Shape->TeamSize = V->getExtValue();
      Shape->TeamSizeLoc = Loc;
    } else if (Shape && K == ClauseKind::VectorLength) {
      Shape->VectorLength = V->getExtValue();
      Shape->VectorLengthLoc = Loc;
    } else if (Shape && K == ClauseKind::Tile) {
      Shape->Tile.push_back(V->getExtValue());
    }
    return true;
  }

  bool checkStream(Expr *E, SourceLocation Loc) {
    QualType StreamTy = streamType(AC.S);
    if (StreamTy.isNull()) {
      AC.Diags.report(Loc, Diag::err_clause_no_stream_type);
      return false;
    }
    bool Converts;
    {
      // Quietly: the reason is this function's error.
      Sema::SFINAETrap Trap(AC.S);
      ExprResult R = AC.S.PerformCopyInitialization(
          InitializedEntity::InitializeTemporary(StreamTy), Loc, E);
      Converts = !R.isInvalid() && !Trap.hasErrorOccurred();
    }
    if (!Converts) {
      AC.Diags.report(Loc, Diag::err_clause_not_stream) << E->getType();
      return false;
    }
    return true;
  }

  AnalysisContext &AC;
  StatementScope &Scope;
  ConstantShape *Shape;
};

} // namespace

bool checkClauseExpressions(AnalysisContext &AC, const Directive &D, const Stmt *Loop,
                            ConstantShape *Shape) {
  SmallVector<std::pair<const Clause *, const ClauseArg *>, 4> Args;
  for (const Clause &C : D.Clauses) {
    switch (C.Kind) {
    case ClauseKind::League:
    case ClauseKind::TeamSize:
    case ClauseKind::VectorLength:
    case ClauseKind::Stream:
    case ClauseKind::Tile:
      for (const ClauseArg &A : C.Args)
        if (!(C.Kind == ClauseKind::TeamSize && A.Text == "auto"))
          Args.push_back({&C, &A});
      break;
    default:
      break;
    }
  }
  FunctionDecl *Inner = enclosingFunctions(Loop, AC.Ctx).Inner;
  if (Args.empty() || !Inner)
    return true;
  StatementScope Scope(AC.S, Loop, Inner);
  Checker Check(AC, Scope, Shape);
  bool Ok = true;
  for (auto [C, A] : Args)
    Ok &= Check.check(*C, *A);
  return Ok;
}

bool checkTileSizes(AnalysisContext &AC, const Clause &Tile, ArrayRef<long long> Sizes,
                    unsigned Collapsed) {
  if (Tile.Args.size() != Collapsed) {
    AC.Diags.report(Tile.Loc, Diag::err_tile_count) << Tile.Args.size() << Collapsed;
    return false;
  }
  if (Sizes.size() != Tile.Args.size())
    return true; // a size depends on a template parameter
  const long long Width = Sizes.back();
  const long long Rows = Sizes.size() > 1 ? Sizes[Sizes.size() - 2] : 1;
  if (Rows != 0 && Width != 0 && Rows * Width > 1024) {
    AC.Diags.report(Tile.Loc, Diag::err_tile_threads) << Rows << Width << Rows * Width;
    return false;
  }
  return true;
}

} // namespace hpp
