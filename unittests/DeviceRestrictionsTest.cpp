//===- DeviceRestrictionsTest.cpp - What a region may do on a GPU ---------===//
///
/// \file
/// checkDeviceRestrictions() on regions buildRegions() accepted: the guard
/// plan (which statements of a team or thread body run once), how called
/// functions become device code, and the refusals, each moving its region
/// from Regions to Refused with its first error as the reason.
///
//===----------------------------------------------------------------------===//

#include "Analysis/DeviceRestrictions.h"
#include "TranslatorTestSupport.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/Stmt.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

using namespace hpp;
using namespace hpp::test;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::IsEmpty;

namespace {

/// Compiles \p Code, then runs the CUDA restrictions on its model.
std::unique_ptr<Snippet> checkForGPU(llvm::StringRef Code, bool &Ok) {
  auto S = compile(Code);
  EXPECT_THAT(S->errors(), IsEmpty()) << "the analysis itself must accept the snippet";
  Ok = checkDeviceRestrictions(S->model(), Backend::CUDA, DeviceAssumptions{}, S->context(),
                               S->diagnoser());
  return S;
}

TEST(DeviceRestrictionsTest, GuardPlanOfTeamAndThreadBodies) {
  bool Ok = false;
  auto S = checkForGPU(R"cpp(
double peek(const double *p) { return *p; }
void log(double);
void f(int nt, int n, const double *in, double *out) {
#pragma hpp team
  for (int t = 0; t < nt; ++t) {
    double x = peek(in + t);
    out[t] = x;
    if (x > 0) {
#pragma hpp thread
      for (int i = 0; i < n; ++i) {
        double y = x * i;
        out[nt + i] = y;
      }
    }
    log(x);
  }
}
void log(double) {}
)cpp",
                       Ok);
  ASSERT_TRUE(Ok);
  ASSERT_EQ(S->model().Regions.size(), 1u);
  const std::vector<GuardedStmt> &G = S->region(0).Guarded;
  // Every thread computes x and y; the stores run once per team and once
  // per thread; the `if` holding the thread loop is split, not guarded; a
  // call that writes nothing (log) runs on every thread.
  ASSERT_EQ(G.size(), 2u);
  EXPECT_EQ(G[0].Level, LoopLevel::Team);
  EXPECT_EQ(S->line(G[0].S->getBeginLoc()), S->lineOf("out[t] = x;"));
  EXPECT_EQ(G[1].Level, LoopLevel::Thread);
  EXPECT_EQ(S->line(G[1].S->getBeginLoc()), S->lineOf("out[nt + i] = y;"));
}

TEST(DeviceRestrictionsTest, FlatRegionsNeedNoGuards) {
  bool Ok = false;
  auto S = checkForGPU(R"cpp(
void f(int n, double *a) {
#pragma hpp parallel
  for (int i = 0; i < n; ++i)
    a[i] = i;
}
)cpp",
                       Ok);
  ASSERT_TRUE(Ok);
  EXPECT_THAT(S->region(0).Guarded, IsEmpty());
}

TEST(DeviceRestrictionsTest, CalledFunctionsAreMarkedByKind) {
  bool Ok = false;
  auto S = checkForGPU(R"cpp(
#include <cmath>
double twice(double v);
double twice(double v) { return 2 * v; }
void f(int n, double *a) {
  auto scale = [=](double v) { return 3 * v; };
#pragma hpp parallel
  for (int i = 0; i < n; ++i) {
    auto inner = [](double v) { return v + 1; };
    a[i] = inner(scale(twice(std::sqrt(a[i]))));
  }
}
)cpp",
                       Ok);
  ASSERT_TRUE(Ok);
  const Region &R = S->region(0);
  auto MarkingOf = [&](llvm::StringRef Name) {
    for (const CalledFunction &F : R.Calls)
      if (F.Name.find(Name.str()) != std::string::npos)
        return F.Marking;
    ADD_FAILURE() << "no call of " << Name.str();
    return DeviceMarking::None;
  };
  EXPECT_EQ(MarkingOf("twice"), DeviceMarking::Declarations);
  // Lambdas are called through operator(); the one outside the region is
  // marked before its parameters, the one inside is device code already.
  unsigned Lambdas = 0, Marked = 0;
  for (const CalledFunction &F : R.Calls)
    if (const auto *MD = llvm::dyn_cast<clang::CXXMethodDecl>(F.Fn);
        MD && MD->getParent()->isLambda()) {
      ++Lambdas;
      Marked += F.Marking == DeviceMarking::Lambda;
      bool Outside = S->line(MD->getLocation()) == S->lineOf("auto scale");
      EXPECT_EQ(F.Marking, Outside ? DeviceMarking::Lambda : DeviceMarking::None);
    }
  EXPECT_EQ(Lambdas, 2u);
  EXPECT_EQ(Marked, 1u);
}

