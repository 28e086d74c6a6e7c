//===- BarriersTest.cpp - Tests of Analysis/Barriers ------------------------===//
///
/// \file
/// The team barriers buildRegions() inserts between team-level statements
/// that share a per-team scratch array or a single's broadcast variable,
/// each with the reason reported to the user, and where none is needed.
///
//===----------------------------------------------------------------------===//

#include "Analysis/Barriers.h"
#include "Analysis/RegionBuilder.h"
#include "TranslatorTestSupport.h"
#include "clang/AST/Stmt.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

using namespace hpp;
using namespace hpp::test;
using ::testing::ElementsAre;
using ::testing::IsEmpty;

namespace {

struct Inserted {
  unsigned Line;
  std::string Reason;
  bool operator==(const Inserted &O) const { return Line == O.Line && Reason == O.Reason; }
  friend std::ostream &operator<<(std::ostream &OS, const Inserted &I) {
    return OS << "line " << I.Line << ": " << I.Reason;
  }
};

/// The inserted barriers of the only region: where each goes and why.
std::vector<Inserted> insertedBarriers(Snippet &S) {
  std::vector<Inserted> Out;
  EXPECT_THAT(S.errors(), IsEmpty());
  if (S.model().Regions.size() != 1) {
    ADD_FAILURE() << S.model().Regions.size() << " regions";
    return Out;
  }
  S.region(0).forEachConstruct([&](const Construct &C) {
    if (C.Kind == ConstructKind::Barrier && C.Inserted)
      Out.push_back({S.line(C.InsertLoc), C.Reason});
  });
  return Out;
}

std::string reason(llvm::StringRef Var, llvm::StringRef First, unsigned FirstLine,
                   llvm::StringRef Then, unsigned ThenLine) {
  return "'" + Var.str() + "' " + First.str() + " at line " + std::to_string(FirstLine) + " is " +
         Then.str() + " at line " + std::to_string(ThenLine);
}

/// A team fills a scratch array in one thread loop and reads it in the
/// next. The variants change the scratch clauses, reach the array through
/// an alias in either loop, and add explicit barriers.
struct FillThenRead {
  llvm::StringRef Scratch = "";
  llvm::StringRef Fill = "tile[i]", Read = "tile[63 - j]";
  llvm::StringRef Alias = "";
  llvm::StringRef Between = "", End = "";

  std::string code() const {
    std::string Code = R"cpp(
template <class T> T *same(T *P) { return P; }
void redirect(double **P, double *To) { *P = To; }
void f(int nt, const double *in, double *out) {
#pragma hpp team
  for (int t = 0; t < nt; ++t) {
#pragma hpp scratch SCRATCH
    double tile[64];
    ALIAS
#pragma hpp thread
    for (int i = 0; i < 64; ++i)
      FILL = in[t * 64 + i];
    BETWEEN
#pragma hpp thread
    for (int j = 0; j < 64; ++j)
      out[t * 64 + j] = READ;
    END
  }
}
)cpp";
    for (auto [Hole, Text] : {std::pair(llvm::StringRef("SCRATCH"), Scratch),
                              {"ALIAS", Alias},
                              {"FILL", Fill},
                              {"BETWEEN", Between},
                              {"READ", Read},
                              {"END", End}})
      Code = substitute(Code, Hole, Text);
    return Code;
  }

  /// The two barriers a fill and a read of `tile` need, whatever names
  /// them: between the loops, and before the next team's refill.
  std::vector<Inserted> expected(Snippet &S) const {
    unsigned Write = S.lineOf((Fill + " =").str()), ReadLine = S.lineOf(("= " + Read).str());
    return {Inserted{S.lineOf("thread\n    for (int j"),
                     reason("tile", "written", Write, "read", ReadLine)},
            Inserted{S.lineOf("  }\n}"), reason("tile", "read", ReadLine, "written", Write) +
                                             " by the team's next iteration"}};
  }
};

