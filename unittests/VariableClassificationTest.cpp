//===- VariableClassificationTest.cpp - Captures, globals and races --------===//
///
/// \file
/// How buildRegions() classifies the variables a region touches: read-only
/// captures (pointers flagged), reductions, atomics, `this`, globals; and
/// the race rule, which refuses a scalar declared outside a parallel loop
/// and written inside it without a reduction or an atomic.
///
//===----------------------------------------------------------------------===//

#include "Analysis/RegionBuilder.h"
#include "TranslatorTestSupport.h"
#include "clang/AST/Decl.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

using namespace hpp;
using namespace hpp::test;
using ::testing::ElementsAre;
using ::testing::IsEmpty;

namespace {

const Capture *findCapture(const Region &R, llvm::StringRef Name) {
  for (const Capture &C : R.Captures)
    if (C.Name == Name)
      return &C;
  ADD_FAILURE() << "no capture '" << Name.str() << "'";
  return nullptr;
}

std::vector<std::string> globalNames(const Region &R) {
  std::vector<std::string> Names;
  for (const clang::VarDecl *V : R.Globals)
    Names.push_back(V->getNameAsString());
  return Names;
}

std::string raceOn(llvm::StringRef Var) {
  return "'" + Var.str() +
         "' is declared outside the parallel loop and written inside it; "
         "name it in a reduction clause or update it with '#pragma hpp atomic'";
}

TEST(VariableClassificationTest, ReadOnlyScalarsAndPointers) {
  auto S = compile(R"cpp(
void f(int n, double scale, const double *x, double *y) {
#pragma hpp parallel
  for (int i = 0; i < n; ++i)
    y[i] = scale * x[i];
}
)cpp");
  EXPECT_THAT(S->errors(), IsEmpty());
  ASSERT_EQ(S->model().Regions.size(), 1u);
  const Region &R = S->region(0);
  // In order of first use; the loop's own index is not a capture.
  EXPECT_THAT(captureNames(R), ElementsAre("n", "y", "scale", "x"));
  for (const Capture &C : R.Captures)
    EXPECT_EQ(C.Kind, CaptureKind::ReadOnly) << C.Name;
  const Capture *X = findCapture(R, "x");
  ASSERT_NE(X, nullptr);
  EXPECT_TRUE(X->IsPointer);
  EXPECT_EQ(X->TypeName, "const double *");
  EXPECT_EQ(X->Var, S->var("x"));
  EXPECT_EQ(S->line(X->FirstUse), S->lineOf("y[i] = scale"));
  const Capture *Scale = findCapture(R, "scale");
  ASSERT_NE(Scale, nullptr);
  EXPECT_FALSE(Scale->IsPointer);
  EXPECT_EQ(Scale->TypeName, "double");
  EXPECT_FALSE(R.CapturesThis);
  EXPECT_THAT(R.Globals, IsEmpty());
}

TEST(VariableClassificationTest, ReductionsAndAtomics) {
  auto S = compile(R"cpp(
void f(int n, const int *key, int *hist, const double *x, double &out) {
  double sum = 0;
  int count = 0;
#pragma hpp parallel reduction(+: sum)
  for (int i = 0; i < n; ++i) {
    sum += x[i];
#pragma hpp atomic
    count += 1;
#pragma hpp atomic
    hist[key[i]]++;
  }
  out = sum + count;
}
)cpp");
  EXPECT_THAT(S->errors(), IsEmpty());
  ASSERT_EQ(S->model().Regions.size(), 1u);
  const Region &R = S->region(0);
  EXPECT_THAT(captureNames(R), ElementsAre("n", "sum", "x", "count", "hist", "key"));
  EXPECT_EQ(findCapture(R, "sum")->Kind, CaptureKind::Reduction);
  EXPECT_EQ(findCapture(R, "count")->Kind, CaptureKind::Atomic);
  // An atomic on memory leaves the pointer itself read-only.
  EXPECT_EQ(findCapture(R, "hist")->Kind, CaptureKind::ReadOnly);
  EXPECT_TRUE(findCapture(R, "hist")->IsPointer);
}

// Plain members read by name are captured one by one, not through `this`.
TEST(VariableClassificationTest, PlainMembersAreCapturedByName) {
  auto S = compile(R"cpp(
struct Grid {
  int n;
  double *data;
  double scale;
  void run() {
#pragma hpp parallel
    for (int i = 0; i < n; ++i)
      data[i] *= scale;
  }
};
)cpp");
  EXPECT_THAT(S->errors(), IsEmpty());
  ASSERT_EQ(S->model().Regions.size(), 1u);
  const Region &R = S->region(0);
  EXPECT_FALSE(R.CapturesThis);
  ASSERT_EQ(R.Captures.size(), 3u);
  for (const char *Name : {"n", "data", "scale"}) {
    const Capture *C = findCapture(R, Name);
    ASSERT_NE(C, nullptr) << Name;
    EXPECT_NE(C->Field, nullptr) << Name;
    EXPECT_EQ(C->Var, nullptr) << Name;
    EXPECT_EQ(C->Kind, CaptureKind::ReadOnly) << Name;
  }
  EXPECT_TRUE(findCapture(R, "data")->IsPointer);
  EXPECT_FALSE(findCapture(R, "n")->IsPointer);
  EXPECT_EQ(R.Function->getNameAsString(), "run");
}

// Any other use of `this` (explicit, a member function, a member of class
// type) keeps the whole object.
TEST(VariableClassificationTest, OtherMembersAreReachedThroughThis) {
  auto S = compile(R"cpp(
struct Pair { double a, b; };
struct Grid {
  int n;
  double *data;
  Pair p;
  double at(int i) const { return data[i]; }
  void explicitThis() {
#pragma hpp parallel
    for (int i = 0; i < this->n; ++i)
      data[i] = i;
  }
  void memberCall(double *out) {
#pragma hpp parallel
    for (int i = 0; i < n; ++i)
      out[i] = at(i);
  }
  void classMember() {
#pragma hpp parallel
    for (int i = 0; i < n; ++i)
      data[i] = p.a;
  }
};
)cpp");
  EXPECT_THAT(S->errors(), IsEmpty());
  ASSERT_EQ(S->model().Regions.size(), 3u);
  for (unsigned I = 0; I < 3; ++I) {
    const Region &R = S->region(I);
    EXPECT_TRUE(R.CapturesThis) << I;
    EXPECT_TRUE(llvm::none_of(R.Captures, [](const Capture &C) { return C.Field; })) << I;
  }
}

TEST(VariableClassificationTest, GlobalsAndStaticsAreListedApart) {
  auto S = compile(R"cpp(
int Limit;
constexpr int Width = 4;
static double Table[4];
void f(int n, double *y) {
  static int Calls;
  const int Offset = 1;
#pragma hpp parallel
  for (int i = 0; i < n; ++i)
    y[i] = Table[i % Width] + Limit + Calls + Offset;
}
)cpp");
  EXPECT_THAT(S->errors(), IsEmpty());
  ASSERT_EQ(S->model().Regions.size(), 1u);
  const Region &R = S->region(0);
  // constexpr values are compiled in; the others live in host memory.
  EXPECT_THAT(globalNames(R), ElementsAre("Table", "Limit", "Calls"));
  EXPECT_THAT(captureNames(R), ElementsAre("n", "y", "Offset"));
}

TEST(VariableClassificationTest, ScalarWrittenWithoutReductionIsARace) {
  auto S = compile(R"cpp(
void f(int n, double *y) {
  double last = 0;
#pragma hpp parallel
  for (int i = 0; i < n; ++i) {
    last = y[i];
  }
  y[0] = last;
}
)cpp");
  EXPECT_THAT(S->errors(), ElementsAre(S->at("last = y[i]", raceOn("last"))));
  EXPECT_THAT(S->notes(), ElementsAre("for the loop annotated by '#pragma hpp parallel' here"));
  EXPECT_THAT(S->model().Regions, IsEmpty());
  ASSERT_EQ(S->model().Refused.size(), 1u);
  const RefusedDirective &Refused = S->model().Refused.front();
  EXPECT_EQ(Refused.Line, S->lineOf("#pragma hpp parallel"));
  EXPECT_EQ(Refused.Kind, "parallel");
  EXPECT_EQ(Refused.Reason, raceOn("last"));
}

TEST(VariableClassificationTest, GlobalsAndReferenceParametersRace) {
  auto S = compile(R"cpp(
int Counter;
void f(int n, int &out, int *y) {
#pragma hpp parallel
  for (int i = 0; i < n; ++i) {
    Counter++;
    out = y[i];
  }
}
)cpp");
  EXPECT_THAT(S->errors(), ElementsAre(S->at("Counter++", raceOn("Counter")),
                                       S->at("out = y[i]", raceOn("out"))));
  EXPECT_THAT(S->model().Regions, IsEmpty());
}

TEST(VariableClassificationTest, LoopLocalsAreNotRaces) {
  auto S = compile(R"cpp(
void f(int n, double *y) {
#pragma hpp parallel
  for (int i = 0; i < n; ++i) {
    double t = y[i];
    t *= 2;
    double &slot = y[i];
    slot = t;
    for (int k = 0; k < 3; ++k)
      t += k;
  }
}
)cpp");
  EXPECT_THAT(S->errors(), IsEmpty());
  ASSERT_EQ(S->model().Regions.size(), 1u);
  EXPECT_THAT(captureNames(S->region(0)), ElementsAre("n", "y"));
}

TEST(VariableClassificationTest, TeamLocalWrittenByAThreadLoop) {
  constexpr const char *Code = R"cpp(
void f(int nt, int n, const double *x, double *y) {
#pragma hpp team
  for (int t = 0; t < nt; ++t) {
    double acc = 0;
#pragma hpp thread REDUCTION
    for (int i = 0; i < n; ++i)
      acc += x[t * n + i];
    y[t] = acc;
  }
}
)cpp";
  // Declared in the team loop, so private to a team, but shared by its
  // threads: the thread loop must reduce it.
  auto Racy = compile(substitute(Code, "REDUCTION", ""));
  EXPECT_THAT(Racy->errors(), ElementsAre(Racy->at("acc += x", raceOn("acc"))));
  EXPECT_THAT(Racy->notes(), ElementsAre("for the loop annotated by '#pragma hpp thread' here"));

