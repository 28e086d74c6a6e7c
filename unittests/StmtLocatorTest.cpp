//===- StmtLocatorTest.cpp - Tests of Analysis/StmtLocator -----------------===//
///
/// \file
/// The index from a pragma's location to the statement it annotates, in
/// the code as written and in each template instantiation.
///
//===----------------------------------------------------------------------===//

#include "Analysis/StmtLocator.h"
#include "TranslatorTestSupport.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Stmt.h"
#include "gtest/gtest.h"

using namespace hpp;
using namespace hpp::test;
using namespace clang;

namespace {

TEST(StmtLocatorTest, FindsTheOutermostStatementAfterAPragma) {
  Snippet S(R"cpp(
void f(int n, double *a) {
#pragma hpp team
  // A comment between the pragma and its loop.
  for (int i = 0; i < n; ++i) {
#pragma hpp scratch
    double tile[8];
#pragma hpp atomic
    a[0] += tile[0];
  }
}
)cpp",
            parseOnly());
  ASSERT_EQ(S.directives().size(), 3u);
  StmtLocator L(S.context());
  const LocatedStmt *Loop = L.findStmtAfter(S.directives()[0].EndLoc);
  ASSERT_NE(Loop, nullptr);
  EXPECT_TRUE(isa<ForStmt>(Loop->Written));
  EXPECT_EQ(S.line(Loop->Written->getBeginLoc()), S.lineOf("for (int i"));
  EXPECT_EQ(Loop->Function->getName(), "f");
  EXPECT_TRUE(Loop->Instances.empty());
  const LocatedStmt *Decl = L.findStmtAfter(S.directives()[1].EndLoc);
  ASSERT_NE(Decl, nullptr);
  EXPECT_TRUE(isa<DeclStmt>(Decl->Written));
  // The whole update, not its left-hand side, which starts at the same place.
  const LocatedStmt *Update = L.findStmtAfter(S.directives()[2].EndLoc);
  ASSERT_NE(Update, nullptr);
  EXPECT_EQ(S.text(Update->Written->getSourceRange()), "a[0] += tile[0]");
}

TEST(StmtLocatorTest, NothingAfterAPragmaAtTheEndOfABlock) {
  Snippet S(R"cpp(
void f() {
  int x = 0;
#pragma hpp barrier
}
)cpp",
            parseOnly());
  ASSERT_EQ(S.directives().size(), 1u);
  StmtLocator L(S.context());
  EXPECT_EQ(L.findStmtAfter(S.directives()[0].EndLoc), nullptr);
  EXPECT_TRUE(L.isInFunctionBody(S.directives()[0].PragmaLoc));
  unsigned Index = 99;
  const CompoundStmt *CS = L.findEnclosingCompound(S.directives()[0].PragmaLoc, Index);
  ASSERT_NE(CS, nullptr);
  // The barrier comes after the block's only statement.
  EXPECT_EQ(CS->size(), 1u);
  EXPECT_EQ(Index, 1u);
}

TEST(StmtLocatorTest, EnclosingCompoundAndChildIndex) {
  Snippet S(R"cpp(
void f(int n, double *a) {
  for (int i = 0; i < n; ++i) {
    a[i] = 1;
    a[i] += 2;
#pragma hpp barrier
    a[i] *= 3;
  }
}
)cpp",
            parseOnly());
  ASSERT_EQ(S.directives().size(), 1u);
  StmtLocator L(S.context());
  unsigned Index = 0;
  const CompoundStmt *CS = L.findEnclosingCompound(S.directives()[0].PragmaLoc, Index);
  ASSERT_NE(CS, nullptr);
  EXPECT_EQ(CS->size(), 3u);
  EXPECT_EQ(Index, 2u);
  EXPECT_EQ(S.line(CS->getLBracLoc()), S.lineOf("for (int i"));
}

TEST(StmtLocatorTest, PragmaOutsideAFunction) {
  Snippet S(R"cpp(
#pragma hpp barrier
int g;
)cpp",
            parseOnly());
  ASSERT_EQ(S.directives().size(), 1u);
  StmtLocator L(S.context());
  EXPECT_FALSE(L.isInFunctionBody(S.directives()[0].PragmaLoc));
  EXPECT_EQ(L.findStmtAfter(S.directives()[0].EndLoc), nullptr);
}

TEST(StmtLocatorTest, TemplateInstancesShareThePattern) {
  Snippet S(R"cpp(
template <class T> void fill(int n, T *a) {
#pragma hpp parallel
  for (int i = 0; i < n; ++i)
    a[i] = T();
}
template void fill<float>(int, float *);
template void fill<double>(int, double *);
)cpp",
            parseOnly());
  ASSERT_EQ(S.directives().size(), 1u);
  StmtLocator L(S.context());
  const LocatedStmt *Loop = L.findStmtAfter(S.directives()[0].EndLoc);
  ASSERT_NE(Loop, nullptr);
  EXPECT_TRUE(isa<ForStmt>(Loop->Written));
  ASSERT_EQ(Loop->Instances.size(), 2u);
  for (const Stmt *Inst : Loop->Instances) {
    EXPECT_TRUE(isa<ForStmt>(Inst));
    EXPECT_NE(Inst, Loop->Written);
    // Instances keep the pattern's locations.
    EXPECT_EQ(Inst->getBeginLoc(), Loop->Written->getBeginLoc());
  }
  EXPECT_NE(Loop->Instances[0], Loop->Instances[1]);
}

} // namespace
