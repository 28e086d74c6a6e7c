//===- UserReduction.cpp - Resolve `reduction(user(...): v)` --------------===//

#include "Analysis/UserReduction.h"
#include "Basic/ASTUtils.h"
#include "Basic/Diagnostics.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Sema/Lookup.h"
#include "clang/Sema/Sema.h"

using namespace clang;
using namespace llvm;

namespace hpp {
namespace {

/// The local variable or parameter named \p Name that is visible where
/// \p From starts: declared before it in an enclosing block, in a loop or
/// `if` header around it, or a parameter of the function (or of the lambdas
/// around it, and then of the function around those).
const VarDecl *findVisibleLocal(StringRef Name, const Stmt *From, ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  auto Offset = [&](SourceLocation L) { return SM.getFileOffset(SM.getExpansionLoc(L)); };
  const unsigned Start = Offset(From->getBeginLoc());
  auto Match = [&](const Decl *D) -> const VarDecl * {
    const auto *V = dyn_cast_or_null<VarDecl>(D);
    return V && V->getIdentifier() && V->getName() == Name ? V : nullptr;
  };
  auto InDeclStmt = [&](const Stmt *S) -> const VarDecl * {
    const VarDecl *Found = nullptr;
    if (const auto *DS = dyn_cast_or_null<DeclStmt>(S))
      for (const Decl *D : DS->decls())
        if (const VarDecl *V = Match(D))
          Found = V;
    return Found;
  };
  // `for`, `if` and `switch` declare in their init statement and condition.
  auto InHeader = [&](const auto *S) -> const VarDecl * {
    const VarDecl *V = InDeclStmt(S->getInit());
    return V ? V : Match(S->getConditionVariable());
  };
  DynTypedNode N = DynTypedNode::create(*From);
  for (DynTypedNodeList Ps = Ctx.getParents(N); !Ps.empty(); Ps = Ctx.getParents(N)) {
    N = Ps[0];
    const VarDecl *Found = nullptr;
    if (const auto *CS = N.get<CompoundStmt>()) {
      for (const Stmt *S : CS->body()) {
        // Statements before the loop, not the one that contains it.
        if (Offset(S->getBeginLoc()) >= Start || Offset(S->getEndLoc()) >= Start)
          break;
        if (const VarDecl *V = InDeclStmt(S))
          Found = V;
      }
    } else if (const auto *For = N.get<ForStmt>()) {
      Found = InHeader(For);
    } else if (const auto *If = N.get<IfStmt>()) {
      Found = InHeader(If);
    } else if (const auto *Switch = N.get<SwitchStmt>()) {
      Found = InHeader(Switch);
    } else if (const auto *While = N.get<WhileStmt>()) {
      Found = Match(While->getConditionVariable());
    } else if (const auto *Range = N.get<CXXForRangeStmt>()) {
      Found = Match(Range->getLoopVariable());
      if (!Found)
        Found = InDeclStmt(Range->getInit());
    } else if (const auto *LE = N.get<LambdaExpr>()) {
      for (const LambdaCapture &C : LE->captures())
        if (C.capturesVariable() && LE->isInitCapture(&C) && !Found)
          Found = Match(C.getCapturedVar());
    } else if (const auto *FD = N.get<FunctionDecl>()) {
      for (const ParmVarDecl *P : FD->parameters())
        if (!Found)
          Found = Match(P);
      // Outside a lambda, the variables of the enclosing function are
      // visible too (captured); outside a function, no local is.
      const auto *MD = dyn_cast<CXXMethodDecl>(FD);
      if (!Found && !(MD && MD->getParent()->isLambda()))
        return nullptr;
    }
    if (Found)
      return Found;
  }
  return nullptr;
}

/// The names of `ns::f`: qualifiers, then the name; Global for `::f`.
struct QualifiedName {
  bool Global = false;
  SmallVector<std::string, 2> Parts;
};

QualifiedName splitName(StringRef Text) {
  QualifiedName Q;
  std::string Compact;
  for (char C : Text)
    if (C != ' ')
      Compact += C;
  StringRef Rest(Compact);
  if (Rest.consume_front("::"))
    Q.Global = true;
  SmallVector<StringRef, 4> Pieces;
  Rest.split(Pieces, "::");
  for (StringRef P : Pieces)
    Q.Parts.push_back(P.str());
  return Q;
}

class Resolution {
public:
  Resolution(Sema &S, Diagnoser &Diags, const Clause &Cl, ReductionVar &RV,
             SmallVectorImpl<const Expr *> &Calls)
      : S(S), Ctx(S.getASTContext()), Diags(Diags), Cl(Cl), RV(RV), Calls(Calls) {}

