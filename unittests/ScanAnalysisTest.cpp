//===- ScanAnalysisTest.cpp - Scan separators and their loops -------------===//
///
/// \file
/// ScanAnalyzer's rules beyond attaching the separator (ReductionTest):
/// where a separator may stand, which loops may scan, and what the input
/// phase, which may run twice, is allowed to do.
///
//===----------------------------------------------------------------------===//

#include "TranslatorTestSupport.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

using namespace hpp;
using namespace hpp::test;
using ::testing::ElementsAre;
using ::testing::IsEmpty;

namespace {

/// An exclusive scan over `s`: INPUT is the input phase (after the
/// separator), which must only update `s` and its own locals.
constexpr const char *ExclusiveScan = R"cpp(
double weight(double v);
constexpr double pure(double v) { return 2 * v; }
void f(int n, const double *x, double *y, double *z) {
  double s = 0, other = 0;
#pragma hpp parallel reduction(inscan, +: s)
  for (int i = 0; i < n; ++i) {
    y[i] = s;
#pragma hpp scan exclusive(s)
    INPUT
  }
}
double weight(double v) { static double w = 1; w += v; return w; }
)cpp";

TEST(ScanAnalysisTest, InputPhaseMayUpdateTheScanVariableAndItsLocals) {
  auto S = compile(substitute(ExclusiveScan, "INPUT", "double v = pure(x[i]);\n    s += v;"));
  EXPECT_THAT(S->errors(), IsEmpty());
  ASSERT_EQ(S->model().Regions.size(), 1u);
  EXPECT_NE(S->region(0).Root->ScanSeparator, nullptr);
}

TEST(ScanAnalysisTest, InputPhaseWritingAnythingElseIsRefused) {
  struct Case {
    const char *Input, *At, *Message;
  };
  const Case Cases[] = {
      {"other += x[i]; s += x[i];", "other +=",
       "the input phase of a scan may only update the scan variable; 'other' is written"},
      {"z[i] = x[i]; s += x[i];", "z[i] =",
       "the input phase of a scan may only update the scan variable; 'z[i]' is written"},
      {"s += weight(x[i]);", "weight(x[i])",
       "the input phase of a scan may only update the scan variable; it calls 'weight'"},
  };
  for (const Case &C : Cases) {
    SCOPED_TRACE(C.Input);
    auto S = compile(substitute(ExclusiveScan, "INPUT", C.Input));
    EXPECT_THAT(S->errors(), ElementsAre(S->at(C.At, C.Message)));
    EXPECT_THAT(S->model().Regions, IsEmpty());
  }
}

TEST(ScanAnalysisTest, SeparatorPlacementAndLevel) {
  auto S = compile(R"cpp(
void f(int nt, int n, const double *x, double *y) {
  double s = 0, t = 0;
#pragma hpp parallel reduction(inscan, +: s)
  for (int i = 0; i < n; ++i) {
    if (i >= 0) {
#pragma hpp scan inclusive(s)
    }
    y[i] = s;
  }
#pragma hpp team reduction(inscan, +: t)
  for (int e = 0; e < nt; ++e) {
    t += x[e];
#pragma hpp scan inclusive(t)
    y[e] = t;
  }
}
)cpp");
  EXPECT_THAT(S->errors(),
              ElementsAre(S->at("scan inclusive(s)",
                                "'#pragma hpp scan' must be a statement of the body of a loop "
                                "with an 'inscan' reduction"),
                          S->at("scan inclusive(t)",
                                "scans are supported on flat parallel loops and on thread and "
                                "vector loops")));
  EXPECT_THAT(S->model().Regions, IsEmpty());
}

TEST(ScanAnalysisTest, OneSeparatorForAllInscanVariables) {
  auto S = compile(R"cpp(
void f(int n, const double *x, double *y) {
  double s = 0, c = 0;
#pragma hpp parallel reduction(inscan, +: s, c)
  for (int i = 0; i < n; ++i) {
    s += x[i];
    c += 1;
#pragma hpp scan inclusive(s)
    y[i] = s / c;
  }
}
)cpp");
  EXPECT_THAT(S->errors(),
              ElementsAre(S->at("scan inclusive(s)", "'inscan' reduction variables of one loop "
                                                     "must all use the same scan directive")));
}

/// An exclusive scan over `s` whose scan phase is SCAN: memory it writes,
/// the input phase may not read (every input phase runs before any scan
/// phase), but the declaration `t`, which the reduce pass repeats where it
/// stands, reads r.val before SCAN.
constexpr const char *ScanPhaseWrites = R"cpp(
struct Rows { double *val; double *off; };
void bump(double *p);
void f(int n, double *x, double *y, Rows r) {
  double s = 0;
#pragma hpp parallel reduction(inscan, +: s)
  for (int i = 0; i < n; ++i) {
    const double t = r.val[i];
    SCAN
#pragma hpp scan exclusive(s)
    s += x[i] + r.off[i] + t;
  }
}
)cpp";

TEST(ScanAnalysisTest, ScanPhaseWritesReadByTheInputPhaseAreRefused) {
  struct Case {
    const char *Scan, *Written;
  };
  const Case Cases[] = {
      {"x[i] = s;", "x[i]"},
      {"*(x + i) += 1;", "*(x + i)"},
      {"double *w = x; w[i] = s;", "w[i]"},
      {"bump(&x[i]);", "bump(&x[i])"},
      {"r.off[i] = s;", "r.off[i]"},
  };
  for (const Case &C : Cases) {
    SCOPED_TRACE(C.Scan);
    auto S = compile(substitute(ScanPhaseWrites, "SCAN", C.Scan));
    EXPECT_THAT(S->errors(),
                ElementsAre(S->at(C.Scan, std::string("the scan phase of an exclusive scan "
                                                      "writes '") +
                                              C.Written +
                                              "', which its input phase reads: the input "
                                              "phases run before the scan phases, so it "
                                              "would read the value from before this write")));
    EXPECT_THAT(S->notes(), ElementsAre(::testing::HasSubstr("is read by the input phase here")));
  }
}

TEST(ScanAnalysisTest, ScanPhaseWritesTheInputPhaseDoesNotRead) {
  // Other memory; another member of the same object; memory only `t`
  // reads, before the write (the in-place scan's shape).
  for (const char *Scan : {"y[i] = s;", "r.val[i] = s;"}) {
    SCOPED_TRACE(Scan);
    auto S = compile(substitute(ScanPhaseWrites, "SCAN", Scan));
    EXPECT_THAT(S->errors(), IsEmpty());
  }
}

} // namespace
