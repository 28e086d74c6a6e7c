//===- TuneTest.cpp - The autotuner's decisions without a GPU -------------===//
// HPP_TUNE's candidates, search and cache file (runtime/common/tune.hpp):
// the GPU runtimes only measure and apply what these decide. Device limits
// are given as numbers an H100 or an AMD GPU reports.
#include <hpprt/common/tune.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <sys/stat.h>
#include <unistd.h>

using namespace hpprt::tune;

namespace {

Region flatRegion(int max_threads = 1024) {
  Region r;
  r.team = false;
  r.warp = 32;
  r.max_threads = max_threads;
  r.automatic = Candidate{256, 1, 0};
  r.auto_per_sm = 8;
  r.iterations = 1 << 24;
  r.multiprocessors = 132;
  r.shared_avail = 227 * 1024;
  return r;
}

Region teamRegion() {
  Region r;
  r.team = true;
  r.warp = 32;
  r.max_threads = 1024;
  r.automatic = Candidate{1, 256, 0};
  r.auto_per_sm = 8;
  r.iterations = 1 << 20; // teams
  r.multiprocessors = 132;
  r.shared_avail = 227 * 1024;
  return r;
}

bool has(const std::vector<Candidate> &v, Candidate c) {
  return std::find(v.begin(), v.end(), c) != v.end();
}

TEST(TuneCandidates, FlatLoopTriesWarpMultipleBlocksAutomaticFirst) {
  std::vector<Candidate> c = candidates(flatRegion());
  ASSERT_EQ(c.size(), 4u);
  EXPECT_EQ(c[0], (Candidate{256, 1, 0}));
  EXPECT_TRUE(has(c, {128, 1, 0}));
  EXPECT_TRUE(has(c, {512, 1, 0}));
  EXPECT_TRUE(has(c, {1024, 1, 0}));
}

TEST(TuneCandidates, FlatLoopRespectsTheKernelsThreadLimit) {
  // A kernel whose registers allow 384 threads per block.
  std::vector<Candidate> c = candidates(flatRegion(384));
  EXPECT_EQ(c.size(), 2u);
  for (const Candidate &k : c)
    EXPECT_LE(k.vector * k.team, 384);
}

TEST(TuneCandidates, WavefrontsOf64KeepBlocksWholeWavefronts) {
  Region r = flatRegion();
  r.warp = 64;
  for (const Candidate &k : candidates(r))
    EXPECT_EQ(k.vector % 64, 0) << describe(k, false);
}

TEST(TuneCandidates, FlatReductionCapsTheGridOnlyWhenItIsLarger) {
  Region r = flatRegion();
  r.results = true;
  // 2^24 iterations need 8192 blocks of 256 × 8: more than 4 or 2 per SM.
  std::vector<Candidate> c = candidates(r);
  EXPECT_TRUE(has(c, {256, 1, 4}));
  EXPECT_TRUE(has(c, {256, 1, 2}));
  // 2^16 iterations need 32 blocks: no cap makes the grid smaller.
  r.iterations = 1 << 16;
  for (const Candidate &k : candidates(r))
    EXPECT_EQ(k.per_sm, 0) << describe(k, false);
  // A plain flat loop covers its iterations: never capped.
  r.results = false;
  r.iterations = 1 << 24;
  for (const Candidate &k : candidates(r))
    EXPECT_EQ(k.per_sm, 0);
}

TEST(TuneCandidates, TeamRegionWithoutVectorLoopsKeepsOneLane) {
  std::vector<Candidate> c = candidates(teamRegion());
  EXPECT_EQ(c[0], (Candidate{1, 256, 0}));
  for (const Candidate &k : c)
    EXPECT_EQ(k.vector, 1) << describe(k, true);
  EXPECT_TRUE(has(c, {1, 128, 0}));
  EXPECT_TRUE(has(c, {1, 1024, 0}));
  EXPECT_TRUE(has(c, {1, 256, 4})); // 2^20 teams > 4 × 132
  EXPECT_LE(c.size(), max_candidates);
}

TEST(TuneCandidates, NestedVectorTriesNarrowerVectorsAtMostEight) {
  Region r = teamRegion();
  r.nested_vector = true;
  r.automatic = Candidate{32, 8, 0};
  std::vector<Candidate> c = candidates(r);
  EXPECT_EQ(c[0], (Candidate{32, 8, 0}));
  EXPECT_TRUE(has(c, {16, 16, 0}));
  EXPECT_TRUE(has(c, {8, 32, 0}));
  EXPECT_TRUE(has(c, {32, 4, 0}));
  EXPECT_LE(c.size(), max_candidates);
  for (const Candidate &k : c) {
    EXPECT_EQ(k.vector & (k.vector - 1), 0) << describe(k, true);
    EXPECT_LE(k.vector, 32);
    EXPECT_LE(k.vector * k.team, 1024);
  }
}

TEST(TuneCandidates, UserSizesAreNeverChanged) {
  Region r = teamRegion();
  r.nested_vector = true;
  r.user_team = 4;
  r.automatic = Candidate{32, 4, 0};
  for (const Candidate &k : candidates(r))
    EXPECT_EQ(k.team, 4) << describe(k, true);
  r.user_team = 0;
  r.user_vector = 16;
  r.automatic = Candidate{16, 16, 0};
  for (const Candidate &k : candidates(r))
    EXPECT_EQ(k.vector, 16) << describe(k, true);
  // A user-capped league keeps its grid.
  r.league_cap = true;
  for (const Candidate &k : candidates(r))
    EXPECT_EQ(k.per_sm, 0) << describe(k, true);
}

TEST(TuneCandidates, ScratchPerThreadLimitsTheTeam) {
  Region r = teamRegion();
  r.automatic = Candidate{1, 128, 0};
  r.thread_shared = 200; // bytes per thread
  r.team_shared = 1024;
  r.shared_avail = 1024 + 300 * 200; // room for 300 threads
  std::vector<Candidate> c = candidates(r);
  for (const Candidate &k : c)
    EXPECT_LE(r.team_shared + k.team * r.thread_shared, r.shared_avail) << describe(k, true);
  EXPECT_TRUE(has(c, {1, 256, 0}));
  EXPECT_FALSE(has(c, {1, 512, 0}));
}

TEST(TuneCandidates, DescribeNamesBlockAndCap) {
  EXPECT_EQ(describe({32, 8, 0}, true), "32x8");
  EXPECT_EQ(describe({256, 1, 2}, false), "256/2");
  EXPECT_EQ(describe({256, 1, 0, true}, false), "256t");
}

// Collapsed loops that may run as tiles try every block in both mappings,
// the automatic one first; blocks of fewer than two warps cannot be tiles.
TEST(TuneCandidates, CollapsedLoopTriesTilesAndRuns) {
  for (bool automatic_tiles : {false, true}) {
    Region r = flatRegion();
    r.collapsed_tiles = true;
    r.automatic.tiles = automatic_tiles;
    std::vector<Candidate> c = candidates(r);
    ASSERT_EQ(c.size(), 8u);
    EXPECT_EQ(c[0], (Candidate{256, 1, 0, automatic_tiles}));
    for (int b : {128, 256, 512, 1024}) {
      EXPECT_TRUE(has(c, {b, 1, 0, false})) << b;
      EXPECT_TRUE(has(c, {b, 1, 0, true})) << b;
    }
  }
  // A kernel limited to 128 threads: that block, both ways.
  Region narrow = flatRegion(128);
  narrow.automatic = Candidate{128, 1, 0};
  narrow.collapsed_tiles = true;
  narrow.warp = 64;
  EXPECT_EQ(candidates(narrow),
            (std::vector<Candidate>{{128, 1, 0, false}, {128, 1, 0, true}}));
  // Loops with reductions never run as tiles.
  Region reduction = flatRegion();
  reduction.collapsed_tiles = true;
  reduction.results = true;
  for (const Candidate &k : candidates(reduction))
    EXPECT_FALSE(k.tiles);
}

TEST(Tune, SizeClassAndRequest) {
  EXPECT_EQ(size_class(1), 0);
  EXPECT_EQ(size_class(1000), 9);
  EXPECT_EQ(size_class(1024), 10);
  EXPECT_EQ(size_class(1LL << 40), 40);
  EXPECT_FALSE(requested(nullptr));
  EXPECT_FALSE(requested(""));
  EXPECT_FALSE(requested("0"));
  EXPECT_FALSE(requested("off"));
  EXPECT_TRUE(requested("1"));
  EXPECT_TRUE(requested("yes"));
}

// ------------------------------------------------------------------ Search

std::vector<Candidate> three() { return {{256, 1, 0}, {128, 1, 0}, {512, 1, 0}}; }

TEST(TuneSearch, EachCandidateOnceBeforeAnySecondSample) {
  Search s(three(), 2);
  std::vector<int> order;
  for (int i = 0; i < 6; ++i) {
    Search::Pick p = s.next();
    EXPECT_TRUE(p.timed);
    order.push_back(p.index);
  }
  EXPECT_EQ(order, (std::vector<int>{0, 1, 2, 0, 1, 2}));
  // Every sample in flight: untimed launches use the automatic shape.
  Search::Pick p = s.next();
  EXPECT_FALSE(p.timed);
  EXPECT_EQ(p.index, 0);
  EXPECT_FALSE(s.decided());
}

TEST(TuneSearch, KeepsTheFastestBestOfTwo) {
  Search s(three(), 2);
  for (int i = 0; i < 6; ++i)
    s.next();
  s.record(0, 1.0);
  s.record(1, 0.9);
  s.record(2, 0.5); // 512 fastest once...
  EXPECT_EQ(s.next().index, 2); // the best so far while times are missing
  s.record(0, 1.1);
  s.record(2, 2.0); // ...its best stays 0.5
  EXPECT_FALSE(s.decided());
  s.record(1, 0.8);
  ASSERT_TRUE(s.decided());
  EXPECT_EQ(s.chosen(), 2);
  EXPECT_DOUBLE_EQ(s.time(2), 0.5);
  Search::Pick p = s.next();
  EXPECT_EQ(p.index, 2);
  EXPECT_FALSE(p.timed);
}

TEST(TuneSearch, TimesInAnyOrderAndTiesKeepTheAutomatic) {
  Search s(three(), 1);
  for (int i = 0; i < 3; ++i)
    s.next();
  s.record(2, 1.0);
  s.record(1, 1.0);
  s.record(0, 1.0);
  ASSERT_TRUE(s.decided());
  EXPECT_EQ(s.chosen(), 0);
}

TEST(TuneSearch, FailedCandidateIsDroppedAutomaticIsNot) {
  Search s(three(), 1);
  for (int i = 0; i < 3; ++i)
    s.next();
  s.drop(0); // ignored: the automatic shape is the user's launch
  s.drop(2);
  s.record(0, 2.0);
  s.record(1, 3.0);
  ASSERT_TRUE(s.decided());
  EXPECT_EQ(s.chosen(), 0);
  EXPECT_TRUE(s.dropped(2));
  EXPECT_FALSE(s.dropped(0));
  // A decided choice that stops launching falls back to the automatic.
  Search t(three(), 1);
  t.decide(1);
  t.drop(1);
  EXPECT_EQ(t.chosen(), 0);
}

TEST(TuneSearch, ForgottenSampleIsLaunchedAgain) {
  Search s(three(), 1);
  for (int i = 0; i < 3; ++i)
    s.next();
  s.forget(1);
  Search::Pick p = s.next();
  EXPECT_TRUE(p.timed);
  EXPECT_EQ(p.index, 1);
}

TEST(TuneSearch, OneCandidateNeedsNoTiming) {
  Search s({{256, 1, 0}});
  EXPECT_TRUE(s.decided());
  EXPECT_FALSE(s.next().timed);
}

// ------------------------------------------------------------------- Cache

Entry sample() {
  Entry e;
  e.device = "NVIDIA H100 80GB HBM3";
  e.kernel = "dot";
  e.file = "suite/hpp_kernels.cpp";
  e.line = 42;
  e.signature = 0x0123456789abcdefull;
  e.size_class = 20;
  e.choice = Candidate{512, 1, 4};
  e.us = 12.5;
  return e;
}

TEST(TuneCache, LineRoundTrips) {
  Entry e = sample();
  for (bool tiles : {false, true}) {
    e.choice.tiles = tiles;
    Entry back;
    ASSERT_TRUE(parse_entry(format_entry(e), back));
    EXPECT_EQ(back.key(), e.key());
    EXPECT_EQ(back.choice, e.choice);
    EXPECT_DOUBLE_EQ(back.us, 12.5);
  }
}

TEST(TuneCache, CorruptLinesAreIgnored) {
  const std::string good = format_entry(sample());
  auto field_replaced = [&](int field, const std::string &text) {
    std::vector<std::string> f;
    std::stringstream in(good);
    std::string x;
    while (std::getline(in, x, '\t'))
      f.push_back(x);
    f[field] = text;
    std::string out;
    for (std::size_t i = 0; i < f.size(); ++i)
      out += (i ? "\t" : "") + f[i];
    return out;
  };
  Entry e;
  for (const std::string &bad :
       {std::string(""), std::string("garbage"), good.substr(0, good.size() / 2),
        good + "\textra", field_replaced(0, "hpp-tune-0"), field_replaced(2, ""),
        field_replaced(4, "4x"), field_replaced(5, "0123"), field_replaced(5, "0123456789ABCDEF"),
        field_replaced(6, "99"), field_replaced(7, "48"), field_replaced(7, "0"),
        field_replaced(8, "2048"), field_replaced(9, "-1"), field_replaced(10, "2"),
        field_replaced(10, ""), field_replaced(11, "nan"), field_replaced(11, ""),
        field_replaced(0, "hpp-tune-1")})
    EXPECT_FALSE(parse_entry(bad, e)) << bad;
  // 512 x 4 threads is more than any GPU's block.
  EXPECT_FALSE(parse_entry(field_replaced(8, "4"), e));
}

TEST(TuneCache, ParseSkipsCorruptLinesAndLastLineWins) {
  Entry a = sample(), b = sample();
  b.choice = Candidate{128, 1, 0};
  Entry other = sample();
  other.size_class = 10;
  const std::string text = "# comment\n" + format_entry(a) + "\nnot a line\n" +
                           format_entry(other) + "\n" + format_entry(b) + "\n\xff\xfe";
  std::vector<Entry> v = parse_cache(text);
  ASSERT_EQ(v.size(), 2u);
  std::map<int, Candidate> by_class;
  for (const Entry &e : v)
    by_class[e.size_class] = e.choice;
  EXPECT_EQ(by_class[20], (Candidate{128, 1, 0}));
  EXPECT_EQ(by_class[10], (Candidate{512, 1, 4}));
}

TEST(TuneCache, MergeReplacesSameKeyKeepsOthers) {
  Entry a = sample(), b = sample(), c = sample();
  b.kernel = "triad";
  c.choice = Candidate{1024, 1, 0};
  std::vector<Entry> m = merge({a, b}, {c});
  ASSERT_EQ(m.size(), 2u);
  for (const Entry &e : m)
    if (e.kernel == "dot")
      EXPECT_EQ(e.choice, (Candidate{1024, 1, 0}));
}

TEST(TuneCache, PathFromTheEnvironment) {
  std::map<std::string, std::string> env;
  auto look = [&env](const char *n) -> const char * {
    auto it = env.find(n);
    return it == env.end() ? nullptr : it->second.c_str();
  };
  EXPECT_EQ(cache_path(look), "");
  env["HOME"] = "/home/u";
  EXPECT_EQ(cache_path(look), "/home/u/.cache/hpp/tune.txt");
  env["XDG_CACHE_HOME"] = "relative"; // ignored, as the XDG spec says
  EXPECT_EQ(cache_path(look), "/home/u/.cache/hpp/tune.txt");
  env["XDG_CACHE_HOME"] = "/xdg";
  EXPECT_EQ(cache_path(look), "/xdg/hpp/tune.txt");
  env["HPP_TUNE_CACHE"] = "/tmp/t.txt";
  EXPECT_EQ(cache_path(look), "/tmp/t.txt");
}

std::string tempDir() {
  char dir[] = "/tmp/hpp-tune-test-XXXXXX";
  EXPECT_NE(mkdtemp(dir), nullptr);
  return dir;
}

TEST(TuneCache, WriteMergesWithWhatOthersWroteAndCreatesTheDirectory) {
  const std::string dir = tempDir();
  const std::string path = dir + "/sub/dir/tune.txt";
  Entry a = sample(), b = sample();
  b.kernel = "triad";
  ASSERT_TRUE(write_cache(path, {a}));
  // Another program's line, and a line someone corrupted.
  {
    std::ofstream out(path, std::ios::app);
    out << "hpp-tune-2\tbroken\n";
  }
  ASSERT_TRUE(write_cache(path, {b}));
  std::vector<Entry> v = read_cache(path);
  ASSERT_EQ(v.size(), 2u);
  std::ifstream in(path);
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_EQ(text.find("broken"), std::string::npos);
  EXPECT_NE(text.find("\tdot\t"), std::string::npos);
  EXPECT_NE(text.find("\ttriad\t"), std::string::npos);
  // No temporary file is left beside it.
  const std::string tmp = path + ".tmp." + std::to_string(getpid());
  struct stat st;
  EXPECT_NE(stat(tmp.c_str(), &st), 0);
  for (const std::string &f : {path, path + ".lock"})
    std::remove(f.c_str());
  for (const std::string &d : {dir + "/sub/dir", dir + "/sub", dir})
    rmdir(d.c_str());
}

TEST(TuneCache, MissingOrUnwritableCacheIsNoError) {
  EXPECT_TRUE(read_cache("/nonexistent/hpp/tune.txt").empty());
  EXPECT_FALSE(write_cache("", {sample()}));
  EXPECT_FALSE(write_cache("/proc/hpp-no/tune.txt", {sample()}));
}

} // namespace
