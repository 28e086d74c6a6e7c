//===- StatementScope.cpp - Clang re-entered at one statement -------------===//

#include "Analysis/StatementScope.h"
#include "Basic/Diagnostics.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Sema/Lookup.h"
#include "clang/Sema/Scope.h"

using namespace clang;
using namespace llvm;

namespace hpp {
namespace {

/// The local declarations visible where \p From starts, outermost first so
/// that a later one shadows an earlier one: declarations before it in the
/// enclosing blocks, loop and `if` headers, parameters, lambda init
/// captures, up to the first function that is not a lambda.
SmallVector<NamedDecl *, 16> visibleLocals(const Stmt *From, ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  auto Offset = [&](SourceLocation L) { return SM.getFileOffset(SM.getExpansionLoc(L)); };
  const unsigned Start = Offset(From->getBeginLoc());
  SmallVector<SmallVector<NamedDecl *, 4>, 8> Levels;
  auto AddDeclStmt = [](const Stmt *S, SmallVectorImpl<NamedDecl *> &Out) {
    if (const auto *DS = dyn_cast_or_null<DeclStmt>(S))
      for (Decl *D : DS->decls())
        if (auto *ND = dyn_cast<NamedDecl>(D); ND && ND->getDeclName())
          Out.push_back(ND);
  };
  auto AddVar = [](const VarDecl *V, SmallVectorImpl<NamedDecl *> &Out) {
    if (V && V->getDeclName())
      Out.push_back(const_cast<VarDecl *>(V));
  };
  DynTypedNode N = DynTypedNode::create(*From);
  for (DynTypedNodeList Ps = Ctx.getParents(N); !Ps.empty(); Ps = Ctx.getParents(N)) {
    N = Ps[0];
    SmallVector<NamedDecl *, 4> &Level = Levels.emplace_back();
    if (const auto *CS = N.get<CompoundStmt>()) {
      for (const Stmt *S : CS->body()) {
        if (Offset(S->getBeginLoc()) >= Start || Offset(S->getEndLoc()) >= Start)
          break;
        AddDeclStmt(S, Level);
      }
    } else if (const auto *For = N.get<ForStmt>()) {
      AddDeclStmt(For->getInit(), Level);
      AddVar(For->getConditionVariable(), Level);
    } else if (const auto *If = N.get<IfStmt>()) {
      AddDeclStmt(If->getInit(), Level);
      AddVar(If->getConditionVariable(), Level);
    } else if (const auto *Switch = N.get<SwitchStmt>()) {
      AddDeclStmt(Switch->getInit(), Level);
      AddVar(Switch->getConditionVariable(), Level);
    } else if (const auto *While = N.get<WhileStmt>()) {
      AddVar(While->getConditionVariable(), Level);
    } else if (const auto *Range = N.get<CXXForRangeStmt>()) {
      AddDeclStmt(Range->getInit(), Level);
      AddVar(Range->getLoopVariable(), Level);
    } else if (const auto *LE = N.get<LambdaExpr>()) {
      for (const LambdaCapture &C : LE->captures())
        if (C.capturesVariable() && LE->isInitCapture(&C))
          if (const auto *V = dyn_cast<VarDecl>(C.getCapturedVar()))
            AddVar(V, Level);
    } else if (const auto *FD = N.get<FunctionDecl>()) {
      for (const ParmVarDecl *P : FD->parameters())
        AddVar(P, Level);
      const auto *MD = dyn_cast<CXXMethodDecl>(FD);
      if (!(MD && MD->getParent()->isLambda()))
        break;
    }
  }
  SmallVector<NamedDecl *, 16> Out;
  for (auto &Level : llvm::reverse(Levels))
    Out.append(Level.begin(), Level.end());
  return Out;
}

} // namespace

/// A lambda introducer among \p Toks: a `[` that does not follow an
/// operand, so it does not subscript.
bool hasLambda(ArrayRef<Token> Toks) {
  for (size_t I = 0; I < Toks.size(); ++I)
    if (Toks[I].is(tok::l_square) &&
        (I == 0 || !Toks[I - 1].isOneOf(tok::identifier, tok::r_paren, tok::r_square,
                                        tok::numeric_constant, tok::string_literal)))
      return true;
  return false;
}

StatementScope::StatementScope(Sema &S, const Stmt *At, FunctionDecl *Inner)
    : S(S), P(parser(S, Own)), SavedTU(S.TUScope), Context(S, Inner),
      Unevaluated(S, Sema::ExpressionEvaluationContext::Unevaluated) {
  SmallVector<DeclContext *, 8> Chain;
  for (DeclContext *DC = Inner->getParent(); DC; DC = DC->getParent())
    Chain.push_back(DC);
  for (DeclContext *DC : llvm::reverse(Chain)) {
    if (DC->isTranslationUnit()) {
      // The translation unit's scope is the parser's own while
      // ParseAST runs (the driver analyses from HandleTranslationUnit).
      if (!P.getCurScope()) {
        enter(Scope::DeclScope, DC);
        S.TUScope = P.getCurScope();
      }
      continue;
    }
    const auto *RD = dyn_cast<CXXRecordDecl>(DC);
    if (DC->isTransparentContext() || DC->isFunctionOrMethod() || (RD && RD->isLambda()))
      continue;
    S.ActOnReenterTemplateScope(cast<Decl>(DC), [&] { return enter(Scope::TemplateParamScope, nullptr); });
    enter(RD ? Scope::ClassScope | Scope::DeclScope : Scope::DeclScope, DC);
  }
  // Template parameters of the functions around the statement.
  for (const DeclContext *DC = Inner; DC && DC->isFunctionOrMethod(); DC = DC->getParent()->getParent())
    S.ActOnReenterTemplateScope(const_cast<Decl *>(cast<Decl>(DC)),
                                [&] { return enter(Scope::TemplateParamScope, nullptr); });
  Scope *Fn = enter(Scope::FnScope | Scope::DeclScope | Scope::CompoundStmtScope, Inner);
  for (NamedDecl *D : visibleLocals(At, S.getASTContext())) {
    Fn->AddDecl(D);
    S.IdResolver.AddDecl(D);
  }
}

StatementScope::~StatementScope() {
  // Take every declaration out before leaving, so that Sema neither
  // diagnoses them again (unused variables) nor keeps them visible.
  for (; Entered; --Entered) {
    Scope *Sc = P.getCurScope();
    for (Decl *D : SmallVector<Decl *, 8>(Sc->decls().begin(), Sc->decls().end())) {
      Sc->RemoveDecl(D);
      if (auto *ND = dyn_cast<NamedDecl>(D))
        S.IdResolver.RemoveDecl(ND);
    }
    P.ExitScope();
  }
  S.TUScope = SavedTU;
  if (Own)
    S.ParseTypeFromStringCallback = nullptr;
}

Expr *StatementScope::parse(ArrayRef<Token> Toks, StringRef ClauseName, Diagnoser &Diags) {
  SmallVector<Token, 8> Stream(Toks.begin(), Toks.end());
  Token Eof;
  Eof.startToken();
  Eof.setKind(tok::eof);
  Eof.setLocation(Toks.back().getEndLoc());
  Stream.push_back(Eof);
  S.getPreprocessor().EnterTokenStream(Stream, /*DisableMacroExpansion=*/true,
                                       /*IsReinject=*/true);
  P.ConsumeToken();
  // Undeclared names become typo-corrected expressions, diagnosed when
  // the full expression is done.
  ExprResult R = S.CorrectDelayedTyposInExpr(P.ParseExpression());
  if (R.isUsable() && !P.getCurToken().is(tok::eof)) {
    Diags.report(P.getCurToken().getLocation(), Diag::err_clause_extra_tokens) << ClauseName;
    R = ExprError();
  }
  while (!P.getCurToken().is(tok::eof))
    P.ConsumeAnyToken();
  return R.isUsable() ? R.get() : nullptr;
}

Parser &StatementScope::parser(Sema &S, std::unique_ptr<Parser> &Own) {
  if (auto *Live = static_cast<Parser *>(S.getPreprocessor().getCodeCompletionHandler()))
    return *Live;
  Own = std::make_unique<Parser>(S.getPreprocessor(), S, /*SkipFunctionBodies=*/false);
  return *Own;
}

Scope *StatementScope::enter(unsigned Flags, DeclContext *Entity) {
  P.EnterScope(Flags);
  ++Entered;
  if (Entity)
    P.getCurScope()->setEntity(Entity);
  return P.getCurScope();
}

} // namespace hpp
