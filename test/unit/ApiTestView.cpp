//===- ApiTestView.cpp - hpp::View, mirrors, deep_copy; initialize, Timer -===//
#include <hpp/hpp.hpp>

#include <gtest/gtest.h>

#include <chrono>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <thread>
#include <type_traits>
#include <vector>

namespace {

TEST(ApiView, ShapeLabelAndZeroedElements) {
  hpp::View<double, 3> v("v", 2, 3, 4);
  EXPECT_EQ(v.label(), "v");
  EXPECT_EQ(v.extent(0), 2u);
  EXPECT_EQ(v.extent(1), 3u);
  EXPECT_EQ(v.extent(2), 4u);
  EXPECT_EQ(v.extent(3), 1u); // past the rank, as Kokkos
  EXPECT_EQ(v.extent_int(2), 4);
  EXPECT_EQ(v.size(), 24u);
  EXPECT_EQ(decltype(v)::rank, 3);
  ASSERT_TRUE(v.is_allocated());
  for (std::size_t i = 0; i < v.size(); ++i)
    EXPECT_EQ(v.data()[i], 0.0) << i;
  static_assert(std::is_same<decltype(v)::value_type, double>::value, "");
  static_assert(decltype(v)::memory_space == hpp::Space::Device, "");
}

TEST(ApiView, LayoutRightAndLayoutLeftOffsets) {
  hpp::View<int, 3, hpp::LayoutRight> r("r", 2, 3, 4);
  hpp::View<int, 3, hpp::LayoutLeft> l("l", 2, 3, 4);
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < 3; ++j)
      for (int k = 0; k < 4; ++k) {
        r(i, j, k) = 100 * i + 10 * j + k;
        l(i, j, k) = 100 * i + 10 * j + k;
      }
  // Right: the last index is contiguous; left: the first.
  EXPECT_EQ(&r(1, 2, 3) - r.data(), (1 * 3 + 2) * 4 + 3);
  EXPECT_EQ(&l(1, 2, 3) - l.data(), 1 + 2 * (2 + 3 * 3));
  EXPECT_EQ(r.data()[1], 1);
  EXPECT_EQ(l.data()[1], 100);
  EXPECT_EQ(r.stride(0), 12u);
  EXPECT_EQ(r.stride(2), 1u);
  EXPECT_EQ(l.stride(0), 1u);
  EXPECT_EQ(l.stride(2), 6u);
  EXPECT_EQ(l(1, 2, 3), 123);
}

TEST(ApiView, RanksZeroToFour) {
  hpp::View<long, 0> s("s");
  s() = 7;
  EXPECT_EQ(s.size(), 1u);
  EXPECT_EQ(*s.data(), 7);
  hpp::View<long, 1> a("a", 5);
  a[4] = 3;
  EXPECT_EQ(a(4), 3);
  hpp::View<long, 4, hpp::LayoutLeft> q("q", 2, 3, 4, 5);
  q(1, 2, 3, 4) = 9;
  EXPECT_EQ(q.data()[1 + 2 * (2 + 3 * (3 + 4 * 4))], 9);
  hpp::View<long, 4> z("z", 2, 0, 4, 5); // an empty extent
  EXPECT_EQ(z.size(), 0u);
}

TEST(ApiView, KokkosDataTypes) {
  static_assert(std::is_same<hpp::ViewOf<double**>, hpp::View<double, 2>>::value, "");
  static_assert(std::is_same<hpp::ViewOf<const int*, hpp::LayoutLeft, hpp::Space::Host>,
                             hpp::View<const int, 1, hpp::LayoutLeft, hpp::Space::Host>>::value,
                "");
  static_assert(hpp::data_type_traits<float****>::rank == 4, "");
  hpp::ViewOf<double***> v("v", 1, 2, 3);
  EXPECT_EQ(v.size(), 6u);
}

TEST(ApiView, CopiesShareTheAllocationUntilTheLastGoes) {
  hpp::View<double, 1> a("a", 8);
  EXPECT_EQ(a.use_count(), 1);
  {
    hpp::View<double, 1> b = a;
    hpp::View<double, 1> c;
    c = b;
    EXPECT_EQ(a.use_count(), 3);
    EXPECT_EQ(c.data(), a.data());
    c(3) = 4.5;
    hpp::View<double, 1> d = std::move(c);
    EXPECT_EQ(a.use_count(), 3);
    EXPECT_FALSE(c.is_allocated());
  }
  EXPECT_EQ(a.use_count(), 1);
  EXPECT_EQ(a(3), 4.5);
  hpp::View<const double, 1> ca = a; // const view of the same memory
  EXPECT_EQ(a.use_count(), 2);
  EXPECT_EQ(ca(3), 4.5);
  a = hpp::View<double, 1>("other", 2);
  EXPECT_EQ(ca.use_count(), 1); // ca keeps the first allocation alive
  EXPECT_EQ(ca(3), 4.5);
  EXPECT_EQ(ca.label(), "a");
}

