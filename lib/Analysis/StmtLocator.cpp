//===- StmtLocator.cpp - Find the statement a pragma applies to -----------===//

#include "Analysis/StmtLocator.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Lex/Lexer.h"
#include <algorithm>
#include <map>

using namespace clang;
using namespace llvm;

namespace hpp {

class StmtIndexer : public RecursiveASTVisitor<StmtIndexer> {
public:
  StmtIndexer(StmtLocator &L, ASTContext &Ctx)
      : L(L), SM(Ctx.getSourceManager()) {}

  bool shouldVisitTemplateInstantiations() const { return true; }
  bool shouldVisitLambdaBody() const { return true; }

  bool TraverseFunctionDecl(FunctionDecl *FD) { return traverseFunction(FD, [&] {
    return RecursiveASTVisitor::TraverseFunctionDecl(FD); }); }
  bool TraverseCXXMethodDecl(CXXMethodDecl *FD) { return traverseFunction(FD, [&] {
    return RecursiveASTVisitor::TraverseCXXMethodDecl(FD); }); }
  bool TraverseCXXConstructorDecl(CXXConstructorDecl *FD) { return traverseFunction(FD, [&] {
    return RecursiveASTVisitor::TraverseCXXConstructorDecl(FD); }); }
  bool TraverseCXXDestructorDecl(CXXDestructorDecl *FD) { return traverseFunction(FD, [&] {
    return RecursiveASTVisitor::TraverseCXXDestructorDecl(FD); }); }

  bool TraverseStmt(Stmt *S) {
    if (!S || !Function)
      return RecursiveASTVisitor::TraverseStmt(S);
    // Statements written by a macro are found at their expansion, so that
    // the backend can refuse to rewrite them with a clear message.
    SourceLocation Begin = SM.getExpansionLoc(S->getBeginLoc());
    if (Begin.isValid() && SM.isInMainFile(Begin)) {
      unsigned Offset = SM.getFileOffset(Begin);
      // Pre-order: the first statement seen at an offset is the outermost.
      auto &Slot = Seen[{Offset, Instance}];
      if (!Slot) {
        Slot = S;
        LocatedStmt &LS = ByOffset[Offset];
        if (Instance)
          LS.Instances.push_back(S);
        else if (!LS.Written) {
          LS.Written = S;
          LS.Function = Function;
        }
      }
      auto *CS = dyn_cast<CompoundStmt>(S);
      if (CS && !Instance)
        L.Compounds.push_back({SM.getFileOffset(SM.getExpansionLoc(CS->getLBracLoc())),
                               SM.getFileOffset(SM.getExpansionLoc(CS->getRBracLoc())), CS});
    }
    return RecursiveASTVisitor::TraverseStmt(S);
  }

  void finish() {
    for (auto &[Offset, LS] : ByOffset)
      if (LS.Written)
        L.Entries.push_back({Offset, std::move(LS)});
  }

private:
  template <class Fn> bool traverseFunction(FunctionDecl *FD, Fn Traverse) {
    const FunctionDecl *SavedFunction = Function;
    const void *SavedInstance = Instance;
    Function = FD;
    // Statements of an instantiation are keyed apart from the pattern.
    if (FD->isTemplateInstantiation())
      Instance = FD;
    else if (!SavedInstance)
      Instance = nullptr;
    if (FD->doesThisDeclarationHaveABody() && FD->getBody()) {
      SourceRange R = FD->getBody()->getSourceRange();
      if (R.getBegin().isFileID() && SM.isInMainFile(R.getBegin()))
        L.Bodies.push_back({SM.getFileOffset(R.getBegin()),
                            SM.getFileOffset(R.getEnd())});
    }
    bool Result = Traverse();
    Function = SavedFunction;
    Instance = SavedInstance;
    return Result;
  }