  auto Reduced = compile(substitute(Code, "REDUCTION", "reduction(+: acc)"));
  EXPECT_THAT(Reduced->errors(), IsEmpty());
  ASSERT_EQ(Reduced->model().Regions.size(), 1u);
  // acc is the team's own, not a capture of the region.
  EXPECT_THAT(captureNames(Reduced->region(0)), ElementsAre("nt", "n", "x", "y"));
}

} // namespace

// A View written through operator() is a read-only capture, as a pointer
// written through [] is: the handle itself does not change, so it is no
// race, and the GPU launch checks its data() as it checks pointers.
TEST(VariableClassificationTest, ViewsWrittenThroughTheirElements) {
  auto S = compile(R"cpp(
#include <hpp/view.hpp>
void f(int n, hpp::View<double, 2> a, hpp::View<const double, 1> x,
       hpp::View<double, 1, hpp::LayoutLeft> y) {
#pragma hpp parallel
  for (int i = 0; i < n; ++i) {
    a(i, 0) = x(i);
    y(i) += a(i, 0) * 2;
  }
}
)cpp");
  EXPECT_THAT(S->errors(), IsEmpty());
  ASSERT_EQ(S->model().Regions.size(), 1u);
  const Region &R = S->region(0);
  EXPECT_THAT(captureNames(R), ElementsAre("n", "a", "x", "y"));
  for (const char *Name : {"a", "x", "y"}) {
    const Capture *C = findCapture(R, Name);
    ASSERT_NE(C, nullptr) << Name;
    EXPECT_EQ(C->Kind, CaptureKind::ReadOnly) << Name;
    EXPECT_TRUE(C->IsView) << Name;
    EXPECT_FALSE(C->IsPointer) << Name;
  }
  EXPECT_FALSE(findCapture(R, "n")->IsView);
}
