//===- ReductionTest.cpp - Reduction clauses resolved by buildRegions ------===//
///
/// \file
/// How reduction clauses become ReductionVars: each name resolved to the
/// variable the loop uses, with its type; the type rules per operator;
/// minloc/maxloc pairs; inscan loops and their separator; user reductions
/// (Analysis/UserReduction), whose functions join the region's calls.
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

/// The reductions of the only region's root loop (none if it was refused).
const llvm::SmallVector<ReductionVar, 2> &rootReductions(Snippet &S) {
  static const llvm::SmallVector<ReductionVar, 2> None;
  if (S.model().Regions.size() != 1) {
    ADD_FAILURE() << S.model().Regions.size() << " regions";
    return None;
  }
  return S.region(0).Root->Reductions;
}

TEST(ReductionTest, EveryBuiltInOperator) {
  auto S = compile(R"cpp(
void f(int n, const double *x, const unsigned *m) {
  double s = 0, p = 1, lo = x[0], hi = x[0];
  unsigned band = ~0u;
  int bor = 0;
  long bx = 0;
  bool all = true, any = false;
#pragma hpp parallel reduction(+: s) reduction(*: p) reduction(min: lo) reduction(max: hi) \
    reduction(&: band) reduction(|: bor) reduction(^: bx) reduction(&&: all) reduction(||: any)
  for (int i = 0; i < n; ++i) {
    s += x[i]; p *= x[i]; lo = x[i] < lo ? x[i] : lo; hi = x[i] > hi ? x[i] : hi;
    band &= m[i]; bor |= int(m[i]); bx ^= long(m[i]); all = all && x[i] > 0; any = any || x[i] < 0;
  }
}
)cpp");
  EXPECT_THAT(S->errors(), IsEmpty());
  struct Expected {
    ReductionOp Op;
    const char *Name;
    const char *Type;
  } Want[] = {{ReductionOp::Add, "s", "double"},
              {ReductionOp::Mul, "p", "double"},
              {ReductionOp::Min, "lo", "double"},
              {ReductionOp::Max, "hi", "double"},
              {ReductionOp::BitAnd, "band", "unsigned int"},
              {ReductionOp::BitOr, "bor", "int"},
              {ReductionOp::BitXor, "bx", "long"},
              {ReductionOp::LogAnd, "all", "bool"},
              {ReductionOp::LogOr, "any", "bool"}};
  const auto &Rs = rootReductions(*S);
  ASSERT_EQ(Rs.size(), std::size(Want));
  for (size_t I = 0; I < Rs.size(); ++I) {
    SCOPED_TRACE(Want[I].Name);
    EXPECT_EQ(Rs[I].Op, Want[I].Op);
    EXPECT_EQ(Rs[I].Name, Want[I].Name);
    EXPECT_EQ(Rs[I].Var, S->var(Want[I].Name));
    EXPECT_EQ(Rs[I].TypeName, Want[I].Type);
    EXPECT_EQ(Rs[I].IndexVar, nullptr);
    EXPECT_FALSE(Rs[I].InScan);
    EXPECT_EQ(S->column(Rs[I].Loc), S->columnOf(std::string(": ") + Want[I].Name + ")") + 2);
  }
}

TEST(ReductionTest, LocPairsAndNestedLoops) {
  auto S = compile(R"cpp(
void f(int nt, int n, const double *x, double *rowMin) {
  double best = x[0];
  int at = 0;
#pragma hpp team reduction(maxloc: best, at)
  for (int t = 0; t < nt; ++t) {
    double lo = x[t * n];
#pragma hpp thread reduction(min: lo)
    for (int i = 0; i < n; ++i)
      lo = x[t * n + i] < lo ? x[t * n + i] : lo;
    rowMin[t] = lo;
    if (lo > best) { best = lo; at = t; }
  }
}
)cpp");
  EXPECT_THAT(S->errors(), IsEmpty());
  EXPECT_THAT(S->warnings(), IsEmpty());
  const auto &Rs = rootReductions(*S);
  ASSERT_EQ(Rs.size(), 1u);
  EXPECT_EQ(Rs[0].Op, ReductionOp::MaxLoc);
  EXPECT_EQ(Rs[0].Var, S->var("best"));
  EXPECT_EQ(Rs[0].IndexVar, S->var("at"));
  EXPECT_EQ(Rs[0].IndexName, "at");
  EXPECT_EQ(Rs[0].TypeName, "double");
  // The thread loop's reduction belongs to the thread loop.
  const Construct &Thread = *S->region(0).Root->Children.at(0);
  ASSERT_EQ(Thread.Reductions.size(), 1u);
  EXPECT_EQ(Thread.Reductions[0].Op, ReductionOp::Min);
  EXPECT_EQ(Thread.Reductions[0].Var, S->var("lo"));
}

