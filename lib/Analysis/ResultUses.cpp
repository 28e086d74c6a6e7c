//===- ResultUses.cpp - Is a reduction's result read after its region? ----===//

#include "Analysis/ResultUses.h"
#include "Analysis/CallGraph.h"
#include "Analysis/VariableUses.h"
#include "Basic/ASTUtils.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

using namespace clang;
using namespace llvm;

namespace hpp {

namespace {

/// Whether the region statement \p S may run more than once while \p Scope
/// lives: a loop, or a lambda or block (which may be called again) between
/// them.
bool mayRunAgain(const Stmt *S, const Stmt *Scope, ASTContext &Ctx) {
  DynTypedNode N = DynTypedNode::create(*S);
  for (DynTypedNodeList Ps = Ctx.getParents(N); !Ps.empty(); Ps = Ctx.getParents(N)) {
    N = Ps[0];
    if (N.get<Stmt>() == Scope)
      return false;
    if (N.get<ForStmt>() || N.get<WhileStmt>() || N.get<DoStmt>() ||
        N.get<CXXForRangeStmt>() || N.get<LambdaExpr>() || N.get<BlockExpr>() ||
        N.get<Decl>())
      return true;
  }
  return true;
}

/// Whether \p S holds a label (a `goto` can then run the region again).
class LabelFinder : public RecursiveASTVisitor<LabelFinder> {
public:
  bool Found = false;
  bool VisitLabelStmt(LabelStmt *) {
    Found = true;
    return false;
  }
  bool VisitAddrLabelExpr(AddrLabelExpr *) {
    Found = true;
    return false;
  }
};

/// Values whose end of life nothing observes: scalars and classes whose
/// destructor does nothing.
bool hasSilentEnd(QualType T) {
  if (T->isReferenceType() || T.isVolatileQualified())
    return false;
  if (T->isScalarType())
    return true;
  if (const auto *RD = T->getAsCXXRecordDecl())
    return RD->hasDefinition() && RD->hasTrivialDestructor();
  return false;
}

/// Whether \p Name occurs as an identifier in the file text [From, To):
/// what the AST does not show (a later directive naming the variable, a
/// macro that is never expanded) still counts as a read.
bool nameInText(StringRef Name, SourceLocation From, SourceLocation To,
                const SourceManager &SM, const LangOptions &LO) {
  FileID File = SM.getFileID(From);
  if (File != SM.getFileID(To))
    return true;
  bool Invalid = false;
  StringRef Buffer = SM.getBufferData(File, &Invalid);
  if (Invalid)
    return true;
  unsigned Begin = SM.getFileOffset(From), End = SM.getFileOffset(To);
  if (Begin > End || End > Buffer.size())
    return true;
  Lexer Lex(SM.getLocForStartOfFile(File), LO, Buffer.begin(), Buffer.begin() + Begin,
            Buffer.end());
  Lex.SetCommentRetentionState(false);
  Token Tok;
  while (!Lex.LexFromRawLexer(Tok)) {
    if (SM.getFileOffset(Tok.getLocation()) >= End)
      break;
    if (Tok.is(tok::raw_identifier) && Tok.getRawIdentifier() == Name)
      return true;
  }
  return false;
}

/// Whether \p V is read after the region other than by \p Copy (a
/// statement after it whose mentions do not count; null for none).
bool readAfter(const VarDecl *V, const Region &R, ASTContext &Ctx,
               const Stmt *Copy = nullptr) {
  if (!V || !V->hasLocalStorage() || V->isStaticLocal() || V->hasAttrs() ||
      !hasSilentEnd(V->getType()))
    return true;
  const Stmt *Scope = lifetimeScope(V, Ctx);
  const Stmt *S = R.Root->S;
  if (!Scope || !S || mayRunAgain(S, Scope, Ctx))
    return true;
  LabelFinder Labels;
  Labels.TraverseStmt(const_cast<Stmt *>(Scope));
  if (Labels.Found)
    return true;

  const SourceManager &SM = Ctx.getSourceManager();
  // Regions and scopes produced by macros are not contiguous text.
  if (S->getBeginLoc().isMacroID() || S->getEndLoc().isMacroID() ||
      Scope->getEndLoc().isMacroID())
    return true;
  const SourceLocation RegionBegin = S->getBeginLoc();
  const Stmt *Last = Copy ? Copy : S;
  if (Copy && Copy->getEndLoc().isMacroID())
    return true;
  const SourceLocation RegionEnd =
      Lexer::getLocForEndOfToken(Last->getEndLoc(), 0, SM, Ctx.getLangOpts());
  if (RegionEnd.isInvalid())
    return true;
  bool OutsideMention = false;
  forEachVarRef(Scope, [&](const DeclRefExpr *Ref) {
    if (Ref->getDecl() != V)
      return;
    const SourceLocation L = SM.getExpansionLoc(Ref->getLocation());
    if (SM.isBeforeInTranslationUnit(L, RegionBegin) ||
        !SM.isBeforeInTranslationUnit(L, RegionEnd))
      OutsideMention = true;
  });
  if (OutsideMention)
    return true;
  return nameInText(V->getName(), RegionEnd, Scope->getEndLoc(), SM, Ctx.getLangOpts());
}

/// The variable \p S copies into a rank-0 View of its own type, as
/// `hpp::deep_copy(view, V);` with view a variable (or reference): a copy
/// a GPU kernel can make itself. Null for any other statement.
const VarDecl *copiedIntoView(const Stmt *S, ASTContext &Ctx) {
  const auto *E = dyn_cast<Expr>(S);
  const auto *Call = E ? dyn_cast<CallExpr>(E->IgnoreImplicit()) : nullptr;
  if (!Call || Call->getNumArgs() != 2 || Call->getBeginLoc().isMacroID())
    return nullptr;
  const FunctionDecl *F = Call->getDirectCallee();
  if (!F || !F->getIdentifier() || F->getName() != "deep_copy" || !isHppApi(F))
    return nullptr;
  const auto *Value = dyn_cast<DeclRefExpr>(Call->getArg(1)->IgnoreParenImpCasts());
  const auto *View = dyn_cast<DeclRefExpr>(Call->getArg(0)->IgnoreParenImpCasts());
  const auto *V = Value ? dyn_cast<VarDecl>(Value->getDecl()) : nullptr;
  if (!V || !View || !isa<VarDecl>(View->getDecl()))
    return nullptr;
  const QualType Element = hppViewElement(View->getType(), 0);
  if (Element.isNull() || !Ctx.hasSameUnqualifiedType(Element, V->getType()) ||
      Element.isConstQualified())
    return nullptr;
  return V;
}

/// A copy into a view (copiedIntoView): the call, and the variable copied.
struct ViewCopy {
  const CallExpr *Call;
  const VarDecl *Value;
};

/// The statements right after the region in its compound statement, up to
/// the first that is not such a copy (what a parallel_reduce into Views
/// lowers to: one copy per result, in the order of the results).
SmallVector<ViewCopy, 2> viewCopiesAfter(const Region &R, ASTContext &Ctx) {
  SmallVector<ViewCopy, 2> Copies;
  const Stmt *S = R.Root->S;
  DynTypedNodeList Parents = Ctx.getParents(*S);
  const auto *Block = Parents.size() == 1 ? Parents[0].get<CompoundStmt>() : nullptr;
  if (!Block)
    return Copies;
  const auto *At = llvm::find(Block->body(), S);
  if (At == Block->body_end())
    return Copies;
  for (auto It = std::next(At); It != Block->body_end(); ++It) {
    const VarDecl *Value = copiedIntoView(*It, Ctx);
    if (!Value)
      break;
    Copies.push_back({cast<CallExpr>(cast<Expr>(*It)->IgnoreImplicit()), Value});
  }
  return Copies;
}

} // namespace

const Stmt *lifetimeScope(const VarDecl *V, ASTContext &Ctx) {
  if (const auto *P = dyn_cast<ParmVarDecl>(V)) {
    const auto *F = dyn_cast_or_null<FunctionDecl>(P->getDeclContext());
    return F ? F->getBody() : nullptr;
  }
  DynTypedNode N = DynTypedNode::create(*V);
  for (DynTypedNodeList Ps = Ctx.getParents(N); !Ps.empty(); Ps = Ctx.getParents(N)) {
    N = Ps[0];
    if (const auto *CS = N.get<CompoundStmt>())
      return CS;
  }
  return nullptr;
}

void markUnreadResults(Region &R, ASTContext &Ctx) {
  for (ReductionVar &RV : R.Root->Reductions)
    RV.ReadAfter = readAfter(RV.Var, R, Ctx) || (RV.IndexVar && readAfter(RV.IndexVar, R, Ctx));
  // Results that only go on into device views: the copies right after the
  // region (a parallel_reduce into rank-0 Views, lowered, or the same
  // written by hand), each of a result nothing else reads. They stop at
  // the first copy that is not one: the copies taken out must all come
  // before any the program still makes, so that where views share memory
  // the last copy in program order still writes last. With nowait the
  // value reaches the variable at a fence, not at the copy.
  if (R.Root->Nowait)
    return;
  for (const ViewCopy &C : viewCopiesAfter(R, Ctx)) {
    const CallExpr *Copy = C.Call;
    auto RV = llvm::find_if(R.Root->Reductions,
                            [&](const ReductionVar &RV) { return RV.Var == C.Value; });
    if (RV == R.Root->Reductions.end() || !RV->ReadAfter || RV->ResultCopy || RV->InScan ||
        RV->IndexVar || readAfter(C.Value, R, Ctx, Copy))
      break;
    RV->ResultCopy = Copy;
    auto Text = [&](const Expr *E) {
      return Lexer::getSourceText(CharSourceRange::getTokenRange(E->getSourceRange()),
                                  Ctx.getSourceManager(), Ctx.getLangOpts())
          .str();
    };
    const Expr *View = Copy->getArg(0)->IgnoreParenImpCasts();
    RV->ResultView = Text(View);
    // A lowered parallel_reduce binds the user's view to a reference of
    // its own: the report names the view as the user wrote it.
    const auto *Ref = cast<VarDecl>(cast<DeclRefExpr>(View)->getDecl());
    RV->ResultViewShown =
        isResultBinding(Ref) ? Text(Ref->getInit()->IgnoreParenImpCasts()) : RV->ResultView;
  }
}

} // namespace hpp