TEST(BarriersTest, FillThenReadGetsABarrierWithItsReason) {
  auto S = compile(FillThenRead{}.code());
  unsigned Write = S->lineOf("tile[i] ="), Read = S->lineOf("= tile[63");
  // One barrier between the loops; one before the team body's end, because
  // a team that runs the next iteration refills the array.
  EXPECT_THAT(
      insertedBarriers(*S),
      ElementsAre(Inserted{S->lineOf("thread\n    for (int j"),
                           reason("tile", "written", Write, "read", Read)},
                  Inserted{S->lineOf("  }\n}"), reason("tile", "read", Read, "written", Write) +
                                                    " by the team's next iteration"}));
  const Region &R = S->region(0);
  EXPECT_EQ(R.countInsertedBarriers(), 2u);
  // Inserted barriers hang off the root, after the written constructs.
  const Construct &B = *R.Root->Children.back();
  EXPECT_EQ(B.Kind, ConstructKind::Barrier);
  EXPECT_TRUE(B.Inserted);
  EXPECT_EQ(B.Parent, R.Root.get());
  EXPECT_FALSE(B.Pragma.isValid());
  EXPECT_EQ(B.S, nullptr);
}

/// Accesses through an alias are accesses of the array it points into, in
/// either loop, and taking the alias reads nothing (no barrier before the
/// first loop). Each row: the alias, how the fill and the read name the
/// array.
struct AliasCase {
  const char *Alias, *Fill, *Read;
};

const AliasCase AliasCases[] = {
    // Both loops through the pointer.
    {"double *p = tile;", "p[i]", "p[63 - j]"},
    // Written through the pointer, read through the array, and back.
    {"double *p = tile;", "p[i]", "tile[63 - j]"},
    {"double *p = tile;", "tile[i]", "p[63 - j]"},
    // Other spellings of the address.
    {"double *p = &tile[0];", "p[i]", "tile[63 - j]"},
    {"double *p = tile + 8;", "p[i - 8]", "tile[63 - j]"},
    {"double *p = &tile[32] - 32;", "tile[i]", "p[63 - j]"},
    {"const double *c = tile;", "tile[i]", "c[63 - j]"},
    {"auto *p = reinterpret_cast<char *>(tile);", "((double *)p)[i]", "tile[63 - j]"},
    {"void *v = tile;", "tile[i]", "static_cast<double *>(v)[63 - j]"},
    {"double *p = true ? tile : nullptr;", "p[i]", "tile[63 - j]"},
    // Array pointers and array references (RAJAPerf's MASS3DPA style).
    {"double (*B)[8] = (double (*)[8])tile;", "B[i / 8][i % 8]", "tile[63 - j]"},
    {"double (*B)[4][4] = reinterpret_cast<double (*)[4][4]>(tile);", "tile[i]",
     "B[(63 - j) / 16][(63 - j) / 4 % 4][(63 - j) % 4]"},
    {"double (&A)[8][8] = *reinterpret_cast<double (*)[8][8]>(tile);", "A[i / 8][i % 8]",
     "tile[63 - j]"},
    {"double (&row)[64] = tile;", "tile[i]", "row[63 - j]"},
    // Aliases of aliases, and pointers assigned after their declaration.
    {"double *p = tile; double *q = p + 1;", "q[i - 1]", "tile[63 - j]"},
    {"double *p = tile; double (*B)[8] = (double (*)[8])p;", "tile[i]", "B[0][63 - j]"},
    {"double *p; p = tile;", "p[i]", "tile[63 - j]"},
    {"double *p = out; p = tile; ++p;", "tile[i]", "p[62 - j]"},
};

TEST(BarriersTest, ScratchReachedThroughAnAlias) {
  for (const AliasCase &Case : AliasCases) {
    SCOPED_TRACE(std::string(Case.Alias) + " " + Case.Fill + " / " + Case.Read);
    FillThenRead Code;
    Code.Alias = Case.Alias;
    Code.Fill = Case.Fill;
    Code.Read = Case.Read;
    auto S = compile(Code.code());
    EXPECT_THAT(insertedBarriers(*S), ::testing::ElementsAreArray(Code.expected(*S)));
  }
}

