// User-defined reductions. The operator object hpp_op<K>_<v> comes from the
// reducer object, or from lambdas that call the join and init functions by
// name. On OpenMP, per-thread partials start from its identity and combine
// in thread order; nested user reductions run sequentially (no simd: an
// OpenMP reduction clause cannot name the join). On CUDA the object is made
// on the host for the outermost loop (and for reducers from outside the
// region, whatever their loop), passed to the grid reduction, captured by
// the device lambda and passed to the collectives of nested loops, which
// all-reduce with it and join the saved value, as for built-in operators.
// RUN: %hppc translate --backend=openmp %s -o - --report --report-json %t.json | %FileCheck %s --check-prefix=OMP
// RUN: %FileCheck %s --input-file %t.json --check-prefix=JSON
// RUN: %hppc translate --backend=openmp %s -o %t.cpp
// RUN: %cxx_omp -fsyntax-only %t.cpp
// RUN: %hppc translate --backend=cuda %s -o %t.cu
// RUN: %FileCheck %s --check-prefix=CUDA --input-file %t.cu
// RUN: %if nvcc %{ %nvcc_hpp -c %t.cu -o %t.o %}

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

void levels(int rows, int cols, const double *x, double *y, Stats &out) {
  const StatsReducer red{};
  Stats total;
  #pragma hpp team reduction(user(red): total) name("levels")
  for (int e = 0; e < rows; ++e) {
    Stats row;
    #pragma hpp thread reduction(user(red): row)
    for (int j = 0; j < cols; ++j) {
      Stats lane;
      #pragma hpp vector reduction(user(stats_join, stats_init): lane)
      for (int k = 0; k < 4; ++k)
        stats_join(lane, Stats{x[(e * cols + j) * 4 + k], 1});
      red.join(row, lane);
    }
    const StatsReducer local{};
    Stats tv;
    #pragma hpp vector reduction(user(local): tv)
    for (int j = 0; j < cols; ++j)
      local.join(tv, Stats{x[e * cols + j], 1});
    y[e] = row.sum + tv.sum;
    red.join(total, row);
  }
  out = total;
}

// The shape the API lowering gives a user reducer: its copy, initialised,
// and the result assigned after the region.
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

