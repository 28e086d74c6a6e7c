//===- RegionModelTest.cpp - The region model buildRegions() fills ---------===//
///
/// \file
/// The shape of the model for small snippets: loop levels and lanes,
/// collapsed dimensions and launch clauses, region names, singles and their
/// broadcast variables, atomics, and the statements at team level.
///
//===----------------------------------------------------------------------===//

#include "Analysis/RegionBuilder.h"
#include "TranslatorTestSupport.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Stmt.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

using namespace hpp;
using namespace hpp::test;
using ::testing::ElementsAre;
using ::testing::IsEmpty;

namespace {

/// The constructs of the only region, in source order.
std::vector<const Construct *> constructs(Snippet &S) {
  std::vector<const Construct *> Out;
  EXPECT_THAT(S.errors(), IsEmpty());
  if (S.model().Regions.size() != 1) {
    ADD_FAILURE() << S.model().Regions.size() << " regions";
    return Out;
  }
  S.region(0).forEachConstruct([&](const Construct &C) { Out.push_back(&C); });
  return Out;
}

TEST(RegionModelTest, TeamRegionLevels) {
  auto S = compile(R"cpp(
void f(int nt, int n, double *a) {
#pragma hpp team
  for (int t = 0; t < nt; ++t) {
#pragma hpp thread
    for (int i = 0; i < n; ++i) {
#pragma hpp vector
      for (int j = 0; j < n; ++j)
        a[(t * n + i) * n + j] = 0;
    }
#pragma hpp vector
    for (int j = 0; j < n; ++j)
      a[j] += 1;
#pragma hpp thread vector
    for (int j = 0; j < n; ++j)
      a[j] += 2;
  }
}
)cpp");
  std::vector<const Construct *> Cs = constructs(*S);
  ASSERT_EQ(Cs.size(), 5u);
  struct Expected {
    LoopLevel Level;
    bool Simd;
    const Construct *Parent;
  } Want[] = {{LoopLevel::Team, false, nullptr},
              {LoopLevel::Thread, false, Cs[0]},
              {LoopLevel::Vector, true, Cs[1]},
              // A vector loop at team level spans the whole team.
              {LoopLevel::TeamVector, true, Cs[0]},
              {LoopLevel::TeamVector, true, Cs[0]}};
  for (size_t I = 0; I < Cs.size(); ++I) {
    SCOPED_TRACE(I);
    EXPECT_TRUE(Cs[I]->isLoop());
    EXPECT_EQ(Cs[I]->Level, Want[I].Level);
    EXPECT_EQ(Cs[I]->Simd, Want[I].Simd);
    EXPECT_EQ(Cs[I]->Parent, Want[I].Parent);
  }
  EXPECT_EQ(Cs[2]->enclosingLoop(), Cs[1]);
  EXPECT_TRUE(S->region(0).isTeamRegion());
  EXPECT_EQ(getLoopLevelName(Cs[3]->Level), "team-vector");
  EXPECT_EQ(Cs[3]->Pragma.Spelling, "vector");
  EXPECT_EQ(S->line(Cs[1]->Pragma.KindLoc), S->lineOf("hpp thread\n"));
}

TEST(RegionModelTest, FlatLoops) {
  for (auto [Pragma, Simd] : {std::pair("parallel", true),
                              {"team thread", false},
                              {"team vector", true},
                              {"team thread vector", true}}) {
    SCOPED_TRACE(Pragma);
    auto S = compile(substitute(R"cpp(
void f(int n, double *a) {
#pragma hpp PRAGMA
  for (int i = 0; i < n; ++i)
    a[i] = i;
}
)cpp",
                                "PRAGMA", Pragma));
    std::vector<const Construct *> Cs = constructs(*S);
    ASSERT_EQ(Cs.size(), 1u);
    EXPECT_EQ(Cs[0]->Level, LoopLevel::Flat);
    EXPECT_EQ(Cs[0]->Simd, Simd);
    EXPECT_FALSE(S->region(0).isTeamRegion());
    // Guards are planned only for GPU targets (DeviceRestrictionsTest).
    EXPECT_THAT(S->region(0).Guarded, IsEmpty());
  }
}

