//===- VariableUsesTest.cpp - Tests of Analysis/VariableUses ---------------===//
///
/// \file
/// The write, reference, memory-write, `this`, purity and side-effect
/// finders every analysis builds on. Each snippet marks the statement under
/// test with `#pragma hpp single` (parsed, not analysed).
///
//===----------------------------------------------------------------------===//

#include "Analysis/VariableUses.h"
#include "TranslatorTestSupport.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

using namespace hpp;
using namespace hpp::test;
using ::testing::ElementsAre;
using ::testing::UnorderedElementsAre;

namespace {

/// The statement after the I-th pragma.
const clang::Stmt *marked(Snippet &S, size_t I) {
  if (I >= S.directives().size()) {
    ADD_FAILURE() << "no pragma " << I;
    return nullptr;
  }
  return S.stmtAfter(S.directives()[I]);
}

/// The names of the variables \p St writes, in order.
std::vector<std::string> writtenNames(const clang::Stmt *St) {
  llvm::SmallVector<VarWrite, 8> Writes;
  collectWrites(St, Writes);
  std::vector<std::string> Names;
  for (const VarWrite &W : Writes)
    Names.push_back(W.Var->getName().str());
  return Names;
}

constexpr const char *Writes = R"cpp(
struct P { int x; void set(int v) { x = v; } int get() const { return x; } };
void byRef(int &r);
void byConstRef(const int &r);
void f(int a, int b, int c, int d, int e, int g, int h, int k, P p, P q, int *ptr) {
#pragma hpp single
  {
    a = 1;
    b += 2;
    ++c;
    d--;
    int &r = e;
    int *w = &g;
    byRef(h);
    p.set(1);
    q.x = 2;
    [&] { k = 3; }();
  }
#pragma hpp single
  {
    int sum = a + b;
    const int &cr = c;
    byConstRef(e);
    sum += p.get();
    *ptr = 1;
    ptr[2] = 3;
    if (false)
      g = 4;
  }
}
)cpp";

TEST(VariableUsesTest, CollectWritesFindsEveryKindOfWrite) {
  auto S = compile(Writes, parseOnly());
  EXPECT_THAT(writtenNames(marked(*S, 0)),
              ElementsAre("a", "b", "c", "d", "e", "g", "h", "p", "q", "k", "k"));
}

TEST(VariableUsesTest, ReadsAndPointeesAreNotWrites) {
  auto S = compile(Writes, parseOnly());
  // Only the local `sum` is written: const references, pointees and code
  // under a constant-false condition are not writes to a variable.
  EXPECT_THAT(writtenNames(marked(*S, 1)), ElementsAre("sum"));
  EXPECT_FALSE(isWrittenIn(S->var("ptr"), marked(*S, 1)));
  EXPECT_FALSE(isWrittenIn(S->var("g"), marked(*S, 1)));
  EXPECT_TRUE(isWrittenIn(S->var("g"), marked(*S, 0)));
}

TEST(VariableUsesTest, WriteRecordsTheWritingExpression) {
  auto S = compile(Writes, parseOnly());
  llvm::SmallVector<VarWrite, 8> W;
  collectWrites(marked(*S, 0), W);
  ASSERT_GE(W.size(), 2u);
  EXPECT_EQ(S->text(W[0].At->getSourceRange()), "a = 1");
  EXPECT_EQ(S->text(W[1].At->getSourceRange()), "b += 2");
}

TEST(VariableUsesTest, ForEachVarRefSeesLambdaBodies) {
  auto S = compile(R"cpp(
void f(int n, int m, double *x) {
#pragma hpp single
  {
    auto add = [&](int i) { return x[i] + m; };
    x[0] = add(n);
  }
}
)cpp",
                   parseOnly());
  std::vector<std::string> Names;
  forEachVarRef(marked(*S, 0), [&](const clang::DeclRefExpr *R) {
    if (llvm::isa<clang::VarDecl>(R->getDecl()))
      Names.push_back(R->getDecl()->getNameAsString());
  });
  EXPECT_THAT(Names, UnorderedElementsAre("x", "i", "m", "x", "add", "n"));
}