/// Where hppc cannot follow a pointer, it assumes the pointer reaches every
/// shared object: the barrier is there, its reason names the array.
TEST(BarriersTest, UnresolvedAliasIsConservative) {
  for (const AliasCase &Case : {
           // Returned by a call that received the array.
           AliasCase{"double *p = same(tile);", "p[i]", "tile[63 - j]"},
           // Its address escapes into a call.
           AliasCase{"double *p = out; redirect(&p, tile);", "tile[i]", "p[63 - j]"},
           // Stored in memory and loaded back.
           AliasCase{"double *ps[1]; ps[0] = tile;", "ps[0][i]", "tile[63 - j]"},
       }) {
    SCOPED_TRACE(Case.Alias);
    FillThenRead Code;
    Code.Alias = Case.Alias;
    Code.Fill = Case.Fill;
    Code.Read = Case.Read;
    auto S = compile(Code.code());
    std::vector<Inserted> Barriers = insertedBarriers(*S);
    ASSERT_FALSE(Barriers.empty());
    EXPECT_THAT(Barriers, ::testing::Contains(Code.expected(*S)[0]));
  }
}

/// A pointer into global memory is not an alias of the scratch array.
TEST(BarriersTest, PointerIntoGlobalMemoryIsNoAlias) {
  FillThenRead Code;
  Code.Alias = "double *g = out + t * 64;";
  Code.Read = "g[63 - j]";
  auto S = compile(Code.code());
  unsigned Write = S->lineOf("tile[i] =");
  // Nothing reads the array; only the next team's refill meets this one.
  EXPECT_THAT(insertedBarriers(*S),
              ElementsAre(Inserted{S->lineOf("  }\n}"),
                                   reason("tile", "written", Write, "written", Write) +
                                       " by the team's next iteration"}));
}

TEST(BarriersTest, PerThreadScratchNeedsNoBarrier) {
  auto S = compile(FillThenRead{"per(thread)"}.code());
  EXPECT_THAT(insertedBarriers(*S), IsEmpty());
  ASSERT_EQ(S->region(0).Scratch.size(), 1u);
  EXPECT_TRUE(S->region(0).Scratch[0].PerThread);
}

TEST(BarriersTest, NoSharedDataNoBarrier) {
  auto S = compile(R"cpp(
void f(int nt, const double *in, double *out, double *tmp) {
#pragma hpp team
  for (int t = 0; t < nt; ++t) {
#pragma hpp thread
    for (int i = 0; i < 64; ++i)
      tmp[t * 64 + i] = in[t * 64 + i];
#pragma hpp thread
    for (int j = 0; j < 64; ++j)
      out[t * 64 + j] = tmp[t * 64 + 63 - j];
  }
}
)cpp");
  // Global memory is not tracked: users write `#pragma hpp barrier`.
  EXPECT_THAT(insertedBarriers(*S), IsEmpty());
}

TEST(BarriersTest, ExplicitBarrierIsHonoured) {
  FillThenRead Code;
  Code.Between = "#pragma hpp barrier";
  auto S = compile(Code.code());
  unsigned Write = S->lineOf("tile[i] ="), Read = S->lineOf("= tile[63");
  // Only the next iteration's refill still needs one.
  EXPECT_THAT(
      insertedBarriers(*S),
      ElementsAre(Inserted{S->lineOf("  }\n}"), reason("tile", "read", Read, "written", Write) +
                                                    " by the team's next iteration"}));
  unsigned Explicit = 0;
  S->region(0).forEachConstruct(
      [&](const Construct &C) { Explicit += C.Kind == ConstructKind::Barrier && !C.Inserted; });
  EXPECT_EQ(Explicit, 1u);

  // A barrier at the end separates the read from the next refill.
  Code.End = "#pragma hpp barrier";
  auto Both = compile(Code.code());
  EXPECT_THAT(insertedBarriers(*Both), IsEmpty());
}