/// Partials are combined by index; the tie rule must pick the candidate
/// the serial loop keeps: the first of equal values it meets (strict
/// comparison) or the last (`<=`), in the loop's direction, or the index
/// the body prefers itself. A tie with the initial value goes as the body
/// says too.
TEST(ReductionTest, LocTieRuleFollowsTheBodyAndTheDirection) {
  using T = LocInitialTie;
  struct Case {
    const char *Header, *Body;
    bool Highest;
    LocInitialTie Initial;
    bool Warns;
  };
  const Case Cases[] = {
      {"int i = 0; i < n; ++i", "if (x[i] < lo) { lo = x[i]; at = i; }", false, T::Kept, false},
      {"int i = n - 1; i >= 0; --i", "if (x[i] < lo) { lo = x[i]; at = i; }", true, T::Kept,
       false},
      {"int i = n - 1; i >= 0; --i", "if (lo > x[i]) { at = i; lo = x[i]; }", true, T::Kept,
       false},
      {"int i = 0; i < n; i += 2", "if (x[i] <= lo) { lo = x[i]; at = i; }", true, T::Replaced,
       false},
      {"int i = n; i > 0; i -= 3", "if (lo >= x[i]) { lo = x[i]; at = i; }", false, T::Replaced,
       false},
      // The body breaks ties by index itself, in any direction.
      {"int i = n - 1; i >= 0; --i",
       "if (x[i] < lo || (x[i] == lo && i < at)) { lo = x[i]; at = i; }", false, T::ByIndex,
       false},
      {"int i = 0; i < n; ++i", "if (x[i] < lo || (at > i && lo == x[i])) { lo = x[i]; at = i; }",
       false, T::ByIndex, false},
      {"int i = 0; i < n; ++i", "if (lo > x[i] || (x[i] == lo && i > at)) { lo = x[i]; at = i; }",
       true, T::ByIndex, false},
      // Not the same candidate on both sides of '||', or '<=' on the index.
      {"int i = n - 1; i >= 0; --i",
       "if (x[i] < lo || (x[i + 1] == lo && i < at)) { lo = x[i]; at = i; }", false, T::Kept,
       true},
      {"int i = n - 1; i >= 0; --i",
       "if (x[i] < lo || (x[i] == lo && i <= at)) { lo = x[i]; at = i; }", false, T::Kept, true},
      // The index is not the loop index, or is assigned twice.
      {"int i = n - 1; i >= 0; --i", "if (x[i] < lo) { lo = x[i]; at = n - i; }", false, T::Kept,
       true},
      {"int i = n - 1; i >= 0; --i", "if (x[i] < lo) { lo = x[i]; at = i; } else at = i;", false,
       T::Kept, true},
  };
  for (const Case &C : Cases) {
    SCOPED_TRACE(std::string(C.Header) + " " + C.Body);
    auto S = compile(substitute(substitute(R"cpp(
void f(int n, const double *x, double &lo, int &at) {
#pragma hpp parallel reduction(minloc: lo, at)
  for (HEADER)
    BODY
}
)cpp",
                                           "HEADER", C.Header),
                                "BODY", C.Body));
    EXPECT_THAT(S->errors(), IsEmpty());
    if (C.Warns)
      EXPECT_THAT(S->warnings(),
                  ElementsAre(S->at("reduction(minloc",
                                    "ties in 'minloc' go to the lowest index among the threads' "
                                    "results, and the variable's initial value wins a tie with "
                                    "them; in this loop, which runs downwards, that is the serial "
                                    "result only if the body itself prefers the lowest index and "
                                    "keeps the initial value on ties (hppc recognises 'if (x < "
                                    "v) { v = x; i = k; }', '<=' and 'x < v || (x == v && k < "
                                    "i)')")));
    else
      EXPECT_THAT(S->warnings(), IsEmpty());
    ASSERT_EQ(rootReductions(*S).size(), 1u);
    EXPECT_EQ(rootReductions(*S)[0].HighestIndexOnTies, C.Highest);
    EXPECT_EQ(rootReductions(*S)[0].InitialTie, C.Initial);
  }
}

TEST(ReductionTest, MaxlocTieRule) {
  auto S = compile(R"cpp(
void f(int n, const double *x, double &hi, int &at) {
#pragma hpp parallel reduction(maxloc: hi, at)
  for (int i = n - 1; i >= 0; --i)
    if (x[i] > hi) { hi = x[i]; at = i; }
}
)cpp");
  EXPECT_THAT(S->warnings(), IsEmpty());
  ASSERT_EQ(rootReductions(*S).size(), 1u);
  EXPECT_TRUE(rootReductions(*S)[0].HighestIndexOnTies);
}

