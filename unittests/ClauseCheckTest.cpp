//===- ClauseCheckTest.cpp - Clause expressions in the user's scope -------===//
///
/// \file
/// checkClauseExpressions (through buildRegions): the expression clauses
/// are parsed in the scope of the annotated loop, so names that only that
/// scope declares are accepted and a bad argument is an error at the
/// argument's column, with a note at the clause.
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

constexpr const char *InFunction = R"cpp(
#include <hpp/hpp.hpp>
void f(int n, double *a) {
#pragma hpp team CLAUSES
  for (int i = 0; i < n; ++i) a[i] = 0;
}
)cpp";

struct Bad {
  const char *Clauses;
  /// The argument's text; the error is at its first character.
  const char *Arg;
  const char *Message;
};

class ClauseRefusal : public ::testing::TestWithParam<Bad> {};

TEST_P(ClauseRefusal, ErrorAtTheArgumentAndNoteAtTheClause) {
  const Bad &B = GetParam();
  auto S = compile(substitute(InFunction, "CLAUSES", B.Clauses));
  EXPECT_THAT(S->errors(), ElementsAre(S->at("#pragma hpp team", B.Message)));
  ASSERT_FALSE(S->diagnostics().empty());
  EXPECT_EQ(S->diagnostics().front().Column, S->columnOf(B.Arg));
  EXPECT_EQ(S->notes().size(), 1u);
  EXPECT_THAT(S->model().Regions, IsEmpty());
}

INSTANTIATE_TEST_SUITE_P(
    Arguments, ClauseRefusal,
    ::testing::Values(
        Bad{"league(nn)", "nn", "use of undeclared identifier 'nn'"},
        Bad{"team_size(\"x\")", "\"x\"",
            "argument of clause 'team_size' must have integer type, not 'const char[2]'"},
        Bad{"vector_length(2.5)", "2.5",
            "argument of clause 'vector_length' must have integer type, not 'double'"},
        Bad{"vector_length(3)", "3)",
            "argument of clause 'vector_length' is 3; expected a power of two"},
        Bad{"team_size(0)", "0)",
            "argument of clause 'team_size' is 0; expected a positive integer that fits in 'int'"},
        Bad{"team_size(1LL << 40)", "1LL",
            "argument of clause 'team_size' is 1099511627776; expected a positive integer "
            "that fits in 'int'"},
        Bad{"league(-1)", "-1",
            "argument of clause 'league' is -1; expected a positive integer"},
        Bad{"stream(n)", "n)",
            "argument of clause 'stream' must be convertible to 'hpp::Stream', not 'int'"},
        Bad{"tile(n)", "n)",
            "argument of clause 'tile' must be an integer constant expression"},
        Bad{"league(n n)", "n)",
            "expected one expression as the argument of clause 'league'"}));

TEST(ClauseCheck, NamesOfTheLoopsScopeAreAccepted) {
  auto S = compile(R"cpp(
#include <hpp/hpp.hpp>
namespace ns { constexpr int width() { return 32; } }
struct Grid {
  int teams = 4;
  template <int N, class T> void run(T *a, int n) {
    int k = 2;
    auto body = [&](int m) {
      using Cell = T;
      hpp::Stream s;
#pragma hpp team league(teams + k + m + N) team_size(sizeof(Cell) * 8) vector_length(ns::width()) stream(s) tile(N)
      for (int i = 0; i < n; ++i) a[i] = 0;
    };
    body(1);
  }
};
template void Grid::run<4, float>(float *, int);
)cpp");
  EXPECT_THAT(S->errors(), IsEmpty());
  EXPECT_EQ(S->model().Regions.size(), 1u);
}

TEST(ClauseCheck, DependentArgumentsAreLeftToEachInstantiation) {
  auto S = compile(R"cpp(
template <class T> void g(T t, double *a, int n) {
#pragma hpp team league(t.size()) team_size(T::width)
  for (int i = 0; i < n; ++i) a[i] = 0;
}
)cpp");
  EXPECT_THAT(S->errors(), IsEmpty());
}

TEST(ClauseCheck, StreamNeedsTheStreamType) {
  auto S = compile(R"cpp(
void g(double *a, int n) {
#pragma hpp team stream(0)
  for (int i = 0; i < n; ++i) a[i] = 0;
}
)cpp");
  EXPECT_THAT(S->errors(),
              ElementsAre(S->at("#pragma", "clause 'stream' needs 'hpp::Stream'; include <hpp/hpp.hpp>")));
}

} // namespace
