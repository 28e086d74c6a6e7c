//===- ApiNamesTest.cpp - Names the parallel_* lowering must not hide -----===//
///
/// \file
/// mentionedNames (Frontend/Api/Recognition): every name a policy
/// expression mentions, through its references (macros and templates
/// included) and its text, so that the lowering declares no loop index or
/// accumulator that would hide one. diagnosticText (Basic/ASTUtils): code
/// quoted by a diagnostic reads a copied functor body's members as the
/// functor writes them.
///
//===----------------------------------------------------------------------===//

#include "Basic/ASTUtils.h"
#include "Frontend/Api/Recognition.h"
#include "TranslatorTestSupport.h"
#include "clang/AST/Decl.h"
#include "gtest/gtest.h"

#include <set>
#include <string>

using namespace hpp;
using namespace hpp::test;

namespace {

constexpr llvm::StringLiteral Code = R"cpp(
#define BOUND (n + k)
struct S {
  int m;
  int size() const { return m; }
};
template <class T> int g(T t) {
  int dependent = t.size() + T::extent;
  return dependent;
}
void f(int n, int k, S s) {
  int numbers = n + 1e5 + 0x1f;
  int macro = BOUND;
  int members = s.m + s.size();
}
struct F {
  int x;
};
void h(F hpp_functor0, F hpp_functor12, F my_hpp_functor0, F hpp_functor) {
  int quoted = hpp_functor0.x + hpp_functor12.x + my_hpp_functor0.x + hpp_functor.x;
}
)cpp";

std::set<std::string> names(Snippet &Sn, llvm::StringRef Var) {
  const clang::Expr *E = Sn.var(Var)->getInit();
  std::set<std::string> Out;
  for (const auto &N : api::mentionedNames(E, Sn.text(E->getSourceRange())))
    Out.insert(N.getKey().str());
  return Out;
}

TEST(ApiNamesTest, TextIdentifiersButNotNumbers) {
  Snippet Sn(Code, parseOnly());
  ASSERT_TRUE(Sn.compiled());
  EXPECT_EQ(names(Sn, "numbers"), (std::set<std::string>{"n"}));
}

TEST(ApiNamesTest, AMacroByItsNameAndWhatItExpandsTo) {
  Snippet Sn(Code, parseOnly());
  ASSERT_TRUE(Sn.compiled());
  EXPECT_EQ(names(Sn, "macro"), (std::set<std::string>{"BOUND", "n", "k"}));
}

TEST(ApiNamesTest, MembersAndDependentNames) {
  Snippet Sn(Code, parseOnly());
  ASSERT_TRUE(Sn.compiled());
  EXPECT_EQ(names(Sn, "members"), (std::set<std::string>{"s", "m", "size"}));
  EXPECT_EQ(names(Sn, "dependent"), (std::set<std::string>{"t", "size", "T", "extent"}));
}

TEST(ApiNamesTest, DiagnosticTextDropsTheFunctorCopy) {
  Snippet Sn(Code, parseOnly());
  ASSERT_TRUE(Sn.compiled());
  const clang::Expr *E = Sn.var("quoted")->getInit();
  EXPECT_EQ(diagnosticText(E->getSourceRange(), Sn.context()),
            "x + x + my_hpp_functor0.x + hpp_functor.x");
  EXPECT_EQ(getSourceText(E->getSourceRange(), Sn.context()),
            "hpp_functor0.x + hpp_functor12.x + my_hpp_functor0.x + hpp_functor.x");
}

} // namespace