TEST(BarriersTest, ExplicitBarrierAtTheEndOfASequentialLoop) {
  auto S = compile(R"cpp(
void f(int nt, int steps, double *out) {
#pragma hpp team
  for (int t = 0; t < nt; ++t) {
#pragma hpp scratch
    double buf[32];
#pragma hpp thread
    for (int i = 0; i < 32; ++i)
      buf[i] = i;
    for (int s = 0; s < steps; ++s) {
#pragma hpp thread
      for (int j = 0; j < 32; ++j)
        out[t * 32 + j] += buf[31 - j];
#pragma hpp barrier
#pragma hpp thread
      for (int k = 0; k < 32; ++k)
        buf[k] += s;
#pragma hpp barrier
    }
#pragma hpp thread
    for (int m = 0; m < 32; ++m)
      out[t * 32 + m] = buf[m];
  }
}
)cpp");
  unsigned Fill = S->lineOf("buf[i] = i"), Read = S->lineOf("+= buf["),
           Update = S->lineOf("buf[k] += s"), After = S->lineOf("= buf[m]");
  // The loop's last barrier separates its iterations, but the loop may run
  // none: the read after it still gets one.
  EXPECT_THAT(
      insertedBarriers(*S),
      ElementsAre(Inserted{S->lineOf("thread\n      for (int j"),
                           reason("buf", "written", Fill, "read", Read)},
                  Inserted{S->lineOf("thread\n    for (int m"),
                           reason("buf", "written", Update, "read", After)},
                  Inserted{S->lineOf("  }\n}"), reason("buf", "read", After, "written", Fill) +
                                                    " by the team's next iteration"}));
}

TEST(BarriersTest, SingleBroadcastIsShared) {
  auto S = compile(R"cpp(
void f(int nt, const double *in, double *out) {
#pragma hpp team
  for (int t = 0; t < nt; ++t) {
    double scale;
#pragma hpp single
    scale = in[t] * 2;
#pragma hpp thread
    for (int j = 0; j < 64; ++j)
      out[t * 64 + j] = in[j] * scale;
  }
}
)cpp");
  const Region &R = S->region(0);
  const Construct &Single = *R.Root->Children.at(0);
  ASSERT_EQ(Single.Kind, ConstructKind::Single);
  EXPECT_THAT(Single.Broadcast, ElementsAre(S->var("scale")));
  unsigned Write = S->lineOf("scale = in"), Read = S->lineOf("* scale;");
  std::vector<Inserted> Barriers = insertedBarriers(*S);
  ASSERT_FALSE(Barriers.empty());
  EXPECT_EQ(Barriers[0], (Inserted{S->lineOf("#pragma hpp thread"),
                                   reason("scale", "written", Write, "read", Read)}));
}

TEST(BarriersTest, SequentialLoopCarriedConflict) {
  auto S = compile(R"cpp(
void f(int nt, int steps, double *out) {
#pragma hpp team
  for (int t = 0; t < nt; ++t) {
#pragma hpp scratch
    double buf[32];
    for (int s = 0; s < steps; ++s) {
#pragma hpp thread
      for (int i = 0; i < 32; ++i)
        buf[i] = s + i;
#pragma hpp thread
      for (int j = 0; j < 32; ++j)
        out[t * 32 + j] += buf[31 - j];
    }
  }
}
)cpp");
  unsigned Write = S->lineOf("buf[i] ="), Read = S->lineOf("+= buf[");
  std::vector<Inserted> Barriers = insertedBarriers(*S);
  ASSERT_GE(Barriers.size(), 2u);
  EXPECT_EQ(Barriers[0].Reason, reason("buf", "written", Write, "read", Read));
  // Before the closing brace of the sequential loop's body.
  EXPECT_EQ(Barriers[1],
            (Inserted{S->lineOf("    }\n  }\n}"),
                      reason("buf", "read", Read, "written", Write) + " in the next iteration"}));
}

} // namespace
