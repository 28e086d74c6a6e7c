//===- ASTUtils.cpp - Small AST helpers shared by the analyses ------------===//

#include "Basic/ASTUtils.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/Stmt.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/FoldingSet.h"

using namespace clang;
using namespace llvm;

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

/// The statement whose last token ends \p S: loops and ifs end with their
/// body.
static const Stmt *lastSubStmt(const Stmt *S) {
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
      return S;
  }
}

/// The last token of \p S: the `;` that ends it when its range stops
/// before one. A macro may hold the `;` (`#define STEP x += 1;`), so it is
/// looked for where the last token is, in a macro's expansion first, and
/// only in the file once the expansion ends.
static SourceLocation lastTokenOf(const Stmt *S, const SourceManager &SM,
                                  const LangOptions &LO) {
  S = lastSubStmt(S);
  SourceLocation End = S->getEndLoc();
  // DeclStmt and NullStmt ranges include the ';' already.
  if (!endsWithSemicolon(S) || isa<NullStmt>(S) || isa<DeclStmt>(S))
    return End;
  SourceLocation Loc = End;
  while (Loc.isMacroID()) {
    SourceLocation Spelling = SM.getSpellingLoc(Loc);
    unsigned Len = Lexer::MeasureTokenLength(Spelling, SM, LO);
    SourceLocation ExpansionEnd;
    if (SM.isAtEndOfImmediateMacroExpansion(Loc.getLocWithOffset(Len), &ExpansionEnd)) {
      Loc = ExpansionEnd;
      continue;
    }
    // More of this expansion follows. Within one expansion, locations map
    // to spellings by a constant offset, so the next spelled token is the
    // next expanded one.
    std::optional<Token> Next = Lexer::findNextToken(Spelling, SM, LO);
    if (!Next || !Next->is(tok::semi))
      return End;
    return Loc.getLocWithOffset(SM.getFileOffset(Next->getLocation()) -
                                SM.getFileOffset(Spelling));
  }
  std::optional<Token> Next = Lexer::findNextToken(Loc, SM, LO);
  return Next && Next->is(tok::semi) ? Next->getLocation() : End;
}

SourceLocation getEndOfStmt(const Stmt *S, const ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  const LangOptions &LO = Ctx.getLangOpts();
  SourceLocation Last = lastTokenOf(S, SM, LO);
  SourceLocation AfterTok = Lexer::getLocForEndOfToken(Last, 0, SM, LO);
  if (AfterTok.isValid())
    return AfterTok;
  // The last token is inside an expansion that goes on: the expansion's end.
  return Lexer::getLocForEndOfToken(SM.getExpansionRange(Last).getEnd(), 0, SM, LO);
}

CharSourceRange getExprFileRange(const Expr *E, const ASTContext &Ctx) {
  return Lexer::makeFileCharRange(CharSourceRange::getTokenRange(E->getSourceRange()),
                                  Ctx.getSourceManager(), Ctx.getLangOpts());
}

CharSourceRange getStmtFileRange(const Stmt *First, const Stmt *Last,
                                 const ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  const LangOptions &LO = Ctx.getLangOpts();
  CharSourceRange Tokens = CharSourceRange::getTokenRange(
      First->getBeginLoc(), lastTokenOf(Last, SM, LO));
  CharSourceRange File = Lexer::makeFileCharRange(Tokens, SM, LO);
  if (File.isInvalid() || !SM.isInMainFile(File.getBegin()))
    return CharSourceRange();
  return File;
}

StringRef getOutermostMacroName(SourceLocation Loc, const ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  if (Loc.isInvalid() || Loc.isFileID())
    return "";
  // Climb to the expansion whose invocation is written in the file.
  while (true) {
    SourceLocation Up = SM.getImmediateExpansionRange(Loc).getBegin();
    if (Up.isFileID())
      break;
    Loc = Up;
  }
  return Lexer::getImmediateMacroName(Loc, SM, Ctx.getLangOpts());
}

const VarDecl *getReferencedVar(const Expr *E) {
  if (!E)
    return nullptr;
  E = E->IgnoreParenImpCasts();
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    return dyn_cast<VarDecl>(DRE->getDecl());
  return nullptr;
}

bool isSameExpr(const Expr *A, const Expr *B, const ASTContext &Ctx) {
  llvm::FoldingSetNodeID IA, IB;
  A->IgnoreParenImpCasts()->Profile(IA, Ctx, /*Canonical=*/true);
  B->IgnoreParenImpCasts()->Profile(IB, Ctx, /*Canonical=*/true);
  return IA == IB;
}

