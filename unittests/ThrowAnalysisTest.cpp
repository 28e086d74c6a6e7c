//===- ThrowAnalysisTest.cpp - Tests of Analysis/ThrowAnalysis ------------===//
///
/// \file
/// ThrowAnalysis::mayThrow() on the statement after a `#pragma hpp single`
/// marker: which calls, expressions and handlers let an exception escape.
/// Each case is one body in the same surrounding code.
///
//===----------------------------------------------------------------------===//

#include "Analysis/ThrowAnalysis.h"
#include "TranslatorTestSupport.h"
#include "gtest/gtest.h"

using namespace hpp;
using namespace hpp::test;

namespace {

constexpr const char *Surroundings = R"cpp(
#include <cmath>
#include <stdexcept>
#include <vector>
double square(double x) { return x * x; }
double viaSquare(double x) { return square(x) + 1; }
double declaredOnly(double x);
double declaredNoexcept(double x) noexcept;
extern "C" double cFunction(double x);
double throwsSometimes(double x) {
  if (x < 0)
    throw std::domain_error("negative");
  return x;
}
double catchesItsOwn(double x) {
  try { return throwsSometimes(x); } catch (...) { return 0; }
}
int recursive(int n) { return n <= 0 ? 0 : recursive(n - 1) + 1; }
struct Base { virtual double get() const { return 1; } virtual ~Base() {} };
struct Plain { double v; Plain(double x) : v(square(x)) {} };
void f(double *a, int i, const std::vector<double> &v, const Base &b,
       double (*op)(double), double (*safe)(double) noexcept) {
#pragma hpp single
  { BODY; }
}
)cpp";

bool bodyMayThrow(llvm::StringRef Body) {
  auto S = compile(substitute(Surroundings, "BODY", Body), parseOnly());
  EXPECT_TRUE(S->compiled()) << Body.str();
  if (S->directives().size() != 1)
    return false;
  ThrowAnalysis Throws;
  return Throws.mayThrow(S->stmtAfter(S->directives().front()));
}

TEST(ThrowAnalysisTest, CallsThatCannotThrow) {
  for (const char *Body : {
           "a[i] = square(a[i])",           // visible body
           "a[i] = viaSquare(a[i])",        // transitively
           "a[i] = declaredNoexcept(a[i])", // noexcept without a body
           "a[i] = cFunction(a[i])",        // C language linkage
           "a[i] = std::sqrt(a[i]) + fabs(a[i])",
           "a[i] = v[i]",                   // library body, no throw
           "a[i] = catchesItsOwn(a[i])",    // catch (...) inside
           "a[i] = recursive(i)",           // recursion ends
           "a[i] = safe(a[i])",             // noexcept function pointer
           "a[i] = Plain(a[i]).v",          // constructor and initialisers
           "a[i] = b.Base::get()",          // qualified: no dispatch
           "auto l = [&] { return declaredOnly(1); }; (void)l", // not called
       })
    EXPECT_FALSE(bodyMayThrow(Body)) << Body;
}

TEST(ThrowAnalysisTest, CallsThatMayThrow) {
  for (const char *Body : {
           "a[i] = declaredOnly(a[i])",     // no body, not noexcept
           "a[i] = throwsSometimes(a[i])",  // a throw in the body
           "a[i] = v.at(i)",                // library body that throws
           "a[i] = b.get()",                // virtual: an override may throw
           "a[i] = op(a[i])",               // pointer to a throwing type
           "a[i] = *new double(1)",         // allocation
           "auto l = [&] { return declaredOnly(1); }; a[i] = l()",
       })
    EXPECT_TRUE(bodyMayThrow(Body)) << Body;
}

TEST(ThrowAnalysisTest, HandlersStopWhatTheyCatch) {
  // catch (...) stops everything, a typed handler the throws of its type
  // or a derived one; calls that may throw count whatever the handler.
  EXPECT_FALSE(bodyMayThrow("try { a[i] = declaredOnly(1); } catch (...) { a[i] = 0; }"));
  EXPECT_FALSE(bodyMayThrow("try { if (a[i] > 1) throw 1; } catch (int) { a[i] = 0; }"));
  EXPECT_FALSE(bodyMayThrow("struct D : Base {}; try { throw D(); } catch (const Base &) {}"));
  EXPECT_TRUE(bodyMayThrow("try { if (a[i] > 1) throw 1.0; } catch (int) { a[i] = 0; }"));
  EXPECT_TRUE(bodyMayThrow("try { a[i] = declaredOnly(1); } catch (int) { a[i] = 0; }"));
  // What a handler throws leaves the try.
  EXPECT_TRUE(bodyMayThrow("try { a[i] = 1; } catch (...) { throw; }"));
  EXPECT_TRUE(bodyMayThrow("if (a[i] < 0) throw 1"));
}

} // namespace