TEST(RegionModelTest, CollapsedDimsAndLaunchClauses) {
  auto S = compile(R"cpp(
#include <hpp/hpp.hpp>
void f(int rows, int cols, int lanes, hpp::Stream s, double *a) {
#pragma hpp team collapse(2) league(rows / 2) team_size(auto) vector_length(lanes) stream(s) nowait tile(4, 8)
  for (int r = 0; r < rows; ++r)
    for (long c = cols - 1; c >= 0; c -= 2)
      a[r * cols + c] = 0;
}
)cpp");
  std::vector<const Construct *> Cs = constructs(*S);
  ASSERT_EQ(Cs.size(), 1u);
  const Construct &L = *Cs[0];
  ASSERT_EQ(L.Dims.size(), 2u);
  EXPECT_EQ(L.Dims[0].IndexName, "r");
  EXPECT_EQ(L.Dims[0].UpperText, "rows");
  EXPECT_EQ(L.Dims[1].IndexName, "c");
  EXPECT_EQ(L.Dims[1].IndexTypeText, "long");
  EXPECT_EQ(L.Dims[1].LowerText, "cols - 1");
  EXPECT_EQ(L.Dims[1].Cmp, LoopCmp::Ge);
  EXPECT_EQ(L.Dims[1].Step, -2);
  EXPECT_EQ(L.Dims[1].Loop, L.Dims[0].Loop->getBody());
  EXPECT_EQ(L.LeagueText, "rows / 2");
  EXPECT_EQ(L.TeamSizeText, ""); // auto
  EXPECT_EQ(L.VectorLengthText, "lanes");
  EXPECT_EQ(L.StreamText, "s");
  EXPECT_TRUE(L.Nowait);
  EXPECT_THAT(L.Tile, ElementsAre("4", "8"));
  EXPECT_EQ(L.S, L.Dims[0].Loop);
}

TEST(RegionModelTest, RegionNamesIdsAndLines) {
  auto S = compile(R"cpp(
void saxpy(int n, float a, const float *x, float *y) {
#pragma hpp parallel
  for (int i = 0; i < n; ++i)
    y[i] += a * x[i];
#pragma hpp parallel name("scale y")
  for (int i = 0; i < n; ++i)
    y[i] *= a;
  auto body = [=](int m) {
#pragma hpp parallel
    for (int i = 0; i < m; ++i)
      y[i] = 0;
  };
  body(n);
}
)cpp");
  EXPECT_THAT(S->errors(), IsEmpty());
  const auto &Rs = S->model().Regions;
  ASSERT_EQ(Rs.size(), 3u);
  unsigned First = S->lineOf("#pragma hpp parallel\n");
  EXPECT_EQ(Rs[0].Name, "saxpy_L" + std::to_string(First));
  EXPECT_FALSE(Rs[0].HasUserName);
  EXPECT_EQ(Rs[0].Line, First);
  EXPECT_EQ(Rs[0].Id, 1u);
  EXPECT_EQ(Rs[1].Name, "scale y");
  EXPECT_TRUE(Rs[1].HasUserName);
  EXPECT_EQ(Rs[1].Id, 2u);
  // A region in a lambda is named after the function around the lambda.
  unsigned InLambda = S->lineOf("    for (int i = 0; i < m") - 1;
  EXPECT_EQ(Rs[2].Name, "saxpy_L" + std::to_string(InLambda));
  EXPECT_EQ(Rs[2].Line, InLambda);
  EXPECT_EQ(Rs[2].Function, Rs[0].Function);
  EXPECT_EQ(Rs[0].Function->getNameAsString(), "saxpy");
}