bool isPartOf(const Stmt *Inner, const Stmt *Outer) {
  if (Inner == Outer)
    return true;
  return llvm::any_of(Outer->children(),
                      [&](const Stmt *Child) { return Child && isPartOf(Inner, Child); });
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

/// Whether \p T is a specialisation of class template hpp::\p Name.
static bool isHppTemplate(QualType T, StringRef Name) {
  const auto *RD = T.getNonReferenceType()->getAsCXXRecordDecl();
  const auto *Spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(RD);
  if (!Spec || !Spec->getIdentifier() || Spec->getName() != Name)
    return false;
  const auto *NS = dyn_cast<NamespaceDecl>(Spec->getDeclContext()->getRedeclContext());
  return NS && NS->getName() == "hpp" &&
         NS->getDeclContext()->getRedeclContext()->isTranslationUnit();
}

bool isHppView(QualType T) { return isHppTemplate(T, "View"); }

QualType hppViewElement(QualType T, unsigned Rank) {
  if (!isHppView(T))
    return QualType();
  const auto *Spec =
      cast<ClassTemplateSpecializationDecl>(T.getNonReferenceType()->getAsCXXRecordDecl());
  const TemplateArgumentList &Args = Spec->getTemplateArgs();
  if (Args.size() < 2 || Args[0].getKind() != TemplateArgument::Type ||
      Args[1].getKind() != TemplateArgument::Integral || Args[1].getAsIntegral() != Rank)
    return QualType();
  return Args[0].getAsType();
}

bool isDeviceCopyable(QualType T, const ASTContext &Ctx) {
  T = Ctx.getBaseElementType(T.getNonReferenceType());
  // Both handles count references on the host only: their device copies
  // are plain copies, and the host's copy in the launch keeps them alive.
  if (T.isTriviallyCopyableType(Ctx) || isHppView(T) || isHppTemplate(T, "UniqueToken"))
    return true;
  const CXXRecordDecl *RD = T->getAsCXXRecordDecl();
  if (!RD || !RD->hasDefinition() || RD->hasUserDeclaredCopyConstructor() ||
      RD->hasUserDeclaredCopyAssignment() || RD->hasUserDeclaredDestructor() ||
      RD->hasUserDeclaredMoveConstructor() || RD->hasUserDeclaredMoveAssignment() ||
      RD->isPolymorphic())
    return false;
  for (const CXXBaseSpecifier &B : RD->bases())
    if (!isDeviceCopyable(B.getType(), Ctx))
      return false;
  for (const FieldDecl *F : RD->fields())
    if (!isDeviceCopyable(F->getType(), Ctx))
      return false;
  return true;
}

std::string diagnosticText(SourceRange R, const ASTContext &Ctx) {
  std::string Text = getSourceText(R, Ctx), Out;
  StringRef Rest = Text;
  while (!Rest.empty()) {
    size_t At = Rest.find(FunctorCopyPrefix);
    if (At == StringRef::npos)
      break;
    // `hpp_functor<N>.` as a whole name: not the end of a longer one.
    size_t End = At + FunctorCopyPrefix.size();
    while (End < Rest.size() && isDigit(Rest[End]))
      ++End;
    bool Whole = (At == 0 || !isAsciiIdentifierContinue(Rest[At - 1])) &&
                 End > At + FunctorCopyPrefix.size() && End < Rest.size() && Rest[End] == '.';
    Out += Rest.take_front(Whole ? At : End).str();
    Rest = Rest.drop_front(Whole ? End + 1 : End);
  }
  return Out + Rest.str();
}

bool isFunctorCopy(const VarDecl *V) {
  return V && V->getIdentifier() && V->getName().starts_with(FunctorCopyPrefix);
}

bool isResultBinding(const VarDecl *V) {
  return V && V->getIdentifier() && V->getName().starts_with(ResultBindingPrefix) &&
         V->getType()->isReferenceType() && V->getInit();
}

const VarDecl *findInstantiatedVar(const VarDecl *P, const Stmt *Inst, ASTContext &Ctx) {
  class Finder : public RecursiveASTVisitor<Finder> {
  public:
    explicit Finder(SourceLocation Loc) : Loc(Loc) {}
    bool shouldVisitLambdaBody() const { return true; }
    bool VisitVarDecl(VarDecl *V) {
      if (V->getLocation() == Loc && !Found)
        Found = V;
      return !Found;
    }
    SourceLocation Loc;
    const VarDecl *Found = nullptr;
  };
  FunctionDecl *Outer = enclosingFunctions(Inst, Ctx).Outer;
  if (!Outer)
    return nullptr;
  Finder F(P->getLocation());
  F.TraverseDecl(Outer);
  return F.Found;
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