TEST(VariableUsesTest, MemoryWrites) {
  auto S = compile(R"cpp(
struct Node { int v; Node *next; };
void f(int n, double *x, Node node, Node *list) {
#pragma hpp single
  n = 1;
#pragma hpp single
  x[n] = 2;
#pragma hpp single
  *x += 1;
#pragma hpp single
  node.v = 3;
#pragma hpp single
  list->next->v++;
}
)cpp",
                   parseOnly());
  EXPECT_EQ(findMemoryWrite(marked(*S, 0)), nullptr);
  EXPECT_NE(findMemoryWrite(marked(*S, 1)), nullptr);
  EXPECT_NE(findMemoryWrite(marked(*S, 2)), nullptr);
  // A member of a local struct is the struct's own storage.
  EXPECT_EQ(findMemoryWrite(marked(*S, 3)), nullptr);
  const clang::Expr *Through = findMemoryWrite(marked(*S, 4));
  ASSERT_NE(Through, nullptr);
  EXPECT_EQ(S->text(Through->getSourceRange()), "list->next->v++");
}

TEST(VariableUsesTest, UsesThis) {
  auto S = compile(R"cpp(
struct Grid {
  int n;
  double *data;
  void run(int m) {
#pragma hpp single
    data[0] = n;
#pragma hpp single
    this->data[1] = 0;
#pragma hpp single
    m = 2;
  }
};
)cpp",
                   parseOnly());
  EXPECT_TRUE(usesThis(marked(*S, 0)));
  EXPECT_TRUE(usesThis(marked(*S, 1)));
  EXPECT_FALSE(usesThis(marked(*S, 2)));
}

constexpr const char *Calls = R"cpp(
#include <cmath>
#include <cstdio>
double G;
constexpr double twice(double x) { return 2 * x; }
__attribute__((const)) double half(double x);
double plain(double x) { return x + 1; }
void store(double *p, double x) { *p = x; }
void setGlobal(double x) { G = x; }
void callsStore(double *p) { store(p, 1); }
double opaque(double);
void f(double *p, double x) {
#pragma hpp single
  x = std::sqrt(x) + twice(x) + half(x);
#pragma hpp single
  x = plain(x);
#pragma hpp single
  callsStore(p);
#pragma hpp single
  setGlobal(x);
#pragma hpp single
  x = opaque(x);
#pragma hpp single
  std::printf("%f", x);
#pragma hpp single
  delete new int;
}
)cpp";

TEST(VariableUsesTest, ImpureCalls) {
  auto S = compile(Calls, parseOnly());
  EXPECT_EQ(findImpureCall(marked(*S, 0)), nullptr);
  // Not marked constexpr, const or pure: impure, whatever its body does.
  const clang::CallExpr *Plain = findImpureCall(marked(*S, 1));
  ASSERT_NE(Plain, nullptr);
  EXPECT_EQ(Plain->getDirectCallee()->getName(), "plain");
}

TEST(VariableUsesTest, SideEffectsFollowCallsTransitively) {
  auto S = compile(Calls, parseOnly());
  EXPECT_FALSE(hasSideEffects(marked(*S, 0)));
  EXPECT_FALSE(hasSideEffects(marked(*S, 1))); // plain's body is pure
  EXPECT_TRUE(hasSideEffects(marked(*S, 2)));  // callsStore -> store -> *p
  EXPECT_TRUE(hasSideEffects(marked(*S, 3)));  // writes a global
  EXPECT_TRUE(hasSideEffects(marked(*S, 4)));  // body not visible
  EXPECT_TRUE(hasSideEffects(marked(*S, 5)));  // I/O
  EXPECT_TRUE(hasSideEffects(marked(*S, 6)));  // new and delete
}

} // namespace
