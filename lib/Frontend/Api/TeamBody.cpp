//===- TeamBody.cpp - Team bodies -----------------------------------------===//
//
// Part of the parallel_* lowering; see Lowerer.h.
//
//===----------------------------------------------------------------------===//

#include "Frontend/Api/Lowerer.h"
#include "Basic/ASTUtils.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/Support/FormatVariadic.h"

using namespace clang;
using namespace llvm;

namespace hpp {
namespace api {

/// Rewrites the uses of a team lambda's member: league_rank() becomes the
/// league index, team_barrier() a barrier, team_scratch(l).get<T>(n) and
/// thread_scratch(l).get<T>(n) scratch arrays. Any other use is refused.
bool Lowerer::lowerTeamMember(const Stmt *Body, const ParmVarDecl *Member,
                              const std::string &LeagueIndex,
                              const std::string &LeagueSize) {
  bool Ok = true;
  for (const DeclRefExpr *Ref : refsTo(Body, Member)) {
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
      apply(Edit.replace(MC->getBeginLoc(), getEndOfStmt(MC, Ctx),
                         pragmaAt(MC->getBeginLoc(), "#pragma hpp barrier") + ";"),
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
      std::string Pragma = formatv("#pragma hpp scratch level({0}) per({1})",
                                   text(MC->getArg(0)),
                                   Method == "team_scratch" ? "team" : "thread");
      std::string Text = pragmaAt(DS->getBeginLoc(), Pragma) +
                         formatv("{0} {1}[{2}];", Elem, Var->getName(), text(Get->getArg(0)))
                             .str();
      apply(Edit.replace(DS->getBeginLoc(), getEndOfStmt(DS, Ctx), Text), DS->getBeginLoc());
      continue;
    }
    fail(Ref->getLocation(), ("'" + Member->getName() + "." + Method + "' in a team body").str());
    Ok = false;
  }
  return Ok;
}

void Lowerer::lowerSingle(const CallExpr *CE, const Stmt *S, bool Unbraced) {
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
  std::string Open = pragmaAt(S->getBeginLoc(), Pragma) + "{ ", Close = " }";
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
  lowerReturns(C, Body);
  // A pragma cannot be the body of an unbraced if or loop.
  if (Unbraced) {
    Open = "{" + Open;
    Close += "}";
  }
  apply(Edit.replace(S->getBeginLoc(), Body->getLBracLoc(), Open), S->getBeginLoc());
  apply(Edit.replace(Body->getRBracLoc().getLocWithOffset(1), getEndOfStmt(S, Ctx), Close),
        S->getBeginLoc());
}

/// Whether \p D is a member of \p RD or of one of its bases.
static bool isMemberOf(const Decl *D, const CXXRecordDecl *RD) {
  const auto *Owner = dyn_cast<CXXRecordDecl>(D->getDeclContext()->getRedeclContext());
  if (const auto *Enum = dyn_cast<EnumDecl>(D->getDeclContext()))
    Owner = dyn_cast<CXXRecordDecl>(Enum->getDeclContext());
  if (!Owner || !RD->hasDefinition())
    return false;
  Owner = Owner->getCanonicalDecl();
  return Owner == RD->getCanonicalDecl() || RD->getDefinition()->isDerivedFrom(Owner);
}

/// `::ns::` for a declaration of namespace scope (named namespaces only:
/// the members of anonymous and inline ones are found through their
/// parent), or "" for anything else.
static std::string namespaceQualifier(const Decl *D) {
  const DeclContext *DC = D->getDeclContext();
  if (const auto *Enum = dyn_cast<EnumDecl>(DC); Enum && !Enum->isScoped())
    DC = Enum->getDeclContext();
  DC = DC->getRedeclContext();
  if (!DC->isFileContext())
    return "";
  std::string Q = "::";
  SmallVector<StringRef, 4> Names;
  for (; !DC->isTranslationUnit(); DC = DC->getParent()) {
    const auto *NS = dyn_cast<NamespaceDecl>(DC);
    if (!NS)
      return "";
    if (!NS->isAnonymousNamespace() && !NS->isInline())
      Names.push_back(NS->getName());
  }
  for (StringRef N : llvm::reverse(Names))
    Q += (N + "::").str();
  return Q;
}

bool Lowerer::rebindFunctorBody(const Body &B) {
  struct Finder : RecursiveASTVisitor<Finder> {
    const CXXRecordDecl *Functor;
    SmallVector<const MemberExpr *, 8> Implicit;
    SmallVector<const DeclRefExpr *, 4> Statics;
    SmallVector<std::pair<SourceLocation, const NamedDecl *>, 8> Free;
    SmallVector<const CXXThisExpr *, 4> Explicit;
    SmallVector<const LambdaExpr *, 2> Lambdas;
    bool shouldVisitLambdaBody() const { return true; }
    bool VisitMemberExpr(MemberExpr *ME) {
      if (ME->isImplicitAccess())
        Implicit.push_back(ME);
      return true;
    }
    bool VisitCXXThisExpr(CXXThisExpr *E) {
      if (!E->isImplicit())
        Explicit.push_back(E);
      return true;
    }
    bool VisitLambdaExpr(LambdaExpr *LE) {
      Lambdas.push_back(LE);
      return true;
    }
    bool VisitDeclRefExpr(DeclRefExpr *E) {
      const ValueDecl *D = E->getDecl();
      if (E->hasQualifier() || !D->getIdentifier() || !E->getNameInfo().getName().isIdentifier())
        return true;
      // Static members and enumerators named without a qualifier.
      const auto *Var = dyn_cast<VarDecl>(D);
      const auto *Method = dyn_cast<CXXMethodDecl>(D);
      bool Static = isa<EnumConstantDecl>(D) || (Var && Var->isStaticDataMember()) ||
                    (Method && Method->isStatic());
      if (Static && isMemberOf(D, Functor))
        Statics.push_back(E);
      else if (!isa<ParmVarDecl>(D) && !(Var && Var->isLocalVarDecl()))
        Free.push_back({E->getLocation(), D});
      return true;
    }
    bool VisitElaboratedTypeLoc(ElaboratedTypeLoc TL) {
      if (TL.getQualifierLoc())
        return true;
      QualType T = TL.getNamedTypeLoc().getType();
      const NamedDecl *D = nullptr;
      if (const auto *Tag = T->getAs<TagType>())
        D = Tag->getDecl();
      else if (const auto *TD = T->getAs<TypedefType>())
        D = TD->getDecl();
      else if (const auto *TS = T->getAs<TemplateSpecializationType>())
        D = TS->getTemplateName().getAsTemplateDecl();
      if (D && D->getIdentifier() && !isMemberOf(D, Functor))
        Free.push_back({TL.getNamedTypeLoc().getBeginLoc(), D});
      return true;
    }
  } F;
  F.Functor = B.Functor;
  F.TraverseStmt(const_cast<CompoundStmt *>(B.Stmt));
  bool Ok = true;
  auto Refuse = [&](SourceLocation Loc, const Twine &What) {
    fail(Loc, What.str());
    Ok = false;
  };
  llvm::DenseSet<unsigned> Reported; // A macro argument may expand twice.
  auto InMacro = [&](SourceLocation Loc, StringRef Name) {
    if (!Loc.isMacroID())
      return false;
    if (!Reported.insert(SM.getFileLoc(Loc).getRawEncoding()).second)
      return true;
    Refuse(Loc, "a functor body that names '" + Name + "' inside a macro (the body runs at "
                "the call, where hppc must rewrite the name)");
    return true;
  };
  // A member goes through the copy; one of a base class keeps its class
  // (a member of the same name in the functor would hide it), unless it is
  // a virtual function, which the copy dispatches as `this` did.
  auto Reach = [&](SourceLocation Loc, const NamedDecl *D) {
    if (InMacro(Loc, D->getName()))
      return;
    if (D->getAccess() != AS_public && D->getAccess() != AS_none) {
      Refuse(Loc, "a functor whose body uses its non-public member '" + D->getName() +
                      "' (the body runs at the call)");
      return;
    }
    std::string Prefix = B.Var + ".";
    const auto *Owner = dyn_cast<CXXRecordDecl>(D->getDeclContext());
    const auto *Method = dyn_cast<CXXMethodDecl>(D);
    if (Owner && Owner->getCanonicalDecl() != B.Functor->getCanonicalDecl() &&
        !(Method && Method->isVirtual()) && isa<FieldDecl, CXXMethodDecl, VarDecl>(D))
      Prefix += getTypeName(Ctx.getRecordType(Owner), Ctx) + "::";
    apply(Edit.insert(Loc, Prefix), Loc);
  };
  for (const MemberExpr *ME : F.Implicit)
    Reach(ME->getBeginLoc(), ME->getMemberDecl());
  for (const DeclRefExpr *E : F.Statics)
    Reach(E->getBeginLoc(), E->getDecl());
  // Names of namespace scope are qualified: at the call, a local or a
  // member of the launching class of the same name would capture them.
  for (auto [Loc, D] : F.Free) {
    std::string Q = namespaceQualifier(D);
    if (Q.empty() || Loc.isMacroID())
      continue; // (Macros expand alike at the call.)
    apply(Edit.insert(Loc, Q), Loc);
  }
  // `this` is the copy's address; a lambda capturing it captures the copy.
  for (const CXXThisExpr *E : F.Explicit) {
    bool Capture = false;
    for (const LambdaExpr *LE : F.Lambdas)
      for (const LambdaCapture &C : LE->explicit_captures())
        Capture |= C.capturesThis() && (C.getLocation() == E->getBeginLoc() ||
                                        C.getLocation().getLocWithOffset(1) == E->getBeginLoc());
    if (Capture || InMacro(E->getBeginLoc(), "this"))
      continue;
    apply(Edit.replace(E->getBeginLoc(), E->getBeginLoc().getLocWithOffset(4),
                       "(&" + B.Var + ")"),
          E->getBeginLoc());
  }
  for (const LambdaExpr *LE : F.Lambdas)
    for (const LambdaCapture &C : LE->explicit_captures()) {
      if (!C.capturesThis() || InMacro(C.getLocation(), "this"))
        continue;
      // `[this]` captures the copy by reference, `[*this]` by value.
      bool Star = C.getCaptureKind() == LCK_StarThis;
      SourceLocation Loc = C.getLocation();
      if (Star && SM.getCharacterData(Loc)[0] != '*')
        Loc = Loc.getLocWithOffset(-1);
      apply(Edit.replace(Loc, Loc.getLocWithOffset(Star ? 5 : 4),
                         (Star ? "" : "&") + B.Var),
            Loc);
    }
  for (const auto &[P, Name] : B.Renames)
    for (const DeclRefExpr *Ref : refsTo(B.Stmt, P)) {
      if (InMacro(Ref->getLocation(), P->getName()))
        continue;
      apply(Edit.replace(Ref->getLocation(),
                         Ref->getLocation().getLocWithOffset(P->getName().size()), Name),
            Ref->getLocation());
    }
  return Ok;
}

std::optional<std::string> Lowerer::functorTypeAliases(const CallExpr *CE, const Body &B) {
  // The names the body uses that only mean something inside the class: its
  // member types and, in a class template, its template parameters.
  struct Finder : RecursiveASTVisitor<Finder> {
    const CXXRecordDecl *Functor;
    SmallVector<const NamedDecl *, 4> Types;
    SmallVector<const NonTypeTemplateParmDecl *, 2> Values;
    bool shouldVisitLambdaBody() const { return true; }
    void add(const NamedDecl *D) {
      if (!llvm::is_contained(Types, D))
        Types.push_back(D);
    }
    bool VisitTypedefTypeLoc(TypedefTypeLoc TL) {
      if (isMemberOf(TL.getTypedefNameDecl(), Functor))
        add(TL.getTypedefNameDecl());
      return true;
    }
    bool VisitTagTypeLoc(TagTypeLoc TL) {
      if (TL.getDecl() != Functor && isMemberOf(TL.getDecl(), Functor))
        add(TL.getDecl());
      return true;
    }
    bool VisitSubstTemplateTypeParmTypeLoc(SubstTemplateTypeParmTypeLoc TL) {
      add(TL.getTypePtr()->getReplacedParameter());
      return true;
    }
    bool VisitSubstNonTypeTemplateParmExpr(SubstNonTypeTemplateParmExpr *E) {
      if (!llvm::is_contained(Values, E->getParameter()))
        Values.push_back(E->getParameter());
      return true;
    }
  } F;
  F.Functor = B.Functor;
  F.TraverseStmt(const_cast<CompoundStmt *>(B.Stmt));

  // A name that is a template parameter where the call is cannot be
  // redeclared there.
  SmallVector<StringRef, 4> Taken;
  const DeclContext *Where = enclosingFunctions(CE, Ctx).Inner;
  for (const DeclContext *DC = Where; DC; DC = DC->getParent()) {
    const TemplateParameterList *TPL = nullptr;
    if (const auto *FD = dyn_cast<FunctionDecl>(DC); FD && FD->getDescribedFunctionTemplate())
      TPL = FD->getDescribedFunctionTemplate()->getTemplateParameters();
    else if (const auto *RD = dyn_cast<CXXRecordDecl>(DC); RD && RD->getDescribedClassTemplate())
      TPL = RD->getDescribedClassTemplate()->getTemplateParameters();
    if (TPL)
      for (const NamedDecl *P : *TPL)
        if (P->getIdentifier())
          Taken.push_back(P->getName());
  }

  const auto *Spec = dyn_cast<ClassTemplateSpecializationDecl>(B.Functor);
  std::string ClassName = getTypeName(Ctx.getRecordType(B.Functor), Ctx);
  std::string Out;
  auto Declare = [&](const NamedDecl *D, const std::string &Text) {
    if (llvm::is_contained(Taken, D->getName())) {
      fail(CE->getBeginLoc(), "a team functor whose body names '" + D->getName().str() +
                                  "', a template parameter where it is launched");
      return false;
    }
    Out += Text;
    return true;
  };
  for (const NamedDecl *D : F.Types) {
    if (!D->getIdentifier())
      continue;
    std::string Text;
    if (const auto *Param = dyn_cast<TemplateTypeParmDecl>(D)) {
      if (!Spec || Param->getIndex() >= Spec->getTemplateArgs().size())
        continue;
      const TemplateArgument &A = Spec->getTemplateArgs()[Param->getIndex()];
      if (A.getKind() != TemplateArgument::Type)
        continue;
      Text = formatv("using {0} = {1}; ", D->getName(), getTypeName(A.getAsType(), Ctx));
    } else {
      if (D->getAccess() == AS_private || D->getAccess() == AS_protected) {
        fail(CE->getBeginLoc(), "a functor whose body uses its non-public member type '" +
                                    D->getName().str() + "' (the body runs at the call)");
        return std::nullopt;
      }
      Text = formatv("using {0} = {1}::{0}; ", D->getName(), ClassName);
    }
    if (!Declare(D, Text))
      return std::nullopt;
  }
  for (const NonTypeTemplateParmDecl *P : F.Values) {
    if (!Spec || !P->getIdentifier() || P->getIndex() >= Spec->getTemplateArgs().size())
      continue;
    const TemplateArgument &A = Spec->getTemplateArgs()[P->getIndex()];
    std::string Value;
    raw_string_ostream OS(Value);
    A.print(Ctx.getPrintingPolicy(), OS, /*IncludeType=*/true);
    if (!Declare(P, formatv("constexpr {0} {1} = {2}; ", getTypeName(P->getType(), Ctx),
                            P->getName(), OS.str())
                        .str()))
      return std::nullopt;
  }
  return Out;
}

/// A team functor's operator() body is lowered with an editor of its own
/// (the class keeps its text, and each launch gets a fresh copy), then
/// copied to the call as the team loop's body, under `#line` directives that keep
/// the class's line numbers:
///
///   { const auto hpp_functor = Contract{a, n};
///   #pragma hpp team
///   for (int hpp_league0 = 0; hpp_league0 < L; ++hpp_league0)
///   #line 12 "file.cpp"
///   { using value_type = Contract::value_type; ... hpp_functor.a[hpp_league0] ... }
///   }
std::optional<std::string>
Lowerer::inlineTeamFunctor(const CallExpr *CE, const Body &B, ArrayRef<Accumulator> Accs,
                           const std::string &LeagueIndex, const std::string &LeagueSize) {
  return inlineFunctor(CE, B, [&](Lowerer &Copy) {
    bool Ok = Copy.lowerTeamMember(B.Stmt, B.Params[0], LeagueIndex, LeagueSize);
    for (unsigned R = 0; R < Accs.size(); ++R)
      if (!Accs[R].Fields.empty())
        Ok = ReducerReader(Copy.C).lowerFields(B.Stmt, B.Params[1 + R], Accs[R]) && Ok;
    return Ok;
  });
}

std::optional<std::string>
Lowerer::inlineFunctor(const CallExpr *CE, const Body &B,
                       function_ref<bool(Lowerer &Copy)> LowerUses) {
  if (B.Functor->isDependentContext() || B.Stmt->getBeginLoc().isMacroID()) {
    fail(CE->getBeginLoc(), "this functor");
    return std::nullopt;
  }
  std::optional<std::string> Aliases = functorTypeAliases(CE, B);
  if (!Aliases)
    return std::nullopt;
  unsigned ErrorsBefore = Diags.numErrors();
  LoweringContext CopyContext(Ctx, Diags, C.Names);
  Lowerer Copy(CopyContext);
  // Members first: the nested calls read their arguments with these edits.
  bool Ok = Copy.rebindFunctorBody(B);
  Ok = LowerUses(Copy) && Ok;
  Ok = lowerReturns(CopyContext, B.Stmt) && Ok;
  Copy.TraverseStmt(const_cast<CompoundStmt *>(B.Stmt));
  if (!Ok || Diags.numErrors() != ErrorsBefore)
    return std::nullopt;
  SourceLocation LBrac = B.Stmt->getLBracLoc();
  return "\n" + Edit.lineDirective(LBrac) + "\n{ " + *Aliases +
         CopyContext.Edit.rewrittenText(LBrac.getLocWithOffset(1),
                                 B.Stmt->getRBracLoc().getLocWithOffset(1));
}

} // namespace api
} // namespace hpp
