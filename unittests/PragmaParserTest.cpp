//===- PragmaParserTest.cpp - Tests of Frontend/PragmaParser ---------------===//
///
/// \file
/// Each pragma is parsed in front of a loop, without analysis: the tests
/// look at the Directive the parser builds, or at the one error it reports
/// and where, and check that a malformed pragma is dropped.
///
//===----------------------------------------------------------------------===//

#include "TranslatorTestSupport.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

using namespace hpp;
using namespace hpp::test;
using ::testing::ElementsAre;

namespace {

using Errors = std::vector<std::string>;

/// The pragma is on line 2, its text from column 13.
constexpr unsigned PragmaLine = 2, TextColumn = 13;

std::unique_ptr<Snippet> parsePragma(llvm::StringRef Pragma) {
  std::string Code = "void f(int n, double *a) {\n#pragma hpp " + Pragma.str() +
                     "\n  for (int i = 0; i < n; ++i)\n    a[i] = 0;\n}\n";
  return std::make_unique<Snippet>(Code, parseOnly());
}

/// The directive `#pragma hpp Pragma` becomes; a failure when it does not
/// parse cleanly.
Directive parse(llvm::StringRef Pragma) {
  std::unique_ptr<Snippet> S = parsePragma(Pragma);
  EXPECT_EQ(S->errors(), Errors{}) << Pragma.str();
  if (S->directives().size() != 1) {
    ADD_FAILURE() << "'" << Pragma.str() << "' gave " << S->directives().size() << " directives";
    return Directive{};
  }
  return S->directives().front();
}

/// The errors `#pragma hpp Pragma` reports; the directive must be dropped.
Errors errorsOf(llvm::StringRef Pragma) {
  std::unique_ptr<Snippet> S = parsePragma(Pragma);
  EXPECT_TRUE(S->directives().empty()) << Pragma.str();
  return S->errors();
}

std::string errorAtPragma(llvm::StringRef Message) {
  return std::to_string(PragmaLine) + ": " + Message.str();
}

TEST(PragmaParserTest, LevelWordsMakeLoopDirectives) {
  struct Case {
    const char *Pragma;
    DirectiveKind Kind;
    bool FlatIncludesVector;
  } Cases[] = {
      {"team", DirectiveKind::Team, false},
      {"thread", DirectiveKind::Thread, false},
      {"vector", DirectiveKind::Vector, false},
      {"thread vector", DirectiveKind::TeamVector, false},
      {"team thread", DirectiveKind::Flat, false},
      {"team vector", DirectiveKind::Flat, true},
      {"team thread vector", DirectiveKind::Flat, true},
      {"parallel", DirectiveKind::Flat, true},
  };
  for (const Case &C : Cases) {
    SCOPED_TRACE(C.Pragma);
    Directive D = parse(C.Pragma);
    EXPECT_EQ(D.Kind, C.Kind);
    EXPECT_EQ(D.FlatIncludesVector, C.FlatIncludesVector);
    EXPECT_TRUE(isLoopDirective(D.Kind));
    EXPECT_TRUE(D.Clauses.empty());
  }
}

TEST(PragmaParserTest, OtherDirectives) {
  EXPECT_EQ(parse("scratch").Kind, DirectiveKind::Scratch);
  EXPECT_EQ(parse("barrier").Kind, DirectiveKind::Barrier);
  EXPECT_EQ(parse("single").Kind, DirectiveKind::Single);
  EXPECT_EQ(parse("atomic").Kind, DirectiveKind::Atomic);
  EXPECT_EQ(parse("scan inclusive(s)").Kind, DirectiveKind::Scan);
  EXPECT_FALSE(isLoopDirective(DirectiveKind::Scratch));
  EXPECT_EQ(errorsOf("data"), Errors{errorAtPragma("'#pragma hpp data' needs a 'map' clause")});
  EXPECT_EQ(parse("data map(to: a[0:n])").Kind, DirectiveKind::Data);
  EXPECT_EQ(parse("enter data map(to: a[0:n])").Kind, DirectiveKind::EnterData);
  EXPECT_EQ(parse("exit data map(delete: a[0:n])").Kind, DirectiveKind::ExitData);
  EXPECT_EQ(parse("update host(a[0:n])").Kind, DirectiveKind::Update);
}

TEST(PragmaParserTest, DirectiveLocations) {
  std::unique_ptr<Snippet> S = parsePragma("team   league(4)");
  ASSERT_EQ(S->directives().size(), 1u);
  const Directive &D = S->directives().front();
  EXPECT_EQ(S->line(D.PragmaLoc), PragmaLine);
  EXPECT_EQ(S->column(D.PragmaLoc), 1u);
  EXPECT_EQ(S->column(D.KindLoc), TextColumn);
  EXPECT_EQ(S->line(D.EndLoc), PragmaLine);
  ASSERT_EQ(D.Clauses.size(), 1u);
  EXPECT_EQ(S->column(D.Clauses[0].Loc), TextColumn + 7);
  EXPECT_EQ(S->column(D.Clauses[0].Args[0].Loc), TextColumn + 14);
  EXPECT_FALSE(D.Consumed);
}

TEST(PragmaParserTest, MalformedDirectiveWords) {
  EXPECT_EQ(errorsOf(""), Errors{errorAtPragma("expected an hpp directive after '#pragma hpp'")});
  EXPECT_EQ(errorsOf("teams"), Errors{errorAtPragma("unknown hpp directive 'teams'")});
  EXPECT_EQ(errorsOf("42"), Errors{errorAtPragma("unknown hpp directive '42'")});
  EXPECT_EQ(errorsOf("team team"),
            Errors{errorAtPragma("invalid combination of levels 'team team'")});
  EXPECT_EQ(errorsOf("thread vector thread"),
            Errors{errorAtPragma("invalid combination of levels 'thread vector thread'")});
}

// Every order of the level words but outermost first is refused, whatever
// combination it names, so that none is read as a flat loop.
TEST(PragmaParserTest, LevelWordsOutOfOrder) {
  const std::pair<const char *, const char *> Cases[] = {
      {"thread team", "team thread"},
      {"vector team", "team vector"},
      {"vector thread", "thread vector"},
      {"team vector thread", "team thread vector"},
      {"thread team vector", "team thread vector"},
      {"thread vector team", "team thread vector"},
      {"vector team thread", "team thread vector"},
      {"vector thread team", "team thread vector"},
  };
  for (const auto &[Written, Sorted] : Cases)
    EXPECT_EQ(errorsOf(Written),
              Errors{errorAtPragma("level words out of order in '" + std::string(Written) +
                                   "'; write '" + Sorted + "'")});
}

TEST(PragmaParserTest, ExpressionClausesKeepTheirText) {
  Directive D = parse("team league(n / 2) team_size(auto) vector_length(32) "
                      "stream(streams[k]) nowait name(\"row \\\"sum\\\"\")");
  ASSERT_EQ(D.Clauses.size(), 6u);
  EXPECT_EQ(D.findClause(ClauseKind::League)->Args[0].Text, "n / 2");
  EXPECT_EQ(D.findClause(ClauseKind::TeamSize)->Args[0].Text, "auto");
  EXPECT_EQ(D.findClause(ClauseKind::VectorLength)->Args[0].Text, "32");
  EXPECT_EQ(D.findClause(ClauseKind::Stream)->Args[0].Text, "streams[k]");
  EXPECT_TRUE(D.findClause(ClauseKind::Nowait)->Args.empty());
  // The label keeps its escapes, without the quotes.
  EXPECT_EQ(D.label(), "row \\\"sum\\\"");
  EXPECT_EQ(D.findClause(ClauseKind::Collapse), nullptr);
}

TEST(PragmaParserTest, ArgumentsSplitAtTopLevelCommas) {
  Directive D = parse("parallel, collapse(2), tile(f(a, b), c[1, 2], {3, 4})");
  ASSERT_EQ(D.Clauses.size(), 2u);
  EXPECT_EQ(D.Clauses[0].Kind, ClauseKind::Collapse);
  EXPECT_EQ(D.Clauses[0].Args[0].Text, "2");
  const Clause *Tile = D.findClause(ClauseKind::Tile);
  ASSERT_NE(Tile, nullptr);
  ASSERT_EQ(Tile->Args.size(), 3u);
  EXPECT_EQ(Tile->Args[0].Text, "f(a, b)");
  EXPECT_EQ(Tile->Args[1].Text, "c[1, 2]");
  EXPECT_EQ(Tile->Args[2].Text, "{3, 4}");
}

TEST(PragmaParserTest, ScratchAndSingleClauses) {
  Directive Scratch = parse("scratch level(1) per(thread)");
  EXPECT_EQ(Scratch.findClause(ClauseKind::Level)->Args[0].Text, "1");
  EXPECT_EQ(Scratch.findClause(ClauseKind::Per)->Args[0].Text, "thread");
  Directive Single = parse("single per(team)");
  EXPECT_EQ(Single.findClause(ClauseKind::Per)->Args[0].Text, "team");

  EXPECT_EQ(errorsOf("scratch level(2)"),
            Errors{errorAtPragma("invalid argument '2' to clause 'level'; expected 0 or 1")});
  EXPECT_EQ(errorsOf("scratch per(warp)"),
            Errors{errorAtPragma(
                "invalid argument 'warp' to clause 'per'; expected 'team' or 'thread'")});
  EXPECT_EQ(
      errorsOf("single per(1+2)"),
      Errors{errorAtPragma("invalid argument '1+2' to clause 'per'; expected 'team' or 'thread'")});
}

TEST(PragmaParserTest, CollapseMustBeAPositiveLiteral) {
  EXPECT_EQ(parse("team collapse(3)").findClause(ClauseKind::Collapse)->Args[0].Text, "3");
  Errors NotPositive{errorAtPragma("'collapse' must be a positive integer constant")};
  EXPECT_EQ(errorsOf("team collapse(0)"), NotPositive);
  EXPECT_EQ(errorsOf("team collapse(n)"), NotPositive);
  EXPECT_EQ(errorsOf("team collapse(1, 2)"),
            Errors{errorAtPragma("clause 'collapse' takes 1 argument")});
  EXPECT_EQ(errorsOf("team league(1, 2)"),
            Errors{errorAtPragma("clause 'league' takes 1 argument")});
}

TEST(PragmaParserTest, MalformedClauses) {
  EXPECT_EQ(errorsOf("parallel foo(1)"),
            Errors{errorAtPragma("unknown clause 'foo' on '#pragma hpp parallel'")});
  EXPECT_EQ(errorsOf("thread vector 7"),
            Errors{errorAtPragma("unknown clause '7' on '#pragma hpp thread vector'")});
  EXPECT_EQ(errorsOf("scratch collapse(2)"),
            Errors{errorAtPragma("clause 'collapse' is not allowed on '#pragma hpp scratch'")});
  EXPECT_EQ(errorsOf("barrier nowait"),
            Errors{errorAtPragma("clause 'nowait' is not allowed on '#pragma hpp barrier'")});
  EXPECT_EQ(errorsOf("parallel nowait nowait"),
            Errors{errorAtPragma("clause 'nowait' appears more than once")});
  EXPECT_EQ(errorsOf("team league"), Errors{errorAtPragma("expected '(' after 'league'")});
  EXPECT_EQ(errorsOf("team league()"),
            Errors{errorAtPragma("expected an expression in clause 'league'")});
  EXPECT_EQ(errorsOf("team league(f(n)"),
            Errors{errorAtPragma("expected ')' to close clause 'league'")});
  EXPECT_EQ(errorsOf("team name(kernel)"),
            Errors{errorAtPragma("expected a string literal in clause 'name'")});
  EXPECT_EQ(errorsOf("parallel map(bogus: a[0:n])"),
            Errors{errorAtPragma("unknown map kind 'bogus'; expected 'to', 'from', 'tofrom' or 'alloc' before ':'")});
}

TEST(PragmaParserTest, MapItems) {
  Directive D = parse("parallel map(to: a[lo:n - lo], m[0:r][0:8]) map(b) map(alloc: s.data[:k])");
  llvm::SmallVector<const Clause *, 2> Maps = D.findClauses(ClauseKind::Map);
  ASSERT_EQ(Maps.size(), 3u);
  EXPECT_EQ(Maps[0]->Map, MapKind::To);
  ASSERT_EQ(Maps[0]->Items.size(), 2u);
  EXPECT_EQ(Maps[0]->Items[0].Base.Text, "a");
  ASSERT_EQ(Maps[0]->Items[0].Sections.size(), 1u);
  EXPECT_EQ(Maps[0]->Items[0].Sections[0].Lo.Text, "lo");
  EXPECT_EQ(Maps[0]->Items[0].Sections[0].Len.Text, "n - lo");
  EXPECT_EQ(Maps[0]->Items[1].Sections.size(), 2u);
  // No kind: tofrom, as in OpenMP; a whole object has no section.
  EXPECT_EQ(Maps[1]->Map, MapKind::ToFrom);
  EXPECT_TRUE(Maps[1]->Items[0].Sections.empty());
  // `[:k]` starts at 0; the base may be a member.
  EXPECT_EQ(Maps[2]->Items[0].Base.Text, "s.data");
  EXPECT_EQ(Maps[2]->Items[0].Sections[0].Lo.Text, "0");
}

TEST(PragmaParserTest, ErrorsPointAtTheOffendingToken) {
  struct Case {
    const char *Pragma;
    const char *Token;
  } Cases[] = {
      {"teams", "teams"},
      {"team team", "team"},
      {"parallel nowait foo", "foo"},
      {"parallel collapse(0)", "0"},
      {"parallel reduction(-: x)", "-"},
      {"parallel reduction(+: x, a[0])", "a[0]"},
      {"scan inclusive(a + b)", "a + b"},
  };
  for (const Case &C : Cases) {
    SCOPED_TRACE(C.Pragma);
    std::unique_ptr<Snippet> S = parsePragma(C.Pragma);
    ASSERT_EQ(S->errors().size(), 1u);
    llvm::StringRef Pragma(C.Pragma);
    // "team team" points at the repeated word, the last occurrence.
    size_t Offset = Pragma == "team team" ? Pragma.rfind(C.Token) : Pragma.find(C.Token);
    EXPECT_EQ(S->diagnostics().front().Column, TextColumn + Offset);
  }
}

TEST(PragmaParserTest, EveryReductionOperator) {
  struct Case {
    const char *Op;
    ReductionOp Expected;
  } Cases[] = {
      {"+", ReductionOp::Add},    {"*", ReductionOp::Mul},     {"min", ReductionOp::Min},
      {"max", ReductionOp::Max},  {"&", ReductionOp::BitAnd},  {"|", ReductionOp::BitOr},
      {"^", ReductionOp::BitXor}, {"&&", ReductionOp::LogAnd}, {"||", ReductionOp::LogOr},
  };
  for (const Case &C : Cases) {
    SCOPED_TRACE(C.Op);
    Directive D = parse(std::string("parallel reduction(") + C.Op + ": x, y)");
    const Clause *R = D.findClause(ClauseKind::Reduction);
    ASSERT_NE(R, nullptr);
    EXPECT_EQ(R->Op, C.Expected);
    EXPECT_EQ(getReductionOpSpelling(R->Op), C.Op);
    EXPECT_FALSE(R->InScan);
    ASSERT_EQ(R->Args.size(), 2u);
    EXPECT_EQ(R->Args[0].Text, "x");
    EXPECT_EQ(R->Args[1].Text, "y");
  }
}

TEST(PragmaParserTest, LocReductionsTakeAValueAndAnIndex) {
  Directive D = parse("parallel reduction(minloc: lo, at) reduction(maxloc: hi, where)");
  auto Rs = D.findClauses(ClauseKind::Reduction);
  ASSERT_EQ(Rs.size(), 2u);
  EXPECT_EQ(Rs[0]->Op, ReductionOp::MinLoc);
  EXPECT_EQ(Rs[1]->Op, ReductionOp::MaxLoc);
  EXPECT_EQ(Rs[1]->Args[1].Text, "where");
  EXPECT_TRUE(isLocReduction(Rs[0]->Op));
  EXPECT_EQ(errorsOf("parallel reduction(minloc: lo)"),
            Errors{errorAtPragma(
                "'minloc' takes a value and an index variable: 'minloc: value, index'")});
  EXPECT_EQ(errorsOf("parallel reduction(maxloc: a, b, c)"),
            Errors{errorAtPragma(
                "'maxloc' takes a value and an index variable: 'maxloc: value, index'")});
}

TEST(PragmaParserTest, InscanReductions) {
  Directive D = parse("parallel reduction(inscan, +: s)");
  const Clause *R = D.findClause(ClauseKind::Reduction);
  ASSERT_NE(R, nullptr);
  EXPECT_TRUE(R->InScan);
  EXPECT_EQ(R->Op, ReductionOp::Add);
  EXPECT_EQ(errorsOf("parallel reduction(inscan +: s)"),
            Errors{errorAtPragma("expected ',' after 'inscan'")});
}

TEST(PragmaParserTest, UserReductionNames) {
  Directive Fns = parse("parallel reduction(user(ns::join, ::init): acc)");
  const Clause *R = Fns.findClause(ClauseKind::Reduction);
  ASSERT_NE(R, nullptr);
  EXPECT_EQ(R->Op, ReductionOp::User);
  ASSERT_EQ(R->UserArgs.size(), 2u);
  EXPECT_EQ(R->UserArgs[0].Text, "ns::join");
  EXPECT_EQ(R->UserArgs[1].Text, "::init");
  EXPECT_EQ(R->Args[0].Text, "acc");

  Directive Reducer = parse("parallel reduction(user(stats): acc)");
  const Clause *R2 = Reducer.findClause(ClauseKind::Reduction);
  ASSERT_EQ(R2->UserArgs.size(), 1u);
  EXPECT_EQ(R2->UserArgs[0].Text, "stats");
}

TEST(PragmaParserTest, MalformedUserReductions) {
  std::string Args = "'user' takes a join and an init function, 'user(join, init)', "
                     "or one reducer object, 'user(reducer)'";
  EXPECT_EQ(errorsOf("parallel reduction(user(a, b, c): v)"), Errors{errorAtPragma(Args)});
  EXPECT_EQ(errorsOf("parallel reduction(user(): v)"), Errors{errorAtPragma(Args)});
  EXPECT_EQ(errorsOf("parallel reduction(user(a + b): v)"),
            Errors{errorAtPragma("expected a name in 'user(...)': a function, or a "
                                 "variable that holds the reducer")});
  EXPECT_EQ(errorsOf("parallel reduction(user(ns::): v)"),
            Errors{errorAtPragma("expected a name in 'user(...)': a function, or a "
                                 "variable that holds the reducer")});
  EXPECT_EQ(errorsOf("parallel reduction(inscan, user(j, i): v)"),
            Errors{errorAtPragma("'inscan' cannot be used with a 'user' reduction: "
                                 "scans combine with the built-in operators")});
}

TEST(PragmaParserTest, MalformedReductions) {
  EXPECT_EQ(errorsOf("parallel reduction(-: x)"),
            Errors{errorAtPragma("unknown reduction operator '-'")});
  EXPECT_EQ(errorsOf("parallel reduction(sum: x)"),
            Errors{errorAtPragma("unknown reduction operator 'sum'")});
  EXPECT_EQ(errorsOf("parallel reduction(+ x)"),
            Errors{errorAtPragma("expected ':' after the reduction operator")});
  EXPECT_EQ(errorsOf("parallel reduction(+: a[0])"),
            Errors{errorAtPragma("expected a variable name in clause 'reduction'")});
  EXPECT_EQ(errorsOf("parallel reduction(+: x,)"),
            Errors{errorAtPragma("expected a variable name in clause 'reduction'")});
  EXPECT_EQ(errorsOf("parallel reduction(+: x"),
            Errors{errorAtPragma("expected ')' to close clause 'reduction'")});
  EXPECT_EQ(errorsOf("parallel reduction +: x"),
            Errors{errorAtPragma("expected '(' after 'reduction'")});
}

TEST(PragmaParserTest, ScanNeedsExactlyOneClause) {
  Directive Inclusive = parse("scan inclusive(a, b)");
  ASSERT_NE(Inclusive.findClause(ClauseKind::Inclusive), nullptr);
  EXPECT_EQ(Inclusive.findClause(ClauseKind::Inclusive)->Args.size(), 2u);
  Directive Exclusive = parse("scan exclusive(s)");
  EXPECT_EQ(Exclusive.findClause(ClauseKind::Exclusive)->Args[0].Text, "s");

  Errors One{
      errorAtPragma("'#pragma hpp scan' needs exactly one 'inclusive' or 'exclusive' clause")};
  EXPECT_EQ(errorsOf("scan"), One);
  EXPECT_EQ(errorsOf("scan inclusive(a) exclusive(b)"), One);
  EXPECT_EQ(errorsOf("scan inclusive(a + b)"),
            Errors{errorAtPragma("expected a variable name in clause 'inclusive'")});
}

TEST(PragmaParserTest, AMalformedPragmaDoesNotStopTheNext) {
  Snippet S(R"cpp(
void f(int n, double *a) {
#pragma hpp parallel reduction(+ s)
  for (int i = 0; i < n; ++i)
    a[i] = 0;
#pragma hpp team name("second")
  for (int i = 0; i < n; ++i)
    a[i] = 1;
}
)cpp",
            parseOnly());
  EXPECT_THAT(S.errors(),
              ElementsAre(S.at("reduction(+ s)", "expected ':' after the reduction operator")));
  ASSERT_EQ(S.directives().size(), 1u);
  EXPECT_EQ(S.directives()[0].label(), "second");
  EXPECT_EQ(S.line(S.directives()[0].PragmaLoc), S.lineOf("name(\"second\")"));
}

} // namespace