TEST(RegionModelTest, SinglesBroadcastWhatTheyAssign) {
  auto S = compile(R"cpp(
void f(int nt, int n, const double *in, double *out) {
#pragma hpp team
  for (int t = 0; t < nt; ++t) {
    double lo, hi;
    int count = 0;
#pragma hpp single
    {
      double tmp = in[t];
      lo = tmp - 1;
      hi = tmp + 1;
    }
#pragma hpp thread
    for (int i = 0; i < n; ++i) {
#pragma hpp single per(thread)
      out[i] = lo + hi;
    }
    out[t] = count;
  }
}
)cpp");
  std::vector<const Construct *> Cs = constructs(*S);
  ASSERT_GE(Cs.size(), 4u);
  const Construct &Team = *Cs[1], &PerThread = *Cs[3];
  ASSERT_EQ(Team.Kind, ConstructKind::Single);
  EXPECT_FALSE(Team.PerThread);
  // Not `tmp`, declared in the single, nor `count`, which it does not write.
  EXPECT_THAT(Team.Broadcast, ElementsAre(S->var("lo"), S->var("hi")));
  ASSERT_EQ(PerThread.Kind, ConstructKind::Single);
  EXPECT_TRUE(PerThread.PerThread);
  EXPECT_THAT(PerThread.Broadcast, IsEmpty());
  EXPECT_EQ(PerThread.Parent, Cs[2]);
}

TEST(RegionModelTest, AtomicForms) {
  auto S = compile(R"cpp(
#include <algorithm>
void f(int n, const int *key, int *hist, double *m, long &bits, double *acc) {
#pragma hpp parallel
  for (int i = 0; i < n; ++i) {
#pragma hpp atomic
    hist[key[i]]++;
#pragma hpp atomic
    acc[0] = acc[0] * 2;
#pragma hpp atomic
    m[0] = std::min(m[0], acc[i]);
#pragma hpp atomic
    bits |= 1L << (i % 64);
#pragma hpp atomic
    acc[1] -= m[i];
  }
}
)cpp");
  std::vector<const Construct *> Cs = constructs(*S);
  ASSERT_EQ(Cs.size(), 6u);
  struct Expected {
    AtomicOp Op;
    const char *Target, *Value, *Function;
  } Want[] = {{AtomicOp::Inc, "hist[key[i]]", "1", ""},
              {AtomicOp::Mul, "acc[0]", "2", ""},
              {AtomicOp::Min, "m[0]", "acc[i]", "min"},
              {AtomicOp::BitOr, "bits", "1L << (i % 64)", ""},
              {AtomicOp::Sub, "acc[1]", "m[i]", ""}};
  for (size_t I = 0; I < std::size(Want); ++I) {
    SCOPED_TRACE(Want[I].Target);
    const Construct &A = *Cs[I + 1];
    ASSERT_EQ(A.Kind, ConstructKind::Atomic);
    EXPECT_EQ(A.Atomic, Want[I].Op);
    EXPECT_EQ(A.AtomicTarget, Want[I].Target);
    EXPECT_EQ(A.AtomicValue, Want[I].Value);
    EXPECT_EQ(A.AtomicFunction, Want[I].Function);
  }
  // Only a plain variable as the target is recorded as such.
  EXPECT_EQ(Cs[4]->AtomicVar, S->var("bits"));
  EXPECT_EQ(Cs[1]->AtomicVar, nullptr);
}

TEST(RegionModelTest, AtomicOutsideRegionsAndMalformedAtomics) {
  auto S = compile(R"cpp(
void count(int *c) {
#pragma hpp atomic
  *c += 1;
}
void f(int n, double *x) {
#pragma hpp parallel
  for (int i = 0; i < n; ++i) {
#pragma hpp atomic
    x[0] = 3 - x[0];
  }
}
)cpp");
  // A free atomic stays atomic wherever its function is called from.
  ASSERT_EQ(S->model().FreeAtomics.size(), 1u);
  EXPECT_EQ(S->model().FreeAtomics[0]->Atomic, AtomicOp::Add);
  EXPECT_EQ(S->model().FreeAtomics[0]->AtomicTarget, "*c");
  EXPECT_THAT(S->errors(), ElementsAre(S->at("x[0] = 3 - x[0]",
                                             "'#pragma hpp atomic' expects an update 'x op= e', "
                                             "'x++', 'x = x op e' or 'x = min(x, e)'")));
  ASSERT_EQ(S->model().Refused.size(), 2u);
  EXPECT_EQ(S->model().Refused[0].Kind, "atomic");
  EXPECT_EQ(S->model().Refused[1].Kind, "parallel");
}

} // namespace
