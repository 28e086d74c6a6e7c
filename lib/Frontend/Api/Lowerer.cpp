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
///   { double s; hpp::Sum<double>(s).init(s);
///   #pragma hpp parallel reduction(+: s) name("dot")
///   for (int i = 0; i < n; ++i) { s += x[i] * y[i]; }
///   r = s; }
///
/// A team lambda's member `t` becomes the league index, `t.team_barrier()`
/// a barrier, `t.team_scratch(l).get<T>(n)` a scratch array.
///
//===----------------------------------------------------------------------===//

#include "Frontend/Api/ApiLowering.h"
#include "Frontend/Api/Lowerer.h"
#include "Basic/ASTUtils.h"
#include "Analysis/VariableUses.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"

using namespace clang;
using namespace llvm;

namespace hpp {
namespace api {

Lowerer::Lowerer(LoweringContext &C)
    : C(C), Ctx(C.Ctx), SM(C.SM), Edit(C.Edit), Diags(C.Diags) {}

bool Lowerer::VisitCallExpr(CallExpr *CE) {
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

/// The operator() of \p RD (or of a base) that a call with a tag of type
/// \p Tag (when not null) and \p Arity further arguments runs.
static const CXXMethodDecl *findCallOperator(const CXXRecordDecl *RD, QualType Tag,
                                             unsigned Arity, ASTContext &Ctx) {
  unsigned Want = Arity + (Tag.isNull() ? 0 : 1);
  return cast_or_null<CXXMethodDecl>(findInClassOrBases(RD, [&](const Decl *D) {
    const auto *M = dyn_cast<CXXMethodDecl>(D);
    if (!M || M->getOverloadedOperator() != OO_Call || M->getNumParams() != Want)
      return false;
    return Tag.isNull() ||
           Ctx.hasSameType(
               M->getParamDecl(0)->getType().getNonReferenceType().getUnqualifiedType(), Tag);
  }));
}

/// The type of the accumulator a functor is called with for a result: a
/// reducer's value_type, or the type of a plain variable.
static QualType resultValueType(const Expr *Result) {
  QualType T = Result->getType();
  if (T->isArithmeticType())
    return T;
  const auto *ValueType = cast_or_null<TypedefNameDecl>(
      findInClassOrBases(T->getAsCXXRecordDecl(), [](const Decl *D) {
        const auto *TD = dyn_cast<TypedefNameDecl>(D);
        return TD && TD->getIdentifier() && TD->getName() == "value_type";
      }));
  return ValueType ? ValueType->getUnderlyingType().getCanonicalType() : QualType();
}

std::optional<Body> Lowerer::parseBody(const Expr *E, const Space &Sp, unsigned Results,
                                       bool Inline) {
  Body B;
  unsigned Indices = Sp.K == Space::Team ? 1 : Sp.Lower.size();
  E = strip(E);
  if ((B.Lambda = dyn_cast<LambdaExpr>(E))) {
    B.Operator = B.Lambda->getCallOperator();
    B.Stmt = cast<CompoundStmt>(B.Lambda->getBody());
    for (const LambdaCapture &C : B.Lambda->captures())
      if (C.capturesVariable() && C.getCapturedVar() &&
          cast<VarDecl>(C.getCapturedVar())->isInitCapture()) {
        fail(C.getLocation(), "a lambda with an init-capture");
        return std::nullopt;
      }
  } else {
    B.Functor = E->getType()->getAsCXXRecordDecl();
    B.Var = C.Names.fresh("hpp_functor");
    if (!B.Functor && E->isTypeDependent()) {
      fail(E->getBeginLoc(), "a functor whose type depends on a template parameter (hppc "
                             "lowers the template once; write the body as a lambda)");
      return std::nullopt;
    }
    if (!B.Functor) {
      fail(E->getBeginLoc(), "a body that is neither a lambda nor a functor");
      return std::nullopt;
    }
    B.Operator = findCallOperator(B.Functor, Sp.Tag, Indices + Results, Ctx);
    if (Inline) {
      // The body is copied to the call: its text must be here.
      const FunctionDecl *Def = nullptr;
      if (B.Operator && B.Operator->hasBody(Def))
        B.Stmt = dyn_cast_or_null<CompoundStmt>(Def->getBody());
      if (!B.Stmt) {
        std::string Params = Sp.K == Space::Team ? "const hpp::TeamMember &" : "index";
        if (Results)
          Params += Sp.K == Space::Team ? ", accumulators" : ", partial, final";
        fail(E->getBeginLoc(), std::string(Sp.K == Space::Team ? "a team functor" : "a functor") +
                                   " without a visible 'operator()(" +
                                   (Sp.Tag.isNull() ? "" : "Tag, ") + Params + ") const'");
        return std::nullopt;
      }
      if (!SM.isInMainFile(SM.getExpansionLoc(B.Stmt->getBeginLoc()))) {
        fail(E->getBeginLoc(), "a functor whose operator() is defined in another file (its body "
                               "is copied to the call)");
        return std::nullopt;
      }
      B.Operator = cast<CXXMethodDecl>(Def);
    }
  }
  if (!B.Operator)
    return B; // A functor called per index, however its operator() is declared.
  ArrayRef<ParmVarDecl *> Params = B.Operator->parameters();
  if (!Sp.Tag.isNull() && !Params.empty()) {
    // A lambda's tag parameter only selects the overload: it has no uses.
    const ParmVarDecl *Tag = Params.front();
    if (B.inlined() && !refsTo(B.Stmt, Tag).empty()) {
      fail(refsTo(B.Stmt, Tag).front()->getLocation(), "a use of the work tag parameter");
      return std::nullopt;
    }
    Params = Params.drop_front();
  }
  B.Params.assign(Params.begin(), Params.end());
  return B;
}

void Lowerer::bindResult(Accumulator &A, std::string &Bind, std::string &Init,
                         std::string &Epilogue) {
  if (!A.Object.empty() && !A.OwnRules) {
    // A user reducer: its copy initialises the accumulator, and its
    // reference() receives the result.
    Bind += formatv("const auto {0} = {1}; ", A.Object, A.Target).str();
    Init += formatv("{0} {1}; {2}.init({1}); ", A.Type, A.Name, A.Object).str();
    Epilogue += formatv(" {0}.reference() = {1};", A.Object, A.Name).str();
    return;
  }
  std::string Result = C.Names.fresh("hpp_result");
  Bind += formatv("auto &{0} = {1}; ", Result, A.Target).str();
  // A generic accumulator (`auto &a`) takes its result's type.
  if (A.Type.find("auto") != std::string::npos && A.Fields.empty()) {
    std::string Old = "<" + A.Type + ">";
    A.Type = "std::remove_reference_t<decltype(" + Result + ")>";
    size_t At = A.Reducer.find(Old);
    if (At != std::string::npos)
      A.Reducer.replace(At, Old.size(), "<" + A.Type + ">");
  }
  if (A.OwnRules) {
    // A functor's own rules: init if it has one (else the value-initialised
    // identity, as Kokkos), final before the result is assigned.
    Init += formatv("{0} {1}{{}; ", A.Type, A.Name).str();
    if (!A.Reducer.empty())
      Init += formatv("{0}({1}); ", A.Reducer, A.Name).str();
    Epilogue += formatv(" {0} {1} = {2};", A.Final, Result, A.Name).str();
    return;
  }
  if (A.Fields.empty()) {
    Init += formatv("{0} {1}; {2}({1}).init({1}); ", A.Type, A.Name, A.Reducer).str();
    Epilogue += formatv(" {0} {1} = {2};", A.Final, Result, A.Name).str();
    return;
  }
  std::string Start = formatv("{{ {0} hpp_init; {1}(hpp_init).init(hpp_init);", A.Type,
                              A.Reducer);
  for (const Accumulator::Field &F : A.Fields) {
    Init += formatv("{0} {1}; ", F.Type, F.Scalar).str();
    Start += formatv(" {0} = hpp_init.{1};", F.Scalar, F.Member).str();
    Epilogue += formatv(" {0}.{1} = {2};", Result, F.Member, F.Scalar).str();
  }
  Init += Start + " } ";
}

void Lowerer::lowerCall(const CallExpr *CE, ApiKind K, ArrayRef<const Expr *> CallArgs) {
  Args.assign(CallArgs.begin(), CallArgs.end());
  std::optional<CallStatement> Statement = statementOf(CE, Ctx);
  if (!Statement) {
    fail(CE->getBeginLoc(), "a call that is not a statement of its own");
    return;
  }
  const Stmt *S = Statement->S;
  if (K == ApiKind::Single)
    return lowerSingle(CE, S, Statement->Unbraced);
  unsigned First = 0;
  std::string Label;
  if (numArgs() > 0) {
    QualType T = arg(0)->getType();
    if (recordName(strip(arg(0))) == "basic_string" || T->isPointerType() ||
        T->isArrayType()) {
      const Expr *L = strip(arg(0));
      if (const auto *C = dyn_cast<CXXConstructExpr>(L); C && C->getNumArgs() > 0)
        L = strip(C->getArg(0));
      if (const auto *SL = dyn_cast<clang::StringLiteral>(L))
        Label = SL->getString().str();
      First = 1;
    }
  }
  if (numArgs() < First + 2) {
    fail(CE->getBeginLoc(), "a call without a policy and a body");
    return;
  }
  if (K == ApiKind::Scan)
    return lowerScan(CE, S, First, Label);
  Space Sp;
  if (!parseSpace(arg(First), Sp)) {
    fail(arg(First)->getBeginLoc(),
         "a policy built where hppc cannot see it (write the policy in the call)");
    return;
  }
  unsigned Dims = Sp.Lower.size();
  unsigned Indices = Sp.K == Space::Team ? 1 : Dims;
  unsigned Results = numArgs() - First - 2;
  if (K == ApiKind::For && Results != 0) {
    fail(CE->getBeginLoc(), "a parallel_for with extra arguments");
    return;
  }
  std::optional<Body> B = parseBody(arg(First + 1), Sp, Results, Sp.K == Space::Team);
  if (!B)
    return;
  const SmallVector<const ParmVarDecl *, 4> &Params = B->Params;
  bool Inlined = B->inlined();
  if (Inlined && Params.size() != Indices + Results) {
    if (K == ApiKind::Reduce)
      fail(CE->getBeginLoc(), "a parallel_reduce whose body does not take one accumulator "
                              "per result");
    else
      fail(B->Lambda ? B->Lambda->getBeginLoc() : arg(First + 1)->getBeginLoc(),
           "a lambda whose parameters do not match the policy");
    return;
  }
  if (Sp.K == Space::Team && !isTeamMemberType(Params[0]->getType())) {
    fail(Params[0]->getLocation(), "a team body whose first parameter is not the team member");
    return;
  }

  SmallVector<Accumulator, 2> Accs;
  if (K == ApiKind::Reduce) {
    if (Results == 0) {
      fail(CE->getBeginLoc(), "a parallel_reduce without a result");
      return;
    }
    for (unsigned R = 0; R < Results; ++R) {
      Accumulator A;
      QualType AccType;
      const Expr *Result = arg(First + 2 + R);
      std::string AccName = C.Names.fresh("hpp_acc");
      if (strip(Result)->isTypeDependent() && !asReducerCall(strip(Result)) &&
          !isArithmeticInEveryInstantiation(CE->getBeginLoc(), First + 2 + R)) {
        fail(Result->getBeginLoc(), "a result whose type depends on a template parameter "
                                    "and is not arithmetic in every instantiation");
        return;
      }
      if (B->Lambda) {
        AccType = Params[Indices + R]->getType();
        AccName = Params[Indices + R]->getName().str();
      } else if (Inlined) {
        // A copied functor body: its accumulator takes a generated name.
        AccType = Params[Indices + R]->getType();
      } else {
        AccType = resultValueType(strip(Result));
        if (AccType.isNull()) {
          fail(Result->getBeginLoc(), "this result with a functor");
          return;
        }
      }
      if (!parseResult(Result, AccType, AccName, A)) {
        fail(Result->getBeginLoc(), "this reducer (a reducer needs value_type, init, join "
                                    "and reference)");
        return;
      }
      if (Inlined && !B->Lambda && A.Fields.empty())
        B->Renames.push_back({Params[Indices + R], AccName});
      Accs.push_back(A);
    }
    // A functor's own init/join/final define the reduction of its only
    // plain result (Kokkos' functor reductions; the serial header agrees).
    const CXXMethodDecl *OwnInit = findMethod(B->Functor, "init");
    const CXXMethodDecl *OwnJoin = findMethod(B->Functor, "join");
    const CXXMethodDecl *OwnFinal = findMethod(B->Functor, "final");
    if (B->Functor && (OwnInit || OwnJoin || OwnFinal)) {
      if (Accs.size() != 1 || !Accs[0].Object.empty() || !Accs[0].Fields.empty() ||
          Accs[0].Clauses.front().rfind("+:", 0) != 0) {
        fail(arg(First + 1)->getBeginLoc(),
             "a functor with its own init, join or final and a result other than one plain "
             "variable");
        return;
      }
      Accumulator &A = Accs[0];
      if (OwnInit || OwnJoin) {
        A.Object = B->Var;
        A.OwnRules = true;
        A.Reducer = OwnInit ? B->Var + ".init" : "";
        A.Clauses = {"user(" + B->Var + "): " + A.Name};
      }
      if (OwnFinal)
        A.Final = B->Var + ".final(" + A.Name + ");";
    }
  }

  // The pragma and the loops.
  std::string Pragma;
  switch (Sp.K) {
  case Space::Flat:
    Pragma = "#pragma hpp parallel";
    if (Dims > 1)
      Pragma += " collapse(" + std::to_string(Dims) + ")";
    if (!Sp.Tile.empty())
      Pragma += " tile(" + Sp.Tile + ")";
    break;
  case Space::Team:
    Pragma = "#pragma hpp team";
    if (!Sp.TeamSize.empty())
      Pragma += " team_size(" + Sp.TeamSize + ")";
    if (!Sp.VectorLength.empty())
      Pragma += " vector_length(" + Sp.VectorLength + ")";
    break;
  case Space::Nested:
    Pragma = "#pragma hpp " + Sp.Level;
    break;
  }
  if (!Sp.StreamText.empty())
    Pragma += " stream(" + Sp.StreamText + ")";
  for (const Accumulator &A : Accs)
    for (const std::string &C : A.Clauses)
      Pragma += " reduction(" + C + ")";
  if (!Label.empty() && Sp.K != Space::Nested)
    Pragma += " name(\"" + Label + "\")";

  // Accumulators start from the reducer's identity; results are assigned
  // afterwards, as Kokkos does. Results and reducers are bound first (an
  // accumulator may have its result's name), then the functor is copied
  // (its init may start an accumulator).
  std::string Bind, Init, Epilogue;
  for (Accumulator &A : Accs)
    bindResult(A, Bind, Init, Epilogue);
  std::string Functor;
  if (B->Functor)
    Functor = "const auto " + B->Var + " = " + text(arg(First + 1)) + ";\n";
  std::string Prologue = "{ " + Bind + Functor + Init;
  Epilogue += " }";
  if (B->Lambda)
    for (unsigned R = 0; R < Accs.size(); ++R)
      if (!Accs[R].Fields.empty() && !lowerFields(B->Stmt, Params[Indices + R], Accs[R]))
        return;

  std::string Loops;
  SmallVector<std::string, 3> IndexNames;
  std::string League;
  if (Sp.K == Space::Team) {
    League = C.Names.fresh("hpp_league");
    Loops = formatv("for (int {0} = 0; {0} < {1}; ++{0}) ", League, Sp.Upper[0]).str();
    if (B->Lambda && !lowerTeamMember(B->Stmt, Params[0], League, Sp.Upper[0]))
      return;
  } else {
    for (unsigned D = 0; D < Dims; ++D) {
      std::string Name = C.Names.fresh("hpp_i"), Type = "hpp::index_t";
      if (D < Params.size()) {
        QualType T = Params[D]->getType();
        if (!T->isUndeducedAutoType() && !T->isDependentType())
          Type = typeText(T);
        if (Inlined)
          Name = Params[D]->getName().str();
      }
      IndexNames.push_back(Name);
      Loops += formatv("for ({0} {1} = {2}; {1} < {3}; ++{1}) ", Type, Name, Sp.Lower[D],
                       Sp.Upper[D])
                   .str();
    }
  }
  if (B->Lambda && !lowerReturns(B->Stmt))
    return;
  // The replacement is one block, which an unbraced if or loop takes as
  // its body as well: whether the call was braced does not matter here.

  SourceLocation Begin = S->getBeginLoc();
  if (B->Lambda) {
    apply(Edit.replace(Begin, B->Stmt->getLBracLoc(), Prologue + pragmaAt(Begin, Pragma) + Loops),
          Begin);
    apply(Edit.replace(B->Stmt->getRBracLoc().getLocWithOffset(1), getEndOfStmt(S, Ctx),
                       Epilogue),
          Begin);
    return;
  }
  if (Inlined) {
    // A team functor: its operator() body, lowered like a team lambda's.
    std::optional<std::string> TeamBody =
        inlineTeamFunctor(CE, *B, Accs, League, Sp.Upper[0]);
    if (!TeamBody)
      return;
    apply(Edit.replace(Begin, getEndOfStmt(S, Ctx),
                       Prologue + pragmaAt(Begin, Pragma) + Loops + *TeamBody + "\n" +
                           Edit.lineDirective(getEndOfStmt(S, Ctx)) + "\n" + Epilogue),
          Begin);
    return;
  }
  // A functor: called once per index (after its work tag) with the
  // accumulators.
  SmallVector<std::string, 6> CallArgsText;
  if (!Sp.Tag.isNull())
    CallArgsText.push_back(typeText(Sp.Tag) + "()");
  CallArgsText.append(IndexNames.begin(), IndexNames.end());
  // A composite accumulator is a per-index copy of the reduction's
  // scalars that the functor updates whole.
  std::string Before, After;
  for (const Accumulator &A : Accs) {
    CallArgsText.push_back(A.Name);
    if (A.Fields.empty())
      continue;
    Before += formatv("{0} {1}; ", A.Type, A.Name).str();
    for (const Accumulator::Field &F : A.Fields) {
      Before += formatv("{0}.{1} = {2}; ", A.Name, F.Member, F.Scalar).str();
      After += formatv(" {0} = {1}.{2};", F.Scalar, A.Name, F.Member).str();
    }
  }
  apply(Edit.replace(Begin, getEndOfStmt(S, Ctx),
                     Prologue + pragmaAt(Begin, Pragma) + Loops + "{ " + Before +
                         B->Var + "(" + join(CallArgsText, ", ") + ");" + After + " }" +
                         Epilogue),
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
