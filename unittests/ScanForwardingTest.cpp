//===- ScanForwardingTest.cpp - Tests of Analysis/ScanForwarding ----------===//
///
/// \file
/// Which element reads markScanForwards() lets a device-wide scan keep
/// from pass 1 for pass 2 (Construct::ScanForwards), and which it leaves
/// to be loaded again because the kept value could differ from what the
/// serial loop reads, or because pass 1 does not load it for every item.
///
//===----------------------------------------------------------------------===//

#include "Analysis/ScanForwarding.h"
#include "TranslatorTestSupport.h"
#include "clang/AST/Expr.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

using namespace hpp;
using namespace hpp::test;
using ::testing::ElementsAre;
using ::testing::IsEmpty;

namespace {

/// An exclusive scan whose scan phase is SCAN and input phase INPUT.
constexpr llvm::StringLiteral Code = R"cpp(
#include <hpp/hpp.hpp>
#define FLAG(v) ((v) < 0.0)
int f(int n, int off, const double *x, const double *y, int *list, double *z,
      hpp::View<const double, 1> xv, hpp::View<double, 2> zv) {
  int c = 0;
  double w[8] = {};
  #pragma hpp parallel reduction(inscan, + : c)
  for (int i = 0; i < n; ++i) {
    SCAN
    #pragma hpp scan exclusive(c)
    INPUT
  }
  return c;
}
)cpp";

/// Each kept read as "value: uses" (source texts), or {"error"} when the
/// snippet does not translate to one region.
std::vector<std::string> kept(llvm::StringRef Scan, llvm::StringRef Input) {
  auto S = compile(substitute(substitute(Code, "SCAN", Scan), "INPUT", Input));
  EXPECT_THAT(S->errors(), IsEmpty()) << Scan.str() << " / " << Input.str();
  if (S->model().Regions.size() != 1)
    return {"error"};
  std::vector<std::string> Out;
  for (const ForwardedRead &F : S->region(0).Root->ScanForwards) {
    std::string Line = S->text(F.Value->getSourceRange()) + ":";
    for (const clang::Expr *U : F.Uses)
      Line += " " + S->text(U->getSourceRange());
    Out.push_back(Line);
  }
  return Out;
}

TEST(ScanForwardingTest, ElementsBothPassesReadAreKept) {
  // The index list: both phases read x[i].
  EXPECT_THAT(kept("if (x[i] < 0.0) list[c] = i;", "c += x[i] < 0.0 ? 1 : 0;"),
              ElementsAre("x[i]: x[i] x[i]"));
  // Indices from invariant variables and constants.
  EXPECT_THAT(kept("if (x[n - 1 - i] > 0) list[c] = i;", "c += x[n - 1 - i] > 0;"),
              ElementsAre("x[n - 1 - i]: x[n - 1 - i] x[n - 1 - i]"));
  // The same element spelled another way is another read (loaded again).
  EXPECT_THAT(kept("if (x[i + off] > 0) list[c] = i;", "c += (i + off)[x] > 0;"), IsEmpty());
  // A local array read-only in the loop.
  EXPECT_THAT(kept("list[c] = w[i & 7] > 0;", "c += w[i & 7] > 0;"),
              ElementsAre("w[i & 7]: w[i & 7] w[i & 7]"));
  // Through a declaration the reduce pass repeats.
  EXPECT_THAT(kept("const bool keep = x[i] > 0; if (keep) list[c] = i;", "c += keep;"),
              ElementsAre("x[i]: x[i]"));
}

TEST(ScanForwardingTest, ViewElementsAreKept) {
  EXPECT_THAT(kept("if (xv(i) < 0.0) list[c] = i;", "c += xv(i) < 0.0;"),
              ElementsAre("xv(i): xv(i) xv(i)"));
  EXPECT_THAT(kept("if (zv(i, 1) < 0.0) list[c] = i;", "c += zv(i, 1) < 0.0;"),
              ElementsAre("zv(i, 1): zv(i, 1) zv(i, 1)"));
  // Written through the View in the scan phase (an inclusive scan, whose
  // input phase reads it first): loaded again.
  EXPECT_THAT(kept("if (zv(i, 0) < 0.0) { zv(i, 0) = 0.0; list[c] = i; }", "c += x[i] < 0;"),
              IsEmpty());
}

TEST(ScanForwardingTest, WrittenElementsAreLoadedAgain) {
  // z[i] is written in the scan phase (the input phase does not read it);
  // x[i], read by the input phase alone, is not worth keeping.
  EXPECT_THAT(kept("if (z[i] < 0) { z[i] = 0; list[c] = i; }", "c += x[i] < 0;"),
              IsEmpty());
  // The index names a local of the body.
  EXPECT_THAT(kept("const int j = i / 2; if (x[j] < 0) list[c] = i;",
                   "c += x[i / 2] < 0;"),
              IsEmpty());
}

TEST(ScanForwardingTest, ConditionalReadsAreNotLoadedAhead) {
  // Pass 1 reads x[i] only for some items: nothing it loads for every item.
  EXPECT_THAT(kept("if (y[i] > 0 && x[i] < 0) list[c] = i;", "if (y[i] > 0) c += x[i] < 0;"),
              ElementsAre("y[i]: y[i] y[i]"));
  EXPECT_THAT(kept("list[c] = y[i] > 0 ? x[i] : 0;", "c += y[i] > 0 ? x[i] : 0.0;"),
              ElementsAre("y[i]: y[i] y[i]"));
}

TEST(ScanForwardingTest, AtMostEightBytesPerItem) {
  // The first double fills the budget; a second element is loaded again.
  EXPECT_THAT(kept("if (x[i] < y[i]) list[c] = i;", "c += x[i] < y[i];"),
              ElementsAre("x[i]: x[i] x[i]"));
  // Two ints fit.
  EXPECT_THAT(kept("if (list[i] < list[n + i]) z[c] = i;", "c += list[i] < list[n + i];"),
              ElementsAre("list[i]: list[i] list[i]", "list[n + i]: list[n + i] list[n + i]"));
}

TEST(ScanForwardingTest, MacroTextIsNotReplaced) {
  // The use inside FLAG's expansion stays as the macro writes it, which
  // leaves x[i] no use in the scan phase to keep it for.
  EXPECT_THAT(kept("if (FLAG(x[i])) list[c] = i;", "c += x[i] < 0.0;"), IsEmpty());
}

} // namespace
