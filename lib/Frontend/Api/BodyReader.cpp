//===- BodyReader.cpp - What a call runs per index ------------------------===//

#include "Frontend/Api/BodyReader.h"
#include "Frontend/Api/Recognition.h"
#include "Basic/ASTUtils.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include <utility>

using namespace clang;
using namespace llvm;

namespace hpp {
namespace api {

/// The operator() of \p RD (or of a base) that a call with a tag of type
/// \p Tag (when not null) and \p Arity further arguments runs.
static const CXXMethodDecl *findCallOperator(const CXXRecordDecl *RD, QualType Tag, unsigned Arity,
                                             ASTContext &Ctx) {
  unsigned Want = Arity + (Tag.isNull() ? 0 : 1);
  return cast_or_null<CXXMethodDecl>(findInClassOrBases(RD, [&](const Decl *D) {
    const auto *M = dyn_cast<CXXMethodDecl>(D);
    if (!M || M->getOverloadedOperator() != OO_Call || M->getNumParams() != Want)
      return false;
    return Tag.isNull() ||
           Ctx.hasSameType(M->getParamDecl(0)->getType().getNonReferenceType().getUnqualifiedType(),
                           Tag);
  }));
}

std::optional<Body> BodyReader::read(const Expr *E, const Space &Sp, unsigned Results,
                                     bool Inline) {
  Body B;
  E = strip(E);
  if ((B.Lambda = dyn_cast<LambdaExpr>(E))) {
    if (!readLambda(B))
      return std::nullopt;
  } else if (!readFunctor(E, Sp, Results, Inline, B)) {
    return std::nullopt;
  }
  if (!B.Operator)
    return B; // A functor called per index, however its operator() is declared.
  if (!readParams(Sp, B))
    return std::nullopt;
  return B;
}

bool BodyReader::readLambda(Body &B) {
  B.Operator = B.Lambda->getCallOperator();
  B.Stmt = cast<CompoundStmt>(B.Lambda->getBody());
  for (const LambdaCapture &Capture : B.Lambda->captures())
    if (Capture.capturesVariable() && Capture.getCapturedVar() &&
        cast<VarDecl>(Capture.getCapturedVar())->isInitCapture()) {
      C.fail(Capture.getLocation(), "a lambda with an init-capture");
      return false;
    }
  return true;
}

bool BodyReader::readFunctor(const Expr *E, const Space &Sp, unsigned Results, bool Inline,
                             Body &B) {
  B.Functor = E->getType()->getAsCXXRecordDecl();
  B.Var = C.Names.fresh(FunctorCopyPrefix);
  if (!B.Functor && E->isTypeDependent()) {
    C.fail(E->getBeginLoc(), "a functor whose type depends on a template parameter (hppc "
                             "lowers the template once; write the body as a lambda)");
    return false;
  }
  if (!B.Functor) {
    C.fail(E->getBeginLoc(), "a body that is neither a lambda nor a functor");
    return false;
  }
  B.Operator = findCallOperator(B.Functor, Sp.Tag, Sp.indices() + Results, C.Ctx);
  if (!Inline)
    return true;
  // The body is copied to the call: its text must be here.
  const FunctionDecl *Def = nullptr;
  if (B.Operator && B.Operator->hasBody(Def))
    B.Stmt = dyn_cast_or_null<CompoundStmt>(Def->getBody());
  if (!B.Stmt) {
    std::string Params = Sp.K == Space::Team ? "const hpp::TeamMember &" : "index";
    if (Results)
      Params += Sp.K == Space::Team ? ", accumulators" : ", partial, final";
    C.fail(E->getBeginLoc(), std::string(Sp.K == Space::Team ? "a team functor" : "a functor") +
                                 " without a visible 'operator()(" +
                                 (Sp.Tag.isNull() ? "" : "Tag, ") + Params + ") const'");
    return false;
  }
  if (!C.SM.isInMainFile(C.SM.getExpansionLoc(B.Stmt->getBeginLoc()))) {
    C.fail(E->getBeginLoc(), "a functor whose operator() is defined in another file (its body "
                             "is copied to the call)");
    return false;
  }
  B.Operator = cast<CXXMethodDecl>(Def);
  return true;
}

bool BodyReader::readParams(const Space &Sp, Body &B) {
  ArrayRef<ParmVarDecl *> Params = B.Operator->parameters();
  if (!Sp.Tag.isNull() && !Params.empty()) {
    // A lambda's tag parameter only selects the overload: it has no uses.
    const ParmVarDecl *Tag = Params.front();
    if (B.inlined() && !refsTo(B.Stmt, Tag).empty()) {
      C.fail(refsTo(B.Stmt, Tag).front()->getLocation(), "a use of the work tag parameter");
      return false;
    }
    Params = Params.drop_front();
  }
  B.Params.assign(Params.begin(), Params.end());
  return true;
}

bool lowerReturns(LoweringContext &C, const Stmt *Body) {
  struct Finder : RecursiveASTVisitor<Finder> {
    SmallVector<std::pair<const ReturnStmt *, bool>, 2> Returns;
    unsigned Depth = 0;
    bool shouldVisitLambdaBody() const { return false; }
    bool TraverseLambdaExpr(LambdaExpr *) { return true; }
    bool TraverseStmt(Stmt *S) {
      bool Loop = S && (isa<ForStmt, WhileStmt, DoStmt, SwitchStmt, CXXForRangeStmt>(S));
      Depth += Loop;
      bool R = RecursiveASTVisitor::TraverseStmt(S);
      Depth -= Loop;
      return R;
    }
    bool VisitReturnStmt(ReturnStmt *S) {
      Returns.push_back({S, Depth == 0});
      return true;
    }
  } F;
  F.TraverseStmt(const_cast<Stmt *>(Body));
  bool Ok = true;
  for (auto [Ret, Plain] : F.Returns) {
    if (!Plain || Ret->getRetValue()) {
      C.fail(Ret->getBeginLoc(), "a 'return' inside a loop, or with a value, in a parallel_* body");
      Ok = false;
      continue;
    }
    C.apply(C.Edit.replace(Ret->getBeginLoc(), getEndOfStmt(Ret, C.Ctx), "continue;"),
            Ret->getBeginLoc());
  }
  return Ok;
}

bool renameParams(LoweringContext &C, const Body &B,
                  function_ref<void(SourceLocation, StringRef)> InMacro) {
  bool Renamed = true;
  for (const auto &[P, Name] : B.Renames)
    for (const DeclRefExpr *Ref : refsTo(B.Stmt, P)) {
      SourceLocation Loc = Ref->getLocation();
      if (Loc.isMacroID()) {
        InMacro(Loc, P->getName());
        Renamed = false;
        continue;
      }
      C.apply(C.Edit.replace(Loc, Loc.getLocWithOffset(P->getName().size()), Name), Loc);
    }
  return Renamed;
}

bool renameLambdaParams(LoweringContext &C, const Body &B) {
  bool Reported = false; // One refusal says it.
  return renameParams(C, B, [&](SourceLocation Loc, StringRef Name) {
    if (!std::exchange(Reported, true))
      C.fail(Loc, ("a lambda body that names its parameter '" + Name +
                   "' inside a macro (hppc must rename it: the policy names '" + Name + "' too)")
                      .str());
  });
}

} // namespace api
} // namespace hpp