TEST(ReductionTest, TypesMustSuitTheOperator) {
  auto S = compile(R"cpp(
struct Pair { double a, b; };
void f(int n, const double *x) {
  double d = 0, lo = 0;
  Pair p{};
  double where = 0;
#pragma hpp parallel reduction(&: d)
  for (int i = 0; i < n; ++i) d = x[i];
#pragma hpp parallel reduction(+: p)
  for (int i = 0; i < n; ++i) p.a += x[i];
#pragma hpp parallel reduction(minloc: lo, where)
  for (int i = 0; i < n; ++i) if (x[i] < lo) { lo = x[i]; where = i; }
}
)cpp");
  EXPECT_THAT(
      S->errors(),
      ElementsAre(
          S->at("reduction(&: d)", "reduction variable 'd' must have integer type for '&'"),
          S->at("reduction(+: p)", "reduction variable 'p' must have arithmetic type for '+'"),
          S->at("reduction(minloc", "index variable 'where' must have integer type for 'minloc'")));
  EXPECT_THAT(S->model().Regions, IsEmpty());
  EXPECT_EQ(S->model().Refused.size(), 3u);
}

TEST(ReductionTest, NamesMustBeVariablesFromOutsideTheLoop) {
  auto S = compile(R"cpp(
void f(int n, const double *x, double *y) {
  double q = 0, s = 0;
#pragma hpp parallel reduction(+: q)
  for (int i = 0; i < n; ++i) y[i] = x[i];
#pragma hpp parallel reduction(+: t)
  for (int i = 0; i < n; ++i) { double t = x[i]; y[i] = t; }
#pragma hpp parallel reduction(+: s) reduction(max: s)
  for (int i = 0; i < n; ++i) s += x[i];
}
)cpp");
  EXPECT_THAT(
      S->errors(),
      ElementsAre(
          S->at("reduction(+: q)", "reduction variable 'q' is not a variable used in the loop"),
          S->at("reduction(+: t)", "reduction variable 't' is declared inside the loop"),
          S->at("reduction(max: s)", "variable 's' appears in more than one reduction")));
}

TEST(ReductionTest, InscanLoopsRecordTheirSeparator) {
  // The input phase (`s += x[i]`) comes before the separator in an
  // inclusive scan, after it in an exclusive one.
  constexpr const char *Code = R"cpp(
void f(int n, const double *x, double *y) {
  double s = 0;
#pragma hpp parallel reduction(inscan, +: s)
  for (int i = 0; i < n; ++i) {
    BODY
  }
}
)cpp";
  for (bool Inclusive : {true, false}) {
    SCOPED_TRACE(Inclusive ? "inclusive" : "exclusive");
    auto S =
        compile(substitute(Code, "BODY",
                           Inclusive ? "s += x[i];\n#pragma hpp scan inclusive(s)\n y[i] = s;"
                                     : "y[i] = s;\n#pragma hpp scan exclusive(s)\n s += x[i];"));
    EXPECT_THAT(S->errors(), IsEmpty());
    const auto &Rs = rootReductions(*S);
    ASSERT_EQ(Rs.size(), 1u);
    EXPECT_TRUE(Rs[0].InScan);
    const Construct &Loop = *S->region(0).Root;
    ASSERT_NE(Loop.ScanSeparator, nullptr);
    EXPECT_EQ(Loop.ScanSeparator->Kind, ConstructKind::Scan);
    EXPECT_EQ(Loop.ScanSeparator->Inclusive, Inclusive);
    EXPECT_THAT(Loop.ScanSeparator->ScanVars, ElementsAre("s"));
    EXPECT_EQ(Loop.ScanBody, Loop.Dims[0].Loop->getBody());
    // The body splits before its second statement.
    EXPECT_EQ(Loop.ScanSplit, 1u);
  }
}

TEST(ReductionTest, InscanNeedsItsSeparator) {
  auto S = compile(R"cpp(
void f(int n, const double *x, double *y) {
  double s = 0, t = 0;
#pragma hpp parallel reduction(inscan, +: s)
  for (int i = 0; i < n; ++i) { s += x[i]; y[i] = s; }
#pragma hpp parallel reduction(+: t)
  for (int i = 0; i < n; ++i) {
    t += x[i];
#pragma hpp scan inclusive(t)
    y[i] = t;
  }
}
)cpp");
  EXPECT_THAT(
      S->errors(),
      ElementsAre(S->at("inscan, +: s",
                        "loop with an 'inscan' reduction needs a '#pragma hpp scan' in its body"),
                  S->at("scan inclusive(t)",
                        "'t' is not named in an 'inscan' reduction of the enclosing loop")));
}

