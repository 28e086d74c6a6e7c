//===- FormatTest.cpp - The layout of the generated code ------------------===//
///
/// \file
/// formatGenerated on small texts (what it lays out, what it refuses, that
/// its output is stable), and on the translations of every test/codegen
/// input: the user's text, formatted or not, is the same text on the same
/// lines.
///
//===----------------------------------------------------------------------===//

#include "Driver/GeneratedFormat.h"
#include "hppc/Translator.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "gtest/gtest.h"
#include <map>

using namespace hpp;
using namespace llvm;

namespace {

/// \p Marked with the kept pieces between '@'s.
EditedText marked(StringRef Marked) {
  EditedText In;
  bool Inside = false;
  for (char C : Marked) {
    if (C == '@') {
      if (!Inside)
        In.Kept.push_back({In.Text.size(), 0});
      else
        In.Kept.back().End = In.Text.size();
      Inside = !Inside;
      continue;
    }
    In.Text += C;
  }
  return In;
}

/// The file and line a compiler gives offset \p Off of \p Text, through the
/// `#line` directives before it; written apart from the formatter's own.
std::pair<std::string, unsigned> presumedLine(StringRef Text, size_t Off) {
  std::string File;
  unsigned Line = 1;
  size_t Begin = 0;
  while (Begin <= Off && Begin < Text.size()) {
    size_t End = Text.find('\n', Begin);
    if (End == StringRef::npos || End >= Off)
      break;
    StringRef L = Text.slice(Begin, End).trim();
    unsigned N;
    if (L.consume_front("#line ") && !L.consumeInteger(10, N)) {
      Line = N;
      L = L.trim();
      if (L.size() >= 2)
        File = L.drop_front().drop_back().str();
    } else {
      ++Line;
    }
    Begin = End + 1;
  }
  return {File, Line};
}

bool startsLine(StringRef Text, size_t Off) { return Off == 0 || Text[Off - 1] == '\n'; }

FormattedText layOut(const EditedText &In) {
  std::string Warning;
  return formatGenerated(In, generatedCodeStyle(FormatChoice::LLVM, "f.cpp", Warning), "f.cpp");
}

TEST(GeneratedFormat, LaysOutGeneratedLinesOnly) {
  EditedText In = marked("@void f(int n) {\n@"
                         "  int   a=1;int b=2;\n#line 3 \"f.cpp\"\n"
                         "@  g(a,b);\n}\n@");
  FormattedText Out = layOut(In);
  EXPECT_EQ(Out.Text, "void f(int n) {\n"
                      "  int a = 1;\n  int b = 2;\n#line 3 \"f.cpp\"\n"
                      "  g(a,b);\n}\n");
  EXPECT_EQ(Out.RunsLeft, 0u);
}

TEST(GeneratedFormat, LeavesARunThatWouldMoveUserLines) {
  // Wrapped, the long line would push the user's g() off line 3.
  std::string Long = "int aaaaaaaaaaaaaaaaaaaa = 1, bbbbbbbbbbbbbbbbbbbbbbbbbbbb = 2, "
                     "cccccccccccccccccccccccccc = 3;\n";
  EditedText In = marked("#line 1 \"f.cpp\"\n@void f() {\n@" + Long + "@  g();\n}\n@");
  FormattedText Out = layOut(In);
  EXPECT_EQ(Out.Text, In.Text);
  EXPECT_EQ(Out.RunsLeft, 1u);
  // With a `#line` after it, the same line is wrapped.
  EditedText Synced =
      marked("#line 1 \"f.cpp\"\n@void f() {\n@" + Long + "#line 3 \"f.cpp\"\n@  g();\n}\n@");
  FormattedText Wrapped = layOut(Synced);
  EXPECT_NE(Wrapped.Text, Synced.Text);
  size_t G = Wrapped.Text.find("  g();");
  EXPECT_EQ(presumedLine(Wrapped.Text, G), std::make_pair(std::string("f.cpp"), 3u));
}

TEST(GeneratedFormat, LaysOutAnEndThatClosesALambda) {
  // An emitted end (OpenMP's, after a team loop) closes blocks and a
  // lambda (`};`) it did not open: laid out inside blocks of the same
  // kinds, so that clang-format reads `};` as the lambda's end.
  EditedText In = marked("@void f() {\n  {\n    auto g = [&]() {\n      {\n"
                         "        for (;;) {\n          x();\n@"
                         "  }\n  put( 1 );\n  } // omp parallel\n  };\n  g();\n"
                         "  } // hpp region\n#line 9 \"f.cpp\"\n@}\n@");
  FormattedText Out = layOut(In);
  EXPECT_EQ(Out.Text, "void f() {\n  {\n    auto g = [&]() {\n      {\n"
                      "        for (;;) {\n          x();\n"
                      "        }\n        put(1);\n      } // omp parallel\n    };\n    g();\n"
                      "  } // hpp region\n#line 9 \"f.cpp\"\n}\n");
  EXPECT_EQ(Out.RunsLeft, 0u);
}

TEST(GeneratedFormat, KeepsContinuationLinesAligned) {
  // A run that closes blocks keeps a wrapped statement's lines together,
  // within the column limit.
  EditedText In = marked("@void f() {\n  {\n    {\n      x();\n@"
                         "  }\n  hpp_call(aaaaaaaaaaaaaaaaaaaa, bbbbbbbbbbbbbbbbbbbbbbbb, "
                         "cccccccccccccccccccccc, dddddddddddddddd);\n  }\n"
                         "#line 7 \"f.cpp\"\n@}\n@");
  FormattedText Out = layOut(In);
  EXPECT_EQ(Out.Text, "void f() {\n  {\n    {\n      x();\n    }\n"
                      "    hpp_call(aaaaaaaaaaaaaaaaaaaa, bbbbbbbbbbbbbbbbbbbbbbbb,\n"
                      "             cccccccccccccccccccccc, dddddddddddddddd);\n  }\n"
                      "#line 7 \"f.cpp\"\n}\n");
}

TEST(GeneratedFormat, KeepsStringLiteralsWhole) {
  // A long string (the input's path in a launch) is wrapped as a whole,
  // never split into two literals: a layout pass adds no token.
  std::string Path(90, 'p');
  EditedText In = marked("@void f() {\n@  hpp_launch(\"name\", \"/" + Path +
                         ".cpp\", 12);\n#line 2 \"f.cpp\"\n@}\n@");
  FormattedText Out = layOut(In);
  EXPECT_NE(Out.Text.find("\"/" + Path + ".cpp\""), std::string::npos) << Out.Text;
}

TEST(GeneratedFormat, KeepsCopiesAndDirectivesAsWritten) {
  EditedText In = marked("@void f() {\n@  {int x=0;\n@#line 7 \"f.cpp\"\n  x +=   1;@\n"
                         "#pragma omp simd reduction(+: x)\n  for(;;){}}\n#line 2 \"f.cpp\"\n@}\n@");
  FormattedText Out = layOut(In);
  EXPECT_NE(Out.Text.find("#line 7 \"f.cpp\"\n  x +=   1;\n"), std::string::npos) << Out.Text;
  EXPECT_NE(Out.Text.find("#pragma omp simd reduction(+: x)\n"), std::string::npos) << Out.Text;
  EXPECT_NE(Out.Text.find("    int x = 0;\n"), std::string::npos) << Out.Text;
}

/// Every test/codegen input, for two backends: the translation laid out
/// and not has the same user text, each piece on the same line, and laying
/// out the laid-out translation again changes nothing.
TEST(GeneratedFormat, CodegenInputsKeepTheirLines) {
  SmallString<256> Dir(HPP_SOURCE_INCLUDE_DIR);
  sys::path::remove_filename(Dir);
  sys::path::append(Dir, "test", "codegen");
  std::error_code EC;
  unsigned Files = 0, Pieces = 0;
  for (sys::fs::directory_iterator It(Dir, EC), End; It != End && !EC; It.increment(EC)) {
    if (sys::path::extension(It->path()) != ".cpp")
      continue;
    for (Backend B : {Backend::OpenMP, Backend::CUDA}) {
      std::map<FormatChoice, TranslationResult> R;
      for (FormatChoice F : {FormatChoice::None, FormatChoice::LLVM}) {
        TranslateOptions Opts;
        Opts.Target = B;
        Opts.InputPath = It->path();
        Opts.ResourceDir = HPP_CLANG_RESOURCE_DIR;
        Opts.IncludeDirs = {HPP_SOURCE_INCLUDE_DIR};
        Opts.PrintDiagnostics = false;
        Opts.Format = F;
        Expected<TranslationResult> T = translateFile(Opts);
        ASSERT_TRUE(bool(T)) << toString(T.takeError());
        R[F] = std::move(*T);
      }
      const TranslationResult &Plain = R[FormatChoice::None], &Laid = R[FormatChoice::LLVM];
      if (!Plain.Succeeded)
        continue;
      ASSERT_TRUE(Laid.Succeeded) << It->path();
      ++Files;
      ASSERT_EQ(Plain.UserText.size(), Laid.UserText.size()) << It->path();
      for (size_t I = 0; I < Plain.UserText.size(); ++I) {
        auto [PB, PE] = Plain.UserText[I];
        auto [LB, LE] = Laid.UserText[I];
        StringRef PT = StringRef(Plain.Output).slice(PB, PE);
        ASSERT_EQ(PT, StringRef(Laid.Output).slice(LB, LE)) << It->path();
        // A copy carries its own `#line`; any other piece is placed by the
        // one above it.
        if (PT.ltrim().starts_with("#line"))
          continue;
        EXPECT_EQ(presumedLine(Plain.Output, PB), presumedLine(Laid.Output, LB))
            << It->path() << ": '" << PT.take_front(60).str() << "'";
        if (startsLine(Plain.Output, PB))
          EXPECT_TRUE(startsLine(Laid.Output, LB)) << It->path() << ": " << PT.take_front(60).str();
        ++Pieces;
      }
      // Stable: laid out again, nothing changes.
      EditedText Again{Laid.Output, {}};
      for (auto [Begin, End] : Laid.UserText)
        Again.Kept.push_back({Begin, End});
      EXPECT_EQ(layOut(Again).Text, Laid.Output) << It->path();
    }
  }
  EXPECT_GE(Files, 20u);
  EXPECT_GE(Pieces, 500u);
}

} // namespace
