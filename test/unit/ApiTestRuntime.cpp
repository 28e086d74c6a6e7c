//===- ApiTestRuntime.cpp - Serial Stream, deep_copy, UniqueToken ---------===//
#include <hpp/hpp.hpp>

#include <gtest/gtest.h>

#ifdef _OPENMP
#include <omp.h>
#endif

#include <cstdint>
#include <cstdlib>
#include <string>
#include <cstring>
#include <set>
#include <stdexcept>
#include <utility>
#include <vector>

namespace {

TEST(ApiStream, ManagedStreamsAreSharedByCopies) {
  hpp::Stream a;
  hpp::Stream b;
  EXPECT_TRUE(a.is_managed());
  EXPECT_NE(a.native(), nullptr);
  EXPECT_NE(a, b);
  hpp::Stream c = a;
  EXPECT_EQ(c, a);
  {
    hpp::Stream d(a);
    a = b; // a now names b's stream; c and d keep the first one alive
    EXPECT_EQ(d, c);
    EXPECT_EQ(a, b);
  }
  c.fence();
  EXPECT_EQ(c.status(), hpp::StreamStatus::Complete);
}

TEST(ApiStream, MovesAndSelfAssignmentKeepTheStream) {
  hpp::Stream a;
  void* const native = a.native();
  hpp::Stream& same = a;
  a = same;
  EXPECT_EQ(a.native(), native);
  hpp::Stream b(std::move(a));
  EXPECT_EQ(b.native(), native);
  EXPECT_TRUE(b.is_managed());
  // A moved-from stream is the default stream, as it was with a shared_ptr.
  EXPECT_FALSE(a.is_managed());
  EXPECT_EQ(a.native(), nullptr);
  hpp::Stream c;
  c = std::move(b);
  EXPECT_EQ(c.native(), native);
  // Copies held in a growing vector all keep the one stream alive.
  std::vector<hpp::Stream> many;
  for (int i = 0; i < 100; ++i)
    many.push_back(c);
  c = hpp::Stream();
  EXPECT_NE(c.native(), native);
  many.erase(many.begin(), many.begin() + 99);
  EXPECT_EQ(many[0].native(), native);
  EXPECT_TRUE(many[0].is_managed());
  many[0].fence();
  EXPECT_EQ(many[0].status(), hpp::StreamStatus::Complete);
}

TEST(ApiStream, UnmanagedStreamsWrapAHandle) {
  int token = 0;
  hpp::Stream u(static_cast<void*>(&token));
  EXPECT_FALSE(u.is_managed());
  EXPECT_EQ(u.native(), &token);
  EXPECT_EQ(u, hpp::Stream(static_cast<void*>(&token)));
  hpp::Stream m;
  EXPECT_EQ(hpp::Stream(m.native()), m); // same native stream
  EXPECT_EQ(u.status(), hpp::StreamStatus::Complete);
  u.fence();
}

TEST(ApiStream, DefaultStreamAndFences) {
  const hpp::Stream d = hpp::default_stream();
  EXPECT_FALSE(d.is_managed());
  EXPECT_EQ(d.native(), nullptr);
  EXPECT_EQ(d, hpp::default_stream());
  EXPECT_NE(d, hpp::Stream());
  d.fence();
  hpp::fence();
  hpp::fence("labelled fence");
  EXPECT_EQ(d.status(), hpp::StreamStatus::Complete);
}

TEST(ApiStream, WorkOnAStreamIsDoneAfterItsFence) {
  hpp::Stream s;
  std::vector<int> v(100, 0);
  int* p = v.data();
  hpp::parallel_for(hpp::RangePolicy(s, 0, 100), [=](int i) { p[i] = i; });
  long sum = 0;
  hpp::parallel_reduce(
      hpp::RangePolicy(s, 0, 100), [=](int i, long& t) { t += p[i]; }, sum);
  hpp::parallel_for(
      hpp::TeamPolicy(s, 2, hpp::AUTO), [=](const hpp::TeamMember& t) {
        hpp::single(hpp::PerTeam(t), [&] { p[t.league_rank()] = -1; });
      });
  s.fence();
  EXPECT_EQ(s.status(), hpp::StreamStatus::Complete);
  EXPECT_EQ(sum, 4950);
  EXPECT_EQ(v[0], -1);
  EXPECT_EQ(v[1], -1);
  EXPECT_EQ(v[2], 2);
}

TEST(ApiStream, StreamsForDevices) {
  // The host backends have one device, the host: code written for one
  // stream per GPU (hpp::Stream(hpp::Device(rank % hpp::device_count())))
  // runs unchanged there, and a device that does not exist is an error.
  EXPECT_EQ(hpp::device_count(), 1);
  hpp::Stream s{hpp::Device(0)};
  EXPECT_TRUE(s.is_managed());
  EXPECT_EQ(s.device(), 0);
  EXPECT_NE(s, hpp::Stream{hpp::Device(0)});
  EXPECT_EQ(hpp::default_stream().device(), 0);
  int a[4] = {1, 2, 3, 4}, b[4] = {};
  hpp::deep_copy(s, b, a, sizeof a);
  s.fence();
  EXPECT_EQ(b[3], 4);
  try {
    hpp::Stream bad{hpp::Device(1)};
    ADD_FAILURE() << "hpp::Stream(hpp::Device(1)) did not throw";
  } catch (const std::out_of_range& e) {
    EXPECT_STREQ(e.what(), "hpp: hpp::Stream(hpp::Device(1)): no such device (the host "
                           "backend has one device, 0)");
  }
  EXPECT_THROW(hpp::Stream{hpp::Device(-1)}, std::out_of_range);
}

TEST(ApiMemory, DeepCopy) {
  for (hpp::Space space : {hpp::Space::Device, hpp::Space::Host,
                           hpp::Space::HostPinned, hpp::Space::Shared}) {
    double* d = hpp::alloc<double>(64, space);
    EXPECT_EQ(reinterpret_cast<std::uintptr_t>(d) % 64, 0u);
    std::vector<double> h(64), back(64, 0.0);
    for (int i = 0; i < 64; ++i)
      h[std::size_t(i)] = 1.5 * i;
    hpp::deep_copy(d, h.data(), 64 * sizeof(double));
    hpp::deep_copy(back.data(), d, 64 * sizeof(double));
    EXPECT_EQ(back, h);
    hpp::Stream s;
    std::vector<double> half(64, -1.0);
    hpp::deep_copy(s, half.data(), d, 32 * sizeof(double));
    s.fence();
    EXPECT_EQ(half[31], 1.5 * 31);
    EXPECT_EQ(half[32], -1.0);
    hpp::free(d);
  }
  hpp::deep_copy(nullptr, nullptr, 0); // nothing to copy
  hpp::deep_copy(hpp::default_stream(), nullptr, nullptr, 0);
  char buf[8] = {'a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'};
  hpp::deep_copy(buf + 2, buf, 4); // overlapping ranges
  EXPECT_EQ(std::memcmp(buf, "ababcdgh", 8), 0);
}

TEST(ApiUniqueToken, SizedInstanceToken) {
  hpp::UniqueToken<hpp::Scope::Instance> tok(4);
  EXPECT_EQ(tok.size(), 4);
  std::set<int> ids;
  for (int i = 0; i < 4; ++i) {
    const int id = tok.acquire();
    EXPECT_GE(id, 0);
    EXPECT_LT(id, 4);
    ids.insert(id);
  }
  EXPECT_EQ(ids.size(), 4u);
  EXPECT_THROW(tok.acquire(), std::runtime_error); // all held
  tok.release(2);
  EXPECT_EQ(tok.acquire(), 2);
  EXPECT_THROW(tok.release(7), std::invalid_argument);
  tok.release(1);
  EXPECT_THROW(tok.release(1), std::invalid_argument); // not held any more
  EXPECT_THROW(hpp::UniqueToken<>(0), std::invalid_argument);
}

TEST(ApiUniqueToken, DefaultInstanceTokensAreIndependent) {
  // concurrency() is 1 in the serial build and omp_get_max_threads() with
  // the OpenMP runtime this binary links.
  hpp::UniqueToken<> a;
  hpp::UniqueToken<hpp::Scope::Instance> b;
  EXPECT_EQ(a.size(), hpp::concurrency());
  EXPECT_GE(a.size(), 1);
  std::set<int> held;
  for (int i = 0; i < a.size(); ++i)
    held.insert(a.acquire());
  EXPECT_EQ(held.size(), std::size_t(a.size()));
  const int ib = b.acquire(); // another instance: not exhausted by a
  EXPECT_GE(ib, 0);
  hpp::UniqueToken<> copy = a; // copies share ids
  // Outside parallel work nothing could release an id: thrown at once.
  EXPECT_THROW(copy.acquire(), std::runtime_error);
  copy.release(*held.begin());
  b.release(ib);
  EXPECT_EQ(a.acquire(), *held.begin());
  for (int id : held)
    a.release(id);
}

TEST(ApiUniqueToken, CopiesKeepTheIdsAlive) {
  hpp::UniqueToken<> copy(1);
  {
    hpp::UniqueToken<> original(3);
    copy = original;
    hpp::UniqueToken<> third(original);
    EXPECT_EQ(third.size(), 3);
  }
  // The original and the third copy are gone; the ids still work.
  const int a = copy.acquire(), b = copy.acquire(), c = copy.acquire();
  EXPECT_EQ(std::set<int>({a, b, c}), std::set<int>({0, 1, 2}));
  EXPECT_THROW(copy.acquire(), std::runtime_error);
  copy.release(a);
  copy.release(b);
  copy.release(c);
  copy = copy; // self-assignment keeps them
  EXPECT_EQ(copy.size(), 3);
}

#ifdef _OPENMP
TEST(ApiUniqueToken, ThreadsNeverShareAnId) {
  hpp::UniqueToken<> tok(3); // fewer ids than threads: threads wait
  std::vector<int> holder(3, 0);
  int collisions = 0, uses = 0;
#pragma omp parallel for num_threads(8) reduction(+ : collisions, uses)
  for (int i = 0; i < 20000; ++i) {
    hpp::AcquireUniqueToken<hpp::Scope::Instance> held(tok);
    collisions += hpp::atomic_exchange(&holder[std::size_t(held.value())], i + 1) != 0;
    collisions += hpp::atomic_exchange(&holder[std::size_t(held.value())], 0) != i + 1;
    ++uses;
  }
  EXPECT_EQ(collisions, 0);
  EXPECT_EQ(uses, 20000);
}

TEST(ApiUniqueToken, ExhaustionInParallelWorkIsAnErrorNotAHang) {
  setenv("HPP_TOKEN_WAIT_MS", "100", 1);
  hpp::UniqueToken<> tok(1);
  unsetenv("HPP_TOKEN_WAIT_MS");
  int errors = 0;
  std::string message;
#pragma omp parallel num_threads(2) reduction(+ : errors)
  {
    if (omp_get_thread_num() == 0) {
      const int id = tok.acquire();
      try {
        (void)tok.acquire(); // the only id is ours: waits 100 ms, then throws
      } catch (const std::runtime_error& e) {
        ++errors;
        message = e.what();
      }
      tok.release(id);
    }
  }
  EXPECT_EQ(errors, 1);
  EXPECT_NE(message.find("all 1 ids of the token stayed held for 100 ms"), std::string::npos)
      << message;
}
#endif

TEST(ApiUniqueToken, GlobalTokensShareOnePool) {
  hpp::UniqueToken<hpp::Scope::Global> g1;
  hpp::UniqueToken<hpp::Scope::Global> g2;
  EXPECT_EQ(g1.size(), g2.size());
  std::vector<int> held;
  for (int i = 0; i < g1.size(); ++i)
    held.push_back(g1.acquire());
  EXPECT_THROW(g2.acquire(), std::runtime_error); // the same ids
  for (int id : held)
    g2.release(id);
  const int id = g2.acquire();
  g1.release(id);
}

TEST(ApiUniqueToken, AcquireUniqueTokenReleasesOnScopeExit) {
  hpp::UniqueToken<> tok(2);
  {
    hpp::AcquireUniqueToken lock(tok);
    hpp::AcquireUniqueToken<hpp::Scope::Instance> lock2(tok);
    EXPECT_NE(lock.value(), lock2.value());
    EXPECT_THROW(tok.acquire(), std::runtime_error);
  }
  const int a = tok.acquire(), b = tok.acquire();
  EXPECT_NE(a, b);
  tok.release(a);
  tok.release(b);
}

TEST(ApiUniqueToken, PerIterationAndPerTeamUse) {
  hpp::UniqueToken<> tok;
  std::vector<int> counts(std::size_t(tok.size()), 0);
  int* c = counts.data();
  hpp::parallel_for(50, [=](int) {
    const int id = tok.acquire();
    ++c[id];
    tok.release(id);
  });
  hpp::parallel_for(
      hpp::TeamPolicy(10, hpp::AUTO), [=](const hpp::TeamMember& t) {
        int id = -1;
        hpp::single(
            hpp::PerTeam(t), [&](int& v) { v = tok.acquire(); }, id);
        hpp::parallel_for(hpp::TeamThreadRange(t, 3), [&](int) { ++c[id]; });
        hpp::single(hpp::PerTeam(t), [&] { tok.release(id); });
      });
  int total = 0;
  for (int n : counts)
    total += n;
  EXPECT_EQ(total, 50 + 30);
}

TEST(ApiConfig, VersionAndMacros) {
  EXPECT_EQ(HPP_VERSION, HPP_VERSION_MAJOR * 10000 + HPP_VERSION_MINOR * 100 +
                             HPP_VERSION_PATCH);
  struct F {
    HPP_INLINE_FUNCTION int twice(int x) const { return 2 * x; }
    HPP_FUNCTION int thrice(int x) const { return 3 * x; }
  };
  EXPECT_EQ(F().twice(4) + F().thrice(1), 11);
}

} // namespace