// OMP: hppc report: {{.*}}, backend openmp, 3 regions, 0 refused
// OMP: region 'flat' (flat loop)
// OMP-NEXT: line {{[0-9]+}}: flat loop over i -> omp parallel, static contiguous chunks
// OMP-NEXT: reductions: user(stats_join, stats_init):s
// OMP: calls: stats_join stats_init
// OMP: region 'levels' (team loop)
// OMP-NEXT: line {{[0-9]+}}: team loop over e
// OMP-NEXT: reductions: user(red):total
// OMP-NEXT: line {{[0-9]+}}: thread loop over j -> sequential loop (one thread per team)
// OMP-NEXT: reductions: user(red):row
// OMP-NEXT: line {{[0-9]+}}: vector loop over k -> sequential loop
// OMP-NEXT: reductions: user(stats_join, stats_init):lane
// OMP-NEXT: line {{[0-9]+}}: team-vector loop over j -> sequential loop
// OMP-NEXT: reductions: user(local):tv
// OMP: region 'team' (team loop)
// OMP-NEXT: line {{[0-9]+}}: team loop over e
// OMP-NEXT: reductions: user(hpp_reducer0):acc
// OMP-NEXT: line {{[0-9]+}}: thread loop over j -> sequential loop (one thread per team)
// OMP-NEXT: reductions: user(stats_join, stats_init):row
// OMP: captures: {{.*}}hpp_reducer0 (const StatsReducer, read-only){{.*}} acc (Stats, reduction)
// OMP: calls: {{.*}}StatsReducer::join{{.*}}StatsReducer::init
// OMP: { // hpp region 'flat' (flat loop) from {{.*}}user_reduction.cpp:{{[0-9]+}}
// OMP: auto hpp_join0_s = [] HPPRT_HOST_DEVICE(
// OMP-NEXT: std::remove_reference_t<decltype(s)> & hpp_acc,
// OMP-NEXT: const std::remove_reference_t<decltype(s)> &hpp_x) {
// OMP-NEXT: stats_join(hpp_acc, hpp_x);
// OMP-NEXT: };
// OMP-NEXT: auto hpp_init0_s =
// OMP-NEXT: [] HPPRT_HOST_DEVICE(std::remove_reference_t<decltype(s)> & hpp_acc) {
// OMP-NEXT: stats_init(hpp_acc);
// OMP-NEXT: };
// OMP-NEXT: const hpprt::UserOp<
// OMP-NEXT: hpprt::JoinInit<decltype(hpp_join0_s), decltype(hpp_init0_s)>>
// OMP-NEXT: hpp_op0_s{{[{]}}{hpp_join0_s, hpp_init0_s}{{[}]}};
// OMP-NEXT: auto &hpp_red_s = s;
// OMP-NEXT: hpprt::omp::Partials<std::decay_t<decltype(hpp_op0_s)>,
// OMP-NEXT: std::remove_reference_t<decltype(hpp_red_s)>>
// OMP-NEXT: hpp_part_s(hpp_op0_s);
// OMP: hpprt::static_chunk(
// OMP-NEXT: hpp_n0, omp_get_thread_num(), omp_get_num_threads());
// OMP-NEXT: auto s = hpprt::identity_like(hpp_op0_s, hpp_red_s);
// OMP-NEXT: #line {{[0-9]+}}
// OMP: for (int i = static_cast<int>(hpp_lb0_0 + hpp_chunk.begin);
// OMP-NEXT: i < static_cast<int>(hpp_lb0_0 + hpp_chunk.end); ++i) {
// OMP-NEXT: #line 37 "{{.*}}user_reduction.cpp"
// OMP-NEXT: stats_join(s, Stats{x[i], 1});
// OMP: hpp_part_s.put(omp_get_thread_num(), s);
// OMP-NEXT: } // omp parallel
// OMP-NEXT: };
// OMP-NEXT: hpp_region_flat();
// OMP-NEXT: hpp_part_s.combine_into(hpp_red_s);
// OMP-NEXT: } // hpp region 'flat'
// Nested user reductions run sequentially into the variable itself.
// OMP: { // hpp region 'levels' (team loop)
// OMP: const auto hpp_op0_total = hpprt::user_op(red);
// OMP-NEXT: auto &hpp_red_total = total;
// OMP-NEXT: hpprt::omp::Partials<std::decay_t<decltype(hpp_op0_total)>,
// OMP-NEXT: std::remove_reference_t<decltype(hpp_red_total)>>
// OMP-NEXT: hpp_part_total(hpp_op0_total);
// OMP: auto total = hpprt::identity_like(hpp_op0_total, hpp_red_total);
// OMP-NOT: hpp_op{{[0-9]}}_
// OMP: stats_join(lane, Stats{x[(e * cols + j) * 4 + k], 1});
// OMP-NEXT: }
// OMP-NEXT: }
// OMP-NEXT: #line 53 "{{.*}}user_reduction.cpp"
// OMP-NEXT: red.join(row, lane);
// OMP-NOT: hpp_op{{[0-9]}}_
// OMP: local.join(tv, Stats{x[e * cols + j], 1});
// OMP-NEXT: }
// OMP-NEXT: }
// OMP: hpp_part_total.combine_into(hpp_red_total);
// OMP: { // hpp region 'team' (team loop) from {{.*}}user_reduction.cpp:{{[0-9]+}}
// OMP: const auto hpp_op0_acc = hpprt::user_op(hpp_reducer0);
// OMP-NEXT: auto &hpp_red_acc = acc;
// OMP-NEXT: hpprt::omp::Partials<std::decay_t<decltype(hpp_op0_acc)>,
// OMP-NEXT: std::remove_reference_t<decltype(hpp_red_acc)>>
// OMP-NEXT: hpp_part_acc(hpp_op0_acc);
// OMP: auto acc = hpprt::identity_like(hpp_op0_acc, hpp_red_acc);
// OMP: { // hpp thread loop (sequential: one thread per team)
// OMP-NOT: simd
// OMP: for (int j = hpp_lb1_0; j < hpp_ub1_0; ++j) {
// OMP-NEXT: #line 75 "{{.*}}user_reduction.cpp"
// OMP-NEXT: stats_join(row, Stats{x[e * cols + j], 1});
// OMP-NEXT: }
// OMP-NEXT: }
// OMP: hpp_part_acc.combine_into(hpp_red_acc);

