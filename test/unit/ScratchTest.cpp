//===- ScratchTest.cpp - Per-thread host scratch --------------------------===//
#include <hpprt/openmp/hpprt.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <mutex>
#include <new>
#include <set>
#include <string>
#include <thread>
#include <vector>

// This binary replaces the aligned nothrow operator new, through which
// thread_scratch() allocates, and the aligned operator delete, to count the
// scratch buffers alive (allocations aligned to kScratchAlign).
namespace {
std::mutex liveMutex;
std::set<void*>& liveSet() {
  static auto* live = new std::set<void*>; // never destroyed: used at exit
  return *live;
}
std::size_t liveScratchBuffers() {
  std::lock_guard<std::mutex> lock(liveMutex);
  return liveSet().size();
}
} // namespace

void* operator new(std::size_t n, std::align_val_t a, const std::nothrow_t&) noexcept {
  void* p = nullptr;
  if (posix_memalign(&p, std::max(std::size_t(a), sizeof(void*)), n ? n : 1) != 0)
    return nullptr;
  if (std::size_t(a) == hpprt::omp::kScratchAlign) {
    std::lock_guard<std::mutex> lock(liveMutex);
    liveSet().insert(p);
  }
  return p;
}

void operator delete(void* p, std::align_val_t) noexcept {
  if (p) {
    std::lock_guard<std::mutex> lock(liveMutex);
    liveSet().erase(p);
  }
  std::free(p);
}

namespace {

bool aligned(const void* p) {
  return reinterpret_cast<std::uintptr_t>(p) % hpprt::omp::kScratchAlign == 0;
}

TEST(ThreadScratch, AlignedAndGrows) {
  for (std::size_t bytes :
       {std::size_t(1), std::size_t(63), std::size_t(100), std::size_t(4096),
        std::size_t(1) << 20, std::size_t(3000000)}) {
    char* p = hpprt::thread_scratch(bytes);
    ASSERT_NE(p, nullptr);
    EXPECT_TRUE(aligned(p)) << bytes;
    EXPECT_GE(hpprt::omp::thread_scratch_capacity(), bytes);
    std::memset(p, 0xab, bytes); // the whole request is usable
  }
}

TEST(ThreadScratch, SmallerRequestsReuseTheBuffer) {
  char* big = hpprt::thread_scratch(1 << 16);
  big[(1 << 16) - 1] = 42;
  char* small = hpprt::thread_scratch(100);
  EXPECT_EQ(small, big);
  EXPECT_EQ(small[(1 << 16) - 1], 42); // not reallocated, contents intact
  EXPECT_EQ(hpprt::thread_scratch(1 << 16), big);
}

TEST(ThreadScratch, ZeroBytesIsNonNull) {
  std::thread t([] {
    char* p = hpprt::thread_scratch(0);
    EXPECT_NE(p, nullptr);
    EXPECT_TRUE(aligned(p));
    EXPECT_EQ(hpprt::omp::thread_scratch_capacity(), 0u);
  });
  t.join();
}

TEST(ThreadScratch, OneBufferPerThread) {
  constexpr int T = 4;
  std::vector<char*> ptrs(T, nullptr);
  bool intact = true;
#pragma omp parallel num_threads(T)
  {
    const int r = hpprt::omp::rank();
    char* p = hpprt::thread_scratch(std::size_t(1) << 16);
    ptrs[std::size_t(r)] = p;
    std::memset(p, r + 1, std::size_t(1) << 16);
#pragma omp barrier
    for (std::size_t i = 0; i < (std::size_t(1) << 16); i += 997)
      if (p[i] != char(r + 1)) {
#pragma omp atomic write
        intact = false;
      }
  }
  EXPECT_TRUE(intact) << "threads wrote into each other's scratch";
  int ran = 0;
  for (char* p : ptrs)
    ran += p != nullptr;
  std::set<char*> distinct(ptrs.begin(), ptrs.end());
  distinct.erase(nullptr);
  EXPECT_EQ(int(distinct.size()), ran);
}

TEST(ThreadScratch, FreedAtThreadExitAndUsableAgain) {
  // Each short-lived thread gets a buffer of its own, usable to its end,
  // and the thread_local destructor frees it before join() returns.
  constexpr std::size_t kBytes = std::size_t(8) << 20;
  const std::size_t before = liveScratchBuffers();
  for (int i = 0; i < 200; ++i) {
    std::size_t during = 0;
    std::thread t([&] {
      char* p = hpprt::thread_scratch(kBytes);
      p[0] = 1;
      p[kBytes - 1] = 2;
      during = liveScratchBuffers();
    });
    t.join();
    ASSERT_EQ(during, before + 1) << "iteration " << i;
    ASSERT_EQ(liveScratchBuffers(), before) << "not freed at thread exit, iteration " << i;
  }
}

TEST(ThreadScratch, AllocationFailureThrows) {
  std::thread t([] {
    try {
      hpprt::thread_scratch(std::numeric_limits<std::size_t>::max() / 2);
      ADD_FAILURE() << "expected hpprt::Error";
    } catch (const hpprt::Error& e) {
      EXPECT_NE(std::string(e.what()).find("cannot allocate"),
                std::string::npos)
          << e.what();
    }
    // The thread can still get scratch afterwards.
    EXPECT_NE(hpprt::thread_scratch(128), nullptr);
  });
  t.join();
}

} // namespace