  bool run(const Stmt *Loop, ArrayRef<const Stmt *> Instances);

private:
  /// Unqualified lookup from \p From outward through classes and
  /// namespaces (with their using-directives).
  void lookupUnqualified(LookupResult &R, DeclContext *From) {
    for (DeclContext *DC = From; DC; DC = DC->getParent()) {
      const auto *RD = dyn_cast<CXXRecordDecl>(DC);
      if (isa<FunctionDecl>(DC) || (RD && RD->isLambda()) || DC->isTransparentContext())
        continue;
      S.LookupQualifiedName(R, DC, /*InUnqualifiedLookup=*/true);
      if (!R.empty())
        return;
    }
  }
  /// Looks up \p Text (`f`, `ns::f`, `::f`) as it would be found at the
  /// loop, whose innermost function is \p From. False when a qualifier
  /// does not name a namespace or a class.
  bool lookup(StringRef Text, SourceLocation Loc, DeclContext *From, LookupResult &R,
              bool &Qualified);
  Expr *lvalue(QualType T) const {
    return new (Ctx) OpaqueValueExpr(Cl.Loc, T, VK_LValue);
  }
  std::string typeText(QualType T) const { return getTypeName(T, Ctx); }

  bool checkValueType(QualType T);
  bool resolveFunctions(DeclContext *From);
  bool resolveReducer(const Stmt *Loop, DeclContext *From);
  /// Builds the reduction's calls for value type \p T (and reducer type
  /// \p RT) in function \p Context.
  bool buildCalls(QualType T, QualType RT, FunctionDecl *Context);
  bool buildFunctionCall(const ClauseArg &Name, LookupResult &R, bool Qualified,
                         SmallVector<Expr *, 2> Args, StringRef Shape);
  /// 1: present and callable, 0: absent, -1: present but not callable.
  int buildMemberCall(const CXXRecordDecl *RD, QualType RT, StringRef Member,
                      SmallVector<Expr *, 2> Args);
  void keep(Expr *Call) {
    Calls.push_back(Call);
    if (const auto *CE = dyn_cast<CallExpr>(Call))
      if (FunctionDecl *FD = const_cast<FunctionDecl *>(CE->getDirectCallee()))
        Referenced.push_back(FD);
  }

