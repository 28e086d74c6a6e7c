//===- ScratchTest.cpp - Scratch arrays in the region model ----------------===//
///
/// \file
/// The ScratchArray buildRegions() records for each `#pragma hpp scratch`
/// declaration (level, per team or thread, element type, extents, constant
/// bytes or the size expression) and the declarations it refuses.
///
//===----------------------------------------------------------------------===//

#include "Analysis/RegionBuilder.h"
#include "TranslatorTestSupport.h"
#include "clang/AST/Stmt.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

using namespace hpp;
using namespace hpp::test;
using ::testing::ElementsAre;
using ::testing::IsEmpty;

namespace {

/// A team loop whose body starts with DECLS.
constexpr const char *InTeam = R"cpp(
struct Cell { int id; float w; };
struct Counted { Counted() : n(1) {} int n; };
void f(int nt, int n, double *out) {
#pragma hpp team
  for (int t = 0; t < nt; ++t) {
    DECLS
    out[t] = 0;
  }
}
)cpp";

TEST(ScratchTest, ConstantAndRunTimeExtents) {
  auto S = compile(substitute(InTeam, "DECLS", R"cpp(
#pragma hpp scratch level(0)
    double tile[32][33];
#pragma hpp scratch level(1) per(thread)
    double work[n];
#pragma hpp scratch
    int idx[2 * n][4];
#pragma hpp scratch per(team)
    Cell cells[8];)cpp"));
  EXPECT_THAT(S->errors(), IsEmpty());
  ASSERT_EQ(S->model().Regions.size(), 1u);
  const std::vector<ScratchArray> &A = S->region(0).Scratch;
  ASSERT_EQ(A.size(), 4u);

  EXPECT_EQ(A[0].Name, "tile");
  EXPECT_EQ(A[0].Var, S->var("tile"));
  EXPECT_EQ(A[0].Decl, S->stmtAfter(S->directives()[1]));
  EXPECT_EQ(A[0].Level, 0u);
  EXPECT_FALSE(A[0].PerThread);
  EXPECT_EQ(A[0].ElementType, "double");
  EXPECT_THAT(A[0].Extents, ElementsAre("32", "33"));
  EXPECT_TRUE(A[0].IsConstantSize);
  EXPECT_EQ(A[0].ConstantBytes, 32u * 33u * 8u);
  EXPECT_EQ(A[0].BytesExpr, "sizeof(double) * (32) * (33)");

  EXPECT_EQ(A[1].Level, 1u);
  EXPECT_TRUE(A[1].PerThread);
  EXPECT_THAT(A[1].Extents, ElementsAre("n"));
  EXPECT_FALSE(A[1].IsConstantSize);
  EXPECT_EQ(A[1].ConstantBytes, 0u);
  EXPECT_EQ(A[1].BytesExpr, "sizeof(double) * (n)");

  EXPECT_EQ(A[2].ElementType, "int");
  EXPECT_THAT(A[2].Extents, ElementsAre("2 * n", "4"));
  EXPECT_EQ(A[2].BytesExpr, "sizeof(int) * (2 * n) * (4)");

  // Trivially default-constructible classes are fine: scratch memory is
  // not constructed.
  EXPECT_EQ(A[3].ElementType, "Cell");
  EXPECT_EQ(A[3].ConstantBytes, 8u * 8u);
  EXPECT_FALSE(A[3].PerThread);

  // Each construct points at its array.
  std::vector<unsigned> Indices;
  S->region(0).forEachConstruct([&](const Construct &C) {
    if (C.Kind == ConstructKind::Scratch)
      Indices.push_back(C.ScratchIndex);
  });
  EXPECT_THAT(Indices, ElementsAre(0u, 1u, 2u, 3u));
}

TEST(ScratchTest, DependentExtentInATemplate) {
  auto S = compile(R"cpp(
template <class T, int N> void f(int nt, T *out) {
#pragma hpp team
  for (int t = 0; t < nt; ++t) {
#pragma hpp scratch
    T buf[N];
    out[t] = T();
  }
}
template void f<float, 16>(int, float *);
)cpp");
  EXPECT_THAT(S->errors(), IsEmpty());
  ASSERT_EQ(S->model().Regions.size(), 1u);
  ASSERT_EQ(S->region(0).Scratch.size(), 1u);
  const ScratchArray &A = S->region(0).Scratch[0];
  // Sized per instantiation, on the host, like a run-time extent.
  EXPECT_EQ(A.ElementType, "T");
  EXPECT_THAT(A.Extents, ElementsAre("N"));
  EXPECT_FALSE(A.IsConstantSize);
  EXPECT_EQ(A.BytesExpr, "sizeof(T) * (N)");
}

TEST(ScratchTest, RefusedDeclarations) {
  struct Case {
    const char *Decls;
    const char *At;
    const char *Message;
  } Cases[] = {
      {"#pragma hpp scratch\n    double a[4] = {1, 2};", "{1, 2}",
       "scratch array 'a' cannot have an initializer"},
      {"#pragma hpp scratch\n    static double s[4];", "s[4]",
       "scratch array 's' must be an automatic local variable"},
      {"#pragma hpp scratch\n    double x;", "double x",
       "'#pragma hpp scratch' must be followed by the declaration of a local array"},
      {"#pragma hpp scratch\n    double p[4], q[4];", "double p",
       "'#pragma hpp scratch' must be followed by the declaration of a local array"},
      {"#pragma hpp scratch\n    Counted c[4];", "c[4]",
       "elements of scratch array 'c' must be trivially default-constructible"},
      {"#pragma hpp scratch\n    double v[4][n];", "n];",
       "scratch array 'v': only the first dimension may be a run-time size"},
      {"int k = n + t;\n#pragma hpp scratch\n    double w[k];", "k];",
       "size of scratch array 'w' uses 'k', which is declared inside the region; scratch "
       "sizes are evaluated before the region starts"},
      {"#pragma hpp scratch\n    double z[8];\n    out[t] = sizeof(z);", "sizeof(z)",
       "'sizeof' of scratch array 'z' is not supported: in translated code the array is a "
       "pointer into scratch memory"},
  };
  for (const Case &C : Cases) {
    SCOPED_TRACE(C.Decls);
    auto S = compile(substitute(InTeam, "DECLS", C.Decls));
    ASSERT_FALSE(S->errors().empty());
    EXPECT_EQ(S->errors().front(), S->at(C.At, C.Message));
    EXPECT_EQ(S->diagnostics().front().Column, S->columnOf(C.At));
    EXPECT_THAT(S->model().Regions, IsEmpty());
  }
}

} // namespace
