//===- PragmaCollectorTest.cpp - Tests of Frontend/PragmaCollector ---------===//
///
/// \file
/// Which `#pragma hpp` lines the handler hands to the parser: those written
/// in the main file; not those from macros (an error) or headers (a
/// warning, the code runs serially).
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

TEST(PragmaCollectorTest, RecordsMainFilePragmasInOrder) {
  Snippet S(R"cpp(
void f(int n, double *a) {
#pragma hpp team
  for (int t = 0; t < n; ++t) {
#pragma hpp thread
    for (int i = 0; i < n; ++i)
      a[i] = t;
  }
#pragma omp parallel for
  for (int i = 0; i < n; ++i)
    a[i] = 0;
#pragma hpp parallel
  for (int i = 0; i < n; ++i)
    a[i] = 0;
}
)cpp",
            parseOnly());
  EXPECT_THAT(S.errors(), IsEmpty());
  // Other namespaces are not ours.
  ASSERT_EQ(S.directives().size(), 3u);
  EXPECT_EQ(S.directives()[0].Kind, DirectiveKind::Team);
  EXPECT_EQ(S.directives()[1].Kind, DirectiveKind::Thread);
  EXPECT_EQ(S.directives()[2].Kind, DirectiveKind::Flat);
  EXPECT_EQ(S.line(S.directives()[1].PragmaLoc), S.lineOf("hpp thread"));
  EXPECT_EQ(S.line(S.directives()[2].PragmaLoc), S.lineOf("hpp parallel"));
}

TEST(PragmaCollectorTest, PragmaFromAMacroIsAnError) {
  Snippet S(R"cpp(
#define PARALLEL _Pragma("hpp parallel")
void f(int n, double *a) {
  PARALLEL
  for (int i = 0; i < n; ++i)
    a[i] = 0;
}
)cpp",
            parseOnly());
  EXPECT_THAT(
      S.errors(),
      ElementsAre(S.at("  PARALLEL", "hpp pragmas produced by macro expansion are not supported")));
  EXPECT_THAT(S.directives(), IsEmpty());
}

TEST(PragmaCollectorTest, PragmaOperatorOnThePragmaLineIsAnError) {
  // Refused before the line is expanded (found by fuzz/: a malformed one
  // made Clang read past the end of the line).
  Snippet S(R"cpp(
#define NAME _Pragma("x")
void f(int n, double *a) {
#pragma hpp parallel name(_Pragma("hpp single"))
  for (int i = 0; i < n; ++i)
    a[i] = 0;
#pragma hpp parallel league(NAME)
  for (int i = 0; i < n; ++i)
    a[i] = 0;
}
)cpp",
            parseOnly());
  EXPECT_THAT(S.errors(),
              ElementsAre(S.at("name(", "'_Pragma' inside '#pragma hpp' is not supported"),
                          S.at("league(", "'_Pragma' inside '#pragma hpp' is not supported")));
  EXPECT_THAT(S.directives(), IsEmpty());
}

TEST(PragmaCollectorTest, PragmaInAHeaderIsNotTranslated) {
  SnippetOptions Opts = parseOnly();
  Opts.Files = {{"kernels.h", "inline void g(int n, double *a) {\n"
                              "#pragma hpp parallel\n"
                              "  for (int i = 0; i < n; ++i)\n"
                              "    a[i] = 0;\n"
                              "}\n"}};
  Snippet S(R"cpp(
#include "kernels.h"
void f(int n, double *a) { g(n, a); }
)cpp",
            Opts);
  EXPECT_THAT(S.errors(), IsEmpty());
  EXPECT_THAT(S.warnings(), ElementsAre("kernels.h:2: hpp pragma in an included file is "
                                        "not translated; the statement runs serially"));
  EXPECT_THAT(S.directives(), IsEmpty());
}

} // namespace
