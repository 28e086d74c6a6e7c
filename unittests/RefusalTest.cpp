//===- RefusalTest.cpp - Directives buildRegions() refuses -----------------===//
///
/// \file
/// Each rule that refuses a directive: levels nested out of order, inner
/// constructs without a team loop or not at team level, launch clauses on
/// inner loops, branches that leave a parallel loop, stand-alone directives
/// outside a block, directives without their statement. Each case checks
/// the error and its line, and that the model records the refusal instead
/// of a region.
///
//===----------------------------------------------------------------------===//

#include "Analysis/RegionBuilder.h"
#include "TranslatorTestSupport.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

using namespace hpp;
using namespace hpp::test;
using ::testing::ElementsAre;
using ::testing::IsEmpty;

namespace {

constexpr const char *InFunction = R"cpp(
struct Error {};
void f(int n, double *a) {
BODY
}
)cpp";

struct Case {
  const char *Body;
  /// Text on the line the error is reported at.
  const char *At;
  const char *Message;
  /// The refused directive, as the report spells it.
  const char *Refused;
};

void checkRefusal(const Case &C) {
  SCOPED_TRACE(C.Body);
  auto S = compile(substitute(InFunction, "BODY", C.Body));
  EXPECT_THAT(S->errors(), ElementsAre(S->at(C.At, C.Message)));
  EXPECT_THAT(S->model().Regions, IsEmpty());
  // The refusal that carries the reason; a directive that could not be
  // attached also refuses the region around it, without a reason of its
  // own (the report says to see the diagnostics).
  unsigned WithReason = 0;
  for (const RefusedDirective &R : S->model().Refused) {
    if (R.Reason.empty())
      continue;
    ++WithReason;
    EXPECT_EQ(R.Kind, C.Refused);
    EXPECT_EQ(R.Reason, C.Message);
    EXPECT_EQ(R.Line, S->lineOf("#pragma hpp " + std::string(C.Refused)));
  }
  EXPECT_EQ(WithReason, 1u);
}

TEST(RefusalTest, LevelsNestedOutOfOrder) {
  const Case Cases[] = {
      {"#pragma hpp team\n for (int i = 0; i < n; ++i) {\n"
       "#pragma hpp team\n  for (int j = 0; j < n; ++j) a[j] = 0;\n }",
       "hpp team\n  for (int j", "'#pragma hpp team' loop cannot be nested inside a 'team' loop",
       "team"},
      {"#pragma hpp team\n for (int i = 0; i < n; ++i) {\n#pragma hpp vector\n"
       "  for (int j = 0; j < n; ++j) {\n#pragma hpp thread\n   for (int k = 0; k < n; ++k)"
       " a[k] = 0;\n  }\n }",
       "hpp thread", "'#pragma hpp thread' loop cannot be nested inside a 'vector' loop", "team"},
      {"#pragma hpp parallel\n for (int i = 0; i < n; ++i) {\n#pragma hpp vector\n"
       "  for (int j = 0; j < n; ++j) a[j] = 0;\n }",
       "hpp vector", "'#pragma hpp vector' loop cannot be nested inside a 'parallel' loop",
       "parallel"},
  };
  for (const Case &C : Cases)
    checkRefusal(C);
}

TEST(RefusalTest, InnerConstructsNeedATeamLoop) {
  const Case Cases[] = {
      {"#pragma hpp thread\n for (int i = 0; i < n; ++i) a[i] = 0;", "hpp thread",
       "'#pragma hpp thread' must be inside a team loop", "thread"},
      {"#pragma hpp single\n a[0] = 1;", "hpp single",
       "'#pragma hpp single' must be inside a team loop", "single"},
      {"#pragma hpp parallel\n for (int i = 0; i < n; ++i) {\n a[i] = 0;\n#pragma hpp barrier\n }",
       "hpp barrier", "'#pragma hpp barrier' must be inside a team loop", "parallel"},
      {"#pragma hpp team\n for (int i = 0; i < n; ++i) {\n#pragma hpp thread\n"
       "  for (int j = 0; j < n; ++j) {\n#pragma hpp scratch\n   double s[4];\n"
       "   a[j] = s[0];\n  }\n }",
       "hpp scratch", "'#pragma hpp scratch' must be at team level, not inside a 'thread' loop",
       "team"},
      {"#pragma hpp team\n for (int i = 0; i < n; ++i) {\n#pragma hpp single\n {\n"
       "#pragma hpp thread\n  for (int j = 0; j < n; ++j) a[j] = 0;\n }\n }",
       "hpp thread", "'#pragma hpp thread' loop cannot be nested inside '#pragma hpp single'",
       "team"},
      {"#pragma hpp team\n for (int i = 0; i < n; ++i) {\n#pragma hpp thread league(4)\n"
       "  for (int j = 0; j < n; ++j) a[j] = 0;\n }",
       "league(4)", "clause 'league' only applies to a team or flat parallel loop", "team"},
  };
  for (const Case &C : Cases)
    checkRefusal(C);
}