TEST(DeviceRestrictionsTest, RefusedRegionMovesToRefusedWithItsReason) {
  bool Ok = true;
  auto S = checkForGPU(R"cpp(
void counts(int n, const int *x, int *out) {
  int total = 0;
#pragma hpp parallel
  for (int i = 0; i < n; ++i) {
#pragma hpp atomic
    total += x[i];
  }
  *out = total;
}
void fine(int n, double *y) {
#pragma hpp parallel name("scaled")
  for (int i = 0; i < n; ++i)
    y[i] *= 2;
}
)cpp",
                       Ok);
  EXPECT_FALSE(Ok);
  EXPECT_THAT(S->errors(),
              ElementsAre(S->at("total += x[i];",
                                "'#pragma hpp atomic' updates variable 'total', of which every "
                                "CUDA thread has its own copy; update memory, or use a reduction")));
  ASSERT_EQ(S->model().Regions.size(), 1u);
  EXPECT_EQ(S->region(0).Name, "scaled");
  ASSERT_EQ(S->model().Refused.size(), 1u);
  const RefusedDirective &R = S->model().Refused[0];
  EXPECT_EQ(R.Kind, "parallel");
  EXPECT_EQ(R.Line, S->lineOf("#pragma hpp parallel"));
  EXPECT_THAT(R.Reason, HasSubstr("updates variable 'total'"));
}

TEST(DeviceRestrictionsTest, DeviceCodeRefusals) {
  struct Case {
    const char *Body;
    const char *At;
    const char *Message;
  };
  const Case Cases[] = {
      {"struct B { virtual double g() const { return 1; } };\n"
       "void f(int n, double *a, const B &b) {\n"
       "#pragma hpp parallel\n"
       "  for (int i = 0; i < n; ++i) a[i] = b.g();\n}\n",
       "b.g()", "virtual call to 'B::g' in code compiled for CUDA"},
      {"struct E {};\nvoid f(int n, double *a) {\n"
       "#pragma hpp parallel\n"
       "  for (int i = 0; i < n; ++i) { try { a[i] = 1; } catch (...) {} }\n}\n",
       "try {", "'try' in code compiled for CUDA"},
      {"double next(double *p) { return ++*p; }\n"
       "void f(int nt, double *a, double *c) {\n"
       "#pragma hpp team\n"
       "  for (int t = 0; t < nt; ++t) {\n"
       "    double v = next(c);\n"
       "    a[t] = v;\n  }\n}\n",
       "double v", "declaration of 'v' has side effects"},
      {"double ext(double);\nvoid f(int n, double *a) {\n"
       "#pragma hpp parallel\n"
       "  for (int i = 0; i < n; ++i) a[i] = ext(a[i]);\n}\n",
       "a[i] = ext", "function 'ext' is called from a parallel region but its body is not "
                    "visible; it cannot be compiled for the device"},
      {"void f(int n, double *a, double (*op)(double)) {\n"
       "#pragma hpp parallel\n"
       "  for (int i = 0; i < n; ++i) a[i] = op(a[i]);\n}\n",
       "a[i] = op", "call through a function pointer in a parallel region"},
      {"int g;\nvoid f(int n, double *a) {\n"
       "#pragma hpp parallel\n"
       "  for (int i = 0; i < n; ++i) a[i] = g;\n}\n",
       "#pragma hpp parallel", "uses global variable 'g'"},
  };
  for (const Case &C : Cases) {
    SCOPED_TRACE(C.Body);
    bool Ok = true;
    auto S = checkForGPU(C.Body, Ok);
    EXPECT_FALSE(Ok);
    ASSERT_EQ(S->errors().size(), 1u);
    EXPECT_THAT(S->errors()[0], HasSubstr(C.Message));
    EXPECT_EQ(S->errors()[0].substr(0, S->errors()[0].find(':')),
              std::to_string(S->lineOf(C.At)));
    EXPECT_THAT(S->model().Regions, IsEmpty());
    EXPECT_EQ(S->model().Refused.size(), 1u);
  }
}

TEST(DeviceRestrictionsTest, InvisibleBodyNamesTheChainInnermostFirst) {
  bool Ok = true;
  auto S = checkForGPU(R"cpp(
double external(double x);
double inner(double x) { return external(x); }
double outer(double x) { return inner(x) + 1; }
void f(int n, double *y) {
#pragma hpp parallel
  for (int i = 0; i < n; ++i)
    y[i] = outer(y[i]);
}
)cpp",
                       Ok);
  EXPECT_FALSE(Ok);
  EXPECT_THAT(S->errors(), ElementsAre(S->at("return external(x)",
                                             "function 'external' is called from a parallel "
                                             "region but its body is not visible; it cannot "
                                             "be compiled for the device")));
  EXPECT_THAT(S->notes(), ElementsAre("in 'inner', called here", "in 'outer', called here"));
}

} // namespace
