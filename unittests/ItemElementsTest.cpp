//===- ItemElementsTest.cpp - Tests of Analysis/ItemElements --------------===//
///
/// \file
/// Which element accesses of a loop's body ItemElements takes for the
/// iteration's own (isItemElement: invariant base, indices from the loop's
/// index, constants and invariant integers) and which it knows no two
/// iterations share (isOneToOne): the premises of the kept reads of a scan
/// and of Kokkos' in-place parallel_scan.
///
//===----------------------------------------------------------------------===//

#include "Analysis/ItemElements.h"
#include "TranslatorTestSupport.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/Stmt.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

using namespace hpp;
using namespace hpp::test;
using ::testing::IsEmpty;

namespace {

constexpr llvm::StringLiteral Code = R"cpp(
#include <hpp/hpp.hpp>
struct Functor {
  long *m;
  hpp::View<long, 1> mv;
};
void f(int n, int off, long *x, const long *y, hpp::View<double, 2> v, short s,
       const Functor cf, Functor mf) {
  long w[64] = {};
  int r = 0;
  #pragma hpp parallel reduction(+ : r)
  for (int i = 0; i < n; ++i) {
    int j = i;
    long *p = x;
    r += j;
    BODY;
  }
}
)cpp";

/// The first element access in \p S whose text is \p Text.
const clang::Expr *find(Snippet &Sn, const clang::Stmt *S, llvm::StringRef Text) {
  if (!S)
    return nullptr;
  if (const auto *E = llvm::dyn_cast<clang::Expr>(S);
      E && ItemElements::isElementAccess(E) && Sn.text(E->getSourceRange()) == Text)
    return E;
  for (const clang::Stmt *C : S->children())
    if (const clang::Expr *E = find(Sn, C, Text))
      return E;
  return nullptr;
}

/// "item", "one-to-one" (both), "one-to-one through a member" (only with
/// members) or "other" for the element access \p Text
/// in body statement \p Body.
std::string kind(llvm::StringRef Body, llvm::StringRef Text) {
  auto S = compile(substitute(Code, "BODY", Body));
  EXPECT_THAT(S->errors(), IsEmpty()) << Body.str();
  const Construct &L = *S->region(0).Root;
  const auto *LoopBody = llvm::cast<clang::CompoundStmt>(L.Dims.front().Loop->getBody());
  const clang::Expr *A = find(*S, LoopBody, Text);
  if (!A)
    return "not found";
  ItemElements Elements(LoopBody, L.Dims.front().Index, S->context());
  if (Elements.isOneToOne(A))
    return Elements.isItemElement(A) ? "one-to-one" : "one-to-one through a member";
  return Elements.isItemElement(A) ? "item" : "other";
}

TEST(ItemElementsTest, TheIndexPlusOrMinusAnInvariantIsOneToOne) {
  EXPECT_EQ(kind("x[i] = 0", "x[i]"), "one-to-one");
  EXPECT_EQ(kind("x[i + off] = 0", "x[i + off]"), "one-to-one");
  EXPECT_EQ(kind("x[off + i] = 0", "x[off + i]"), "one-to-one");
  EXPECT_EQ(kind("x[i - 1] = 0", "x[i - 1]"), "one-to-one");
  EXPECT_EQ(kind("w[i] = y[(i)]", "y[(i)]"), "one-to-one");
  // A View's element is the item's when one of its indices is.
  EXPECT_EQ(kind("v(3, i) = 0", "v(3, i)"), "one-to-one");
  EXPECT_EQ(kind("v(i, off * 2) = 0", "v(i, off * 2)"), "one-to-one");
}

TEST(ItemElementsTest, IndicesItemsMayShareAreNot) {
  EXPECT_EQ(kind("x[i / 2] = 0", "x[i / 2]"), "item");
  EXPECT_EQ(kind("x[i % 4] = 0", "x[i % 4]"), "item");
  EXPECT_EQ(kind("x[off - i] = 0", "x[off - i]"), "item");
  EXPECT_EQ(kind("x[i + i] = 0", "x[i + i]"), "item");
  EXPECT_EQ(kind("x[off] = 0", "x[off]"), "item");
  EXPECT_EQ(kind("v(off, 1) = 0", "v(off, 1)"), "item");
  // The members of a const object (a functor's copy) are one-to-one only
  // where the in-place scan rule asks (isOneToOne); isItemElement alone
  // takes variables.
  EXPECT_EQ(kind("cf.m[i] = 0", "cf.m[i]"), "one-to-one through a member");
  EXPECT_EQ(kind("cf.mv(i) = 0", "cf.mv(i)"), "one-to-one through a member");
  // Narrowed, distinct indices may meet.
  EXPECT_EQ(kind("x[(short)i] = 0", "x[(short)i]"), "item");
}

TEST(ItemElementsTest, BasesAndIndicesTheLoopChangesAreNotTheItems) {
  // A local of the body: its value could differ between copies.
  EXPECT_EQ(kind("x[j] = 0", "x[j]"), "other");
  EXPECT_EQ(kind("p[i] = 0", "p[i]"), "other");
  // Written in the body.
  EXPECT_EQ(kind("r += x[i + r]", "x[i + r]"), "other");
  // A member of an object that is not const.
  EXPECT_EQ(kind("mf.m[i] = 0", "mf.m[i]"), "other");
  // Not an integer built with arithmetic.
  EXPECT_EQ(kind("x[y[i]] = 0", "x[y[i]]"), "other");
}

} // namespace
