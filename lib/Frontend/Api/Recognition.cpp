//===- Recognition.cpp - Finding hpp's API in the AST ---------------------===//

#include "Frontend/Api/Recognition.h"
#include "Analysis/VariableUses.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/CharInfo.h"
#include "clang/AST/StmtCXX.h"

using namespace clang;
using namespace llvm;

namespace hpp {
namespace api {

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

bool isTeamMemberType(QualType T) {
  const CXXRecordDecl *RD = T.getNonReferenceType()->getAsCXXRecordDecl();
  return RD && isHppFunction(RD, "TeamMember");
}

bool isStringLiteral(const Expr *A) {
  A = strip(A);
  if (const auto *C = dyn_cast<CXXConstructExpr>(A); C && C->getNumArgs() > 0)
    A = strip(C->getArg(0));
  return isa<clang::StringLiteral>(A);
}

const Decl *findInClassOrBases(const CXXRecordDecl *RD, function_ref<bool(const Decl *)> Match) {
  if (!RD || !RD->hasDefinition())
    return nullptr;
  RD = RD->getDefinition();
  for (const Decl *D : RD->decls())
    if (Match(D))
      return D;
  for (const CXXBaseSpecifier &B : RD->bases())
    if (const Decl *D = findInClassOrBases(B.getType()->getAsCXXRecordDecl(), Match))
      return D;
  return nullptr;
}

const CXXMethodDecl *findMethod(const CXXRecordDecl *RD, StringRef Name) {
  auto Method = [](const Decl *D) {
    if (const auto *FT = dyn_cast_or_null<FunctionTemplateDecl>(D))
      D = FT->getTemplatedDecl();
    return dyn_cast_or_null<CXXMethodDecl>(D);
  };
  return Method(findInClassOrBases(RD, [&](const Decl *D) {
    const CXXMethodDecl *M = Method(D);
    return M && M->getIdentifier() && M->getName() == Name;
  }));
}

SmallVector<const DeclRefExpr *, 8> refsTo(const Stmt *S, const ValueDecl *D) {
  SmallVector<const DeclRefExpr *, 8> Refs;
  forEachVarRef(S, [&](const DeclRefExpr *E) {
    if (E->getDecl() == D)
      Refs.push_back(E);
  });
  return Refs;
}

namespace {
struct NameCollector : RecursiveASTVisitor<NameCollector> {
  llvm::StringSet<> &Names;
  explicit NameCollector(llvm::StringSet<> &Names) : Names(Names) {}
  void add(DeclarationName N) {
    if (N.isIdentifier())
      Names.insert(N.getAsIdentifierInfo()->getName());
  }
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    add(E->getDecl()->getDeclName());
    return true;
  }
  bool VisitMemberExpr(MemberExpr *E) {
    add(E->getMemberDecl()->getDeclName());
    return true;
  }
  bool VisitOverloadExpr(OverloadExpr *E) {
    add(E->getName());
    return true;
  }
  bool VisitDependentScopeDeclRefExpr(DependentScopeDeclRefExpr *E) {
    add(E->getDeclName());
    return true;
  }
  bool VisitCXXDependentScopeMemberExpr(CXXDependentScopeMemberExpr *E) {
    add(E->getMember());
    return true;
  }
};
} // namespace

llvm::StringSet<> mentionedNames(const Expr *E, StringRef Text) {
  llvm::StringSet<> Names;
  NameCollector(Names).TraverseStmt(const_cast<Expr *>(E));
  // The text's identifiers: a macro's name, and anything the AST does not
  // keep a reference for.
  for (size_t I = 0; I < Text.size();) {
    if (!isAsciiIdentifierStart(Text[I])) {
      // Skip numbers whole (`1e5`, `0x1f`), so their letters are no names.
      if (isDigit(Text[I]))
        while (I < Text.size() && isAsciiIdentifierContinue(Text[I]))
          ++I;
      else
        ++I;
      continue;
    }
    size_t Start = I;
    while (I < Text.size() && isAsciiIdentifierContinue(Text[I]))
      ++I;
    Names.insert(Text.slice(Start, I));
  }
  return Names;
}

/// Whether \p S is the body of an unbraced if, else or loop, or the
/// statement of a case or a label.
static bool isUnbracedBody(const Stmt *S, const DynTypedNode &Parent) {
  if (const auto *If = Parent.get<IfStmt>())
    return If->getThen() == S || If->getElse() == S;
  if (const auto *For = Parent.get<ForStmt>())
    return For->getBody() == S;
  if (const auto *While = Parent.get<WhileStmt>())
    return While->getBody() == S;
  if (const auto *Do = Parent.get<DoStmt>())
    return Do->getBody() == S;
  if (const auto *Range = Parent.get<CXXForRangeStmt>())
    return Range->getBody() == S;
  if (const auto *Case = Parent.get<SwitchCase>())
    return Case->getSubStmt() == S;
  if (const auto *Label = Parent.get<LabelStmt>())
    return Label->getSubStmt() == S;
  return false;
}

std::optional<CallStatement> statementOf(const CallExpr *CE, ASTContext &Ctx) {
  const Stmt *S = CE;
  DynTypedNodeList Parents = Ctx.getParents(*CE);
  if (Parents.size() == 1)
    if (const auto *W = Parents[0].get<ExprWithCleanups>()) {
      S = W;
      Parents = Ctx.getParents(*W);
    }
  for (const DynTypedNode &P : Parents) {
    if (P.get<CompoundStmt>())
      return CallStatement{S, /*Unbraced=*/false};
    if (isUnbracedBody(S, P))
      return CallStatement{S, /*Unbraced=*/true};
  }
  return std::nullopt;
}

bool isForwarding(const CallExpr *CE) {
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

std::optional<ForwardedCall> forwardedCall(const CallExpr *CE) {
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
  if (!Inner || !isForwarding(Inner))
    return std::nullopt;
  ForwardedCall Call;
  Call.Kind = apiKindOf(Inner);
  if (Call.Kind == ApiKind::None)
    return std::nullopt;
  for (const Expr *A : Inner->arguments()) {
    if (isStringLiteral(A)) {
      Call.Args.push_back(A);
      continue;
    }
    const auto *P = cast<ParmVarDecl>(cast<DeclRefExpr>(strip(A))->getDecl());
    unsigned Index = P->getFunctionScopeIndex();
    if (Index >= CE->getNumArgs() || isa<CXXDefaultArgExpr>(CE->getArg(Index)))
      return std::nullopt;
    Call.Args.push_back(CE->getArg(Index));
  }
  return Call;
}

} // namespace api
} // namespace hpp
