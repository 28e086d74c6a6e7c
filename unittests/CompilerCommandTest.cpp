//===- CompilerCommandTest.cpp - Tests of Driver/CompilerCommand ----------===//
///
/// \file
/// parseCompilerCommand() on command lines as Make, Ninja and CMake write
/// them: inputs, output, mode, dependency flags, hpp's options, launchers.
///
//===----------------------------------------------------------------------===//

#include "Driver/CompilerCommand.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

using namespace hpp;
using ::testing::ElementsAre;

namespace {

CompilerCommand parse(std::vector<std::string> Args) {
  llvm::Expected<CompilerCommand> C = parseCompilerCommand(Args);
  if (!C) {
    ADD_FAILURE() << llvm::toString(C.takeError());
    return {};
  }
  return std::move(*C);
}

std::vector<std::string> wordsOf(const CompilerCommand &C, CommandArg::KindTy Kind) {
  return C.words([&](const CommandArg &A) { return A.Kind == Kind; });
}

TEST(CompilerCommandTest, CMakeCompileLine) {
  CompilerCommand C = parse({"-I/src", "-DNDEBUG", "-O2", "-std=gnu++17", "-MD", "-MT",
                             "x.o", "-MF", "x.o.d", "-o", "x.o", "-c", "/src/x.cpp"});
  EXPECT_EQ(C.Mode, CompileMode::Compile);
  EXPECT_EQ(C.OutputPath, "x.o");
  EXPECT_TRUE(C.Launcher.empty());
  EXPECT_THAT(wordsOf(C, CommandArg::Source), ElementsAre("/src/x.cpp"));
  EXPECT_THAT(wordsOf(C, CommandArg::Preprocess), ElementsAre("-I/src", "-DNDEBUG", "-std=gnu++17"));
  EXPECT_THAT(wordsOf(C, CommandArg::Other), ElementsAre("-O2"));
  EXPECT_TRUE(C.WriteDependencies);
  EXPECT_TRUE(C.SystemHeadersInDependencies);
  EXPECT_EQ(C.DependencyFile, "x.o.d");
  EXPECT_THAT(C.DependencyTargets, ElementsAre("x.o"));
}

TEST(CompilerCommandTest, SeparateAndJoinedValues) {
  CompilerCommand C = parse({"-I", "inc", "-isystem", "sys", "-D", "N=3", "-MMD", "-MQ",
                             "a b$.o", "-MP", "-ox.o", "-c", "y.cc"});
  EXPECT_THAT(wordsOf(C, CommandArg::Preprocess),
              ElementsAre("-I", "inc", "-isystem", "sys", "-D", "N=3"));
  EXPECT_FALSE(C.SystemHeadersInDependencies);
  EXPECT_TRUE(C.PhonyTargets);
  EXPECT_THAT(C.DependencyTargets, ElementsAre("a\\ b$$.o"));
  EXPECT_EQ(C.OutputPath, "x.o");
}

TEST(CompilerCommandTest, ModesAndInputs) {
  EXPECT_EQ(parse({"a.o", "b.o", "-o", "app", "-lm"}).Mode, CompileMode::Link);
  EXPECT_EQ(parse({"-E", "x.cpp"}).Mode, CompileMode::Preprocess);
  EXPECT_EQ(parse({"-S", "x.cpp"}).Mode, CompileMode::Assemble);
  EXPECT_EQ(parse({"-MM", "x.cpp"}).Mode, CompileMode::Dependencies);
  EXPECT_EQ(parse({"-fsyntax-only", "x.cpp"}).Mode, CompileMode::SyntaxOnly);
  CompilerCommand C = parse({"main.cpp", "k.cu", "lib.a", "c.c", "-x", "c++", "weird.inc"});
  EXPECT_THAT(wordsOf(C, CommandArg::Source), ElementsAre("main.cpp", "k.cu", "weird.inc"));
  EXPECT_THAT(wordsOf(C, CommandArg::OtherInput), ElementsAre("lib.a", "c.c"));
  EXPECT_EQ(C.Args.back().Language, "c++");
}

TEST(CompilerCommandTest, HppOptionsAreTakenOut) {
  CompilerCommand C = parse({"--hpp-backend=cuda", "--keep", "--hpp-report",
                             "--hpp-report-json=r.json", "-c", "x.cpp"});
  ASSERT_TRUE(C.Target.has_value());
  EXPECT_EQ(*C.Target, Backend::CUDA);
  EXPECT_TRUE(C.KeepGenerated);
  EXPECT_TRUE(C.Report);
  EXPECT_EQ(C.ReportJSON, "r.json");
  EXPECT_EQ(C.Args.size(), 2u);
  EXPECT_FALSE(static_cast<bool>(
      parseCompilerCommand(std::vector<std::string>{"--hpp-backend=fortran"})));
  llvm::Expected<CompilerCommand> Bad =
      parseCompilerCommand(std::vector<std::string>{"--hpp-nope"});
  ASSERT_FALSE(static_cast<bool>(Bad));
  EXPECT_EQ(llvm::toString(Bad.takeError()), "unknown option '--hpp-nope'");
}

TEST(CompilerCommandTest, LauncherCallNamesTheCompilerFirst) {
  CompilerCommand C = parse({"/bin/sh", "-c", "x.cpp", "-o", "x.o"});
  EXPECT_EQ(C.Launcher, "/bin/sh");
  EXPECT_THAT(wordsOf(C, CommandArg::Source), ElementsAre("x.cpp"));
  // A source or a flag first is an ordinary call.
  EXPECT_TRUE(parse({"x.cpp", "-c"}).Launcher.empty());
  EXPECT_TRUE(parse({"-c", "x.cpp"}).Launcher.empty());
}

TEST(CompilerCommandTest, MissingValueIsAnError) {
  llvm::Expected<CompilerCommand> C = parseCompilerCommand(std::vector<std::string>{"-c", "x.cpp", "-o"});
  ASSERT_FALSE(static_cast<bool>(C));
  EXPECT_EQ(llvm::toString(C.takeError()), "argument to '-o' is missing");
}

} // namespace
