//===- UserLineDiagnosticsTest.cpp - Columns on the user's own line -------===//
// originalColumn: a diagnostic's column in a lowered line, moved to the same
// token on the line the user wrote.

#include "Driver/UserLineDiagnostics.h"

#include <gtest/gtest.h>

using hpp::originalColumn;
using hpp::sourceLine;

namespace {

TEST(UserLineColumns, SameLineKeepsTheColumn) {
  const char *Line = "      local += j;";
  EXPECT_EQ(originalColumn(Line, 13, Line), 13u);
  EXPECT_EQ(originalColumn(Line, 7, Line), 7u);
}

TEST(UserLineColumns, TextInsertedBeforeTheToken) {
  // A functor's member read through the copy: 13 characters more.
  const char *Lowered = "      if (hpp_functor0.scale > 0) partial += j * hpp_functor0.scale;";
  const char *Original = "      if (scale > 0) partial += j * scale;";
  EXPECT_EQ(originalColumn(Lowered, 43, Original), 30u); // +=
  EXPECT_EQ(originalColumn(Lowered, 35, Original), 22u); // partial
  EXPECT_EQ(originalColumn(Lowered, 38, Original), 25u); // inside partial
  EXPECT_EQ(originalColumn(Lowered, 63, Original), 37u); // the second scale
}

TEST(UserLineColumns, RankAmongNamesakes) {
  const char *Lowered = "{ a[hpp_i] += 1; b[hpp_i] += 2; }";
  const char *Original = "{ a[i] += 1; b[i] += 2; }";
  EXPECT_EQ(originalColumn(Lowered, 27, Original), 19u); // the second +=
}

TEST(UserLineColumns, TokensTheLoweringWrote) {
  // The pragma of a nested call stands at the call's line: its start.
  EXPECT_EQ(originalColumn("#pragma hpp thread", 13,
                           "    hpp::parallel_for(hpp::TeamThreadRange(t, 8), [&](int j) {"),
            5u);
  // A column in blank space stays inside the user's line.
  EXPECT_EQ(originalColumn("x;          ", 10, "x;"), 3u);
}

TEST(UserLineColumns, SourceLines) {
  const char *Text = "one\ntwo\r\nthree";
  EXPECT_EQ(sourceLine(Text, 1), llvm::StringRef("one"));
  EXPECT_EQ(sourceLine(Text, 2), llvm::StringRef("two"));
  EXPECT_EQ(sourceLine(Text, 3), llvm::StringRef("three"));
  EXPECT_FALSE(sourceLine(Text, 4));
}

} // namespace
