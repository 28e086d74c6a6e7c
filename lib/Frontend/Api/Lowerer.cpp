//===- Lowerer.cpp - hpp::parallel_* calls as annotated loops -------------===//
///
/// \file
/// Each call is rewritten in place, keeping the lambda's body where it is
/// (so that the calls nested in it are rewritten the same way):
///
///   hpp::parallel_reduce("dot", hpp::RangePolicy(0, n),
///                        [=](int i, double &s) { s += x[i] * y[i]; }, r);
///
/// becomes
///
///   { double s = hpp::detail::init_value<hpp::Sum<double>>();
///   #pragma hpp parallel reduction(+: s) name("dot")
///   for (int i = 0; i < n; ++i) { s += x[i] * y[i]; }
///   r = s; }
///
/// A team lambda's member `t` becomes the league index, `t.team_barrier()`
/// a barrier, `t.team_scratch(l).get<T>(n)` a scratch array. A functor is
/// copied to a local (`hpp_functor`) and called per index, or, for a team
/// functor, has its operator() body copied to the call.
///
//===----------------------------------------------------------------------===//

#include "Frontend/Api/Lowerer.h"
#include "Frontend/Api/ApiLowering.h"
#include "Frontend/Api/ScanLowering.h"
#include "Frontend/Api/TeamBodyRewriter.h"
#include "Basic/ASTUtils.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"

using namespace clang;
using namespace llvm;