TEST(RefusalTest, BranchesLeavingAParallelLoop) {
  const Case Cases[] = {
      {"#pragma hpp parallel\n for (int i = 0; i < n; ++i) {\n if (a[i] < 0) break;\n a[i] = 0;\n "
       "}",
       "break;", "'break' cannot leave a parallel loop", "parallel"},
      {"#pragma hpp parallel\n for (int i = 0; i < n; ++i) {\n if (a[i] < 0) return;\n a[i] = 0;\n "
       "}",
       "return;", "'return' cannot leave a parallel loop", "parallel"},
      {"#pragma hpp parallel\n for (int i = 0; i < n; ++i) {\n if (a[i] < 0) goto out;\n a[i] = "
       "0;\n }\n"
       "out:;",
       "goto out", "'goto' cannot leave a parallel loop", "parallel"},
      {"#pragma hpp parallel\n for (int i = 0; i < n; ++i) {\n try { if (a[i] < 0) throw 1; }"
       " catch (Error &) {}\n }",
       "throw 1", "'throw' cannot leave a parallel loop", "parallel"},
  };
  for (const Case &C : Cases)
    checkRefusal(C);
}

TEST(RefusalTest, BranchesThatStayInside) {
  auto S = compile(substitute(InFunction, "BODY", R"cpp(
#pragma hpp parallel
  for (int i = 0; i < n; ++i) {
    for (int j = 0; j < n; ++j)
      if (a[j] < 0) break;
    switch (i % 2) { case 0: a[i] = 1; break; default: continue; }
    auto clamp = [](double v) { if (v < 0) return 0.0; return v; };
    try { if (a[i] > 1) throw Error(); } catch (const Error &) { a[i] = clamp(a[i]); }
    try { throw 1; } catch (...) {}
  }
)cpp"));
  EXPECT_THAT(S->errors(), IsEmpty());
  EXPECT_EQ(S->model().Regions.size(), 1u);
  EXPECT_THAT(S->model().Refused, IsEmpty());
}

TEST(RefusalTest, DirectivesWithoutTheirStatement) {
  const Case Cases[] = {
      {"int i = 0;\n#pragma hpp parallel\n while (i < n) a[i++] = 0;", "while",
       "'#pragma hpp parallel' must be followed by a 'for' loop", "parallel"},
      {"#pragma hpp team\n for (int i = 0; i < n; ++i) {\n a[i] = 0;\n#pragma hpp atomic\n }",
       "hpp atomic", "'#pragma hpp atomic' must be followed by a statement", "atomic"},
      {"#pragma hpp team\n for (int i = 0; i < n; ++i) {\n#pragma hpp single\n double v = 1;\n"
       " a[i] = v;\n }",
       "double v",
       "'#pragma hpp single' cannot apply to a declaration: declare the variable "
       "before it and assign it in the single",
       "single"},
      {"#pragma hpp team\n for (int i = 0; i < n; ++i) {\n if (a[i] > 0)\n#pragma hpp barrier\n"
       "  a[i] = 0;\n }",
       "hpp barrier", "'#pragma hpp barrier' must be a statement of a block", "team"},
      {"#pragma hpp scan inclusive(n)\n a[0] = n;", "hpp scan",
       "'#pragma hpp scan' must be a statement of the body of a loop with an 'inscan' "
       "reduction",
       "scan"},
  };
  for (const Case &C : Cases)
    checkRefusal(C);
}

TEST(RefusalTest, PragmaOutsideAFunction) {
  auto S = compile(R"cpp(
#pragma hpp parallel
int g;
)cpp");
  EXPECT_THAT(
      S->errors(),
      ElementsAre(S->at("hpp parallel", "'#pragma hpp parallel' must be inside a function body")));
  ASSERT_EQ(S->model().Refused.size(), 1u);
  EXPECT_EQ(S->model().Refused[0].Kind, "parallel");
}

TEST(RefusalTest, ARefusedRegionDoesNotStopTheOthers) {
  auto S = compile(substitute(InFunction, "BODY", R"cpp(
  double last = 0;
#pragma hpp parallel name("bad")
  for (int i = 0; i < n; ++i)
    last = a[i];
#pragma hpp parallel name("good")
  for (int i = 0; i < n; ++i)
    a[i] = last;
)cpp"));
  EXPECT_EQ(S->errors().size(), 1u);
  ASSERT_EQ(S->model().Regions.size(), 1u);
  EXPECT_EQ(S->region(0).Name, "good");
  // Ids count the regions kept.
  EXPECT_EQ(S->region(0).Id, 1u);
  ASSERT_EQ(S->model().Refused.size(), 1u);
  EXPECT_EQ(S->model().Refused[0].Line, S->lineOf("name(\"bad\")"));
}

} // namespace
