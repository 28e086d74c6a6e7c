//===- PresentTableTest.cpp - The present table's ranges and lookups ------===//
/// \file
/// runtime/common/present_table.hpp, under the GPU runtime's map clauses:
/// which sections lie inside, overlap or miss the mapped ranges, and the
/// per-thread snapshots present() searches. The copies and counts around it
/// are tested on a GPU (test/unit/cuda/PresentCudaTest.cu).
//===----------------------------------------------------------------------===//
#include <hpprt/common/present_table.hpp>

#include <gtest/gtest.h>

#include <atomic>
#include <cstdint>
#include <thread>
#include <vector>

using hpprt::detail::PresentTable;

namespace {

PresentTable::Range range(std::uintptr_t end, std::uintptr_t device) {
  return PresentTable::Range{end, device, 1, "t.cpp", 1};
}

// [1000, 1800) -> 0x100000 and [2000, 2100) -> 0x200000.
void fill(PresentTable &t) {
  t.insert(1000, range(1800, 0x100000));
  t.insert(2000, range(2100, 0x200000));
}

} // namespace

TEST(PresentTable, InsideOverlappingOrAbsent) {
  PresentTable t;
  fill(t);
  auto inside = [&](std::uintptr_t b, std::uintptr_t e) {
    const PresentTable::Found f = t.find(b, e);
    return f.inside && !f.partial ? f.it->first : 0;
  };
  auto partial = [&](std::uintptr_t b, std::uintptr_t e) {
    const PresentTable::Found f = t.find(b, e);
    return f.partial && !f.inside ? f.it->first : 0;
  };
  auto absent = [&](std::uintptr_t b, std::uintptr_t e) {
    const PresentTable::Found f = t.find(b, e);
    return !f.inside && !f.partial && f.it == t.none();
  };
  EXPECT_EQ(inside(1000, 1800), 1000u);
  EXPECT_EQ(inside(1100, 1200), 1000u);
  EXPECT_EQ(inside(1799, 1800), 1000u);
  EXPECT_EQ(inside(2000, 2100), 2000u);
  EXPECT_TRUE(absent(900, 1000)); // ends where the range begins
  EXPECT_TRUE(absent(1800, 2000)); // between the ranges
  EXPECT_TRUE(absent(2100, 5000));
  EXPECT_EQ(partial(1790, 1810), 1000u); // runs past the end
  EXPECT_EQ(partial(900, 1001), 1000u);  // starts before
  EXPECT_EQ(partial(900, 1900), 1000u);  // contains the range
  EXPECT_EQ(partial(1900, 2050), 2000u); // reaches into the next range
  EXPECT_EQ(partial(1700, 2050), 1000u); // spans both
}

TEST(PresentTable, LookupTranslatesInsideRangesOnly) {
  PresentTable t;
  EXPECT_EQ(t.lookup(1000), 1000u);
  fill(t);
  EXPECT_EQ(t.lookup(1000), 0x100000u);
  EXPECT_EQ(t.lookup(1799), 0x100000u + 799);
  EXPECT_EQ(t.lookup(1800), 1800u); // one past the end
  EXPECT_EQ(t.lookup(999), 999u);
  EXPECT_EQ(t.lookup(2050), 0x200000u + 50);
  EXPECT_EQ(t.lookup(0), 0u);
  EXPECT_EQ(t.lookup(UINTPTR_MAX), UINTPTR_MAX);
  // This thread's snapshot follows every change.
  t.erase(t.find(1000, 1800).it);
  EXPECT_EQ(t.lookup(1000), 1000u);
  EXPECT_EQ(t.lookup(2050), 0x200000u + 50);
  t.insert(1000, range(1500, 0x300000));
  EXPECT_EQ(t.lookup(1499), 0x300000u + 499);
  EXPECT_EQ(t.lookup(1500), 1500u);
}

// A thread's snapshot belongs to one table: another table at the same
// version must not answer from it.
TEST(PresentTable, SnapshotsAreNotSharedBetweenTables) {
  PresentTable a, b;
  a.insert(1000, range(1800, 0x100000));
  b.insert(5000, range(6000, 0x500000));
  EXPECT_EQ(a.lookup(1000), 0x100000u);
  EXPECT_EQ(b.lookup(1000), 1000u);
  EXPECT_EQ(b.lookup(5000), 0x500000u);
  EXPECT_EQ(a.lookup(5000), 5000u);
}

// Readers look up a range that stays and ranges a writer keeps inserting and
// erasing: each answer is the translation or the address itself, never
// another range's.
TEST(PresentTable, LookupsWhileAnotherThreadMaps) {
  PresentTable t;
  t.insert(1000, range(2000, 0x100000));
  std::atomic<bool> stop{false};
  std::atomic<long> wrong{0};
  std::vector<std::thread> readers;
  for (int r = 0; r < 3; ++r)
    readers.emplace_back([&] {
      while (!stop.load()) {
        if (t.lookup(1500) != 0x100000u + 500)
          ++wrong;
        const std::uintptr_t v = t.lookup(10050);
        if (v != 10050u && v != 0x900000u + 50)
          ++wrong;
      }
    });
  for (int i = 0; i < 2000; ++i) {
    std::lock_guard<std::mutex> lock(t.update_mutex());
    if (i % 2 == 0)
      t.insert(10000, range(10100, 0x900000));
    else
      t.erase(t.find(10000, 10100).it);
  }
  stop = true;
  for (std::thread &th : readers)
    th.join();
  EXPECT_EQ(wrong.load(), 0);
}