constexpr const char *UserTypes = R"cpp(
struct Stats { double sum = 0; long count = 0; };
void stats_join(Stats &a, const Stats &b) { a.sum += b.sum; a.count += b.count; }
void stats_init(Stats &s) { s = Stats{}; }
void double_join(double &a, const double &b) { a += b; }
struct StatsReducer {
  void init(Stats &s) const { stats_init(s); }
  void join(Stats &a, const Stats &b) const { stats_join(a, b); }
};
)cpp";

TEST(ReductionTest, UserJoinAndInitFunctions) {
  auto S = compile(std::string(UserTypes) + R"cpp(
void f(int n, const double *x, Stats &out) {
  Stats s;
#pragma hpp parallel reduction(user(stats_join, stats_init): s)
  for (int i = 0; i < n; ++i) stats_join(s, Stats{x[i], 1});
  out = s;
}
)cpp");
  EXPECT_THAT(S->errors(), IsEmpty());
  const auto &Rs = rootReductions(*S);
  ASSERT_EQ(Rs.size(), 1u);
  EXPECT_EQ(Rs[0].Op, ReductionOp::User);
  EXPECT_EQ(Rs[0].UserJoin, "stats_join");
  EXPECT_EQ(Rs[0].UserInit, "stats_init");
  EXPECT_EQ(Rs[0].Reducer, nullptr);
  EXPECT_EQ(Rs[0].TypeName, "Stats");
  // The functions the generated code calls are compiled for the device
  // too, down to the assignment stats_init makes.
  EXPECT_THAT(callNames(S->region(0)), ElementsAre("stats_join", "stats_init", "Stats::operator="));
}

TEST(ReductionTest, UserReducerObject) {
  auto S = compile(std::string(UserTypes) + R"cpp(
void f(int n, const double *x, Stats &out) {
  const StatsReducer red{};
  Stats s;
#pragma hpp parallel reduction(user(red): s)
  for (int i = 0; i < n; ++i) red.join(s, Stats{x[i], 1});
  out = s;
}
)cpp");
  EXPECT_THAT(S->errors(), IsEmpty());
  const auto &Rs = rootReductions(*S);
  ASSERT_EQ(Rs.size(), 1u);
  EXPECT_EQ(Rs[0].UserReducer, "red");
  EXPECT_EQ(Rs[0].Reducer, S->var("red"));
  EXPECT_TRUE(Rs[0].UserJoin.empty());
  const Region &R = S->region(0);
  EXPECT_THAT(callNames(R), ElementsAre("StatsReducer::join", "stats_join", "StatsReducer::init",
                                        "stats_init", "Stats::operator="));
  ASSERT_EQ(R.Captures.size(), 4u);
  EXPECT_EQ(R.Captures[1].Name, "red");
  EXPECT_EQ(R.Captures[1].Kind, CaptureKind::ReadOnly);
}

TEST(ReductionTest, UserReductionErrors) {
  auto S = compile(std::string(UserTypes) + R"cpp(
void f(int n, const double *x) {
  Stats s;
  int k = 0;
#pragma hpp parallel reduction(user(undeclared_join, stats_init): s)
  for (int i = 0; i < n; ++i) s.sum += x[i];
#pragma hpp parallel reduction(user(double_join, stats_init): s)
  for (int i = 0; i < n; ++i) s.sum += x[i];
#pragma hpp parallel reduction(user(k): s)
  for (int i = 0; i < n; ++i) s.sum += x[i];
#pragma hpp parallel reduction(user(stats_join, stats_init): s)
  for (int i = 0; i < n; ++i) {
#pragma hpp atomic
    s.count += 1;
  }
}
)cpp");
  EXPECT_THAT(
      S->errors(),
      ElementsAre(S->at("undeclared_join", "'undeclared_join' does not name a function; "
                                           "'user(join, init)' takes the names of two functions"),
                  S->at("user(double_join", "no function 'double_join' can be called as "
                                            "'double_join(Stats &, const Stats &)'"),
                  S->at("user(k)", "reducer 'k' has type 'int'; 'user(reducer)' takes an "
                                   "object of class type, with 'init' and 'join' members"),
                  S->at("s.count += 1",
                        "'#pragma hpp atomic' cannot update 's', the "
                        "variable of a 'user' reduction; update it in the loop body")));
  EXPECT_THAT(S->model().Regions, IsEmpty());
}

} // namespace
