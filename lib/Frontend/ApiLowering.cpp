//===- ApiLowering.cpp - hpp::parallel_* calls as annotated loops --------===//
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

#include "Frontend/ApiLowering.h"
#include "Frontend/Directive.h"
#include "Analysis/ASTUtils.h"
#include "Analysis/Diagnostics.h"
#include "Analysis/VariableUses.h"
#include "Support/SourceEditor.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"

using namespace clang;
using namespace llvm;

namespace hpp {
namespace {

enum class ApiKind { None, For, Reduce, Scan, Single };

/// `hpp::NAME`, recognised by declaration.
bool isHppFunction(const NamedDecl *D, StringRef Name) {
  if (!D || !D->getIdentifier() || D->getName() != Name)
    return false;
  const auto *NS = dyn_cast<NamespaceDecl>(D->getDeclContext()->getRedeclContext());
  return NS && NS->getName() == "hpp" &&
         NS->getDeclContext()->getRedeclContext()->isTranslationUnit();
}

bool calleeIs(const CallExpr *CE, StringRef Name) {
  if (const FunctionDecl *FD = CE->getDirectCallee())
    return isHppFunction(FD, Name);
  if (const auto *ULE = dyn_cast<UnresolvedLookupExpr>(CE->getCallee()->IgnoreImplicit()))
    for (const NamedDecl *D : ULE->decls())
      if (isHppFunction(D->getUnderlyingDecl(), Name))
        return true;
  return false;
}

ApiKind apiKindOf(const CallExpr *CE) {
  if (calleeIs(CE, "parallel_for"))
    return ApiKind::For;
  if (calleeIs(CE, "parallel_reduce"))
    return ApiKind::Reduce;
  if (calleeIs(CE, "parallel_scan"))
    return ApiKind::Scan;
  if (calleeIs(CE, "single"))
    return ApiKind::Single;
  return ApiKind::None;
}

/// Looks through the wrappers Clang puts around temporaries and casts.
const Expr *strip(const Expr *E) {
  while (E) {
    E = E->IgnoreParenImpCasts();
    if (const auto *M = dyn_cast<MaterializeTemporaryExpr>(E))
      E = M->getSubExpr();
    else if (const auto *B = dyn_cast<CXXBindTemporaryExpr>(E))
      E = B->getSubExpr();
    else if (const auto *W = dyn_cast<ExprWithCleanups>(E))
      E = W->getSubExpr();
    else if (const auto *F = dyn_cast<CXXFunctionalCastExpr>(E))
      E = F->getSubExpr();
    else if (const auto *C = dyn_cast<CXXConstructExpr>(E);
             C && C->getNumArgs() == 1 && C->getConstructor()->isCopyOrMoveConstructor())
      E = C->getArg(0);
    else
      return E;
  }
  return E;
}

StringRef recordName(const Expr *E) {
  if (const CXXRecordDecl *RD = E->getType()->getAsCXXRecordDecl())
    if (RD->getIdentifier())
      return RD->getName();
  return "";
}

/// The policy or range of a call, as loops.
struct Space {
  enum Kind { Flat, Team, Nested } K = Flat;
  /// For nested ranges: thread, vector or thread vector.
  std::string Level;
  SmallVector<std::string, 3> Lower, Upper;
  std::string TeamSize, VectorLength, Tile, StreamText;
  const Expr *Member = nullptr; // Nested: the team member argument.
};

/// One result of a parallel_reduce and the accumulator its body updates.
struct Accumulator {
  std::string Reducer; // `hpp::Sum<double>`, `hpp::MinLoc<double, int>`
  std::string Type;    // the accumulator's type
  std::string Name;    // the lambda parameter
  std::string Target;  // where the result goes
  /// Reducers whose value has fields (MinLoc's .val and .loc, ...): one
  /// scalar per field, which the body's `v.field` uses become.
  struct Field {
    std::string Member, Scalar, Type;
  };
  SmallVector<Field, 4> Fields;
  /// The reduction clauses: `+: s`, `minloc: hpp_v_val, hpp_v_loc`.
  SmallVector<std::string, 2> Clauses;
};

/// A reducer construction `hpp::Max<double>(m)`, also in a template where
/// its type is still dependent.
struct ReducerCall {
  StringRef Name;
  SmallVector<QualType, 2> TypeArgs;
  const Expr *Target = nullptr;
};

/// The reduction clause operator of a scalar hpp reducer (hpp::Sum, ...):
/// the reducers are named after the hpprt operator types of the table.
std::optional<StringRef> clauseOperatorFor(StringRef Reducer) {
#define HPP_REDUCTION_OP(Name, Spelling, RuntimeType)                          \
  if (!isLocReduction(ReductionOp::Name) && Reducer == RuntimeType)            \
    return getReductionOpSpelling(ReductionOp::Name);
#include "Frontend/PragmaKinds.def"
  return std::nullopt;
}

std::optional<ReducerCall> asReducerCall(const Expr *E) {
  ReducerCall R;
  const TemplateSpecializationType *TST = E->getType()->getAs<TemplateSpecializationType>();
  if (const auto *CE = dyn_cast<CXXConstructExpr>(E)) {
    if (CE->getNumArgs() != 1)
      return std::nullopt;
    R.Target = CE->getArg(0);
    if (const auto *Spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
            CE->getType()->getAsCXXRecordDecl())) {
      R.Name = Spec->getName();
      for (const TemplateArgument &A : Spec->getTemplateArgs().asArray())
        if (A.getKind() == TemplateArgument::Type)
          R.TypeArgs.push_back(A.getAsType());
      return R;
    }
  } else if (const auto *UC = dyn_cast<CXXUnresolvedConstructExpr>(E)) {
    if (UC->getNumArgs() != 1)
      return std::nullopt;
    R.Target = UC->getArg(0);
    TST = UC->getTypeAsWritten()->getAs<TemplateSpecializationType>();
  } else {
    return std::nullopt;
  }
  if (!TST)
    return std::nullopt;
  if (const TemplateDecl *TD = TST->getTemplateName().getAsTemplateDecl())
    R.Name = TD->getName();
  for (const TemplateArgument &A : TST->template_arguments())
    if (A.getKind() == TemplateArgument::Type)
      R.TypeArgs.push_back(A.getAsType());
  return R;
}

/// Every reference to \p D in \p S, lambda bodies included.
SmallVector<const DeclRefExpr *, 8> refsTo(const Stmt *S, const ValueDecl *D) {
  SmallVector<const DeclRefExpr *, 8> Refs;
  forEachVarRef(S, [&](const DeclRefExpr *E) {
    if (E->getDecl() == D)
      Refs.push_back(E);
  });
  return Refs;
}

class Lowerer : public RecursiveASTVisitor<Lowerer> {
public:
  Lowerer(ASTContext &Ctx, Diagnoser &Diags)
      : Ctx(Ctx), SM(Ctx.getSourceManager()),
        Edit(Ctx, SM.getFileEntryRefForID(SM.getMainFileID())->getName()), Diags(Diags) {}