  StmtLocator &L;
  SourceManager &SM;
  const FunctionDecl *Function = nullptr;
  const void *Instance = nullptr;
  std::map<std::pair<unsigned, const void *>, Stmt *> Seen;
  std::map<unsigned, LocatedStmt> ByOffset;
};

StmtLocator::StmtLocator(ASTContext &Ctx, ArrayRef<SourceRange> Skipped) : Ctx(Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  for (SourceRange R : Skipped)
    if (SM.isWrittenInMainFile(R.getBegin()) && SM.isWrittenInMainFile(R.getEnd()))
      SkippedBlocks.push_back({SM.getFileOffset(R.getBegin()), SM.getFileOffset(R.getEnd())});
  StmtIndexer Indexer(*this, Ctx);
  Indexer.TraverseDecl(Ctx.getTranslationUnitDecl());
  Indexer.finish();
  // Entries come out of a std::map already sorted by offset.
}

/// Whether the text in [From, To) holds only whitespace and comments.
static bool onlyTrivia(StringRef Text) {
  size_t I = 0;
  while (I < Text.size()) {
    char C = Text[I];
    if (isspace(static_cast<unsigned char>(C))) {
      ++I;
    } else if (Text.substr(I).starts_with("//")) {
      I = Text.find('\n', I);
      if (I == StringRef::npos)
        return true;
    } else if (Text.substr(I).starts_with("/*")) {
      I = Text.find("*/", I + 2);
      if (I == StringRef::npos)
        return false;
      I += 2;
    } else {
      return false;
    }
  }
  return true;
}

/// Whether \p Text, with the skipped blocks already blanked, holds only
/// trivia and conditional directives. OpenMP applies a pragma to the
/// statement after `#else ... #endif` too; other directives (`#include`,
/// `#define`, ...) could bring in or change what follows, so they still
/// separate a pragma from its statement.
static bool onlyTriviaAndConditionals(StringRef Text) {
  std::string Rest;
  while (!Text.empty()) {
    auto [Line, Next] = Text.split('\n');
    StringRef Directive = Line.ltrim();
    if (Directive.consume_front("#")) {
      StringRef Name = Directive.ltrim().take_while(
          [](char C) { return isalpha(static_cast<unsigned char>(C)); });
      if (!is_contained({"if", "ifdef", "ifndef", "elif", "elifdef", "elifndef", "else", "endif"},
                        Name))
        return false;
      // A directive continued over several lines.
      while (Line.ends_with("\\") && !Next.empty())
        std::tie(Line, Next) = Next.split('\n');
    } else {
      Rest += Line.str() + "\n";
    }
    Text = Next;
  }
  return onlyTrivia(Rest);
}

const LocatedStmt *StmtLocator::findStmtAfter(SourceLocation Loc) const {
  const SourceManager &SM = Ctx.getSourceManager();
  unsigned Offset = SM.getFileOffset(Loc);
  auto It = std::upper_bound(
      Entries.begin(), Entries.end(), Offset,
      [](unsigned O, const Entry &E) { return O < E.Offset; });
  if (It == Entries.end())
    return nullptr;
  StringRef Buffer = SM.getBufferData(SM.getMainFileID());
  StringRef Between = Buffer.slice(Offset, It->Offset);
  if (onlyTrivia(Between))
    return &It->Stmt;
  // Blank what the preprocessor skipped (newlines kept, so that directive
  // lines stay lines).
  std::string Text = Between.str();
  for (const auto &[B, E] : SkippedBlocks)
    for (unsigned I = std::max(B, Offset); I < std::min(E, It->Offset); ++I)
      if (Text[I - Offset] != '\n')
        Text[I - Offset] = ' ';
  if (!onlyTriviaAndConditionals(Text))
    return nullptr;
  return &It->Stmt;
}

const CompoundStmt *StmtLocator::findEnclosingCompound(SourceLocation Loc,
                                                       unsigned &ChildIndex) const {
  const SourceManager &SM = Ctx.getSourceManager();
  unsigned Offset = SM.getFileOffset(Loc);
  const Compound *Best = nullptr;
  for (const Compound &C : Compounds)
    if (C.Begin < Offset && Offset < C.End &&
        (!Best || C.Begin >= Best->Begin))
      Best = &C;
  if (!Best)
    return nullptr;
  ChildIndex = 0;
  for (const Stmt *Child : Best->S->body()) {
    if (SM.getFileOffset(SM.getExpansionLoc(Child->getBeginLoc())) > Offset)
      break;
    ++ChildIndex;
  }
  return Best->S;
}

bool StmtLocator::isInFunctionBody(SourceLocation Loc) const {
  unsigned Offset = Ctx.getSourceManager().getFileOffset(Loc);
  for (const auto &[B, E] : Bodies)
    if (B < Offset && Offset < E)
      return true;
  return false;
}

} // namespace hpp
