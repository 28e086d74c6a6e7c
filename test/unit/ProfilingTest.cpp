//===- ProfilingTest.cpp - Profiling hooks and error reporting ------------===//
#include <hpprt/openmp/hpprt.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <string>
#include <utility>
#include <vector>

namespace {

struct Event {
  bool begin;
  std::string name;
  std::uint64_t id;
};
std::vector<Event> events;

void on_begin(const char* name, std::uint64_t* id) {
  events.push_back({true, name, *id});
}
void on_end(std::uint64_t id) { events.push_back({false, "", id}); }

// A tool that chooses its own ids.
void on_begin_own_id(const char* name, std::uint64_t* id) {
  *id = 1000 + events.size();
  events.push_back({true, name, *id});
}

class Profiling : public ::testing::Test {
protected:
  void SetUp() override { events.clear(); }
  void TearDown() override {
    hpprt::profiling::set_callbacks(nullptr, nullptr);
  }
};

TEST_F(Profiling, CallbacksSeeNamesAndMatchingIds) {
  hpprt::profiling::set_callbacks(on_begin, on_end);
  {
    hpprt::RegionScope outer("outer");
    { hpprt::RegionScope inner("inner"); }
  }
  ASSERT_EQ(events.size(), 4u);
  EXPECT_TRUE(events[0].begin);
  EXPECT_EQ(events[0].name, "outer");
  EXPECT_TRUE(events[1].begin);
  EXPECT_EQ(events[1].name, "inner");
  EXPECT_FALSE(events[2].begin);
  EXPECT_EQ(events[2].id, events[1].id);
  EXPECT_FALSE(events[3].begin);
  EXPECT_EQ(events[3].id, events[0].id);
  EXPECT_NE(events[0].id, events[1].id);
}

TEST_F(Profiling, ToolChosenIdsComeBack) {
  hpprt::profiling::set_callbacks(on_begin_own_id, on_end);
  { hpprt::RegionScope r("kernel"); }
  ASSERT_EQ(events.size(), 2u);
  EXPECT_EQ(events[0].id, 1000u);
  EXPECT_EQ(events[1].id, 1000u);
}

TEST_F(Profiling, NoCallbacksNoCalls) {
  hpprt::profiling::set_callbacks(on_begin, on_end);
  hpprt::profiling::set_callbacks(nullptr, nullptr);
  { hpprt::RegionScope r("quiet"); }
  EXPECT_TRUE(events.empty());
}

TEST_F(Profiling, RegionKeepsTheHooksItStartedWith) {
  hpprt::profiling::set_callbacks(on_begin, on_end);
  {
    hpprt::RegionScope r("a");
    hpprt::profiling::set_callbacks(nullptr, nullptr);
  }
  ASSERT_EQ(events.size(), 2u);
  EXPECT_EQ(events[1].id, events[0].id);
}

TEST_F(Profiling, RegionsInParallelThreads) {
  // Hooks must be callable from regions started by several threads; guard
  // the recording with a critical section.
  static std::vector<std::pair<bool, std::uint64_t>> log;
  log.clear();
  hpprt::profiling::set_callbacks(
      [](const char*, std::uint64_t* id) {
#pragma omp critical(hpp_test_log)
        log.push_back({true, *id});
      },
      [](std::uint64_t id) {
#pragma omp critical(hpp_test_log)
        log.push_back({false, id});
      });
#pragma omp parallel num_threads(4)
  { hpprt::RegionScope r("par"); }
  std::vector<std::uint64_t> begun, ended;
  for (auto& e : log)
    (e.first ? begun : ended).push_back(e.second);
  std::sort(begun.begin(), begun.end());
  std::sort(ended.begin(), ended.end());
  EXPECT_EQ(begun, ended);
  EXPECT_EQ(std::unique(begun.begin(), begun.end()), begun.end())
      << "ids must be unique";
}

TEST(ProfilingEnv, HppProfilePrintsRegionTimes) {
  // The variable is read once per process, so check it in a fresh one.
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_EXIT(
      {
        setenv("HPP_PROFILE", "1", 1);
        { hpprt::RegionScope r("timed_region"); }
        std::exit(0);
      },
      ::testing::ExitedWithCode(0), "hpp: region timed_region [0-9.]+ us");
}

TEST(Error, FatalPrintsAndAborts) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_DEATH(hpprt::fatal("kernel 'k' at a.cpp:3 failed"),
               "hpp: error: kernel 'k' at a.cpp:3 failed");
}

TEST(Error, IsARuntimeError) {
  try {
    throw hpprt::Error("hpp: boom");
  } catch (const std::runtime_error& e) {
    EXPECT_STREQ(e.what(), "hpp: boom");
  }
}

} // namespace