// JSON: "op": "user"
// JSON-NEXT: "read_after": true
// JSON-NEXT: "user": "stats_join, stats_init"
// JSON-NEXT: "var": "s"
// JSON: "name": "flat"
// JSON: "level": "team"
// JSON: "op": "user"
// JSON-NEXT: "read_after": true
// JSON-NEXT: "user": "red"
// JSON-NEXT: "var": "total"
// JSON: "level": "thread"
// JSON: "op": "user"
// JSON-NEXT: "read_after": true
// JSON-NEXT: "user": "red"
// JSON-NEXT: "var": "row"
// JSON: "level": "vector"
// JSON: "op": "user"
// JSON-NEXT: "read_after": true
// JSON-NEXT: "user": "stats_join, stats_init"
// JSON-NEXT: "var": "lane"
// JSON: "level": "team-vector"
// JSON: "op": "user"
// JSON-NEXT: "read_after": true
// JSON-NEXT: "user": "local"
// JSON-NEXT: "var": "tv"
// JSON: "name": "levels"
// JSON: "op": "user"
// JSON-NEXT: "read_after": true
// JSON-NEXT: "user": "hpp_reducer0"
// JSON-NEXT: "var": "acc"
// JSON: "op": "user"
// JSON-NEXT: "read_after": true
// JSON-NEXT: "user": "stats_join, stats_init"
// JSON-NEXT: "var": "row"
// JSON: "name": "team"

