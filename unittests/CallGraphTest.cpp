//===- CallGraphTest.cpp - Tests of Analysis/CallGraph ---------------------===//
///
/// \file
/// collectCalledFunctions() on the statement after a `#pragma hpp single`
/// marker (parsed, not analysed): the functions a region reaches, each once
/// with its chain of callers, and the calls no device compiler can follow
/// (recorded with their chains; DeviceRestrictionsTest checks the errors).
///
//===----------------------------------------------------------------------===//

#include "Analysis/CallGraph.h"
#include "TranslatorTestSupport.h"
#include "clang/AST/Decl.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

using namespace hpp;
using namespace hpp::test;
using ::testing::ElementsAre;
using ::testing::IsEmpty;

namespace {

struct Collected {
  std::unique_ptr<Snippet> S;
  Region R;
};

/// The calls of the statement after the snippet's only pragma.
Collected collect(llvm::StringRef Code) {
  Collected C{compile(Code, parseOnly()), Region{}};
  if (C.S->directives().size() != 1) {
    ADD_FAILURE() << "expected one marker pragma";
    return C;
  }
  const clang::Stmt *St = C.S->stmtAfter(C.S->directives().front());
  collectCalledFunctions(St, C.R, C.S->context());
  return C;
}

TEST(CallGraphTest, TransitiveCallsWithTheirChains) {
  Collected C = collect(R"cpp(
double leaf(double x) { return x * 2; }
double left(double x) { return leaf(x) + 1; }
double right(double x) { return leaf(x) - 1; }
double top(double x) { return left(x) * right(x); }
void f(double *y) {
#pragma hpp single
  y[0] = top(y[1]);
}
)cpp");
  EXPECT_THAT(C.R.OpaqueCalls, IsEmpty());
  EXPECT_THAT(C.S->errors(), IsEmpty());
  // Pre-order; `leaf`, reached twice, is listed once.
  EXPECT_THAT(callNames(C.R), ElementsAre("top", "left", "leaf", "right"));
  EXPECT_THAT(C.R.Calls[0].Chain, IsEmpty());
  EXPECT_THAT(C.R.Calls[2].Chain, ElementsAre("top", "left"));
  EXPECT_EQ(C.S->line(C.R.Calls[0].CallLoc), C.S->lineOf("y[0] = top"));
  EXPECT_EQ(C.S->line(C.R.Calls[3].CallLoc), C.S->lineOf("* right(x)"));
  EXPECT_EQ(C.R.Calls[0].Fn->getNameAsString(), "top");
  EXPECT_TRUE(C.R.Calls[0].Fn->hasBody());
}

TEST(CallGraphTest, LibraryMathIsNotListed) {
  Collected C = collect(R"cpp(
#include <cmath>
#include <algorithm>
void f(double *y) {
#pragma hpp single
  y[0] = std::sqrt(y[1]) + fabs(y[2]) + std::max(y[3], y[4]) + __builtin_expf(1.0f);
}
)cpp");
  EXPECT_THAT(C.R.OpaqueCalls, IsEmpty());
  EXPECT_THAT(C.S->errors(), IsEmpty());
  EXPECT_THAT(C.R.Calls, IsEmpty());
}

TEST(CallGraphTest, MembersConstructorsAndLambdas) {
  Collected C = collect(R"cpp(
struct Vec {
  double x, y;
  Vec(double a, double b) : x(a), y(scale(b)) {}
  static double scale(double v) { return 2 * v; }
  double dot(const Vec &o) const { return x * o.x + y * o.y; }
};
void f(double *out) {
#pragma hpp single
  {
    auto sq = [](double v) { return v * v; };
    out[0] = sq(Vec(out[1], out[2]).dot(Vec(1, 2)));
  }
}
)cpp");
  EXPECT_THAT(C.R.OpaqueCalls, IsEmpty());
  std::vector<std::string> Names = callNames(C.R);
  ASSERT_EQ(Names.size(), 4u);
  EXPECT_THAT(Names[0], ::testing::EndsWith("operator()"));
  // The constructor's initialisers are walked like its body.
  EXPECT_THAT(std::vector<std::string>(Names.begin() + 1, Names.end()),
              ElementsAre("Vec::dot", "Vec::Vec", "Vec::scale"));
  EXPECT_THAT(C.R.Calls[3].Chain, ElementsAre("Vec::Vec"));
}

TEST(CallGraphTest, InvisibleBodyIsRecordedWithTheChain) {
  Collected C = collect(R"cpp(
double external(double x);
double helper(double x) { return external(x) + 1; }
void f(double *y) {
#pragma hpp single
  y[0] = helper(y[1]);
}
)cpp");
  EXPECT_THAT(C.S->errors(), IsEmpty());
  ASSERT_EQ(C.R.OpaqueCalls.size(), 1u);
  const OpaqueCall &Call = C.R.OpaqueCalls[0];
  EXPECT_EQ(Call.Kind, OpaqueCall::NoBody);
  EXPECT_EQ(Call.Name, "external");
  EXPECT_EQ(C.S->line(Call.CallLoc), C.S->lineOf("return external"));
  ASSERT_EQ(Call.Chain.size(), 1u);
  EXPECT_EQ(Call.Chain[0].first, "helper");
  EXPECT_EQ(C.S->line(Call.Chain[0].second), C.S->lineOf("y[0] = helper"));
}

TEST(CallGraphTest, CallThroughAPointerIsRecorded) {
  Collected C = collect(R"cpp(
double twice(double x) { return 2 * x; }
void f(double *y, double (*op)(double)) {
#pragma hpp single
  y[0] = op(y[1]);
}
)cpp");
  EXPECT_THAT(C.S->errors(), IsEmpty());
  ASSERT_EQ(C.R.OpaqueCalls.size(), 1u);
  EXPECT_EQ(C.R.OpaqueCalls[0].Kind, OpaqueCall::Indirect);
  EXPECT_EQ(C.S->line(C.R.OpaqueCalls[0].CallLoc), C.S->lineOf("y[0] = op"));
  EXPECT_THAT(C.R.OpaqueCalls[0].Chain, IsEmpty());
}

TEST(CallGraphTest, RegionInATemplateListsEachInstantiationsCallees) {
  auto S = compile(R"cpp(
inline float halfOf(float x) { return x / 2; }
inline double halfOf(double x) { return x / 2; }
template <class T> void halve(int n, T *a) {
#pragma hpp parallel
  for (int i = 0; i < n; ++i)
    a[i] = halfOf(a[i]);
}
template void halve<float>(int, float *);
template void halve<double>(int, double *);
)cpp");
  EXPECT_THAT(S->errors(), IsEmpty());
  ASSERT_EQ(S->model().Regions.size(), 1u);
  const Region &R = S->region(0);
  EXPECT_EQ(R.Instantiations.size(), 2u);
  // The dependent call resolves differently in each instantiation.
  ASSERT_EQ(R.Calls.size(), 2u);
  EXPECT_EQ(R.Calls[0].Name, "halfOf");
  EXPECT_NE(R.Calls[0].Fn, R.Calls[1].Fn);
}

} // namespace