TEST(ApiView, CopiesFromManyThreadsKeepTheCount) {
  hpp::View<int, 1> a("a", 1);
  std::vector<std::thread> Threads;
  for (int t = 0; t < 4; ++t)
    Threads.emplace_back([a] {
      for (int i = 0; i < 10000; ++i) {
        hpp::View<int, 1> b = a;
        (void)b;
      }
    });
  for (std::thread& T : Threads)
    T.join();
  EXPECT_EQ(a.use_count(), 1);
}

TEST(ApiView, UnmanagedViewsWrapUserMemory) {
  std::vector<float> mem(12);
  hpp::View<float, 2, hpp::LayoutRight, hpp::Space::Host> u(mem.data(), 3, 4);
  EXPECT_EQ(u.use_count(), 0);
  EXPECT_EQ(u.label(), "");
  u(2, 1) = 5;
  EXPECT_EQ(mem[2 * 4 + 1], 5.0f);
  { hpp::View<float, 2, hpp::LayoutRight, hpp::Space::Host> copy = u; }
  EXPECT_EQ(mem[9], 5.0f); // nothing was freed
}

TEST(ApiView, ScratchViewsTakeTheirShmemSizeFromTheArena) {
  using Row = hpp::View<double, 1>;
  using Tile = hpp::View<int, 2, hpp::LayoutLeft>;
  // Padded to the 64-byte alignment of scratch allocations.
  static_assert(Row::shmem_size(8) == 64, "");
  static_assert(Row::shmem_size(9) == 128, "");
  static_assert(Tile::shmem_size(3, 5) == 64, "");
  static_assert(hpp::View<char, 0>::shmem_size() == 64, "");
  const int n = 9;
  std::vector<long> seen;
  auto policy = hpp::TeamPolicy(2, hpp::AUTO)
                    .set_scratch_size(0, hpp::PerTeam(Row::shmem_size(n) + Tile::shmem_size(3, 5)))
                    .set_scratch_size(1, hpp::PerThread(Row::shmem_size(2)));
  hpp::parallel_for(policy, [&](const hpp::TeamMember& t) {
    Row row(t.team_scratch(0), n);
    Tile tile(t.team_scratch(0), 3, 5);
    Row mine(t.thread_scratch(1), 2);
    EXPECT_EQ(row.extent(0), std::size_t(n));
    EXPECT_EQ(tile.extent(1), 5u);
    EXPECT_EQ(row.use_count(), 0); // unmanaged: the team owns the memory
    // Consecutive allocations of the team's arena, as get<T>(n) makes them.
    EXPECT_EQ(reinterpret_cast<const char*>(tile.data()),
              reinterpret_cast<const char*>(row.data()) + Row::shmem_size(n));
    EXPECT_EQ(t.team_scratch(0).used(), Row::shmem_size(n) + 15 * sizeof(int));
    EXPECT_NE(static_cast<void*>(mine.data()), static_cast<void*>(row.data()));
    for (int i = 0; i < n; ++i)
      row(i) = t.league_rank() * 10 + i;
    tile(2, 4) = 7;
    seen.push_back(long(row(n - 1)) + tile(2, 4));
    // The request is exhausted: one more view does not fit.
    EXPECT_THROW(Row(t.team_scratch(0), 1), std::runtime_error);
  });
  EXPECT_EQ(seen, (std::vector<long>{15, 25}));
}

TEST(ApiView, WithoutInitializingLeavesElements) {
  hpp::View<int, 1> v(hpp::view_alloc(hpp::WithoutInitializing, "raw"), 4);
  EXPECT_EQ(v.label(), "raw");
  EXPECT_EQ(v.size(), 4u);
}

TEST(ApiView, MirrorsAndDeepCopy) {
  hpp::View<double, 2> d("d", 3, 5);
  auto h = hpp::create_mirror_view(d);
  static_assert(std::is_same<decltype(h),
                             hpp::View<double, 2, hpp::LayoutRight, hpp::Space::Host>>::value,
                "");
  // The host reaches every space here: the mirror view is the view.
  EXPECT_EQ(h.data(), d.data());
  EXPECT_EQ(d.use_count(), 2);
  auto m = hpp::create_mirror(d); // always a new allocation
  EXPECT_NE(m.data(), d.data());
  EXPECT_EQ(m.label(), "d_mirror");
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 5; ++j)
      m(i, j) = i * 5 + j;
  hpp::deep_copy(d, m);
  EXPECT_EQ(d(2, 4), 14.0);
  hpp::View<double, 2> e("e", 3, 5);
  hpp::deep_copy(e, d);
  EXPECT_EQ(e(1, 3), 8.0);
  hpp::deep_copy(e, 2.5);
  EXPECT_EQ(e(0, 0), 2.5);
  EXPECT_EQ(e(2, 4), 2.5);
  auto c = hpp::create_mirror_view_and_copy(e);
  EXPECT_EQ(c(1, 1), 2.5);
  hpp::Stream s;
  hpp::deep_copy(s, d, e);
  s.fence();
  EXPECT_EQ(d(2, 4), 2.5);
  hpp::deep_copy(s, d, -1.0);
  EXPECT_EQ(d(1, 1), -1.0);
  hpp::View<double, 0> r("r");
  hpp::deep_copy(r, 6.0);
  double x = 0;
  hpp::deep_copy(x, r);
  EXPECT_EQ(x, 6.0);
}