// CUDA: template <class F>
// CUDA-NEXT: __global__ void hpp_kernel_flat(F hpp_f, hpprt::cuda::Ctx hpp_ctx) {
// CUDA-NEXT: hpp_f(hpp_ctx);
// CUDA-NEXT: }
// CUDA-NEXT: template <class F>
// CUDA-NEXT: __global__ void hpp_kernel_levels(F hpp_f, hpprt::cuda::Ctx hpp_ctx) {
// CUDA-NEXT: hpp_f(hpp_ctx);
// CUDA-NEXT: }
// CUDA-NEXT: template <class F>
// CUDA-NEXT: __global__ void HPPRT_GPU_TEAM_LAUNCH_BOUNDS
// CUDA-NEXT: hpp_bounded_kernel_levels(F hpp_f, hpprt::cuda::Ctx hpp_ctx) {
// CUDA-NEXT: hpp_f(hpp_ctx);
// CUDA-NEXT: }
// CUDA-NEXT: template <class F>
// CUDA-NEXT: __global__ void hpp_kernel_team(F hpp_f, hpprt::cuda::Ctx hpp_ctx) {
// CUDA-NEXT: hpp_f(hpp_ctx);
// CUDA-NEXT: }
// CUDA-NEXT: template <class F>
// CUDA-NEXT: __global__ void HPPRT_GPU_TEAM_LAUNCH_BOUNDS
// CUDA-NEXT: hpp_bounded_kernel_team(F hpp_f, hpprt::cuda::Ctx hpp_ctx) {
// CUDA-NEXT: hpp_f(hpp_ctx);
// CUDA-NEXT: }
// The functions the reductions call are compiled for the device.
// CUDA: __host__ __device__ void stats_join(Stats &a, const Stats &b) {
// CUDA: __host__ __device__ void stats_init(Stats &s) { s = Stats{}; }
// CUDA-NEXT: struct StatsReducer {
// CUDA-NEXT: const Stats *target;
// CUDA-NEXT: __host__ __device__ void init(Stats &s) const { stats_init(s); }
// CUDA-NEXT: __host__ __device__ void join(Stats &a, const Stats &b) const { stats_join(a, b); }
// CUDA: { // hpp region 'flat' (flat loop) from {{.*}}user_reduction.cpp:{{[0-9]+}}: CUDA kernel hpp_kernel_flat
// CUDA: hpp_launch.kind = hpprt::cuda::RegionKind::Flat;
// CUDA: auto hpp_join0_s = [] HPPRT_HOST_DEVICE(
// CUDA-NEXT: std::remove_reference_t<decltype(s)> & hpp_acc,
// CUDA-NEXT: const std::remove_reference_t<decltype(s)> &hpp_x) {
// CUDA-NEXT: stats_join(hpp_acc, hpp_x);
// CUDA-NEXT: };
// CUDA-NEXT: auto hpp_init0_s =
// CUDA-NEXT: [] HPPRT_HOST_DEVICE(std::remove_reference_t<decltype(s)> & hpp_acc) {
// CUDA-NEXT: stats_init(hpp_acc);
// CUDA-NEXT: };
// CUDA-NEXT: const hpprt::UserOp<
// CUDA-NEXT: hpprt::JoinInit<decltype(hpp_join0_s), decltype(hpp_init0_s)>>
// CUDA-NEXT: hpp_op0_s{{[{]}}{hpp_join0_s, hpp_init0_s}{{[}]}};
// CUDA-NEXT: using hpp_type_s = std::remove_reference_t<decltype(s)>;
// CUDA-NEXT: hpprt::cuda::Reduction<std::decay_t<decltype(hpp_op0_s)>, hpp_type_s>
// CUDA-NEXT: hpp_red_s(hpp_launch, s, hpp_op0_s);
// CUDA-NEXT: auto hpp_body =
// CUDA-NEXT: [=, x = hpp_present_x, hpp_dev_s = hpp_red_s.device()] __device__(
// CUDA-NEXT: const hpprt::cuda::Ctx &hpp_ctx) {
// CUDA-NEXT: hpp_type_s s = hpp_op0_s.template identity<hpp_type_s>();
// CUDA: hpprt::cuda::finish_reduction(hpp_dev_s, s, true, hpp_op0_s);
// CUDA-NEXT: };
// CUDA-NEXT: hpprt::cuda::launch(hpp_launch, hpp_kernel_flat<decltype(hpp_body)>,
// CUDA-NEXT: hpp_body);
// CUDA-NEXT: s = hpp_red_s.result();
// CUDA-NEXT: } // hpp region 'flat'
// CUDA: { // hpp region 'levels' (team loop)
// CUDA: hpp_launch.nested_vector = true;
// CUDA-NEXT: { // trip counts of the vector loops
// CUDA: hpp_launch.vector_trips = std::max(hpp_launch.vector_trips, hpp_nv0);
// CUDA-NEXT: }
// CUDA-NEXT: auto *const hpp_present_x = hpprt::cuda::present(x);
// CUDA-NEXT: auto *const hpp_present_y = hpprt::cuda::present(y);
// CUDA-NEXT: const auto hpp_op1_row = hpprt::user_op(red);
// CUDA: const auto hpp_op0_total = hpprt::user_op(red);
// CUDA-NEXT: using hpp_type_total = std::remove_reference_t<decltype(total)>;
// CUDA-NEXT: hpprt::cuda::Reduction<std::decay_t<decltype(hpp_op0_total)>,
// CUDA-NEXT: hpp_type_total>
// CUDA-NEXT: hpp_red_total(hpp_launch, total, hpp_op0_total);
// CUDA-NEXT: auto hpp_body =
// CUDA-NEXT: [=, x = hpp_present_x, y = hpp_present_y,
// CUDA-NEXT: hpp_dev_total =
// CUDA-NEXT: hpp_red_total
// CUDA-NEXT: .device()] __device__(const hpprt::cuda::Ctx &hpp_ctx) {
// CUDA-NEXT: hpp_type_total total =
// CUDA-NEXT: hpp_op0_total.template identity<hpp_type_total>();
// CUDA: { // hpp thread loop over thread_rank() / team_size()
// CUDA-NOT: hpp_op1_row =
// CUDA: auto hpp_save_row = row;
// CUDA-NEXT: row = hpprt::identity_like(hpp_op1_row, row);
// CUDA: { // hpp vector loop over vector_rank() / vector_length()
// CUDA: auto hpp_join2_lane =
// CUDA-NEXT: [] HPPRT_HOST_DEVICE(
// CUDA-NEXT: std::remove_reference_t<decltype(lane)> & hpp_acc,
// CUDA-NEXT: const std::remove_reference_t<decltype(lane)> &hpp_x) {
// CUDA-NEXT: stats_join(hpp_acc, hpp_x);
// CUDA-NEXT: };
// CUDA-NEXT: auto hpp_init2_lane =
// CUDA-NEXT: [] HPPRT_HOST_DEVICE(std::remove_reference_t<decltype(lane)> &
// CUDA-NEXT: hpp_acc) { stats_init(hpp_acc); };
// CUDA-NEXT: const hpprt::UserOp<
// CUDA-NEXT: hpprt::JoinInit<decltype(hpp_join2_lane), decltype(hpp_init2_lane)>>
// CUDA-NEXT: hpp_op2_lane{{[{]}}{hpp_join2_lane, hpp_init2_lane}{{[}]}};
// CUDA-NEXT: auto hpp_save_lane = lane;
// CUDA-NEXT: lane = hpprt::identity_like(hpp_op2_lane, lane);
// CUDA: lane = hpprt::cuda::vector_allreduce(lane, hpp_op2_lane);
// CUDA-NEXT: hpp_op2_lane.join(hpp_save_lane, lane);
// CUDA-NEXT: lane = hpp_save_lane;
// CUDA: row = hpprt::cuda::thread_allreduce(row, hpp_op1_row);
// CUDA-NEXT: hpp_op1_row.join(hpp_save_row, row);
// CUDA-NEXT: row = hpp_save_row;
// CUDA: { // hpp team-vector loop over team_vector_rank() / team_vector_size()
// CUDA: const auto hpp_op3_tv = hpprt::user_op(local);
// CUDA-NEXT: auto hpp_save_tv = tv;
// CUDA-NEXT: tv = hpprt::identity_like(hpp_op3_tv, tv);
// CUDA: tv = hpprt::cuda::team_vector_allreduce(tv, hpp_op3_tv);
// CUDA-NEXT: hpp_op3_tv.join(hpp_save_tv, tv);
// CUDA-NEXT: tv = hpp_save_tv;
// CUDA: if (hpprt::cuda::is_team_leader()) { y[e] = row.sum + tv.sum; }
// CUDA-NEXT: red.join(total, row);
// CUDA: hpprt::cuda::finish_reduction(hpp_dev_total, total, false, hpp_op0_total);
// CUDA: total = hpp_red_total.result();
// The API shape: the reducer's copy is made outside the region, so its
// operator object is made on the host, next to the grid reduction.
// CUDA: { // hpp region 'team' (team loop)
// CUDA: const auto hpp_op0_acc = hpprt::user_op(hpp_reducer0);
// CUDA-NEXT: using hpp_type_acc = std::remove_reference_t<decltype(acc)>;
// CUDA-NEXT: hpprt::cuda::Reduction<std::decay_t<decltype(hpp_op0_acc)>, hpp_type_acc>
// CUDA-NEXT: hpp_red_acc(hpp_launch, acc, hpp_op0_acc);
// CUDA: row = hpprt::cuda::thread_allreduce(row, hpp_op1_row);
// CUDA: hpp_reducer0.join(acc, row);
// CUDA: hpprt::cuda::finish_reduction(hpp_dev_acc, acc, false, hpp_op0_acc);
// CUDA: acc = hpp_red_acc.result();
// CUDA: hpp_result1 = acc; }

// HIP is the CUDA translation with the HIP runtime's names: the diff checks
// every other byte, the HIP lines the runtime's macro, header and namespace.
// (Here, at the end, so that the lines checked above keep their numbers.)
// RUN: %hppc translate --backend=hip %s -o %t.hip
// RUN: %FileCheck %s --check-prefix=HIP --input-file %t.hip
// RUN: %hip_as_cuda %t.hip | %same_code - %t.cu
// RUN: %if hip-amd %{ %hip_hpp -c %t.hip -o %t.hip.o %}
// HIP: #define HPP_BACKEND_{{HIP}} 1
// HIP-NEXT: #include <hpprt/{{hip}}/hpprt.hpp>
// HIP: hpprt::{{hip}}::