namespace hpp {
namespace api {

/// The calls in a functor body copied to a call are lowered in the copy.
static void lowerNestedCalls(LoweringContext &Copy, const CompoundStmt *Body) {
  Lowerer Nested(Copy);
  Nested.TraverseStmt(const_cast<CompoundStmt *>(Body));
}

Lowerer::Lowerer(LoweringContext &C) : C(C), Inliner(C, lowerNestedCalls) {}

bool Lowerer::VisitCallExpr(CallExpr *CE) {
  const SourceManager &SM = C.SM;
  SourceLocation Loc = SM.getExpansionLoc(CE->getBeginLoc());
  ApiKind K = apiKindOf(CE);
  if (K == ApiKind::None && SM.isInMainFile(Loc)) {
    if (std::optional<ForwardedCall> Forwarded = forwardedCall(CE)) {
      Found = true;
      lowerCall(CE, Forwarded->Kind, Forwarded->Args);
    }
    return true;
  }
  if (K == ApiKind::None || SM.isInSystemHeader(Loc))
    return true;
  if (!SM.isInMainFile(Loc))
    return true; // Reported by warnApiCallsInHeaders.
  // The forwarding call inside a wrapper is lowered at the wrapper's call
  // sites, where the policy and the body are visible.
  if (isForwarding(CE))
    return true;
  Found = true;
  SmallVector<const Expr *, 6> CallArgs(CE->arguments());
  lowerCall(CE, K, CallArgs);
  return true;
}

bool Lowerer::TraverseCXXMethodDecl(CXXMethodDecl *MD) {
  if (MD->getOverloadedOperator() == OO_Call && !MD->getParent()->isLambda() &&
      llvm::any_of(MD->parameters(),
                   [](const ParmVarDecl *P) { return isTeamMemberType(P->getType()); }))
    return true;
  return RecursiveASTVisitor::TraverseCXXMethodDecl(MD);
}

/// A leading label: a string literal, possibly converted to std::string.
struct CallLabel {
  /// The argument after the label: the policy.
  unsigned First = 0;
  std::string Text;
};
static CallLabel readLabel(ArrayRef<const Expr *> Args) {
  CallLabel Label;
  if (Args.empty())
    return Label;
  QualType T = Args[0]->getType();
  if (recordName(strip(Args[0])) == "basic_string" || T->isPointerType() || T->isArrayType()) {
    const Expr *L = strip(Args[0]);
    if (const auto *C = dyn_cast<CXXConstructExpr>(L); C && C->getNumArgs() > 0)
      L = strip(C->getArg(0));
    if (const auto *SL = dyn_cast<clang::StringLiteral>(L))
      Label.Text = SL->getString().str();
    Label.First = 1;
  }
  return Label;
}

void Lowerer::lowerCall(const CallExpr *CE, ApiKind K, ArrayRef<const Expr *> Args) {
  std::optional<CallStatement> Statement = statementOf(CE, C.Ctx);
  if (!Statement) {
    C.fail(CE->getBeginLoc(), "a call that is not a statement of its own");
    return;
  }
  const Stmt *S = Statement->S;
  if (K == ApiKind::Single)
    return lowerSingle(C, CE, Args, S, Statement->Unbraced);
  // The replacement of any other call is one block, which an unbraced if
  // or loop takes as its body as well.
  CallLabel Label = readLabel(Args);
  if (Args.size() < Label.First + 2) {
    C.fail(CE->getBeginLoc(), "a call without a policy and a body");
    return;
  }
  if (K == ApiKind::Scan)
    return ScanLowering(C, Inliner).lower(CE, Args, S, Label.First, Label.Text);
  if (std::optional<LoopCall> Call = readLoopCall(CE, K, Args, Label.First))
    emitLoopCall(CE, S, *Call, Label.Text);
}

std::optional<LoopCall> Lowerer::readLoopCall(const CallExpr *CE, ApiKind K,
                                              ArrayRef<const Expr *> Args, unsigned First) {
  LoopCall Call;
  Call.BodyArg = Args[First + 1];
  std::optional<Space> Sp = PolicyReader(C).read(Args[First]);
  if (!Sp) {
    C.fail(Args[First]->getBeginLoc(),
           "a policy built where hppc cannot see it (write the policy in the call)");
    return std::nullopt;
  }
  Call.Sp = std::move(*Sp);
  unsigned Indices = Call.Sp.indices();
  unsigned Results = Args.size() - First - 2;
  if (K == ApiKind::For && Results != 0) {
    C.fail(CE->getBeginLoc(), "a parallel_for with extra arguments");
    return std::nullopt;
  }
  std::optional<Body> B =
      BodyReader(C).read(Call.BodyArg, Call.Sp, Results, Call.Sp.K == Space::Team);
  if (!B)
    return std::nullopt;
  Call.B = std::move(*B);
  const SmallVector<const ParmVarDecl *, 4> &Params = Call.B.Params;
  if (Call.B.inlined() && Params.size() != Indices + Results) {
    if (K == ApiKind::Reduce)
      C.fail(CE->getBeginLoc(), "a parallel_reduce whose body does not take one accumulator "
                                "per result");
    else
      C.fail(Call.B.Lambda ? Call.B.Lambda->getBeginLoc() : Call.BodyArg->getBeginLoc(),
             "a lambda whose parameters do not match the policy");
    return std::nullopt;
  }
  if (Call.Sp.K == Space::Team && !isTeamMemberType(Params[0]->getType())) {
    C.fail(Params[0]->getLocation(), "a team body whose first parameter is not the team member");
    return std::nullopt;
  }
  if (K == ApiKind::Reduce) {
    auto Accs = ReducerReader(C).read(CE, Args, First + 1, Call.B, Indices, Call.Sp);
    if (!Accs)
      return std::nullopt;
    Call.Accs = std::move(*Accs);
  }
  return Call;
}

/// The pragma of a parallel_for or parallel_reduce.
static std::string loopPragma(const LoopCall &Call, StringRef Label) {
  std::string Pragma = loopDirective(Call.Sp) + shapeClauses(Call.Sp) + streamClause(Call.Sp);
  for (const Accumulator &A : Call.Accs)
    for (const std::string &Clause : A.Clauses)
      Pragma += " reduction(" + Clause + ")";
  return Pragma + nameClause(Call.Sp, Label);
}

void Lowerer::emitLoopCall(const CallExpr *CE, const Stmt *S, LoopCall &Call, StringRef Label) {
  const Body &B = Call.B;
  std::string Pragma = loopPragma(Call, Label);
  // Accumulators start from the reducer's identity; results are assigned
  // afterwards, as Kokkos does. Results and reducers are bound first (an
  // accumulator may have its result's name), then the functor is copied
  // (its init may start an accumulator).
  ReducerReader Reducers(C);
  ResultText Results;
  for (Accumulator &A : Call.Accs)
    Reducers.bind(A, Results);
  std::string Functor;
  if (B.Functor)
    Functor = "const auto " + B.Var + " = " + C.text(Call.BodyArg) + ";\n";
  std::string Prologue = "{ " + Results.Bind + Functor + Results.Init;
  // Taking the address is a use to every compiler; a `(void)x` cast still
  // leaves nvcc's "set but never used" (#550).
  for (const std::string &V : Call.Sp.DroppedVars)
    Prologue += "(void)&" + V + "; ";
  std::string Epilogue = Results.Epilogue + " }";
  unsigned Indices = Call.Sp.indices();
  if (B.Lambda)
    for (unsigned R = 0; R < Call.Accs.size(); ++R)
      if (!Call.Accs[R].Fields.empty() &&
          !Reducers.lowerFields(B.Stmt, B.Params[Indices + R], Call.Accs[R]))
        return;
  LoopNest Loops = loopNest(Call);
  if (Call.Sp.K == Space::Team && B.Lambda &&
      !TeamBodyRewriter(C, Loops.League, Call.Sp.Upper[0]).rewrite(B.Stmt, B.Params[0]))
    return;
  if (B.Lambda && !lowerReturns(C, B.Stmt))
    return;
  std::string Head = Prologue + C.pragmaAt(S->getBeginLoc(), Pragma) + Loops.Text;
  if (B.Lambda) {
    if (!renameLambdaParams(C, B))
      return;
    return emitLambda(S, B, Head, Epilogue);
  }
  if (B.inlined())
    return emitTeamFunctor(CE, S, Call, Loops.League, Head, Epilogue);
  emitFunctorCall(S, Call, Loops.IndexNames, Head, Epilogue);
}

LoopNest Lowerer::loopNest(LoopCall &Call) {
  const Space &Sp = Call.Sp;
  LoopNest Loops;
  if (Sp.K == Space::Team) {
    Loops.League = C.Names.fresh("hpp_league");
    Loops.Text = formatv("for (int {0} = 0; {0} < {1}; ++{0}) ", Loops.League, Sp.Upper[0]).str();
    return Loops;
  }
  const SmallVector<const ParmVarDecl *, 4> &Params = Call.B.Params;
  for (unsigned D = 0; D < Sp.Lower.size(); ++D) {
    std::string Name = C.Names.fresh("hpp_i"), Type = "hpp::index_t";
    if (D < Params.size()) {
      QualType T = Params[D]->getType();
      if (!T->isUndeducedAutoType() && !T->isDependentType())
        Type = C.typeText(T);
      // An inlined body's index keeps its name unless the loop's header
      // would then read it in place of what the policy names
      // (`parallel_for(n, [=](int n) ...)`): then the body is renamed.
      if (Call.B.inlined()) {
        if (Sp.mayDeclare(Params[D]->getName()))
          Name = Params[D]->getName().str();
        else
          Call.B.Renames.push_back({Params[D], Name});
      }
    }
    Loops.IndexNames.push_back(Name);
    Loops.Text +=
        formatv("for ({0} {1} = {2}; {1} < {3}; ++{1}) ", Type, Name, Sp.Lower[D], Sp.Upper[D])
            .str();
  }
  return Loops;
}

/// The lambda's body stays where it is, between the head and the epilogue.
void Lowerer::emitLambda(const Stmt *S, const Body &B, const std::string &Head,
                         const std::string &Epilogue) {
  SourceLocation Begin = S->getBeginLoc();
  C.apply(C.Edit.replace(Begin, B.Stmt->getLBracLoc(), Head), Begin);
  C.apply(
      C.Edit.replace(B.Stmt->getRBracLoc().getLocWithOffset(1), getEndOfStmt(S, C.Ctx), Epilogue),
      Begin);
}

/// A team functor: its operator() body, lowered like a team lambda's (the
/// member and composite accumulators in the copy), is the team loop's body.
void Lowerer::emitTeamFunctor(const CallExpr *CE, const Stmt *S, const LoopCall &Call,
                              const std::string &League, const std::string &Head,
                              const std::string &Epilogue) {
  const Body &B = Call.B;
  std::optional<std::string> TeamBody = Inliner.inlineBody(CE, B, [&](LoweringContext &Copy) {
    bool Ok = TeamBodyRewriter(Copy, League, Call.Sp.Upper[0]).rewrite(B.Stmt, B.Params[0]);
    for (unsigned R = 0; R < Call.Accs.size(); ++R)
      if (!Call.Accs[R].Fields.empty())
        Ok = ReducerReader(Copy).lowerFields(B.Stmt, B.Params[1 + R], Call.Accs[R]) && Ok;
    return Ok;
  });
  if (!TeamBody)
    return;
  SourceLocation Begin = S->getBeginLoc(), End = getEndOfStmt(S, C.Ctx);
  C.apply(C.Edit.replace(Begin, End,
                         Head + *TeamBody + "\n" + C.Edit.lineDirective(End) + "\n" + Epilogue),
          Begin);
}

/// A functor: called once per index (after its work tag) with the
/// accumulators.
void Lowerer::emitFunctorCall(const Stmt *S, const LoopCall &Call, ArrayRef<std::string> IndexNames,
                              const std::string &Head, const std::string &Epilogue) {
  SmallVector<std::string, 6> CallArgs;
  if (!Call.Sp.Tag.isNull())
    CallArgs.push_back(C.typeText(Call.Sp.Tag) + "()");
  CallArgs.append(IndexNames.begin(), IndexNames.end());
  // A composite accumulator is a per-index copy of the reduction's
  // scalars that the functor updates whole.
  std::string Before, After;
  for (const Accumulator &A : Call.Accs) {
    CallArgs.push_back(A.Name);
    if (A.Fields.empty())
      continue;
    Before += formatv("{0} {1}; ", A.Type, A.Name).str();
    for (const Accumulator::Field &F : A.Fields) {
      Before += formatv("{0}.{1} = {2}; ", A.Name, F.Member, F.Scalar).str();
      After += formatv(" {0} = {1}.{2};", F.Scalar, A.Name, F.Member).str();
    }
  }
  SourceLocation Begin = S->getBeginLoc();
  C.apply(C.Edit.replace(Begin, getEndOfStmt(S, C.Ctx),
                         Head + "{ " + Before + Call.B.Var + "(" + join(CallArgs, ", ") + ");" +
                             After + " }" + Epilogue),
          Begin);
}

} // namespace api

using namespace api;

void warnApiCallsInHeaders(ASTContext &Ctx, Diagnoser &Diags) {
  struct Finder : RecursiveASTVisitor<Finder> {
    const SourceManager &SM;
    Diagnoser &Diags;
    Finder(const SourceManager &SM, Diagnoser &Diags) : SM(SM), Diags(Diags) {}
    bool shouldVisitLambdaBody() const { return true; }
    bool VisitCallExpr(CallExpr *CE) {
      SourceLocation Loc = SM.getExpansionLoc(CE->getBeginLoc());
      if (apiKindOf(CE) == ApiKind::None || SM.isInMainFile(Loc) || SM.isInSystemHeader(Loc))
        return true;
      // hpp's own headers call these in their serial implementation.
      StringRef File = SM.getFilename(Loc);
      if (!File.contains("/hpp/") && !File.contains("/hpprt/"))
        Diags.report(Loc, Diag::warn_api_in_header);
      return true;
    }
  } F(Ctx.getSourceManager(), Diags);
  F.TraverseDecl(Ctx.getTranslationUnitDecl());
}

std::optional<std::string> lowerApiCalls(ASTContext &Ctx, Diagnoser &Diags) {
  NameCounter Names;
  LoweringContext C(Ctx, Diags, Names);
  Lowerer L(C);
  L.TraverseDecl(Ctx.getTranslationUnitDecl());
  if (!L.found())
    return std::nullopt;
  return C.Edit.result();
}

} // namespace hpp
