//===- UserOpTest.cpp - The operator of user-defined reductions -----------===//
// hpprt::UserOp<R> wraps the reducer of `reduction(user(r): v)`: identity
// from R::init (else a value-initialised T), join from R::join (else +=),
// found with the detection idiom; hpprt::JoinInit adapts the two functions
// of `reduction(user(join, init): v)`. Partials combine user partials in
// rank order, as the OpenMP emitter's region does.
#include <hpprt/openmp/hpprt.hpp>

#include <gtest/gtest.h>

#include <string>
#include <type_traits>

namespace {

struct Stats {
  double sum = 0;
  long count = 0;
  double max = -1e300;
};

// A Kokkos-style custom reducer: both members.
struct StatsReducer {
  void init(Stats &v) const { v = Stats{0, 0, -1e300}; }
  void join(Stats &acc, const Stats &x) const {
    acc.sum += x.sum;
    acc.count += x.count;
    if (x.max > acc.max)
      acc.max = x.max;
  }
};

// Only join: the identity is a value-initialised T.
struct OnlyJoin {
  void join(long &acc, const long &x) const { acc = acc * 10 + x; }
};

// Only init: join is +=.
struct OnlyInit {
  void init(long &v) const { v = 100; }
};

// Neither: T() and +=.
struct Neither {};

// State: the reducer's members take part in the join.
struct ModSum {
  long modulus;
  void join(long &acc, const long &x) const { acc = (acc + x) % modulus; }
};

// Members that cannot be called on a const object are not the reducer's
// init/join for the runtime (the translator refuses such reducers).
struct NonConst {
  void init(long &v) { v = 7; }
  void join(long &acc, const long &x) { acc -= x; }
};

// A functor with operator(), init and join (Kokkos' reducing functor).
struct Functor {
  const long *data;
  void operator()(int i, long &acc) const { acc += data[i]; }
  void init(long &v) const { v = 0; }
  void join(long &acc, const long &x) const { acc += x; }
};

TEST(UserOp, DetectsInitAndJoin) {
  using hpprt::detail::has_init;
  using hpprt::detail::has_join;
  static_assert(has_init<StatsReducer, Stats>::value, "init(T&) const");
  static_assert(has_join<StatsReducer, Stats>::value, "join(T&, const T&) const");
  static_assert(!has_init<OnlyJoin, long>::value, "no init");
  static_assert(has_join<OnlyJoin, long>::value, "join");
  static_assert(has_init<OnlyInit, long>::value, "init");
  static_assert(!has_join<OnlyInit, long>::value, "no join");
  static_assert(!has_init<Neither, long>::value && !has_join<Neither, long>::value,
                "neither");
  static_assert(!has_init<NonConst, long>::value && !has_join<NonConst, long>::value,
                "non-const members do not count");
  static_assert(!has_join<StatsReducer, long>::value, "join for another type");
  static_assert(has_init<Functor, long>::value && has_join<Functor, long>::value,
                "functor");
}

TEST(UserOp, UsesTheReducersMembers) {
  const auto op = hpprt::user_op(StatsReducer{});
  Stats acc = op.identity<Stats>();
  EXPECT_EQ(acc.sum, 0);
  EXPECT_EQ(acc.count, 0);
  EXPECT_EQ(acc.max, -1e300);
  op.join(acc, Stats{2.5, 1, 2.5});
  op.join(acc, Stats{-1.0, 2, 7.0});
  EXPECT_EQ(acc.sum, 1.5);
  EXPECT_EQ(acc.count, 3);
  EXPECT_EQ(acc.max, 7.0);
}

TEST(UserOp, DefaultsWithoutInit) {
  const auto op = hpprt::user_op(OnlyJoin{});
  long acc = op.identity<long>();
  EXPECT_EQ(acc, 0); // T()
  op.join(acc, 3L);
  op.join(acc, 4L);
  EXPECT_EQ(acc, 34);
}

TEST(UserOp, DefaultsWithoutJoin) {
  const auto op = hpprt::user_op(OnlyInit{});
  long acc = op.identity<long>();
  EXPECT_EQ(acc, 100);
  op.join(acc, 5L); // +=
  EXPECT_EQ(acc, 105);
}

TEST(UserOp, DefaultsWithNeither) {
  const auto op = hpprt::user_op(Neither{});
  double acc = op.identity<double>();
  EXPECT_EQ(acc, 0.0);
  op.join(acc, 1.5);
  op.join(acc, 2.0);
  EXPECT_EQ(acc, 3.5);
  std::string s = op.identity<std::string>();
  op.join(s, std::string("ab"));
  EXPECT_EQ(s, "ab");
}

TEST(UserOp, NonConstMembersAreNotUsed) {
  const auto op = hpprt::user_op(NonConst{});
  long acc = op.identity<long>();
  EXPECT_EQ(acc, 0);
  op.join(acc, 2L);
  EXPECT_EQ(acc, 2);
}

TEST(UserOp, KeepsTheReducersState) {
  const auto op = hpprt::user_op(ModSum{7});
  long acc = op.identity<long>();
  for (long x : {5L, 4L, 6L})
    op.join(acc, x);
  EXPECT_EQ(acc, 1); // (5 + 4 + 6) % 7
  EXPECT_EQ(hpprt::identity_like(op, acc), 0);
}

TEST(UserOp, FunctorWithInitAndJoin) {
  const long data[] = {1, 2, 3};
  const Functor f{data};
  const auto op = hpprt::user_op(f);
  long acc = op.identity<long>();
  for (int i = 0; i < 3; ++i)
    f(i, acc);
  op.join(acc, 10L);
  EXPECT_EQ(acc, 16);
}

long squares_join_calls = 0;
void join_fn(long &acc, const long &x) {
  acc += x * x;
  ++squares_join_calls;
}
void init_fn(long &v) { v = -1; }

TEST(UserOp, JoinInitCallsTheFunctions) {
  // What the emitter generates for reduction(user(join_fn, init_fn): v).
  auto join = [](long &a, const long &b) { join_fn(a, b); };
  auto init = [](long &a) { init_fn(a); };
  const hpprt::UserOp<hpprt::JoinInit<decltype(join), decltype(init)>> op{{join, init}};
  long acc = op.identity<long>();
  EXPECT_EQ(acc, -1);
  op.join(acc, 3L);
  EXPECT_EQ(acc, 8);
  EXPECT_EQ(squares_join_calls, 1);
  static_assert(std::is_same<std::decay_t<decltype(hpprt::identity_like(op, acc))>, long>::value,
                "identity_like keeps the type");
}

// 2x2 integer matrices: associative, not commutative, so the combine
// order shows.
struct Mat {
  long a = 1, b = 0, c = 0, d = 1;
  bool operator==(const Mat &o) const { return a == o.a && b == o.b && c == o.c && d == o.d; }
};
struct MatProduct {
  void join(Mat &x, const Mat &y) const {
    Mat r;
    r.a = x.a * y.a + x.b * y.c;
    r.b = x.a * y.b + x.b * y.d;
    r.c = x.c * y.a + x.d * y.c;
    r.d = x.c * y.b + x.d * y.d;
    x = r;
  }
};

TEST(UserOp, PartialsCombineInRankOrder) {
  const MatProduct prod;
  const auto op = hpprt::user_op(prod);
  const hpprt::index_t n = 301;
  auto elem = [](hpprt::index_t i) { return Mat{1, i % 3, (i % 5 == 0) ? 1 : 0, 1}; };
  for (int t : {1, 2, 3, 4, 7}) {
    hpprt::omp::Partials<std::decay_t<decltype(op)>, Mat> p(op, t);
    int ran = 0;
#pragma omp parallel num_threads(t)
    {
      const int rank = hpprt::omp::rank(), size = hpprt::omp::size();
      if (rank == 0)
        ran = size;
      const hpprt::Chunk ch = hpprt::static_chunk(n, rank, size);
      Mat local = hpprt::identity_like(op, Mat{});
      for (hpprt::index_t i = ch.begin; i < ch.end; ++i)
        prod.join(local, elem(i));
      p.put(rank, local);
    }
    Mat serial{2, 0, 0, 2}, got{2, 0, 0, 2};
    for (hpprt::index_t i = 0; i < n; ++i)
      prod.join(serial, elem(i));
    p.combine_into(got);
    EXPECT_TRUE(got == serial) << t << " threads (" << ran << " ran)";
  }
}

TEST(UserOp, EmptyPartialsLeaveTheVariable) {
  const auto op = hpprt::user_op(StatsReducer{});
  hpprt::omp::Partials<std::decay_t<decltype(op)>, Stats> p(op, 3);
  for (int r = 0; r < 3; ++r)
    p.put(r, op.identity<Stats>());
  Stats v{4.0, 2, 3.0};
  p.combine_into(v);
  EXPECT_EQ(v.sum, 4.0);
  EXPECT_EQ(v.count, 2);
  EXPECT_EQ(v.max, 3.0);
  p.reset();
  Stats w{1.0, 1, 1.0};
  p.combine_into(w);
  EXPECT_EQ(w.count, 1);
}

} // namespace
