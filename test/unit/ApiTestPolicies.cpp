//===- ApiTestPolicies.cpp - Serial hpp::parallel_for over every policy ---===//
// RangePolicy, MDRangePolicy, TeamPolicy (members, scratch), nested ranges
// and single of the serial reference implementation in <hpp/hpp.hpp>.
#include <hpp/hpp.hpp>

#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <functional>
#include <stdexcept>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

namespace {

bool aligned64(const void* p) {
  return reinterpret_cast<std::uintptr_t>(p) % 64 == 0;
}

std::string thrown_message(const std::function<void()>& f) {
  try {
    f();
  } catch (const std::exception& e) {
    return e.what();
  }
  return "";
}

//===- RangePolicy --------------------------------------------------------===//

TEST(ApiRange, VisitsEveryIndexInOrder) {
  std::vector<long> seen;
  hpp::parallel_for(hpp::RangePolicy(3, 9), [&](long i) { seen.push_back(i); });
  EXPECT_EQ(seen, (std::vector<long>{3, 4, 5, 6, 7, 8}));
}

TEST(ApiRange, IntegerShorthandWithIntLongAndSizeT) {
  std::vector<int> a(7, 0);
  hpp::parallel_for(7, [&](int i) { a[i] += 1; });
  hpp::parallel_for(7L, [&](long i) { a[i] += 10; });
  hpp::parallel_for(std::size_t(7), [&](std::size_t i) { a[i] += 100; });
  for (int v : a)
    EXPECT_EQ(v, 111);
}

TEST(ApiRange, MixedBoundTypes) {
  const std::size_t n = 5;
  int count = 0;
  hpp::parallel_for(hpp::RangePolicy(0, n), [&](int) { ++count; });
  hpp::parallel_for(hpp::RangePolicy(2L, 4u), [&](int) { ++count; });
  EXPECT_EQ(count, 7);
  hpp::RangePolicy p(1, std::size_t(3));
  EXPECT_EQ(p.begin(), 1);
  EXPECT_EQ(p.end(), 3);
  static_assert(std::is_same<decltype(p)::index_type, hpp::index_t>::value);
}

TEST(ApiRange, EmptyAndInvalidRanges) {
  int count = 0;
  hpp::parallel_for(hpp::RangePolicy(4, 4), [&](int) { ++count; });
  hpp::parallel_for(0, [&](int) { ++count; });
  EXPECT_EQ(count, 0);
  EXPECT_THROW(hpp::RangePolicy(5, 4), std::invalid_argument);
  EXPECT_THROW(hpp::parallel_for(-1, [](int) {}), std::invalid_argument);
  EXPECT_NE(thrown_message([] { hpp::RangePolicy(5, 4); }).find("5"),
            std::string::npos);
}

TEST(ApiRange, IndexTypeProperty) {
  using P = hpp::RangePolicy<hpp::IndexType<int>>;
  static_assert(std::is_same<P::index_type, int>::value);
  static_assert(std::is_same<P::work_tag, void>::value);
  int sum = 0;
  hpp::parallel_for(P(0, 4), [&](auto i) {
    static_assert(std::is_same<decltype(i), int>::value, "index is int");
    sum += i;
  });
  EXPECT_EQ(sum, 6);
  // A bound the index type cannot hold is refused, not truncated.
  EXPECT_THROW(P(0, std::size_t(1) << 40), std::invalid_argument);
  EXPECT_THROW((hpp::RangePolicy<hpp::IndexType<unsigned>>(-1, 3)),
               std::invalid_argument);
  // Schedule is accepted and ignored.
  using S =
      hpp::RangePolicy<hpp::Schedule<hpp::Dynamic>, hpp::IndexType<short>>;
  static_assert(std::is_same<S::index_type, short>::value);
  static_assert(std::is_same<S::work_tag, void>::value);
}

TEST(ApiRange, StreamArgument) {
  hpp::Stream s;
  hpp::RangePolicy p(s, 0, 3);
  EXPECT_EQ(p.stream(), s);
  EXPECT_EQ(hpp::RangePolicy(0, 3).stream(), hpp::default_stream());
  int count = 0;
  hpp::parallel_for(p, [&](int) { ++count; });
  s.fence();
  EXPECT_EQ(count, 3);
}

struct TagA {};
struct TagB {};

struct TaggedFunctor {
  int* a;
  int* b;
  void operator()(TagA, int i) const { a[i] = i; }
  void operator()(TagB, int i) const { b[i] = 2 * i; }
};

TEST(ApiRange, WorkTagsDispatch) {
  int a[4] = {-1, -1, -1, -1}, b[4] = {-1, -1, -1, -1};
  TaggedFunctor f{a, b};
  hpp::parallel_for(hpp::RangePolicy<TagA>(0, 4), f);
  EXPECT_EQ(b[3], -1);
  hpp::parallel_for(hpp::RangePolicy<TagB, hpp::IndexType<int>>(1, 4), f);
  for (int i = 0; i < 4; ++i)
    EXPECT_EQ(a[i], i);
  EXPECT_EQ(b[0], -1);
  EXPECT_EQ(b[3], 6);
  static_assert(
      std::is_same<hpp::RangePolicy<hpp::IndexType<int>, TagB>::work_tag,
                   TagB>::value);
}

struct Axpy {
  double a;
  const double* x;
  double* y;
  void operator()(int i) const { y[i] += a * x[i]; }
};

TEST(ApiRange, FunctorClass) {
  double x[5] = {1, 2, 3, 4, 5}, y[5] = {1, 1, 1, 1, 1};
  hpp::parallel_for(5, Axpy{2.0, x, y});
  for (int i = 0; i < 5; ++i)
    EXPECT_DOUBLE_EQ(y[i], 1 + 2.0 * x[i]);
}

TEST(ApiRange, Labels) {
  int count = 0;
  hpp::parallel_for("const char label", 3, [&](int) { ++count; });
  hpp::parallel_for(std::string("string label"), hpp::RangePolicy(0, 2),
                    [&](int) { ++count; });
  hpp::parallel_for("md", hpp::MDRangePolicy<2>({0, 0}, {2, 2}),
                    [&](int, int) { ++count; });
  hpp::parallel_for("team", hpp::TeamPolicy(3, hpp::AUTO),
                    [&](const hpp::TeamMember&) { ++count; });
  EXPECT_EQ(count, 3 + 2 + 4 + 3);
}

TEST(ApiRange, HppLambdaMacro) {
  std::vector<int> v(4, 0);
  int* p = v.data();
  hpp::parallel_for(
      4, HPP_LAMBDA(int i) { p[i] = i * i; });
  EXPECT_EQ(v, (std::vector<int>{0, 1, 4, 9}));
}

//===- MDRangePolicy ------------------------------------------------------===//

TEST(ApiMDRange, Rank2RowMajor) {
  std::vector<std::pair<int, int>> seen;
  hpp::parallel_for(hpp::MDRangePolicy<2>({1, 2}, {3, 5}),
                    [&](int i, int j) { seen.emplace_back(i, j); });
  const std::vector<std::pair<int, int>> want = {{1, 2}, {1, 3}, {1, 4},
                                                 {2, 2}, {2, 3}, {2, 4}};
  EXPECT_EQ(seen, want);
}

TEST(ApiMDRange, Rank3And4VisitEveryPointOnce) {
  const int n0 = 3, n1 = 4, n2 = 5, n3 = 2;
  std::vector<int> hits3(n0 * n1 * n2, 0);
  long last = -1;
  bool ordered = true;
  hpp::parallel_for(hpp::MDRangePolicy<3>({0, 0, 0}, {n0, n1, n2}, {2, 2, 2}),
                    [&](long i, long j, long k) {
                      const long lin = (i * n1 + j) * n2 + k;
                      ordered = ordered && lin == last + 1;
                      last = lin;
                      ++hits3[std::size_t(lin)];
                    });
  EXPECT_TRUE(ordered);
  for (int h : hits3)
    EXPECT_EQ(h, 1);

  std::vector<int> hits4(n0 * n1 * n2 * n3, 0);
  hpp::parallel_for(
      hpp::MDRangePolicy<4>({0, 0, 0, 0}, {n0, n1, n2, n3}, {1, 2, 3, 4}),
      [&](int i, int j, int k, int l) {
        ++hits4[std::size_t(((i * n1 + j) * n2 + k) * n3 + l)];
      });
  for (int h : hits4)
    EXPECT_EQ(h, 1);
}

TEST(ApiMDRange, BoundsTilesAndErrors) {
  const std::size_t n = 4;
  const int m = 3;
  // Lists of one type each (size_t, int) and a list mixing types.
  hpp::MDRangePolicy<2> a({0, 0}, {n, n});
  hpp::MDRangePolicy<2> b({0, 1}, {m, 4}, {16, 8});
  hpp::MDRangePolicy<2> c({0, 0}, {static_cast<hpp::index_t>(n), m});
  EXPECT_EQ(a.upper()[0], 4);
  EXPECT_EQ(b.lower()[1], 1);
  EXPECT_EQ(b.tile_size()[0], 16);
  EXPECT_EQ(b.tile_size()[1], 8);
  EXPECT_EQ(a.tile_size()[0], 0);
  EXPECT_EQ(c.upper()[1], 3);
  std::array<int, 3> lo{0, 0, 0}, hi{1, 2, 3};
  hpp::MDRangePolicy<3> d(lo, hi);
  EXPECT_EQ(d.upper()[2], 3);
  hpp::Stream s;
  hpp::MDRangePolicy<2> e(s, {0, 0}, {2, 2}, {1, 1});
  EXPECT_EQ(e.stream(), s);

  EXPECT_THROW((hpp::MDRangePolicy<2>({0, 5}, {3, 4})), std::invalid_argument);
  EXPECT_THROW((hpp::MDRangePolicy<2>({0, 0, 0}, {3, 4, 5})),
               std::invalid_argument);
  EXPECT_THROW((hpp::MDRangePolicy<2>({0, 0}, {1, 1}, {-1, 1})),
               std::invalid_argument);
  int count = 0;
  hpp::parallel_for(hpp::MDRangePolicy<2>({2, 0}, {2, 9}),
                    [&](int, int) { ++count; });
  EXPECT_EQ(count, 0);
}

struct MDTagged {
  int* out;
  void operator()(TagA, int i, int j) const { out[i * 3 + j] = 10 * i + j; }
};

TEST(ApiMDRange, TaggedFunctorAndReduce) {
  int out[6] = {};
  hpp::parallel_for(hpp::MDRangePolicy<2, TagA>({0, 0}, {2, 3}), MDTagged{out});
  EXPECT_EQ(out[5], 12);
  long sum = -7;
  hpp::parallel_reduce(
      hpp::MDRangePolicy<2>({0, 0}, {10, 20}),
      [](int i, int j, long& s) { s += i * j; }, sum);
  EXPECT_EQ(sum, 45L * 190L);
}

//===- TeamPolicy and TeamMember ------------------------------------------===//

TEST(ApiTeam, PolicyConstruction) {
  hpp::TeamPolicy p(10, hpp::AUTO);
  EXPECT_EQ(p.league_size(), 10);
  EXPECT_EQ(p.team_size(), 1);
  EXPECT_EQ(p.vector_length(), 1);
  EXPECT_EQ(p.requested_team_size(), 0);
  EXPECT_EQ(p.requested_vector_length(), 1);
  hpp::TeamPolicy q(std::size_t(3), 64, 8);
  EXPECT_EQ(q.requested_team_size(), 64);
  EXPECT_EQ(q.requested_vector_length(), 8);
  EXPECT_EQ(q.team_size(), 1); // the serial build runs one thread per team
  hpp::TeamPolicy r(5, hpp::AUTO, hpp::AUTO);
  EXPECT_EQ(r.requested_vector_length(), 0);
  hpp::Stream s;
  hpp::TeamPolicy t(s, 2, 32);
  EXPECT_EQ(t.stream(), s);
  hpp::TeamPolicy u(s, 2, hpp::AUTO, 4);
  EXPECT_EQ(u.requested_vector_length(), 4);
  EXPECT_EQ(hpp::TeamPolicy(1, 1).stream(), hpp::default_stream());
  static_assert(
      std::is_same<hpp::TeamPolicy<>::member_type, hpp::TeamMember>::value);

  EXPECT_THROW(hpp::TeamPolicy(-1, 1), std::invalid_argument);
  EXPECT_THROW(hpp::TeamPolicy(1, 0), std::invalid_argument);
  EXPECT_THROW(hpp::TeamPolicy(1, 1, 3), std::invalid_argument);
  EXPECT_THROW(hpp::TeamPolicy(1, 1, 0), std::invalid_argument);
  EXPECT_THROW(hpp::TeamPolicy(1, 1).set_scratch_size(2, hpp::PerTeam(8)),
               std::invalid_argument);
  EXPECT_THROW(hpp::PerTeam(-8), std::invalid_argument);
}

TEST(ApiTeam, ScratchSizes) {
  hpp::TeamPolicy p(4, hpp::AUTO);
  EXPECT_EQ(p.team_scratch_size(0), 0u);
  p.set_scratch_size(0, hpp::PerTeam(1024));
  p.set_scratch_size(1, hpp::PerThread(64));
  EXPECT_EQ(p.team_scratch_size(0), 1024u);
  EXPECT_EQ(p.thread_scratch_size(1), 64u);
  // A later per-thread request keeps the per-team one, and vice versa.
  p.set_scratch_size(0, hpp::PerThread(16));
  EXPECT_EQ(p.team_scratch_size(0), 1024u);
  EXPECT_EQ(p.thread_scratch_size(0), 16u);
  p.set_scratch_size(1, hpp::PerTeam(100), hpp::PerThread(200));
  EXPECT_EQ(p.team_scratch_size(1), 100u);
  EXPECT_EQ(p.thread_scratch_size(1), 200u);
  EXPECT_EQ(p.scratch_size(1), 300u);
  // Chained on a temporary, as in Kokkos.
  auto q = hpp::TeamPolicy(2, hpp::AUTO, 2)
               .set_scratch_size(0, hpp::PerTeam(8))
               .set_scratch_size(1, hpp::PerThread(std::size_t(4)));
  EXPECT_EQ(q.team_scratch_size(0), 8u);
  EXPECT_EQ(q.thread_scratch_size(1), 4u);
}

TEST(ApiTeam, MemberQueries) {
  std::vector<int> ranks;
  hpp::parallel_for(hpp::TeamPolicy(5, 4, 2), [&](const hpp::TeamMember& t) {
    ranks.push_back(t.league_rank());
    EXPECT_EQ(t.league_size(), 5);
    EXPECT_EQ(t.team_rank(), 0);
    EXPECT_EQ(t.team_size(), 1);
    t.team_barrier();
  });
  EXPECT_EQ(ranks, (std::vector<int>{0, 1, 2, 3, 4}));
  int count = 0;
  hpp::parallel_for(hpp::TeamPolicy(0, hpp::AUTO),
                    [&](const hpp::TeamMember&) { ++count; });
  EXPECT_EQ(count, 0);
}

struct TeamTagged {
  int* out;
  void operator()(TagA, const hpp::TeamMember& t) const {
    out[t.league_rank()] = 1;
  }
  void operator()(TagB, const hpp::TeamMember& t) const {
    out[t.league_rank()] = 2;
  }
};

TEST(ApiTeam, TaggedFunctor) {
  int out[3] = {};
  hpp::parallel_for(hpp::TeamPolicy<TagB>(3, hpp::AUTO), TeamTagged{out});
  EXPECT_EQ(out[0], 2);
  EXPECT_EQ(out[2], 2);
}

TEST(ApiTeam, ScratchAllocation) {
  const int m = 10;
  std::vector<const void*> firsts;
  auto policy =
      hpp::TeamPolicy(3, hpp::AUTO)
          .set_scratch_size(0, hpp::PerTeam(hpp::scratch_bytes<double>(m) +
                                            hpp::scratch_bytes<int>(m)))
          .set_scratch_size(1, hpp::PerTeam(4096), hpp::PerThread(128));
  policy.set_scratch_size(0, hpp::PerThread(64));
  hpp::parallel_for(policy, [&](const hpp::TeamMember& t) {
    double* a = t.team_scratch(0).get<double>(m);
    int* b = t.team_scratch(0).get<int>(m);
    char* big = t.team_scratch(1).get<char>(4096);
    float* mine = t.thread_scratch(0).get<float>(16);
    void* mine1 = t.thread_scratch(1).get_shmem(128);
    for (const void* p :
         {static_cast<const void*>(a), static_cast<const void*>(b),
          static_cast<const void*>(big), static_cast<const void*>(mine),
          static_cast<const void*>(mine1)})
      EXPECT_TRUE(aligned64(p));
    // Disjoint: a's m doubles end before b.
    EXPECT_GE(reinterpret_cast<const char*>(b),
              reinterpret_cast<const char*>(a + m));
    // The levels and the per-thread space are distinct memory.
    EXPECT_TRUE(big >= reinterpret_cast<char*>(b + m) ||
                big + 4096 <= reinterpret_cast<char*>(a));
    EXPECT_NE(static_cast<void*>(mine), static_cast<void*>(a));
    EXPECT_NE(mine1, static_cast<void*>(big));
    for (int i = 0; i < m; ++i) {
      a[i] = t.league_rank() + i;
      b[i] = i;
    }
    big[4095] = 1;
    mine[15] = 2.0f;
    // Everything requested is used: the next byte of any space is refused.
    EXPECT_EQ(t.team_scratch(1).used(), 4096u);
    EXPECT_EQ(t.team_scratch(1).capacity(), 4096u);
    EXPECT_THROW(t.team_scratch(1).get<char>(1), std::runtime_error);
    EXPECT_THROW(t.thread_scratch(0).get<char>(1), std::runtime_error);
    EXPECT_THROW(t.thread_scratch(1).get<char>(1), std::runtime_error);
    firsts.push_back(a);
  });
  // Allocation restarts for every team.
  ASSERT_EQ(firsts.size(), 3u);
  EXPECT_EQ(firsts[0], firsts[1]);
  EXPECT_EQ(firsts[1], firsts[2]);
}

TEST(ApiTeam, ScratchOverAllocationThrowsWithSizes) {
  // 100 doubles fill 800 of the 1000 bytes; the next array starts at the
  // 64-byte boundary 832, so 50 floats (200 bytes) do not fit.
  auto policy =
      hpp::TeamPolicy(2, hpp::AUTO).set_scratch_size(0, hpp::PerTeam(1000));
  const std::string msg = thrown_message([&] {
    hpp::parallel_for(policy, [&](const hpp::TeamMember& t) {
      (void)t.team_scratch(0).get<double>(100);
      (void)t.team_scratch(0).get<float>(50);
    });
  });
  EXPECT_NE(msg.find("team_scratch(0)"), std::string::npos) << msg;
  EXPECT_NE(msg.find("200 bytes"), std::string::npos) << msg;
  EXPECT_NE(msg.find("offset 832"), std::string::npos) << msg;
  EXPECT_NE(msg.find("1000 bytes"), std::string::npos) << msg;

  // No request: any non-empty allocation fails; an empty one does not.
  EXPECT_THROW(hpp::parallel_for(hpp::TeamPolicy(1, 1),
                                 [](const hpp::TeamMember& t) {
                                   (void)t.thread_scratch(1).get<int>(1);
                                 }),
               std::runtime_error);
  hpp::parallel_for(hpp::TeamPolicy(1, 1), [](const hpp::TeamMember& t) {
    EXPECT_NE(t.team_scratch(0).get<int>(0), nullptr);
  });
  // Exactly the requested size fits; per-thread requests do not enlarge
  // team scratch.
  hpp::parallel_for(hpp::TeamPolicy(1, 1).set_scratch_size(
                        0, hpp::PerTeam(12), hpp::PerThread(1000)),
                    [](const hpp::TeamMember& t) {
                      EXPECT_NO_THROW((void)t.team_scratch(0).get<int>(3));
                      EXPECT_THROW((void)t.team_scratch(0).get<char>(1),
                                   std::runtime_error);
                    });
  EXPECT_THROW(hpp::parallel_for(
                   hpp::TeamPolicy(1, 1),
                   [](const hpp::TeamMember& t) { (void)t.team_scratch(2); }),
               std::invalid_argument);
}

//===- Nested ranges ------------------------------------------------------===//

TEST(ApiNested, RangesCoverTheirBounds) {
  hpp::parallel_for(
      hpp::TeamPolicy(2, hpp::AUTO, 4), [&](const hpp::TeamMember& t) {
        std::vector<int> seen;
        hpp::parallel_for(hpp::TeamThreadRange(t, 4),
                          [&](int i) { seen.push_back(i); });
        hpp::parallel_for(hpp::TeamThreadRange(t, 6, 8),
                          [&](int i) { seen.push_back(i); });
        hpp::parallel_for(hpp::ThreadVectorRange(t, 2),
                          [&](int i) { seen.push_back(100 + i); });
        hpp::parallel_for(hpp::ThreadVectorRange(t, 3, 5),
                          [&](int i) { seen.push_back(100 + i); });
        hpp::parallel_for(hpp::TeamVectorRange(t, 1),
                          [&](int i) { seen.push_back(200 + i); });
        hpp::parallel_for(hpp::TeamVectorRange(t, 9, 10),
                          [&](int i) { seen.push_back(200 + i); });
        hpp::parallel_for(hpp::TeamThreadRange(t, 5, 5),
                          [&](int i) { seen.push_back(-i); });
        EXPECT_EQ(seen, (std::vector<int>{0, 1, 2, 3, 6, 7, 100, 101, 103, 104,
                                          200, 209}));
      });
  hpp::parallel_for(hpp::TeamPolicy(1, 1), [&](const hpp::TeamMember& t) {
    auto r = hpp::TeamThreadRange(t, 2, std::size_t(5));
    static_assert(std::is_same<decltype(r)::index_type, std::size_t>::value);
    EXPECT_EQ(r.begin, 2u);
    EXPECT_EQ(r.end, 5u);
    auto v = hpp::ThreadVectorRange(t, 7L);
    static_assert(std::is_same<decltype(v)::index_type, long>::value);
    EXPECT_EQ(v.end, 7L);
  });
}

TEST(ApiNested, ThreeLevelYAx) {
  // y^T A x with A(i, j) = i + j over teams of rows.
  const int rows = 7, cols = 9;
  std::vector<double> A(rows * cols), x(cols), y(rows);
  for (int i = 0; i < rows; ++i)
    for (int j = 0; j < cols; ++j)
      A[i * cols + j] = i + j;
  for (int j = 0; j < cols; ++j)
    x[j] = 1.0 + j;
  for (int i = 0; i < rows; ++i)
    y[i] = 2.0 - i;
  double want = 0;
  for (int i = 0; i < rows; ++i) {
    double row = 0;
    for (int j = 0; j < cols; ++j)
      row += A[i * cols + j] * x[j];
    want += y[i] * row;
  }

  double result = 12345;
  const double *pA = A.data(), *px = x.data(), *py = y.data();
  hpp::parallel_reduce(
      "yAx", hpp::TeamPolicy(rows, hpp::AUTO, 4),
      [=](const hpp::TeamMember& t, double& update) {
        const int i = t.league_rank();
        double row = -1; // assigned, not accumulated into
        hpp::parallel_reduce(
            hpp::TeamThreadRange(t, cols),
            [&](int j, double& inner) {
              double v = 0;
              hpp::parallel_reduce(
                  hpp::ThreadVectorRange(t, 1),
                  [&](int, double& lane) { lane += pA[i * cols + j] * px[j]; },
                  v);
              inner += v;
            },
            row);
        hpp::single(hpp::PerTeam(t), [&] { update += py[i] * row; });
      },
      result);
  EXPECT_DOUBLE_EQ(result, want);
}

TEST(ApiNested, ReducersAndSeveralResults) {
  hpp::parallel_for(
      hpp::TeamPolicy(3, hpp::AUTO), [&](const hpp::TeamMember& t) {
        const int r = t.league_rank();
        double mx = 0;
        hpp::parallel_reduce(
            hpp::TeamVectorRange(t, 10),
            [&](int i, double& m) { m = i * r > m ? i * r : m; },
            hpp::Max<double>(mx));
        EXPECT_EQ(mx, 9.0 * r);
        int sum = 0, prod = 0;
        hpp::MinLoc<int, int>::value_type ml;
        hpp::parallel_reduce(
            hpp::TeamThreadRange(t, 1, 5),
            [&](int i, int& s, int& p, hpp::MinLoc<int, int>::value_type& l) {
              s += i;
              p *= i;
              if ((i - 3) * (i - 3) < l.val) {
                l.val = (i - 3) * (i - 3);
                l.loc = i;
              }
            },
            sum, hpp::Prod<int>(prod), hpp::MinLoc<int, int>(ml));
        EXPECT_EQ(sum, 10);
        EXPECT_EQ(prod, 24);
        EXPECT_EQ(ml.val, 0);
        EXPECT_EQ(ml.loc, 3);
      });
}

TEST(ApiNested, Scans) {
  hpp::parallel_for(hpp::TeamPolicy(2, hpp::AUTO, 2), [&](const hpp::TeamMember&
                                                              t) {
    int in[5] = {3, 1, 4, 1, 5}, incl[5], excl[5];
    hpp::parallel_scan(hpp::TeamThreadRange(t, 5),
                       [&](int i, int& p, bool final) {
                         if (final)
                           excl[i] = p;
                         p += in[i];
                       });
    int total = -1;
    hpp::parallel_scan(
        hpp::ThreadVectorRange(t, 5),
        [&](int i, int& p, bool final) {
          p += in[i];
          if (final)
            incl[i] = p;
        },
        total);
    const int want_excl[5] = {0, 3, 4, 8, 9}, want_incl[5] = {3, 4, 8, 9, 14};
    for (int i = 0; i < 5; ++i) {
      EXPECT_EQ(excl[i], want_excl[i]);
      EXPECT_EQ(incl[i], want_incl[i]);
    }
    EXPECT_EQ(total, 14);
    long tv = 0;
    hpp::parallel_scan(
        hpp::TeamVectorRange(t, 2, 5), [&](int i, long& p, bool) { p += i; },
        tv);
    EXPECT_EQ(tv, 2 + 3 + 4);
  });
}

//===- single -------------------------------------------------------------===//

TEST(ApiSingle, OncePerTeamAndThreadWithBroadcast) {
  int per_team = 0, per_thread = 0;
  std::vector<double> out(4, 0);
  hpp::parallel_for(
      hpp::TeamPolicy(4, hpp::AUTO, 2), [&](const hpp::TeamMember& t) {
        hpp::single(hpp::PerTeam(t), [&] { ++per_team; });
        hpp::parallel_for(hpp::TeamThreadRange(t, 3), [&](int) {
          hpp::single(hpp::PerThread(t), [&] { ++per_thread; });
        });
        double v = -1;
        hpp::single(
            hpp::PerTeam(t), [&](double& b) { b = 10.0 * t.league_rank(); }, v);
        int w = -1;
        hpp::single(
            hpp::PerThread(t), [&](int& b) { b = t.league_rank() + 1; }, w);
        out[std::size_t(t.league_rank())] = v + w;
      });
  EXPECT_EQ(per_team, 4);
  EXPECT_EQ(per_thread, 4 * 3);
  EXPECT_EQ(out, (std::vector<double>{1, 12, 23, 34}));
}

} // namespace
