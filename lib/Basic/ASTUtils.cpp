//===- ASTUtils.cpp - Small AST helpers shared by the analyses ------------===//

#include "Basic/ASTUtils.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/Stmt.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace hpp {

std::string getSourceText(SourceRange R, const ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  CharSourceRange CR = CharSourceRange::getTokenRange(R);
  CR = Lexer::makeFileCharRange(CR, SM, Ctx.getLangOpts());
  if (CR.isInvalid())
    return "";
  return Lexer::getSourceText(CR, SM, Ctx.getLangOpts()).str();
}

/// Statements whose source range stops before their terminating `;`.
static bool endsWithSemicolon(const Stmt *S) {
  return isa<Expr>(S) || isa<DeclStmt>(S) || isa<ReturnStmt>(S) ||
         isa<BreakStmt>(S) || isa<ContinueStmt>(S) || isa<GotoStmt>(S) ||
         isa<DoStmt>(S) || isa<NullStmt>(S);
}

SourceLocation getEndOfStmt(const Stmt *S, const ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  const LangOptions &LO = Ctx.getLangOpts();
  // Compound statements of loops and ifs end at their last sub-statement.
  while (true) {
    if (const auto *F = dyn_cast<ForStmt>(S))
      S = F->getBody();
    else if (const auto *W = dyn_cast<WhileStmt>(S))
      S = W->getBody();
    else if (const auto *I = dyn_cast<IfStmt>(S))
      S = I->getElse() ? I->getElse() : I->getThen();
    else if (const auto *R = dyn_cast<CXXForRangeStmt>(S))
      S = R->getBody();
    else if (const auto *A = dyn_cast<AttributedStmt>(S))
      S = A->getSubStmt();
    else
      break;
  }
  SourceLocation End = SM.getExpansionLoc(S->getEndLoc());
  SourceLocation AfterTok = Lexer::getLocForEndOfToken(End, 0, SM, LO);
  if (!endsWithSemicolon(S) || isa<NullStmt>(S))
    return AfterTok;
  // DeclStmt ranges include the ';' already.
  if (isa<DeclStmt>(S))
    return AfterTok;
  std::optional<Token> Next = Lexer::findNextToken(End, SM, LO);
  if (Next && Next->is(tok::semi))
    return Next->getEndLoc();
  return AfterTok;
}

const VarDecl *getReferencedVar(const Expr *E) {
  if (!E)
    return nullptr;
  E = E->IgnoreParenImpCasts();
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    return dyn_cast<VarDecl>(DRE->getDecl());
  return nullptr;
}

bool rangeContains(SourceRange R, SourceLocation Loc, const SourceManager &SM) {
  Loc = SM.getExpansionLoc(Loc);
  SourceLocation B = SM.getExpansionLoc(R.getBegin());
  SourceLocation E = SM.getExpansionLoc(R.getEnd());
  return !SM.isBeforeInTranslationUnit(Loc, B) &&
         !SM.isBeforeInTranslationUnit(E, Loc);
}

std::string getTypeName(QualType T, const ASTContext &Ctx) {
  PrintingPolicy P(Ctx.getLangOpts());
  P.SuppressTagKeyword = true;
  P.FullyQualifiedName = true;
  P.PrintCanonicalTypes = false;
  return T.getAsString(P);
}

unsigned getLine(SourceLocation Loc, const SourceManager &SM) {
  // Presumed: the lowered parallel_* calls keep the user's line numbers
  // through #line directives.
  return SM.getPresumedLoc(SM.getExpansionLoc(Loc)).getLine();
}

EnclosingFunctions enclosingFunctions(const Stmt *S, ASTContext &Ctx) {
  EnclosingFunctions E;
  DynTypedNode N = DynTypedNode::create(*S);
  for (DynTypedNodeList Ps = Ctx.getParents(N); !Ps.empty(); Ps = Ctx.getParents(N)) {
    N = Ps[0];
    if (const auto *FD = N.get<FunctionDecl>()) {
      if (!E.Inner)
        E.Inner = const_cast<FunctionDecl *>(FD);
      E.Outer = const_cast<FunctionDecl *>(FD);
    }
  }
  return E;
}

bool catchesThrow(const CXXTryStmt &Try, const CXXThrowExpr &Throw) {
  const Expr *E = Throw.getSubExpr();
  QualType Thrown = E ? E->getType().getUnqualifiedType() : QualType();
  for (unsigned I = 0; I < Try.getNumHandlers(); ++I) {
    QualType Caught = Try.getHandler(I)->getCaughtType();
    if (Caught.isNull())
      return true; // catch (...)
    if (Thrown.isNull())
      continue;
    Caught = Caught.getNonReferenceType().getUnqualifiedType();
    if (Caught.getCanonicalType() == Thrown.getCanonicalType())
      return true;
    const auto *From = Thrown->getAsCXXRecordDecl();
    const auto *To = Caught->getAsCXXRecordDecl();
    if (From && To && From->hasDefinition() && From->isDerivedFrom(To))
      return true;
  }
  return false;
}

} // namespace hpp