  bool shouldVisitLambdaBody() const { return true; }

  bool VisitCallExpr(CallExpr *CE) {
    SourceLocation Loc = SM.getExpansionLoc(CE->getBeginLoc());
    ApiKind K = apiKindOf(CE);
    if (K == ApiKind::None && SM.isInMainFile(Loc)) {
      if (auto Forwarded = forwardedCall(CE)) {
        Found = true;
        lowerCall(CE, Forwarded->first, Forwarded->second);
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
  bool VisitCXXMemberCallExpr(CXXMemberCallExpr *CE) {
    // Team-member calls are handled with their team lambda.
    return true;
  }

  std::optional<std::string> result() {
    if (!Found)
      return std::nullopt;
    return Edit.result();
  }

private:
  void fail(SourceLocation Loc, StringRef What) {
    Diags.report(Loc, Diag::err_api_not_lowered) << What;
  }
  std::string text(const Expr *E) { return getSourceText(E->getSourceRange(), Ctx); }
  /// Just past the last token of an expression inside a larger one.
  SourceLocation endOf(const Expr *E) {
    return Lexer::getLocForEndOfToken(SM.getExpansionLoc(E->getEndLoc()), 0, SM,
                                      Ctx.getLangOpts());
  }
  std::string typeText(QualType T) {
    return getTypeName(T.getNonReferenceType().getUnqualifiedType(), Ctx);
  }
  /// The first parent of \p E of type T, looking through the nodes Clang
  /// wraps temporaries and conversions in.
  template <class T, class N> const T *parentOf(const N *E) {
    DynTypedNodeList Parents = Ctx.getParents(*E);
    while (Parents.size() == 1) {
      if (const T *Found = Parents[0].get<T>())
        return Found;
      const Expr *Wrapper = Parents[0].get<Expr>();
      if (!Wrapper || !(isa<ImplicitCastExpr>(Wrapper) || isa<MaterializeTemporaryExpr>(Wrapper) ||
                        isa<CXXBindTemporaryExpr>(Wrapper) || isa<ExprWithCleanups>(Wrapper) ||
                        isa<ParenExpr>(Wrapper)))
        return nullptr;
      Parents = Ctx.getParents(*Wrapper);
    }
    return nullptr;
  }
  /// The whole statement a call is, or null when the call is part of a
  /// larger expression.
  const Stmt *statementOf(const CallExpr *CE);
  bool parseSpace(const Expr *E, Space &S);
  bool parseResult(const Expr *E, QualType AccType, StringRef AccName, Accumulator &A);
  void lowerCall(const CallExpr *CE, ApiKind K, ArrayRef<const Expr *> CallArgs);
  /// A call of a function that only forwards its parameters to a
  /// parallel_* call: the API call it makes, with this call's arguments.
  std::optional<std::pair<ApiKind, SmallVector<const Expr *, 6>>>
  forwardedCall(const CallExpr *CE);
  const Expr *arg(unsigned I) const { return Args[I]; }
  bool isForwarding(const CallExpr *CE) const;
  unsigned numArgs() const { return Args.size(); }
  void lowerSingle(const CallExpr *CE, const Stmt *S);
  bool lowerTeamMember(const LambdaExpr *LE, const ParmVarDecl *Member,
                       const std::string &LeagueIndex, const std::string &LeagueSize);
  bool lowerReturns(const LambdaExpr *LE);
  bool lowerFields(const LambdaExpr *LE, const ParmVarDecl *P, const Accumulator &A);
  void lowerScan(const CallExpr *CE, const Stmt *S, unsigned First, StringRef Label);
  void apply(Error E, SourceLocation Loc) {
    if (E)
      Diags.report(Loc, Diag::err_cannot_rewrite) << toString(std::move(E));
  }

  ASTContext &Ctx;
  const SourceManager &SM;
  SourceEditor Edit;
  Diagnoser &Diags;
  bool Found = false;
  unsigned NextId = 0;
  /// The arguments of the call being lowered (a wrapper's, mapped).
  SmallVector<const Expr *, 6> Args;
};

const Stmt *Lowerer::statementOf(const CallExpr *CE) {
  for (const auto &P : Ctx.getParents(*CE)) {
    if (P.get<CompoundStmt>())
      return CE;
    if (const auto *W = P.get<ExprWithCleanups>()) {
      for (const auto &PP : Ctx.getParents(*W))
        if (PP.get<CompoundStmt>())
          return W;
    }
  }
  return nullptr;
}

bool Lowerer::parseSpace(const Expr *E, Space &S) {
  E = strip(E);
  // set_scratch_size(...) only bounds what get<T>(n) may take: the scratch
  // arrays themselves say how much each needs.
  while (const auto *MC = dyn_cast<CXXMemberCallExpr>(E)) {
    const CXXMethodDecl *MD = MC->getMethodDecl();
    if (!MD || MD->getName() != "set_scratch_size")
      break;
    E = strip(MC->getImplicitObjectArgument());
  }
  if (E->getType()->isIntegralOrEnumerationType()) {
    S.Lower.push_back("0");
    S.Upper.push_back(text(E));
    return true;
  }
  if (const auto *Call = dyn_cast<CallExpr>(E)) {
    // TeamThreadRange(t, n) and friends.
    for (auto [Name, Level] : {std::pair<StringRef, StringRef>{"TeamThreadRange", "thread"},
                               {"ThreadVectorRange", "vector"},
                               {"TeamVectorRange", "thread vector"}}) {
      if (!calleeIs(Call, Name))
        continue;
      S.K = Space::Nested;
      S.Level = Level.str();
      S.Member = Call->getArg(0);
      if (Call->getNumArgs() == 2) {
        S.Lower.push_back("0");
        S.Upper.push_back(text(Call->getArg(1)));
      } else {
        S.Lower.push_back(text(Call->getArg(1)));
        S.Upper.push_back(text(Call->getArg(2)));
      }
      return true;
    }
    return false;
  }
  const auto *CE = dyn_cast<CXXConstructExpr>(E);
  if (!CE)
    return false;
  StringRef Name = recordName(CE);
  SmallVector<const Expr *, 4> Args;
  for (const Expr *A : CE->arguments())
    if (!isa<CXXDefaultArgExpr>(A))
      Args.push_back(A);
  // A stream comes first.
  if (!Args.empty() && recordName(strip(Args.front())) == "Stream") {
    S.StreamText = text(Args.front());
    Args.erase(Args.begin());
  }
  if (Name == "RangePolicy" && Args.size() == 2) {
    S.Lower.push_back(text(Args[0]));
    S.Upper.push_back(text(Args[1]));
    return true;
  }
  if (Name == "TeamPolicy" && (Args.size() == 2 || Args.size() == 3)) {
    S.K = Space::Team;
    S.Lower.push_back("0");
    S.Upper.push_back(text(Args[0]));
    // hpp::AUTO, recognised by declaration, leaves the choice to the runtime.
    auto IsAuto = [](const Expr *A) {
      const auto *DRE = dyn_cast<DeclRefExpr>(strip(A));
      return DRE && isHppFunction(DRE->getDecl(), "AUTO");
    };
    if (!IsAuto(Args[1]))
      S.TeamSize = text(Args[1]);
    if (Args.size() == 3 && !IsAuto(Args[2]))
      S.VectorLength = text(Args[2]);
    return true;
  }
  if (Name == "MDRangePolicy" && (Args.size() == 2 || Args.size() == 3)) {
    auto Elements = [&](const Expr *A, SmallVectorImpl<std::string> &Out) {
      A = strip(A);
      if (const auto *IL = dyn_cast<CXXStdInitializerListExpr>(A))
        A = strip(IL->getSubExpr());
      const auto *Init = dyn_cast<InitListExpr>(A);
      if (!Init)
        return false;
      for (const Expr *X : Init->inits())
        Out.push_back(text(X));
      return true;
    };
    SmallVector<std::string, 4> Tile;
    if (!Elements(Args[0], S.Lower) || !Elements(Args[1], S.Upper) ||
        S.Lower.size() != S.Upper.size() ||
        (Args.size() == 3 && !Elements(Args[2], Tile)))
      return false;
    for (const std::string &T : Tile)
      S.Tile += (S.Tile.empty() ? "" : ", ") + T;
    return true;
  }
  return false;
}

/// The reduction a parallel_reduce result asks for: a plain variable sums,
/// a reducer names its operator and its target.
bool Lowerer::parseResult(const Expr *E, QualType AccType, StringRef AccName,
                          Accumulator &A) {
  A.Name = AccName.str();
  A.Type = typeText(AccType);
  E = strip(E);
  std::optional<ReducerCall> RC = asReducerCall(E);
  StringRef Name = RC ? RC->Name : recordName(E);
  std::optional<StringRef> Op = RC ? clauseOperatorFor(Name) : std::nullopt;
  if (RC && Op) {
    A.Reducer = ("hpp::" + Name + "<" + A.Type + ">").str();
    A.Target = text(RC->Target);
    A.Clauses.push_back((*Op + ": " + A.Name).str());
    return true;
  }
  bool Loc = Name == "MinLoc" || Name == "MaxLoc" || Name == "MinMaxLoc";
  if (RC && (Loc || Name == "MinMax")) {
    if (RC->TypeArgs.size() < (Loc ? 2u : 1u))
      return false;
    std::string V = getTypeName(RC->TypeArgs[0], Ctx);
    std::string I = Loc ? getTypeName(RC->TypeArgs[1], Ctx) : "";
    A.Reducer = ("hpp::" + Name + "<" + V + (Loc ? ", " + I : "") + ">").str();
    A.Target = text(RC->Target);
    auto Field = [&](StringRef Member, StringRef Type) {
      A.Fields.push_back({Member.str(), ("hpp_" + AccName + "_" + Member).str(), Type.str()});
      return A.Fields.back().Scalar;
    };
    if (Name == "MinLoc" || Name == "MaxLoc") {
      std::string Val = Field("val", V), At = Field("loc", I);
      A.Clauses.push_back((Name.lower() + ": " + Val + ", " + At));
    } else if (Name == "MinMax") {
      A.Clauses.push_back("min: " + Field("min_val", V));
      A.Clauses.push_back("max: " + Field("max_val", V));
    } else {
      std::string MinV = Field("min_val", V), MaxV = Field("max_val", V);
      std::string MinL = Field("min_loc", I), MaxL = Field("max_loc", I);
      A.Clauses.push_back("minloc: " + MinV + ", " + MinL);
      A.Clauses.push_back("maxloc: " + MaxV + ", " + MaxL);
    }
    return true;
  }
  if (RC)
    return false; // User-defined reducers: not lowered yet.
  if (!Name.empty() && !E->getType()->isArithmeticType())
    return false; // User-defined reducers: not lowered yet.
  A.Reducer = "hpp::Sum<" + A.Type + ">";
  A.Target = text(E);
  A.Clauses.push_back("+: " + A.Name);
  return true;
}

/// The body uses a composite accumulator `v` through its fields only:
/// `v.val` becomes the scalar the reduction clause names.
bool Lowerer::lowerFields(const LambdaExpr *LE, const ParmVarDecl *P, const Accumulator &A) {
  bool Ok = true;
  for (const DeclRefExpr *Ref : refsTo(LE->getBody(), P)) {
    const MemberExpr *ME = nullptr;
    for (const auto &Parent : Ctx.getParents(*Ref))
      ME = Parent.get<MemberExpr>();
    const Accumulator::Field *F = nullptr;
    if (ME)
      for (const Accumulator::Field &Candidate : A.Fields)
        if (ME->getMemberDecl()->getName() == Candidate.Member)
          F = &Candidate;
    if (!F) {
      fail(Ref->getLocation(), "a use of the accumulator '" + P->getName().str() +
                                   "' other than through its fields");
      Ok = false;
      continue;
    }
    apply(Edit.replace(ME->getBeginLoc(), endOf(ME), F->Scalar), ME->getBeginLoc());
  }
  return Ok;
}

/// A `return` in a lambda body ends the iteration: it becomes `continue`
/// where that means the same, and is refused inside a nested loop.
bool Lowerer::lowerReturns(const LambdaExpr *LE) {
  struct Finder : RecursiveASTVisitor<Finder> {
    SmallVector<std::pair<const ReturnStmt *, bool>, 2> Returns;
    unsigned Depth = 0;
    bool shouldVisitLambdaBody() const { return false; }
    bool TraverseLambdaExpr(LambdaExpr *) { return true; }
    bool TraverseForStmt(ForStmt *S) { ++Depth; bool R = RecursiveASTVisitor::TraverseForStmt(S); --Depth; return R; }
    bool TraverseWhileStmt(WhileStmt *S) { ++Depth; bool R = RecursiveASTVisitor::TraverseWhileStmt(S); --Depth; return R; }
    bool TraverseDoStmt(DoStmt *S) { ++Depth; bool R = RecursiveASTVisitor::TraverseDoStmt(S); --Depth; return R; }
    bool TraverseSwitchStmt(SwitchStmt *S) { ++Depth; bool R = RecursiveASTVisitor::TraverseSwitchStmt(S); --Depth; return R; }
    bool TraverseCXXForRangeStmt(CXXForRangeStmt *S) { ++Depth; bool R = RecursiveASTVisitor::TraverseCXXForRangeStmt(S); --Depth; return R; }
    bool VisitReturnStmt(ReturnStmt *S) {
      Returns.push_back({S, Depth == 0});
      return true;
    }
  } F;
  F.TraverseStmt(LE->getBody());
  bool Ok = true;
  for (auto [Ret, Plain] : F.Returns) {
    if (!Plain || Ret->getRetValue()) {
      fail(Ret->getBeginLoc(), "a 'return' inside a loop, or with a value, in a parallel_* body");
      Ok = false;
      continue;
    }
    apply(Edit.replace(Ret->getBeginLoc(), getEndOfStmt(Ret, Ctx), "continue;"),
          Ret->getBeginLoc());
  }
  return Ok;
}

/// Rewrites the uses of a team lambda's member: league_rank() becomes the
/// league index, team_barrier() a barrier, team_scratch(l).get<T>(n) and
/// thread_scratch(l).get<T>(n) scratch arrays. Any other use is refused.
bool Lowerer::lowerTeamMember(const LambdaExpr *LE, const ParmVarDecl *Member,
                              const std::string &LeagueIndex,
                              const std::string &LeagueSize) {
  bool Ok = true;
  for (const DeclRefExpr *Ref : refsTo(LE->getBody(), Member)) {
    // The nested ranges and single take the member: handled with their call.
    const Expr *Use = Ref;
    const MemberExpr *ME = nullptr;
    for (const auto &P : Ctx.getParents(*Ref)) {
      if (const auto *IC = P.get<ImplicitCastExpr>())
        Use = IC;
      ME = P.get<MemberExpr>();
    }
    if (!ME) {
      // An argument of TeamThreadRange(t, ..), PerTeam(t), PerThread(t).
      bool InRange = false;
      for (const auto &P : Ctx.getParents(*Use)) {
        if (const auto *Call = P.get<CallExpr>())
          InRange = calleeIs(Call, "TeamThreadRange") || calleeIs(Call, "ThreadVectorRange") ||
                    calleeIs(Call, "TeamVectorRange") || calleeIs(Call, "PerTeam") ||
                    calleeIs(Call, "PerThread");
      }
      if (!InRange) {
        fail(Ref->getLocation(), "this use of the team member '" + Member->getName().str() + "'");
        Ok = false;
      }
      continue;
    }
    const CXXMemberCallExpr *MC = nullptr;
    for (const auto &P : Ctx.getParents(*ME))
      MC = P.get<CXXMemberCallExpr>();
    StringRef Method = ME->getMemberDecl()->getName();
    if (MC && Method == "league_rank") {
      apply(Edit.replace(MC->getBeginLoc(), endOf(MC), LeagueIndex),
            MC->getBeginLoc());
      continue;
    }
    // The team body means what it means sequentially, once per team: one
    // thread of rank 0. Work split by hand over team_rank() is therefore
    // still all done, by the team (TeamThreadRange spreads it).
    if (MC && (Method == "team_rank" || Method == "team_size")) {
      Diags.report(MC->getBeginLoc(), Diag::warn_api_team_rank)
          << Method << (Method == "team_size");
      apply(Edit.replace(MC->getBeginLoc(), endOf(MC), Method == "team_rank" ? "0" : "1"),
            MC->getBeginLoc());
      continue;
    }
    if (MC && Method == "league_size") {
      apply(Edit.replace(MC->getBeginLoc(), endOf(MC), "(" + LeagueSize + ")"),
            MC->getBeginLoc());
      continue;
    }
    if (MC && Method == "team_barrier") {
      const Stmt *S = MC;
      for (const auto &P : Ctx.getParents(*MC))
        if (!P.get<CompoundStmt>())
          S = nullptr;
      if (!S) {
        fail(MC->getBeginLoc(), "team_barrier() that is not a statement of a block");
        Ok = false;
        continue;
      }
      apply(Edit.replace(MC->getBeginLoc(), getEndOfStmt(MC, Ctx), "\n#pragma hpp barrier\n;"),
            MC->getBeginLoc());
      continue;
    }
    if (MC && (Method == "team_scratch" || Method == "thread_scratch")) {
      // T *p = t.team_scratch(l).get<T>(n);  as the whole declaration.
      const CXXMemberCallExpr *Get = nullptr;
      if (const auto *GM = parentOf<MemberExpr>(MC))
        Get = parentOf<CXXMemberCallExpr>(GM);
      const VarDecl *Var = nullptr;
      const DeclStmt *DS = nullptr;
      if (Get && Get->getMethodDecl() && Get->getMethodDecl()->getName() == "get" &&
          Get->getNumArgs() == 1) {
        Var = parentOf<VarDecl>(Get);
        if (Var)
          for (const auto &PP : Ctx.getParents(*Var))
            DS = PP.get<DeclStmt>();
      }
      const auto *Args = Get ? Get->getMethodDecl()->getTemplateSpecializationArgs() : nullptr;
      if (!Var || !DS || !DS->isSingleDecl() || !Args || Args->size() != 1) {
        fail(MC->getBeginLoc(), "a scratch request that is not 'T *p = " + Method.str() +
                                    "(level).get<T>(n);'");
        Ok = false;
        continue;
      }
      // The pointer becomes the scratch array itself, so that the barrier
      // analysis sees every access to it.
      std::string Elem = getTypeName(Args->get(0).getAsType(), Ctx);
      std::string Text = formatv("\n#pragma hpp scratch level({0}) per({1})\n{2} {3}[{4}];",
                                 text(MC->getArg(0)), Method == "team_scratch" ? "team" : "thread",
                                 Elem, Var->getName(), text(Get->getArg(0)));
      apply(Edit.replace(DS->getBeginLoc(), getEndOfStmt(DS, Ctx), Text), DS->getBeginLoc());
      continue;
    }
    fail(Ref->getLocation(), ("'" + Member->getName() + "." + Method + "' in a team body").str());
    Ok = false;
  }
  return Ok;
}

/// Whether every argument of \p CE is a parameter of the enclosing
/// function: a wrapper forwarding a policy and a body.
static bool isStringLiteral(const Expr *A) {
  A = strip(A);
  if (const auto *C = dyn_cast<CXXConstructExpr>(A); C && C->getNumArgs() > 0)
    A = strip(C->getArg(0));
  return isa<clang::StringLiteral>(A);
}

static bool allArgsAreParameters(const CallExpr *CE) {
  bool AnyParameter = false;
  for (const Expr *A : CE->arguments()) {
    const auto *DRE = dyn_cast<DeclRefExpr>(strip(A));
    if (DRE && isa<ParmVarDecl>(DRE->getDecl()))
      AnyParameter = true;
    else if (!isStringLiteral(A)) // a label
      return false;
  }
  return AnyParameter;
}

bool Lowerer::isForwarding(const CallExpr *CE) const { return allArgsAreParameters(CE); }

std::optional<std::pair<ApiKind, SmallVector<const Expr *, 6>>>
Lowerer::forwardedCall(const CallExpr *CE) {
  const FunctionDecl *FD = CE->getDirectCallee();
  if (!FD)
    return std::nullopt;
  if (const FunctionDecl *Pattern = FD->getTemplateInstantiationPattern())
    FD = Pattern;
  const FunctionDecl *Def = FD->getDefinition();
  const auto *Body = Def ? dyn_cast_or_null<CompoundStmt>(Def->getBody()) : nullptr;
  if (!Body || Body->size() != 1)
    return std::nullopt;
  const Stmt *Only = Body->body_front();
  if (const auto *Ret = dyn_cast<ReturnStmt>(Only))
    Only = Ret->getRetValue();
  const auto *Inner = dyn_cast_or_null<CallExpr>(Only ? strip(cast<Expr>(Only)) : nullptr);
  if (!Inner || !allArgsAreParameters(Inner))
    return std::nullopt;
  ApiKind K = apiKindOf(Inner);
  if (K == ApiKind::None)
    return std::nullopt;
  SmallVector<const Expr *, 6> Mapped;
  for (const Expr *A : Inner->arguments()) {
    if (isStringLiteral(A)) {
      Mapped.push_back(A);
      continue;
    }
    const auto *P = cast<ParmVarDecl>(cast<DeclRefExpr>(strip(A))->getDecl());
    unsigned Index = P->getFunctionScopeIndex();
    if (Index >= CE->getNumArgs() || isa<CXXDefaultArgExpr>(CE->getArg(Index)))
      return std::nullopt;
    Mapped.push_back(CE->getArg(Index));
  }
  return std::make_pair(K, Mapped);
}

void Lowerer::lowerSingle(const CallExpr *CE, const Stmt *S) {
  // single(PerTeam(t), [&] { body }) and single(PerThread(t), [&](T &v) {..}, v).
  const auto *Per = dyn_cast<CallExpr>(strip(arg(0)));
  const auto *LE = numArgs() >= 2 ? dyn_cast<LambdaExpr>(strip(arg(1))) : nullptr;
  if (!Per || !LE || !LE->getBody()) {
    fail(CE->getBeginLoc(), "a single whose body is not a lambda");
    return;
  }
  std::string Pragma =
      calleeIs(Per, "PerThread") ? "#pragma hpp single per(thread)" : "#pragma hpp single";
  const auto *Body = cast<CompoundStmt>(LE->getBody());
  std::string Open = "\n" + Pragma + "\n{ ", Close = " }";
  if (numArgs() == 3) {
    // The broadcast value: the body works on a copy, assigned back inside
    // the single so that the model sees what the single writes.
    const ParmVarDecl *P = LE->getCallOperator()->getNumParams() == 1
                               ? LE->getCallOperator()->getParamDecl(0)
                               : nullptr;
    if (!P) {
      fail(CE->getBeginLoc(), "a broadcasting single whose lambda does not take the value");
      return;
    }
    std::string Target = text(arg(2));
    Open += formatv("{0} {1} = {2}; ", typeText(P->getType()), P->getName(), Target).str();
    Close = formatv(" {0} = {1}; }", Target, P->getName()).str();
  }
  lowerReturns(LE);
  apply(Edit.replace(S->getBeginLoc(), Body->getLBracLoc(), Open), S->getBeginLoc());
  apply(Edit.replace(Body->getRBracLoc().getLocWithOffset(1), getEndOfStmt(S, Ctx), Close),
        S->getBeginLoc());
}

/// parallel_scan(range, [=](int i, T &partial, bool final) { body }, total)
/// runs the body twice per index in Kokkos: without `final` to add the
/// index's contribution, with it to use the prefix. That is an exclusive
/// scan whose scan phase is the body with `final` true on a copy of the
/// prefix, and whose input phase is the body with `final` false from zero:
///
///   #pragma hpp parallel reduction(inscan, +: partial)
///   for (...) {
///     { T hpp_prefix = partial; { T partial = hpp_prefix; const bool final = true; body } }
///     #pragma hpp scan exclusive(partial)
///     { T hpp_part; { T partial = T(); const bool final = false; body hpp_part = partial; }
///       partial += hpp_part; }
///   }
void Lowerer::lowerScan(const CallExpr *CE, const Stmt *S, unsigned First,
                        StringRef Label) {
  Space Sp;
  if (numArgs() < First + 2 || !parseSpace(arg(First), Sp) ||
      Sp.K == Space::Team || Sp.Lower.size() != 1) {
    fail(CE->getBeginLoc(), "a parallel_scan whose range is not a count, a RangePolicy or a "
                            "nested range written in the call");
    return;
  }
  const auto *LE = dyn_cast<LambdaExpr>(strip(arg(First + 1)));
  if (!LE || LE->getCallOperator()->getNumParams() != 3) {
    fail(arg(First + 1)->getBeginLoc(),
         "a parallel_scan body that is not a lambda taking (index, partial, final)");
    return;
  }
  const CXXMethodDecl *Op = LE->getCallOperator();
  std::string Index = Op->getParamDecl(0)->getName().str();
  std::string IndexType = typeText(Op->getParamDecl(0)->getType());
  std::string Partial = Op->getParamDecl(1)->getName().str();
  std::string Type = typeText(Op->getParamDecl(1)->getType());
  std::string Final = Op->getParamDecl(2)->getName().str();
  if (!lowerReturns(LE))
    return;
  const auto *Body = cast<CompoundStmt>(LE->getBody());
  // The second copy of the body, with its returns already made continues,
  // keeps the user's line numbers.
  std::string BodyText = "\n" + Edit.lineDirective(Body->getBeginLoc()) + "\n" +
                         Edit.rewrittenText(Body->getBeginLoc(),
                                            Body->getRBracLoc().getLocWithOffset(1));
  std::string Pragma = Sp.K == Space::Nested ? "#pragma hpp " + Sp.Level : "#pragma hpp parallel";
  if (!Sp.StreamText.empty())
    Pragma += " stream(" + Sp.StreamText + ")";
  if (!Label.empty() && Sp.K != Space::Nested)
    Pragma += " name(\"" + Label.str() + "\")";
  Pragma += " reduction(inscan, +: " + Partial + ")";
  std::string Open = formatv("{{ {0} {1} = {0}();\n{2}\nfor ({3} {4} = {5}; {4} < {6}; ++{4}) "
                             "{{\n{{ {0} hpp_prefix = {1}; {{ {0} {1} = hpp_prefix; const bool "
                             "{7} = true; ",
                             Type, Partial, Pragma, IndexType, Index, Sp.Lower[0], Sp.Upper[0],
                             Final);
  std::string Close = formatv(" } }\n#pragma hpp scan exclusive({0})\n{{ {1} hpp_part; {{ {1} "
                              "{0} = {1}(); const bool {2} = false; {3} hpp_part = {0}; } {0} += "
                              "hpp_part; }\n}",
                              Partial, Type, Final, BodyText);
  if (numArgs() == First + 3)
    Close += formatv(" {0} = {1};", text(arg(First + 2)), Partial).str();
  Close += " }";
  apply(Edit.replace(S->getBeginLoc(), Body->getLBracLoc(), Open), S->getBeginLoc());
  apply(Edit.replace(Body->getRBracLoc().getLocWithOffset(1), getEndOfStmt(S, Ctx), Close),
        S->getBeginLoc());
}

void Lowerer::lowerCall(const CallExpr *CE, ApiKind K, ArrayRef<const Expr *> CallArgs) {
  Args.assign(CallArgs.begin(), CallArgs.end());
  const Stmt *S = statementOf(CE);
  if (!S) {
    fail(CE->getBeginLoc(), "a call that is not a statement of its own");
    return;
  }
  if (K == ApiKind::Single)
    return lowerSingle(CE, S);
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
  const Expr *BodyExpr = strip(arg(First + 1));
  const auto *LE = dyn_cast<LambdaExpr>(BodyExpr);
  unsigned Dims = Sp.Lower.size();

  // Parameters: indices (or the team member), then accumulators.
  SmallVector<const ParmVarDecl *, 4> Params;
  const CXXRecordDecl *Functor = nullptr;
  if (LE) {
    for (const ParmVarDecl *P : LE->getCallOperator()->parameters())
      Params.push_back(P);
    for (const LambdaCapture &C : LE->captures())
      if (C.capturesVariable() && C.getCapturedVar() &&
          cast<VarDecl>(C.getCapturedVar())->isInitCapture()) {
        fail(C.getLocation(), "a lambda with an init-capture");
        return;
      }
  } else {
    Functor = BodyExpr->getType()->getAsCXXRecordDecl();
    if (Functor && Functor->hasDefinition())
      for (const CXXMethodDecl *M : Functor->methods())
        if (M->getIdentifier() &&
            (M->getName() == "init" || M->getName() == "final" || M->getName() == "join")) {
          fail(BodyExpr->getBeginLoc(), "a functor with its own '" + M->getName().str() +
                                            "' (its reduction rules are not lowered yet)");
          return;
        }
    if (!Functor || Sp.K == Space::Team) {
      fail(BodyExpr->getBeginLoc(), Sp.K == Space::Team
                                        ? "a team functor (write the team body as a lambda)"
                                        : "a body that is neither a lambda nor a functor");
      return;
    }
  }
  unsigned Indices = Sp.K == Space::Team ? 1 : Dims;
  SmallVector<Accumulator, 2> Accs;
  unsigned Results = numArgs() - First - 2;
  if (K == ApiKind::Reduce) {
    if (Results == 0 || (LE && Params.size() != Indices + Results)) {
      fail(CE->getBeginLoc(), "a parallel_reduce whose body does not take one accumulator "
                              "per result");
      return;
    }
    for (unsigned R = 0; R < Results; ++R) {
      Accumulator A;
      QualType AccType;
      std::string AccName = "hpp_acc" + std::to_string(NextId++);
      if (LE) {
        AccType = Params[Indices + R]->getType();
        AccName = Params[Indices + R]->getName().str();
      } else {
        AccType = strip(arg(First + 2 + R))->getType();
        if (const CXXRecordDecl *RD = AccType->getAsCXXRecordDecl())
          if (!AccType->isArithmeticType() && RD->getIdentifier()) {
            fail(arg(First + 2 + R)->getBeginLoc(), "this reducer with a functor");
            return;
          }
      }
      if (!parseResult(arg(First + 2 + R), AccType, AccName, A) ||
          (!LE && !A.Fields.empty())) {
        fail(arg(First + 2 + R)->getBeginLoc(),
             "this reducer (minloc, maxloc, minmax and user reducers are not lowered yet)");
        return;
      }
      Accs.push_back(A);
    }
  } else if (Results != 0) {
    fail(CE->getBeginLoc(), "a parallel_for with extra arguments");
    return;
  }
  if (LE && Params.size() != Indices + Accs.size()) {
    fail(LE->getBeginLoc(), "a lambda whose parameters do not match the policy");
    return;
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
  // afterwards, as Kokkos does.
  // Results are bound first: an accumulator may have its result's name.
  std::string Prologue = "{ ";
  std::string Epilogue;
  for (unsigned R = 0; R < Accs.size(); ++R) {
    Accumulator &A = Accs[R];
    std::string Result = "hpp_result" + std::to_string(NextId++);
    Prologue += formatv("auto &{0} = {1}; ", Result, A.Target).str();
    A.Target = Result;
    // A generic accumulator (`auto &a`) takes its result's type.
    if (A.Type.find("auto") != std::string::npos && A.Fields.empty()) {
      std::string Old = "<" + A.Type + ">";
      A.Type = "std::remove_reference_t<decltype(" + Result + ")>";
      size_t At = A.Reducer.find(Old);
      if (At != std::string::npos)
        A.Reducer.replace(At, Old.size(), "<" + A.Type + ">");
    }
  }
  for (const Accumulator &A : Accs) {
    if (A.Fields.empty()) {
      Prologue += formatv("{0} {1}; {2}({1}).init({1}); ", A.Type, A.Name, A.Reducer).str();
      Epilogue += formatv(" {0} = {1};", A.Target, A.Name).str();
      continue;
    }
    std::string Init = formatv("{{ {0} hpp_init; {1}(hpp_init).init(hpp_init);", A.Type,
                               A.Reducer);
    for (const Accumulator::Field &F : A.Fields) {
      Prologue += formatv("{0} {1}; ", F.Type, F.Scalar).str();
      Init += formatv(" {0} = hpp_init.{1};", F.Scalar, F.Member).str();
      Epilogue += formatv(" {0}.{1} = {2};", A.Target, F.Member, F.Scalar).str();
    }
    Prologue += Init + " } ";
  }
  Epilogue += " }";
  if (LE)
    for (unsigned R = 0; R < Accs.size(); ++R)
      if (!Accs[R].Fields.empty() && !lowerFields(LE, Params[Indices + R], Accs[R]))
        return;

  std::string Loops;
  SmallVector<std::string, 3> IndexNames;
  if (Sp.K == Space::Team) {
    std::string League = "hpp_league" + std::to_string(NextId++);
    Loops = formatv("for (int {0} = 0; {0} < {1}; ++{0}) ", League, Sp.Upper[0]).str();
    if (!LE || !lowerTeamMember(LE, Params[0], League, Sp.Upper[0]))
      return;
  } else {
    for (unsigned D = 0; D < Dims; ++D) {
      std::string Name, Type = "int";
      if (LE) {
        Name = Params[D]->getName().str();
        Type = typeText(Params[D]->getType());
        if (Params[D]->getType()->isUndeducedAutoType() ||
            Params[D]->getType()->isDependentType())
          Type = "hpp::index_t";
      } else {
        Name = "hpp_i" + std::to_string(NextId++);
      }
      IndexNames.push_back(Name);
      Loops += formatv("for ({0} {1} = {2}; {1} < {3}; ++{1}) ", Type, Name, Sp.Lower[D],
                       Sp.Upper[D])
                   .str();
    }
  }
  if (LE && !lowerReturns(LE))
    return;

  SourceLocation Begin = S->getBeginLoc();
  if (LE) {
    const auto *Body = cast<CompoundStmt>(LE->getBody());
    apply(Edit.replace(Begin, Body->getLBracLoc(), Prologue + "\n" + Pragma + "\n" + Loops),
          Begin);
    apply(Edit.replace(Body->getRBracLoc().getLocWithOffset(1), getEndOfStmt(S, Ctx), Epilogue),
          Begin);
    return;
  }
  // A functor: called once per index with the accumulators.
  std::string Call = "hpp_functor(" + join(IndexNames, ", ");
  for (const Accumulator &A : Accs)
    Call += ", " + A.Name;
  Call += ");";
  apply(Edit.replace(Begin, getEndOfStmt(S, Ctx),
                     Prologue + "const auto hpp_functor = " + text(arg(First + 1)) +
                         ";\n" + Pragma +
                         "\n" + Loops + Call + Epilogue),
        Begin);
}

} // namespace

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
  Lowerer L(Ctx, Diags);
  L.TraverseDecl(Ctx.getTranslationUnitDecl());
  return L.result();
}

} // namespace hpp
