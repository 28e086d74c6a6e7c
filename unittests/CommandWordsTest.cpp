//===- CommandWordsTest.cpp - Tests of hppc/CommandWords.h ----------------===//
///
/// \file
/// The hand-written annotation test that hppc++'s front and the wrapper
/// share must decide as the regular expression it replaced does: on the
/// texts here, each is compared with llvm::Regex on that expression.
///
//===----------------------------------------------------------------------===//

#include "hppc/CommandWords.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Regex.h"
#include "gtest/gtest.h"
#include <string>

using namespace hpp;

namespace {

bool byRegex(const std::string &Text) {
  static const llvm::Regex Pattern("#[ \t]*pragma[ \t]+hpp[ \t]|_Pragma[ \t]*\\([ \t]*\"hpp[ \t]|"
                                   "parallel_(for|reduce|scan)[ \t]*\\(");
  return Pattern.match(Text);
}

TEST(CommandWordsTest, AnnotationTestMatchesTheRegularExpression) {
  const char *Texts[] = {
      "#pragma hpp parallel for\n", "  #  pragma\thpp\tloop\n", "#pragma hpp\n",
      "#pragma hppx parallel\n", "#pragmahpp parallel\n", "#pragma omp parallel for\n",
      "# pragma  hpp ", "_Pragma(\"hpp parallel for\")", "_Pragma ( \"hpp\tloop\")",
      "_Pragma(\"hpp\")", "_Pragma(\"omp parallel\")", "_Pragma(hpp parallel)",
      "hpp::parallel_for(n, f);", "parallel_reduce (n, f)", "parallel_scan\t(",
      "parallel_for\n(", "parallel_forx(", "my_parallel_for(n)", "parallel_sort(n)",
      "parallel_", "#", "#pragma", "#pragma hpp", "_Pragma", "_Pragma(\"hpp", "",
      "int main() { return 0; }\n", "## pragma hpp x", "#pragma #pragma hpp x",
      "_Pragma _Pragma(\"hpp x\")", "parallel_parallel_for(", "//#pragma hpp x\n"};
  for (const char *T : Texts)
    EXPECT_EQ(hasAnnotationText(T), byRegex(T)) << "on '" << T << "'";
  // Every prefix of an annotated line: cut-off text is never read past.
  std::string Line = "x; #pragma hpp parallel _Pragma(\"hpp y\") parallel_scan (";
  for (size_t N = 0; N <= Line.size(); ++N)
    EXPECT_EQ(hasAnnotationText(Line.substr(0, N)), byRegex(Line.substr(0, N)))
        << "on '" << Line.substr(0, N) << "'";
}

TEST(CommandWordsTest, SourcesByExtension) {
  EXPECT_TRUE(isCXXSourcePath("a/b.cpp"));
  EXPECT_TRUE(isCXXSourcePath("k.cu"));
  EXPECT_TRUE(isCXXSourcePath("x.C"));
  EXPECT_FALSE(isCXXSourcePath("x.c"));
  EXPECT_FALSE(isCXXSourcePath("dir.cpp/x"));
  EXPECT_FALSE(isCXXSourcePath("main.o"));
}

} // namespace
