// User-defined reductions on OpenMP: the operator object hpp_op<K>_<v>
// (from the reducer object, or lambdas that call the join and init
// functions by name), per-thread partials that start from its identity and
// combine in thread order; nested user reductions run sequentially (no
// simd: an OpenMP reduction clause cannot name the join).
// RUN: %hppc translate --backend=openmp %s -o - --report --report-json %t.json | %FileCheck %s --check-prefix=OMP
// RUN: %FileCheck %s --input-file %t.json --check-prefix=JSON
// RUN: %hppc translate --backend=openmp %s -o %t.cpp
// RUN: %cxx_omp -fsyntax-only %t.cpp

struct Stats {
  double sum = 0;
  long count = 0;
};
void stats_join(Stats &a, const Stats &b) {
  a.sum += b.sum;
  a.count += b.count;
}
void stats_init(Stats &s) { s = Stats{}; }
struct StatsReducer {
  const Stats *target;
  void init(Stats &s) const { stats_init(s); }
  void join(Stats &a, const Stats &b) const { stats_join(a, b); }
};

void flat(int n, const double *x, Stats &out) {
  Stats s;
  #pragma hpp parallel reduction(user(stats_join, stats_init): s) name("flat")
  for (int i = 0; i < n; ++i)
    stats_join(s, Stats{x[i], 1});
  out = s;
}

void api_shape(int rows, int cols, const double *x, Stats &result) {
  { auto &hpp_result1 = result; const auto hpp_reducer0 = StatsReducer{&result}; Stats acc; hpp_reducer0.init(acc);
  #pragma hpp team reduction(user(hpp_reducer0): acc) name("team")
  for (int e = 0; e < rows; ++e) {
    Stats row;
    #pragma hpp thread reduction(user(stats_join, stats_init): row)
    for (int j = 0; j < cols; ++j)
      stats_join(row, Stats{x[e * cols + j], 1});
    hpp_reducer0.join(acc, row);
  }
  hpp_result1 = acc; }
}

// OMP: hppc report: {{.*}}, backend openmp, 2 regions, 0 refused
// OMP: region 'flat' (flat loop)
// OMP-NEXT: line {{[0-9]+}}: flat loop over i -> omp parallel, static contiguous chunks
// OMP-NEXT: reductions: user(stats_join, stats_init):s
// OMP: calls: stats_join stats_init
// OMP: region 'team' (team loop)
// OMP-NEXT: line {{[0-9]+}}: team loop over e
// OMP-NEXT: reductions: user(hpp_reducer0):acc
// OMP-NEXT: line {{[0-9]+}}: thread loop over j -> sequential loop (one thread per team)
// OMP-NEXT: reductions: user(stats_join, stats_init):row
// OMP: captures: {{.*}}hpp_reducer0 (const StatsReducer, read-only){{.*}} acc (Stats, reduction)
// OMP: calls: {{.*}}StatsReducer::join{{.*}}StatsReducer::init
// OMP: { // hpp region 'flat' (flat loop) from {{.*}}user_reduction.cpp:{{[0-9]+}}
// OMP: auto hpp_join0_s = [] HPPRT_HOST_DEVICE (std::remove_reference_t<decltype(s)> &hpp_acc, const std::remove_reference_t<decltype(s)> &hpp_x) { stats_join(hpp_acc, hpp_x); };
// OMP-NEXT: auto hpp_init0_s = [] HPPRT_HOST_DEVICE (std::remove_reference_t<decltype(s)> &hpp_acc) { stats_init(hpp_acc); };
// OMP-NEXT: const hpprt::UserOp<hpprt::JoinInit<decltype(hpp_join0_s), decltype(hpp_init0_s)>> hpp_op0_s{{[{]}}{hpp_join0_s, hpp_init0_s}{{[}]}};
// OMP-NEXT: auto &hpp_red_s = s;
// OMP-NEXT: hpprt::omp::Partials<std::decay_t<decltype(hpp_op0_s)>, std::remove_reference_t<decltype(hpp_red_s)>> hpp_part_s(hpp_op0_s);
// OMP: hpprt::static_chunk(hpp_n0, omp_get_thread_num(), omp_get_num_threads());
// OMP-NEXT: auto s = hpprt::identity_like(hpp_op0_s, hpp_red_s);
// OMP-NEXT: #line {{[0-9]+}}
// OMP: for (hpprt::index_t hpp_iv0 = hpp_chunk.begin; hpp_iv0 < hpp_chunk.end; ++hpp_iv0) { int i = hpprt::index_at(hpp_lb0_0, hpp_iv0, 1);
// OMP-NEXT: stats_join(s, Stats{x[i], 1});
// OMP: hpp_part_s.put(omp_get_thread_num(), s);
// OMP-NEXT: } // omp parallel
// OMP-NEXT: };
// OMP-NEXT: hpp_region_flat();
// OMP-NEXT: hpp_part_s.combine_into(hpp_red_s);
// OMP-NEXT: } // hpp region 'flat'
// OMP: { // hpp region 'team' (team loop) from {{.*}}user_reduction.cpp:{{[0-9]+}}
// OMP: const auto hpp_op0_acc = hpprt::user_op(hpp_reducer0);
// OMP-NEXT: auto &hpp_red_acc = acc;
// OMP-NEXT: hpprt::omp::Partials<std::decay_t<decltype(hpp_op0_acc)>, std::remove_reference_t<decltype(hpp_red_acc)>> hpp_part_acc(hpp_op0_acc);
// OMP: auto acc = hpprt::identity_like(hpp_op0_acc, hpp_red_acc);
// OMP: { // hpp thread loop (sequential: one thread per team)
// OMP-NOT: simd
// OMP: for (hpprt::index_t hpp_iv1 = 0; hpp_iv1 < hpp_n1; ++hpp_iv1) { int j = hpprt::index_at(hpp_lb1_0, hpp_iv1, 1);
// OMP-NEXT: stats_join(row, Stats{x[e * cols + j], 1}); } }
// OMP: hpp_part_acc.combine_into(hpp_red_acc);

// JSON: "op": "user"
// JSON-NEXT: "user": "stats_join, stats_init"
// JSON-NEXT: "var": "s"
// JSON: "name": "flat"
// JSON: "op": "user"
// JSON-NEXT: "user": "hpp_reducer0"
// JSON-NEXT: "var": "acc"
// JSON: "op": "user"
// JSON-NEXT: "user": "stats_join, stats_init"
// JSON-NEXT: "var": "row"
// JSON: "name": "team"
