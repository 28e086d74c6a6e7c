//===- TeamBodyRewriter.cpp - Team bodies in pragma form ------------------===//

#include "Frontend/Api/TeamBodyRewriter.h"
#include "Frontend/Api/BodyReader.h"
#include "Frontend/Api/Recognition.h"
#include "Basic/ASTUtils.h"
#include "llvm/Support/FormatVariadic.h"

using namespace clang;
using namespace llvm;

namespace hpp {
namespace api {

/// Any use of the member other than those below is refused.
bool TeamBodyRewriter::rewrite(const Stmt *Body, const ParmVarDecl *Member) {
  bool Ok = true;
  for (const DeclRefExpr *Ref : refsTo(Body, Member))
    Ok = rewriteUse(Ref, Member) && Ok;
  return Ok;
}

bool TeamBodyRewriter::isRangeArgument(const DeclRefExpr *Ref) const {
  const Expr *Use = Ref;
  for (const auto &P : C.Ctx.getParents(*Ref))
    if (const auto *IC = P.get<ImplicitCastExpr>())
      Use = IC;
  bool InRange = false;
  for (const auto &P : C.Ctx.getParents(*Use)) {
    if (const auto *Call = P.get<CallExpr>())
      InRange = calleeIs(Call, "TeamThreadRange") || calleeIs(Call, "ThreadVectorRange") ||
                calleeIs(Call, "TeamVectorRange") || calleeIs(Call, "PerTeam") ||
                calleeIs(Call, "PerThread");
  }
  return InRange;
}

bool TeamBodyRewriter::rewriteUse(const DeclRefExpr *Ref, const ParmVarDecl *Member) {
  const MemberExpr *ME = nullptr;
  for (const auto &P : C.Ctx.getParents(*Ref))
    ME = P.get<MemberExpr>();
  if (!ME) {
    // The nested ranges and single take the member: handled with their call.
    if (isRangeArgument(Ref))
      return true;
    C.fail(Ref->getLocation(), "this use of the team member '" + Member->getName().str() + "'");
    return false;
  }
  const CXXMemberCallExpr *MC = nullptr;
  for (const auto &P : C.Ctx.getParents(*ME))
    MC = P.get<CXXMemberCallExpr>();
  StringRef Method = ME->getMemberDecl()->getName();
  if (MC && Method == "league_rank") {
    C.apply(C.Edit.replace(MC->getBeginLoc(), C.endOf(MC), LeagueIndex), MC->getBeginLoc());
    return true;
  }
  // The team body means what it means sequentially, once per team: one
  // thread of rank 0. Work split by hand over team_rank() is therefore
  // still all done, by the team (TeamThreadRange spreads it).
  if (MC && (Method == "team_rank" || Method == "team_size")) {
    C.Diags.report(MC->getBeginLoc(), Diag::warn_api_team_rank)
        << Method << (Method == "team_size");
    C.apply(C.Edit.replace(MC->getBeginLoc(), C.endOf(MC), Method == "team_rank" ? "0" : "1"),
            MC->getBeginLoc());
    return true;
  }
  if (MC && Method == "league_size") {
    C.apply(C.Edit.replace(MC->getBeginLoc(), C.endOf(MC), "(" + LeagueSize + ")"),
            MC->getBeginLoc());
    return true;
  }
  if (MC && Method == "team_barrier")
    return lowerBarrier(MC);
  if (MC && (Method == "team_scratch" || Method == "thread_scratch"))
    return lowerScratch(MC, Method);
  C.fail(Ref->getLocation(), ("'" + Member->getName() + "." + Method + "' in a team body").str());
  return false;
}

bool TeamBodyRewriter::lowerBarrier(const CXXMemberCallExpr *MC) {
  const Stmt *S = MC;
  for (const auto &P : C.Ctx.getParents(*MC))
    if (!P.get<CompoundStmt>())
      S = nullptr;
  if (!S) {
    C.fail(MC->getBeginLoc(), "team_barrier() that is not a statement of a block");
    return false;
  }
  C.apply(C.Edit.replace(MC->getBeginLoc(), getEndOfStmt(MC, C.Ctx),
                         C.pragmaAt(MC->getBeginLoc(), "#pragma hpp barrier") + ";"),
          MC->getBeginLoc());
  return true;
}

bool TeamBodyRewriter::lowerScratch(const CXXMemberCallExpr *MC, StringRef Method) {
  if (const auto *Ctor = C.parentOf<CXXConstructExpr>(MC))
    if (Ctor->getNumArgs() >= 1 && strip(Ctor->getArg(0)) == MC && isHppView(Ctor->getType()))
      return lowerScratchView(MC, Method, Ctor);
  // T *p = t.team_scratch(l).get<T>(n);  as the whole declaration.
  const CXXMemberCallExpr *Get = nullptr;
  if (const auto *GM = C.parentOf<MemberExpr>(MC))
    Get = C.parentOf<CXXMemberCallExpr>(GM);
  const VarDecl *Var = nullptr;
  const DeclStmt *DS = nullptr;
  if (Get && Get->getMethodDecl() && Get->getMethodDecl()->getName() == "get" &&
      Get->getNumArgs() == 1) {
    Var = C.parentOf<VarDecl>(Get);
    if (Var)
      for (const auto &PP : C.Ctx.getParents(*Var))
        DS = PP.get<DeclStmt>();
  }
  const auto *Args = Get ? Get->getMethodDecl()->getTemplateSpecializationArgs() : nullptr;
  if (!Var || !DS || !DS->isSingleDecl() || !Args || Args->size() != 1) {
    C.fail(MC->getBeginLoc(), "a scratch request that is not 'T *p = " + Method.str() +
                                  "(level).get<T>(n);' or 'View v(" + Method.str() +
                                  "(level), n...);'");
    return false;
  }
  // The pointer becomes the scratch array itself, so that the barrier
  // analysis sees every access to it.
  std::string Elem = getTypeName(Args->get(0).getAsType(), C.Ctx);
  std::string Pragma = formatv("#pragma hpp scratch level({0}) per({1})", C.text(MC->getArg(0)),
                               Method == "team_scratch" ? "team" : "thread");
  std::string Text = C.pragmaAt(DS->getBeginLoc(), Pragma) +
                     formatv("{0} {1}[{2}];", Elem, Var->getName(), C.text(Get->getArg(0))).str();
  C.apply(C.Edit.replace(DS->getBeginLoc(), getEndOfStmt(DS, C.Ctx), Text), DS->getBeginLoc());
  return true;
}

bool TeamBodyRewriter::lowerScratchView(const CXXMemberCallExpr *MC, StringRef Method,
                                        const CXXConstructExpr *Ctor) {
  // View v(t.team_scratch(l), n0, n1...);  as the whole declaration: a
  // scratch array of n0 * n1 ... elements, and v over it. The array, not the
  // view, is what the model sees as scratch; the barrier analysis follows
  // the view to it as it follows a pointer.
  const auto *Var = C.parentOf<VarDecl>(Ctor);
  const DeclStmt *DS = nullptr;
  if (Var)
    for (const auto &P : C.Ctx.getParents(*Var))
      DS = P.get<DeclStmt>();
  const auto *Spec =
      dyn_cast_or_null<ClassTemplateSpecializationDecl>(Ctor->getType()->getAsCXXRecordDecl());
  if (!Var || !DS || !DS->isSingleDecl() || !Var->hasLocalStorage() || !Spec) {
    C.fail(MC->getBeginLoc(), "a scratch view that is not declared as 'View v(" + Method.str() +
                                  "(level), n...);'");
    return false;
  }
  std::string Count;
  for (unsigned I = 1, E = Ctor->getNumArgs(); I < E; ++I)
    Count += (I > 1 ? " * (" : "(") + C.text(Ctor->getArg(I)) + ")";
  if (Count.empty())
    Count = "1";
  std::string Elem = getTypeName(Spec->getTemplateArgs()[0].getAsType(), C.Ctx);
  std::string Array = C.Names.fresh(("hpp_" + Var->getName() + "_scratch").str());
  std::string Pragma = formatv("#pragma hpp scratch level({0}) per({1})", C.text(MC->getArg(0)),
                               Method == "team_scratch" ? "team" : "thread");
  C.apply(C.Edit.insert(DS->getBeginLoc(),
                        C.pragmaAt(DS->getBeginLoc(), Pragma) +
                            formatv("{0} {1}[{2}];", Elem, Array, Count).str()),
          DS->getBeginLoc());
  C.apply(C.Edit.replace(MC->getBeginLoc(), C.endOf(MC), Array), MC->getBeginLoc());
  return true;
}

void lowerSingle(LoweringContext &C, const CallExpr *CE, ArrayRef<const Expr *> Args, const Stmt *S,
                 bool Unbraced) {
  const auto *Per = dyn_cast<CallExpr>(strip(Args[0]));
  const auto *LE = Args.size() >= 2 ? dyn_cast<LambdaExpr>(strip(Args[1])) : nullptr;
  if (!Per || !LE || !LE->getBody()) {
    C.fail(CE->getBeginLoc(), "a single whose body is not a lambda");
    return;
  }
  std::string Pragma =
      calleeIs(Per, "PerThread") ? "#pragma hpp single per(thread)" : "#pragma hpp single";
  const auto *Body = cast<CompoundStmt>(LE->getBody());
  std::string Open = C.pragmaAt(S->getBeginLoc(), Pragma) + "{ ", Close = " }";
  if (Args.size() == 3) {
    // The broadcast value: the body works on a copy, assigned back inside
    // the single so that the model sees what the single writes.
    const ParmVarDecl *P = LE->getCallOperator()->getNumParams() == 1
                               ? LE->getCallOperator()->getParamDecl(0)
                               : nullptr;
    if (!P) {
      C.fail(CE->getBeginLoc(), "a broadcasting single whose lambda does not take the value");
      return;
    }
    std::string Target = C.text(Args[2]);
    Open += formatv("{0} {1} = {2}; ", C.typeText(P->getType()), P->getName(), Target).str();
    Close = formatv(" {0} = {1}; }", Target, P->getName()).str();
  }
  lowerReturns(C, Body);
  // A pragma cannot be the body of an unbraced if or loop.
  if (Unbraced) {
    Open = "{" + Open;
    Close += "}";
  }
  C.apply(C.Edit.replace(S->getBeginLoc(), Body->getLBracLoc(), Open), S->getBeginLoc());
  C.apply(C.Edit.replace(Body->getRBracLoc().getLocWithOffset(1), getEndOfStmt(S, C.Ctx), Close),
          S->getBeginLoc());
}

} // namespace api
} // namespace hpp
