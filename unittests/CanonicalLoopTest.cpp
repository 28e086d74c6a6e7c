//===- CanonicalLoopTest.cpp - Tests of Analysis/CanonicalLoop -------------===//
///
/// \file
/// analyzeCanonicalLoop() on the loop after one `#pragma hpp parallel`:
/// the LoopDim it proves (comparison, step, bounds and index type as
/// written) or the error it reports, at the offending part of the loop,
/// with a note at the pragma.
///
//===----------------------------------------------------------------------===//

#include "Analysis/CanonicalLoop.h"
#include "TranslatorTestSupport.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Stmt.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

using namespace hpp;
using namespace hpp::test;
using ::testing::ElementsAre;

namespace {

struct LoopResult {
  std::unique_ptr<Snippet> S;
  std::optional<LoopDim> Dim;
};

/// Analyses the loop after the only directive of \p Code.
LoopResult analyze(llvm::StringRef Code) {
  LoopResult R{std::make_unique<Snippet>(Code, parseOnly()), std::nullopt};
  Snippet &S = *R.S;
  EXPECT_TRUE(S.compiled());
  const clang::ForStmt *For =
      S.directives().size() == 1 ? S.loopAfter(S.directives().front()) : nullptr;
  if (!For) {
    ADD_FAILURE() << "expected one pragma before a loop";
    return R;
  }
  R.Dim = analyzeCanonicalLoop(For, S.directives().front(), S.context(), S.diagnoser());
  return R;
}

/// The loop header is on line 4, its body on line 5.
constexpr unsigned HeaderLine = 4;

LoopResult header(llvm::StringRef Header, llvm::StringRef Body = "a[0] = 0;") {
  return analyze("#include <cstddef>\n"
                 "void f(int n, int lo, long long m, unsigned u, std::size_t z, double *a) {\n"
                 "#pragma hpp parallel\n"
                 "  for (" +
                 Header.str() +
                 ")\n"
                 "    " +
                 Body.str() +
                 "\n"
                 "}\n");
}

/// The one error \p Header reports, as "LINE: message".
std::vector<std::string> refusal(llvm::StringRef Header, llvm::StringRef Body = "a[0] = 0;") {
  LoopResult R = header(Header, Body);
  EXPECT_FALSE(R.Dim) << Header.str();
  return R.S->errors();
}

/// What refusal() returns for one error in the loop header.
std::vector<std::string> atHeader(llvm::StringRef Message) {
  return {std::to_string(HeaderLine) + ": " + Message.str()};
}

TEST(CanonicalLoopTest, EveryComparison) {
  struct Case {
    const char *Header;
    LoopCmp Cmp;
    long long Step;
  } Cases[] = {
      {"int i = 0; i < n; ++i", LoopCmp::Lt, 1},  {"int i = 0; i <= n; i++", LoopCmp::Le, 1},
      {"int i = n; i > 0; --i", LoopCmp::Gt, -1}, {"int i = n; i >= 0; i--", LoopCmp::Ge, -1},
      {"int i = 0; i != n; ++i", LoopCmp::Ne, 1}, {"int i = n; i != 0; --i", LoopCmp::Ne, -1},
  };
  for (const Case &C : Cases) {
    SCOPED_TRACE(C.Header);
    LoopResult R = header(C.Header);
    ASSERT_TRUE(R.Dim);
    EXPECT_EQ(R.Dim->Cmp, C.Cmp);
    EXPECT_EQ(R.Dim->Step, C.Step);
    EXPECT_TRUE(R.S->errors().empty());
  }
}

TEST(CanonicalLoopTest, BoundOnTheLeftIsMirrored) {
  LoopResult Up = header("int i = 0; n > i; ++i");
  ASSERT_TRUE(Up.Dim);
  EXPECT_EQ(Up.Dim->Cmp, LoopCmp::Lt);
  EXPECT_EQ(Up.Dim->UpperText, "n");
  LoopResult Down = header("int i = n; 0 <= i; --i");
  ASSERT_TRUE(Down.Dim);
  EXPECT_EQ(Down.Dim->Cmp, LoopCmp::Ge);
  EXPECT_EQ(Down.Dim->UpperText, "0");
}

TEST(CanonicalLoopTest, ConstantSteps) {
  struct Case {
    const char *Header;
    long long Step;
  } Cases[] = {
      {"int i = 0; i < n; i += 2", 2},
      {"int i = n; i > 0; i -= 3", -3},
      {"int i = 0; i < n; i = i + 4", 4},
      {"int i = 0; i < n; i = 4 + i", 4},
      {"int i = n; i >= 0; i = i - 5", -5},
      {"int i = 0; i < n; i += 2 * 3", 6},
      {"int i = 0; i < n; i -= -2", 2},
      {"long long i = m; i > 0; i += -7", -7},
      {"std::size_t i = 0; i < z; i += 1ull << 33", 1ll << 33},
  };
  for (const Case &C : Cases) {
    SCOPED_TRACE(C.Header);
    LoopResult R = header(C.Header);
    ASSERT_TRUE(R.Dim);
    EXPECT_EQ(R.Dim->Step, C.Step);
  }
}

TEST(CanonicalLoopTest, IndexTypes) {
  struct Case {
    const char *Header;
    const char *TypeText;
    unsigned Bits;
    bool Unsigned;
  } Cases[] = {
      {"int i = 0; i < n; ++i", "int", 32, false},
      {"long long i = 0; i < m; ++i", "long long", 64, false},
      {"unsigned i = u; i > 0; --i", "unsigned", 32, true},
      {"std::size_t i = 0; i < z; i += 2", "std::size_t", 64, true},
      {"unsigned long long i = z; i != 0; --i", "unsigned long long", 64, true},
      {"auto i = m; i < 2 * m; ++i", "auto", 64, false},
  };
  for (const Case &C : Cases) {
    SCOPED_TRACE(C.Header);
    LoopResult R = header(C.Header);
    ASSERT_TRUE(R.Dim);
    EXPECT_EQ(R.Dim->IndexTypeText, C.TypeText);
    clang::QualType T = R.Dim->Index->getType();
    EXPECT_EQ(R.S->context().getTypeSize(T), C.Bits);
    EXPECT_EQ(T->isUnsignedIntegerType(), C.Unsigned);
  }
}

TEST(CanonicalLoopTest, BoundsAreSourceText) {
  LoopResult R = header("int i = lo + 1; i < n * 2 - lo; i += 2");
  ASSERT_TRUE(R.Dim);
  EXPECT_EQ(R.Dim->LowerText, "lo + 1");
  EXPECT_EQ(R.Dim->UpperText, "n * 2 - lo");
  EXPECT_EQ(R.Dim->IndexName, "i");
}

TEST(CanonicalLoopTest, RecordsTheLoopAndItsHeader) {
  LoopResult R = header("int i = 0; i < n; ++i");
  ASSERT_TRUE(R.Dim);
  Snippet &S = *R.S;
  const clang::ForStmt *For = S.loopAfter(S.directives().front());
  EXPECT_EQ(R.Dim->Loop, For);
  EXPECT_EQ(R.Dim->Index, S.var("i"));
  EXPECT_EQ(S.line(R.Dim->HeaderRange.getBegin()), HeaderLine);
  EXPECT_EQ(S.column(R.Dim->HeaderRange.getBegin()), 3u);
  // The header ends at its `)`.
  EXPECT_EQ(S.text(R.Dim->HeaderRange), "for (int i = 0; i < n; ++i)");
}

TEST(CanonicalLoopTest, DependentIndexInATemplate) {
  LoopResult R = analyze(R"cpp(
template <class T> void g(T n, double *a) {
#pragma hpp parallel
  for (T i = n; i > 0; i -= 2)
    a[i] = 0;
}
template void g<long>(long, double *);
)cpp");
  ASSERT_TRUE(R.Dim);
  EXPECT_EQ(R.Dim->IndexTypeText, "T");
  EXPECT_EQ(R.Dim->Cmp, LoopCmp::Gt);
  EXPECT_EQ(R.Dim->Step, -2);
}

TEST(CanonicalLoopTest, RefusedHeaders) {
  EXPECT_EQ(refusal("int i = 0; i < n; i += lo"),
            atHeader("loop increment must add or subtract a constant to 'i'"));
  EXPECT_EQ(refusal("int i = 1; i < n; i *= 2"),
            atHeader("loop increment must add or subtract a constant to 'i'"));
  EXPECT_EQ(refusal("int i = 0; i < n; i += 0"), atHeader("loop step must not be zero"));
  EXPECT_EQ(refusal("int i = 0; i < n; --i"),
            atHeader("loop step -1 never reaches the bound with '<'"));
  EXPECT_EQ(refusal("unsigned i = u; i >= 1; i += 3"),
            atHeader("loop step 3 never reaches the bound with '>='"));
  EXPECT_EQ(refusal("int i = 0; i != n; i += 2"),
            atHeader("a loop with '!=' must step by 1 or -1"));
  EXPECT_EQ(refusal("int i = 0; i == n; ++i"),
            atHeader("loop condition must compare 'i' with '<', '<=', '>', '>=' or '!='"));
  EXPECT_EQ(refusal("int i = 0; lo < n; ++i"),
            atHeader("loop condition must compare 'i' with '<', '<=', '>', '>=' or '!='"));
  EXPECT_EQ(refusal("double x = 0; x < n; x += 1"),
            atHeader("loop index 'x' must have integer type"));
  EXPECT_EQ(
      refusal("lo = 0; lo < n; ++lo"),
      atHeader("loop must declare its index in the init statement, as in 'for (int i = lb; ...)'"));
  EXPECT_EQ(
      refusal("int i = 0, j = 0; i < n; ++i"),
      atHeader("loop must declare its index in the init statement, as in 'for (int i = lb; ...)'"));
}

TEST(CanonicalLoopTest, ErrorsPointAtThePartAndNoteThePragma) {
  LoopResult R = header("int i = 0; i < n; i += lo");
  ASSERT_EQ(R.S->diagnostics().size(), 2u);
  const DiagRecord &Error = R.S->diagnostics()[0];
  EXPECT_EQ(Error.Line, HeaderLine);
  EXPECT_EQ(Error.Column, R.S->columnOf("i += lo"));
  const DiagRecord &Note = R.S->diagnostics()[1];
  EXPECT_EQ(Note.Level, clang::DiagnosticsEngine::Note);
  EXPECT_EQ(Note.Message, "for the loop annotated by '#pragma hpp parallel' here");
  EXPECT_EQ(Note.Line, HeaderLine - 1);
  EXPECT_EQ(Note.Column, 13u);
}

TEST(CanonicalLoopTest, BoundWrittenInTheLoopIsRefused) {
  LoopResult R = header("int i = 0; i < n + lo; ++i", "{ a[i] = 0; lo = 2; }");
  EXPECT_FALSE(R.Dim);
  EXPECT_THAT(R.S->errors(), ElementsAre(R.S->at(
                                 "lo = 2", "loop bound uses 'lo', which is modified in the loop")));
  // Writing another variable is fine.
  EXPECT_TRUE(header("int i = 0; i < n; ++i", "{ int k = 0; k += i; a[i] = k; }").Dim);
}

TEST(CanonicalLoopTest, IndexWrittenInTheBodyIsRefused) {
  for (const char *Body :
       {"{ a[i] = 0; i += 1; }", "{ int &r = i; a[r] = 0; }", "{ int *p = &i; a[*p] = 0; }"}) {
    SCOPED_TRACE(Body);
    LoopResult R = header("int i = 0; i < n; ++i", Body);
    EXPECT_FALSE(R.Dim);
    EXPECT_THAT(R.S->errors(), ElementsAre(std::to_string(HeaderLine + 1) +
                                           ": loop index 'i' is modified in the loop body"));
  }
}

TEST(CanonicalLoopTest, BoundThatUsesTheIndexIsRefused) {
  // The bound is evaluated once, before the loop, where i does not exist
  // (or is another variable): the increment changes it.
  LoopResult R = header("int i = 0; i < n - i; ++i");
  EXPECT_FALSE(R.Dim);
  EXPECT_EQ(R.S->errors(), atHeader("loop bound uses 'i', which is modified in the loop"));
  ASSERT_FALSE(R.S->diagnostics().empty());
  EXPECT_EQ(R.S->diagnostics().front().Column, R.S->columnOf("i; ++i"));
}

} // namespace