  Sema &S;
  ASTContext &Ctx;
  Diagnoser &Diags;
  const Clause &Cl;
  ReductionVar &RV;
  SmallVectorImpl<const Expr *> &Calls;
  /// Form 1: the lookups of the join and the init function.
  std::unique_ptr<LookupResult> JoinLookup, InitLookup;
  bool JoinQualified = false, InitQualified = false;
  /// Functions the calls reach, to instantiate once the lookups are done.
  SmallVector<FunctionDecl *, 4> Referenced;
};

bool Resolution::lookup(StringRef Text, SourceLocation Loc, DeclContext *From,
                        LookupResult &R, bool &Qualified) {
  QualifiedName Q = splitName(Text);
  Qualified = Q.Global || Q.Parts.size() > 1;
  DeclContext *DC = Q.Global ? Ctx.getTranslationUnitDecl() : nullptr;
  for (size_t I = 0; I + 1 < Q.Parts.size(); ++I) {
    LookupResult QR(S, &Ctx.Idents.get(Q.Parts[I]), Loc, Sema::LookupNestedNameSpecifierName);
    if (DC)
      S.LookupQualifiedName(QR, DC);
    else
      lookupUnqualified(QR, From);
    const NamedDecl *ND = QR.isSingleResult() ? QR.getFoundDecl()->getUnderlyingDecl() : nullptr;
    DC = nullptr;
    if (const auto *NS = dyn_cast_or_null<NamespaceDecl>(ND))
      DC = const_cast<NamespaceDecl *>(NS);
    else if (const auto *Alias = dyn_cast_or_null<NamespaceAliasDecl>(ND))
      DC = const_cast<NamespaceDecl *>(Alias->getNamespace());
    else if (const auto *TD = dyn_cast_or_null<TypeDecl>(ND))
      if (CXXRecordDecl *RD = Ctx.getTypeDeclType(TD)->getAsCXXRecordDecl())
        DC = RD->getDefinition();
    if (!DC)
      return false;
  }
  R.setLookupName(&Ctx.Idents.get(Q.Parts.back()));
  if (DC)
    S.LookupQualifiedName(R, DC);
  else
    lookupUnqualified(R, From);
  return true;
}

bool Resolution::checkValueType(QualType T) {
  bool Ok = !T->isArrayType() && !T->isFunctionType() && !T->isVoidType() &&
            !T.isConstQualified() && S.isCompleteType(Cl.Loc, T);
  if (Ok) {
    // `T v{};` and `acc = x;` in the runtime and the generated code.
    Sema::SFINAETrap Trap(S, /*AccessCheckingSFINAE=*/true);
    TypeSourceInfo *TSI = Ctx.getTrivialTypeSourceInfo(T, Cl.Loc);
    ExprResult Init = S.BuildCXXTypeConstructExpr(TSI, Cl.Loc, {}, Cl.Loc,
                                                  /*ListInitialization=*/true);
    ExprResult Assign = S.BuildBinOp(nullptr, Cl.Loc, BO_Assign, lvalue(T), lvalue(T.withConst()));
    Ok = !Init.isInvalid() && !Assign.isInvalid() && !Trap.hasErrorOccurred();
  }
  if (!Ok)
    Diags.report(RV.Loc, Diag::err_user_reduction_var_type) << RV.Name << typeText(T);
  return Ok;
}

bool Resolution::resolveFunctions(DeclContext *From) {
  bool Ok = true;
  auto One = [&](const ClauseArg &Name, std::unique_ptr<LookupResult> &R, bool &Qualified) {
    R = std::make_unique<LookupResult>(S, DeclarationName(), Name.Loc, Sema::LookupOrdinaryName);
    if (!lookup(Name.Text, Name.Loc, From, *R, Qualified) || R->isAmbiguous()) {
      Diags.report(Name.Loc, Diag::err_user_fn_unresolved) << Name.Text;
      return false;
    }
    bool Functions = true, NonStatic = !R->empty();
    for (NamedDecl *D : *R) {
      const NamedDecl *U = D->getUnderlyingDecl();
      const FunctionDecl *FD = U->getAsFunction();
      Functions &= FD != nullptr;
      const auto *MD = dyn_cast_or_null<CXXMethodDecl>(FD);
      NonStatic &= MD && !MD->isStatic();
    }
    // Nothing found: argument-dependent lookup may still find it (checked
    // with the variable's type), but only for an unqualified name.
    if (!Functions || (R->empty() && Qualified)) {
      Diags.report(Name.Loc, Diag::err_user_fn_unresolved) << Name.Text;
      return false;
    }
    if (NonStatic) {
      Diags.report(Name.Loc, Diag::err_user_fn_member) << Name.Text;
      return false;
    }
    return true;
  };
  RV.UserJoin = Cl.UserArgs[0].Text;
  RV.UserInit = Cl.UserArgs[1].Text;
  Ok &= One(Cl.UserArgs[0], JoinLookup, JoinQualified);
  Ok &= One(Cl.UserArgs[1], InitLookup, InitQualified);
  return Ok;
}

bool Resolution::resolveReducer(const Stmt *Loop, DeclContext *From) {
  const ClauseArg &Name = Cl.UserArgs[0];
  RV.UserReducer = Name.Text;
  QualifiedName Q = splitName(Name.Text);
  const VarDecl *V = nullptr;
  if (!Q.Global && Q.Parts.size() == 1)
    V = findVisibleLocal(Q.Parts[0], Loop, Ctx);
  if (!V) {
    // A global or a static data member.
    LookupResult R(S, DeclarationName(), Name.Loc, Sema::LookupOrdinaryName);
    bool Qualified = false;
    if (lookup(Name.Text, Name.Loc, From, R, Qualified) && R.isSingleResult())
      V = dyn_cast<VarDecl>(R.getFoundDecl()->getUnderlyingDecl());
    bool IsFunction = !V && !R.empty() && !R.isAmbiguous() &&
                      llvm::all_of(R, [](NamedDecl *D) {
                        return D->getUnderlyingDecl()->getAsFunction() != nullptr;
                      });
    if (IsFunction) {
      Diags.report(Name.Loc, Diag::err_user_reducer_is_function) << Name.Text;
      return false;
    }
  }
  if (!V) {
    Diags.report(Name.Loc, Diag::err_user_reducer_unresolved) << Name.Text;
    return false;
  }
  RV.Reducer = V;
  QualType RT = V->getType().getNonReferenceType();
  if (!RT->isDependentType() && !RT->getAsCXXRecordDecl()) {
    Diags.report(Name.Loc, Diag::err_user_reducer_type) << Name.Text << typeText(RT);
    Diags.report(V->getLocation(), Diag::note_declared_here) << V->getName();
    return false;
  }
  return true;
}

bool Resolution::buildFunctionCall(const ClauseArg &Name, LookupResult &R, bool Qualified,
                                   SmallVector<Expr *, 2> Args, StringRef Shape) {
  ExprResult Call;
  {
    Sema::SFINAETrap Trap(S, /*AccessCheckingSFINAE=*/true);
    Expr *Fn = UnresolvedLookupExpr::Create(Ctx, R.getNamingClass(), NestedNameSpecifierLoc(),
                                            R.getLookupNameInfo(), /*RequiresADL=*/!Qualified,
                                            R.begin(), R.end(), false, false);
    Call = S.BuildCallExpr(nullptr, Fn, Name.Loc, Args, Name.Loc);
    if (Trap.hasErrorOccurred())
      Call = ExprError();
  }
  if (Call.isInvalid() || !isa<CallExpr>(Call.get()) ||
      !cast<CallExpr>(Call.get())->getDirectCallee()) {
    if (R.empty())
      Diags.report(Name.Loc, Diag::err_user_fn_unresolved) << Name.Text;
    else
      Diags.report(Name.Loc, Diag::err_user_fn_no_match) << Name.Text << (Name.Text + Shape).str();
    return false;
  }
  keep(Call.get());
  return true;
}

int Resolution::buildMemberCall(const CXXRecordDecl *RD, QualType RT, StringRef Member,
                                SmallVector<Expr *, 2> Args) {
  DeclarationNameInfo NameInfo(&Ctx.Idents.get(Member), Cl.Loc);
  LookupResult Present(S, NameInfo, Sema::LookupMemberName);
  S.LookupQualifiedName(Present, const_cast<CXXRecordDecl *>(RD));
  if (Present.empty())
    return 0;
  ExprResult Call;
  {
    Sema::SFINAETrap Trap(S, /*AccessCheckingSFINAE=*/true);
    CXXScopeSpec SS;
    Expr *Base = lvalue(RT.withConst());
    ExprResult Callee = S.BuildMemberReferenceExpr(Base, Base->getType(), Cl.Loc, /*IsArrow=*/false,
                                                   SS, SourceLocation(), nullptr, NameInfo,
                                                   nullptr, nullptr);
    if (!Callee.isInvalid())
      Call = S.BuildCallExpr(nullptr, Callee.get(), Cl.Loc, Args, Cl.Loc);
    if (Callee.isInvalid() || Trap.hasErrorOccurred())
      Call = ExprError();
  }
  if (Call.isInvalid() || !Call.get())
    return -1;
  keep(Call.get());
  return 1;
}

bool Resolution::buildCalls(QualType T, QualType RT, FunctionDecl *Context) {
  Sema::ContextRAII InFunction(S, Context);
  if (!checkValueType(T))
    return false;
  std::string Ty = typeText(T);
  if (!RV.Reducer) {
    bool Ok = buildFunctionCall(Cl.UserArgs[0], *JoinLookup, JoinQualified,
                                {lvalue(T), lvalue(T.withConst())},
                                "(" + Ty + " &, const " + Ty + " &)");
    return buildFunctionCall(Cl.UserArgs[1], *InitLookup, InitQualified, {lvalue(T)},
                             "(" + Ty + " &)") &&
           Ok;
  }
  const CXXRecordDecl *RD = RT->getAsCXXRecordDecl();
  if (!RD || !S.isCompleteType(Cl.Loc, RT)) {
    Diags.report(Cl.UserArgs[0].Loc, Diag::err_user_reducer_type)
        << RV.UserReducer << typeText(RT);
    return false;
  }
  RD = RD->getDefinition();
  bool Ok = true;
  // Missing members take Kokkos' defaults (hpprt::UserOp); a member that
  // is there but cannot be called that way would be silently skipped by
  // the runtime's detection, so it is an error.
  if (buildMemberCall(RD, RT, "init", {lvalue(T)}) < 0) {
    Diags.report(Cl.UserArgs[0].Loc, Diag::err_user_reducer_member)
        << RV.UserReducer << "init" << ("init(" + Ty + " &) const");
    Ok = false;
  }
  int Join = buildMemberCall(RD, RT, "join", {lvalue(T), lvalue(T.withConst())});
  if (Join < 0) {
    Diags.report(Cl.UserArgs[0].Loc, Diag::err_user_reducer_member)
        << RV.UserReducer << "join" << ("join(" + Ty + " &, const " + Ty + " &) const");
    Ok = false;
  } else if (Join == 0) {
    Sema::SFINAETrap Trap(S, /*AccessCheckingSFINAE=*/true);
    ExprResult Add = S.BuildBinOp(nullptr, Cl.Loc, BO_AddAssign, lvalue(T), lvalue(T.withConst()));
    if (Add.isInvalid() || Trap.hasErrorOccurred()) {
      Diags.report(Cl.UserArgs[0].Loc, Diag::err_user_reducer_no_join) << RV.UserReducer << Ty;
      Ok = false;
    } else {
      keep(Add.get());
    }
  }
  return Ok;
}

bool Resolution::run(const Stmt *Loop, ArrayRef<const Stmt *> Instances) {
  FunctionDecl *Fn = enclosingFunctions(Loop, Ctx).Inner;
  if (!Fn)
    return false;
  bool Ok;
  {
    Sema::ContextRAII InFunction(S, Fn);
    Ok = Cl.UserArgs.size() == 2 ? resolveFunctions(Fn) : resolveReducer(Loop, Fn);
  }
  if (!Ok)
    return false;
  QualType T = RV.Var->getType().getNonReferenceType();
  QualType RT = RV.Reducer ? RV.Reducer->getType().getNonReferenceType() : QualType();
  if (!T->isDependentType() && (RT.isNull() || !RT->isDependentType())) {
    Ok = buildCalls(T, RT, Fn);
  } else {
    // Each instantiation gets its own types (and its copies of the
    // variables, found by location).
    for (const Stmt *Inst : Instances) {
      const VarDecl *V = findInstantiatedVar(RV.Var, Inst, Ctx);
      const VarDecl *R = RV.Reducer ? findInstantiatedVar(RV.Reducer, Inst, Ctx) : nullptr;
      FunctionDecl *InstFn = enclosingFunctions(Inst, Ctx).Inner;
      if (!V || (RV.Reducer && !R) || !InstFn)
        continue;
      Ok &= buildCalls(V->getType().getNonReferenceType(),
                       R ? R->getType().getNonReferenceType() : QualType(), InstFn);
    }
  }
  // Outside any function context, so that the calls count as uses and
  // templates are instantiated for the call graph to see their bodies.
  for (FunctionDecl *FD : Referenced)
    S.MarkFunctionReferenced(Cl.Loc, FD);
  S.PerformPendingInstantiations();
  return Ok;
}

} // namespace

UserReductionResolver::UserReductionResolver(Sema &S, Diagnoser &Diags) : S(S), Diags(Diags) {}

bool UserReductionResolver::resolve(const Clause &Cl, const Stmt *Loop,
                                    ArrayRef<const Stmt *> Instances, ReductionVar &RV,
                                    SmallVectorImpl<const Expr *> &Calls) {
  return Resolution(S, Diags, Cl, RV, Calls).run(Loop, Instances);
}

} // namespace hpp
