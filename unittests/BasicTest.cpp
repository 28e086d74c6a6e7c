//===- BasicTest.cpp - Tests of lib/Basic -----------------------------------===//
///
/// \file
/// The shared vocabulary (spellings from PragmaKinds.def, levels, backends)
/// and the Diagnoser, which keeps every error's text for the report and
/// tells hppc's own errors from the compiler's.
///
//===----------------------------------------------------------------------===//

#include "Basic/Diagnostics.h"
#include "Basic/Directive.h"
#include "Basic/Kinds.h"
#include "TranslatorTestSupport.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

using namespace hpp;
using namespace hpp::test;
using ::testing::ElementsAre;

namespace {

TEST(BasicTest, SpellingsComeFromTheTable) {
  EXPECT_EQ(getClauseSpelling(ClauseKind::TeamSize), "team_size");
  EXPECT_EQ(getClauseSpelling(ClauseKind::VectorLength), "vector_length");
  EXPECT_EQ(getDirectiveSpelling(DirectiveKind::TeamVector), "thread vector");
  EXPECT_EQ(getDirectiveSpelling(DirectiveKind::Flat), "parallel");
  EXPECT_EQ(getReductionOpSpelling(ReductionOp::LogOr), "||");
  EXPECT_EQ(getReductionRuntimeType(ReductionOp::Add), "Sum");
  EXPECT_EQ(getReductionRuntimeType(ReductionOp::MaxLoc), "MaxLoc");
  EXPECT_EQ(getReductionRuntimeType(ReductionOp::User), "UserOp");
  EXPECT_TRUE(isLocReduction(ReductionOp::MinLoc));
  EXPECT_FALSE(isLocReduction(ReductionOp::Min));
  EXPECT_EQ(getLoopLevelName(LoopLevel::TeamVector), "team-vector");
  EXPECT_EQ(getLoopLevelName(LoopLevel::Flat), "flat");
}

TEST(BasicTest, Backends) {
  EXPECT_EQ(parseBackend("openmp"), Backend::OpenMP);
  EXPECT_EQ(parseBackend("cuda"), Backend::CUDA);
  EXPECT_EQ(parseBackend("hip"), Backend::HIP);
  EXPECT_EQ(parseBackend("CUDA"), std::nullopt);
  EXPECT_EQ(getBackendName(Backend::CUDA), "cuda");
  EXPECT_TRUE(isGPUBackend(Backend::HIP));
  EXPECT_FALSE(isGPUBackend(Backend::OpenMP));
}

TEST(BasicTest, DiagnoserLogsErrorsAndSeparatesTheCompilers) {
  // One hpp error (a race) and no compiler error.
  auto S = compile(R"cpp(
void f(int n, int k) {
#pragma hpp parallel
  for (int i = 0; i < n; ++i)
    k = i;
}
)cpp");
  Diagnoser &D = S->diagnoser();
  EXPECT_TRUE(D.hasErrors());
  EXPECT_EQ(D.numErrors(), 1u);
  EXPECT_FALSE(D.hasCompilerErrors());
  ASSERT_EQ(D.errorCount(), 1u);
  EXPECT_THAT(D.errorMessage(0),
              ::testing::StartsWith("'k' is declared outside the parallel loop"));

  // A compiler error: the translator does not analyse a partial AST.
  Snippet Broken(R"cpp(
void f(int n, double *a) {
#pragma hpp parallel
  for (int i = 0; i < n; ++i)
    a[i] = undeclared;
}
)cpp");
  EXPECT_FALSE(Broken.compiled());
  EXPECT_TRUE(Broken.diagnoser().hasCompilerErrors());
  EXPECT_EQ(Broken.directives().size(), 1u);
  EXPECT_TRUE(Broken.model().Regions.empty());
  EXPECT_THAT(Broken.errors(),
              ElementsAre(Broken.at("undeclared", "use of undeclared identifier 'undeclared'")));
}

TEST(BasicTest, DirectiveClauseLookup) {
  auto S = compile("void f() {\n#pragma hpp parallel reduction(+: a) name(\"k\") reduction(*: b)\n"
                   "  for (int i = 0; i < 1; ++i) {}\n}\n",
                   parseOnly());
  ASSERT_EQ(S->directives().size(), 1u);
  const Directive &D = S->directives().front();
  EXPECT_EQ(D.findClauses(ClauseKind::Reduction).size(), 2u);
  EXPECT_EQ(D.findClause(ClauseKind::Reduction)->Op, ReductionOp::Add);
  EXPECT_EQ(D.findClauses(ClauseKind::Reduction)[1]->Op, ReductionOp::Mul);
  EXPECT_EQ(D.findClause(ClauseKind::Tile), nullptr);
  EXPECT_TRUE(D.findClauses(ClauseKind::Tile).empty());
  EXPECT_EQ(D.label(), "k");
}

} // namespace
