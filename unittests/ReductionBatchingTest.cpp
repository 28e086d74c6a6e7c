//===- ReductionBatchingTest.cpp - Tests of Analysis/ReductionBatching ----===//
///
/// \file
/// Which team-vector reduction loops markBatchedReductions() lets GPU
/// backends evaluate several iterations ahead (Construct::BatchedUpdates),
/// and which bodies it leaves alone because running a term early could
/// change what the serial loop computes or could not be copied.
///
//===----------------------------------------------------------------------===//

#include "Analysis/ReductionBatching.h"
#include "TranslatorTestSupport.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

using namespace hpp;
using namespace hpp::test;
using ::testing::IsEmpty;

namespace {

/// One team region with a vector loop at team level over BOUND whose body
/// is BODY, reducing REDUCED.
constexpr llvm::StringLiteral Code = R"cpp(
#include <cmath>
double twice(double v) { return 2 * v; }
#define ADD(r, v) r += v
#define SQ(v) ((v) * (v))
void f(int n, int m, const double *x, const volatile double *vx, double *out) {
  #pragma hpp team
  for (int e = 0; e < n; ++e) {
    double s = 0, t = 0;
    #pragma hpp vector reduction(+ : REDUCED)
    for (int j = 0; j < BOUND; ++j)
      BODY
    out[e] = s + t;
  }
}
)cpp";

/// The number of batched updates of the region's vector loop, or -1 when
/// the snippet did not give exactly one region.
int batchedUpdates(llvm::StringRef Body, llvm::StringRef Bound = "m",
                   llvm::StringRef Reduced = "s") {
  auto S = compile(
      substitute(substitute(substitute(Code, "REDUCED", Reduced), "BOUND", Bound), "BODY", Body));
  EXPECT_THAT(S->errors(), IsEmpty()) << Body.str();
  if (S->model().Regions.size() != 1)
    return -1;
  int Updates = -1;
  S->region(0).forEachConstruct([&](const Construct &C) {
    if (C.isLoop() && C.Level == LoopLevel::TeamVector)
      Updates = static_cast<int>(C.BatchedUpdates.size());
  });
  return Updates;
}

TEST(ReductionBatchingTest, PureTermsAreBatched) {
  EXPECT_EQ(batchedUpdates("s += x[j];"), 1);
  EXPECT_EQ(batchedUpdates("{ s += x[j] * x[j]; t -= x[j] / 2; }", "m", "s, t"), 2);
  EXPECT_EQ(batchedUpdates("s *= 1 + x[j] * (e + 1);"), 1);
  EXPECT_EQ(batchedUpdates("s += std::sqrt(std::fabs(x[j]));"), 1);
  EXPECT_EQ(batchedUpdates("s += j < n ? x[j] : 0.0;"), 1);
  // A term that is a macro invocation is copied as written.
  EXPECT_EQ(batchedUpdates("s += SQ(x[j]);"), 1);
}

TEST(ReductionBatchingTest, TermsThatCannotRunAheadAreNot) {
  // Reads a reduction: the serial value of s matters to the term.
  EXPECT_EQ(batchedUpdates("s += s * x[j];"), 0);
  EXPECT_EQ(batchedUpdates("{ s += x[j]; t += s; }", "m", "s, t"), 0);
  // A function hppc cannot see is pure.
  EXPECT_EQ(batchedUpdates("s += twice(x[j]);"), 0);
  // A volatile read.
  EXPECT_EQ(batchedUpdates("s += vx[j];"), 0);
  // Does not name the index: nothing to overlap.
  EXPECT_EQ(batchedUpdates("s += x[e];"), 0);
  // Another statement in the body.
  EXPECT_EQ(batchedUpdates("{ const double y = x[j]; s += y; }"), 0);
  EXPECT_EQ(batchedUpdates("if (x[j] > 0) s += x[j];"), 0);
  // The update itself written by a macro.
  EXPECT_EQ(batchedUpdates("ADD(s, x[j]);"), 0);
}

TEST(ReductionBatchingTest, ShortConstantLoopsAreNot) {
  // The region's AUTO teams are as wide as its constant loop (up to 1024
  // threads): a batch needs 4 iterations per thread of them.
  EXPECT_EQ(batchedUpdates("s += x[j];", "127"), 0);
  EXPECT_EQ(batchedUpdates("s += x[j];", "1500"), 0);
  EXPECT_EQ(batchedUpdates("s += x[j];", "4095"), 0);
  EXPECT_EQ(batchedUpdates("s += x[j];", "4096"), 1);
  // Teams of a given size: 4 iterations for each thread of a warp do.
  auto S = compile(R"cpp(
void f(int n, const double *x, double *out) {
  #pragma hpp team team_size(2) vector_length(32)
  for (int e = 0; e < n; ++e) {
    double s = 0;
    #pragma hpp vector reduction(+ : s)
    for (int j = 0; j < 128; ++j)
      s += x[j];
    out[e] = s;
  }
}
)cpp");
  ASSERT_EQ(S->model().Regions.size(), 1u);
  S->region(0).forEachConstruct([&](const Construct &C) {
    if (C.isLoop() && C.Level == LoopLevel::TeamVector)
      EXPECT_EQ(C.BatchedUpdates.size(), 1u);
  });
}

TEST(ReductionBatchingTest, VectorLoopsInThreadLoopsAreNot) {
  auto S = compile(R"cpp(
void f(int n, int m, const double *x, double *out) {
  #pragma hpp team
  for (int e = 0; e < n; ++e) {
    #pragma hpp thread
    for (int c = 0; c < 4; ++c) {
      double s = 0;
      #pragma hpp vector reduction(+ : s)
      for (int j = 0; j < m; ++j)
        s += x[j] * c;
      out[e * 4 + c] = s;
    }
  }
}
)cpp");
  ASSERT_EQ(S->model().Regions.size(), 1u);
  unsigned Loops = 0;
  S->region(0).forEachConstruct([&](const Construct &C) {
    if (C.isLoop() && C.Level == LoopLevel::Vector) {
      ++Loops;
      EXPECT_THAT(C.BatchedUpdates, IsEmpty());
    }
  });
  EXPECT_EQ(Loops, 1u);
}

} // namespace