TEST(ApiView, DeepCopyExtentMismatchIsAnError) {
  hpp::View<int, 2> a("a", 3, 4);
  hpp::View<int, 2> b("b", 4, 3);
  a(0, 0) = 1;
  try {
    hpp::deep_copy(b, a);
    FAIL() << "no error";
  } catch (const std::invalid_argument& e) {
    EXPECT_STREQ(e.what(), "hpp::deep_copy: extents differ: destination 'b' (4, 3), "
                           "source 'a' (3, 4)");
  }
  EXPECT_EQ(b(0, 0), 0); // nothing copied
  // Extents without memory (an unmanaged view over nullptr) are an error;
  // an empty or default-constructed view has nothing to copy.
  hpp::View<int, 2> nowhere(static_cast<int*>(nullptr), 4, 3);
  EXPECT_THROW(hpp::deep_copy(nowhere, 1), std::invalid_argument);
  try {
    hpp::deep_copy(nowhere, b);
    FAIL() << "no error";
  } catch (const std::invalid_argument& e) {
    EXPECT_STREQ(e.what(), "hpp::deep_copy: a view has extents but no memory: "
                           "destination '' (4, 3), source 'b' (4, 3)");
  }
  hpp::View<int, 0> scalar_nowhere(static_cast<int*>(nullptr));
  int out = 0;
  EXPECT_THROW(hpp::deep_copy(out, scalar_nowhere), std::invalid_argument);
  hpp::View<int, 2> none, none2;
  hpp::deep_copy(none, 1);
  hpp::deep_copy(none, none2);
  hpp::View<int, 2> empty("empty", 0, 4);
  hpp::deep_copy(empty, 1);
  EXPECT_EQ(empty.size(), 0u);
}

TEST(ApiView, ReduceIntoARankZeroView) {
  hpp::View<double, 0> r("r");
  hpp::View<double, 1> x("x", 10);
  for (int i = 0; i < 10; ++i)
    x(i) = i;
  hpp::parallel_reduce(10, [=](int i, double& s) { s += x(i); }, r);
  EXPECT_EQ(r(), 45.0);
  long n = 0;
  hpp::View<long, 0, hpp::LayoutRight, hpp::Space::Host> c("c");
  hpp::parallel_reduce("two", 4, [=](int i, double& s, long& k) { s += x(i); k += 1; }, r, c);
  EXPECT_EQ(r(), 6.0);
  hpp::deep_copy(n, c);
  EXPECT_EQ(n, 4);
}

TEST(ApiCore, InitializeFinalizeAndHooks) {
  // One lifetime per process: this is the only test that starts hpp.
  EXPECT_FALSE(hpp::is_initialized());
  EXPECT_THROW(hpp::finalize(), std::logic_error);
  std::vector<int> order;
  {
    hpp::ScopeGuard guard;
    EXPECT_TRUE(hpp::is_initialized());
    EXPECT_THROW(hpp::initialize(), std::logic_error);
    hpp::push_finalize_hook([&] { order.push_back(1); });
    // A hook that registers another: the new one runs next, as the last
    // registered.
    hpp::push_finalize_hook([&] {
      order.push_back(2);
      hpp::push_finalize_hook([&] { order.push_back(3); });
    });
    EXPECT_TRUE(order.empty());
  }
  EXPECT_EQ(order, (std::vector<int>{2, 3, 1}));
  EXPECT_TRUE(hpp::is_finalized());
  EXPECT_FALSE(hpp::is_initialized());
  EXPECT_THROW(hpp::finalize(), std::logic_error);
  int argc = 1;
  char arg0[] = "prog";
  char* argv[] = {arg0, nullptr};
  EXPECT_THROW(hpp::initialize(argc, argv), std::logic_error);
}

TEST(ApiCore, TimerMeasuresAndResets) {
  hpp::Timer t;
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  const double a = t.seconds();
  EXPECT_GE(a, 0.019);
  EXPECT_LT(a, 5.0);
  t.reset();
  EXPECT_LT(t.seconds(), a);
}

} // namespace
