// User-defined reductions on CUDA. The operator object hpp_op<K>_<v> is made
// on the host for the outermost loop (and for reducers from outside the
// region, whatever their loop), passed to the grid reduction, captured by
// the device lambda and passed to the collectives of nested loops, which
// all-reduce with it and join the saved value, as for built-in operators.
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

// CUDA: template <class F> __global__ void hpp_kernel_flat(F hpp_f, hpprt::cuda::Ctx hpp_ctx) { hpp_f(hpp_ctx); }
// CUDA-NEXT: template <class F> __global__ void hpp_kernel_levels(F hpp_f, hpprt::cuda::Ctx hpp_ctx) { hpp_f(hpp_ctx); }
// The functions the reductions call are compiled for the device.
// CUDA: __host__ __device__ void stats_join(Stats &a, const Stats &b) {
// CUDA: __host__ __device__ void stats_init(Stats &s) { s = Stats{}; }
// CUDA-NEXT: struct StatsReducer {
// CUDA-NEXT: __host__ __device__ void init(Stats &s) const { stats_init(s); }
// CUDA-NEXT: __host__ __device__ void join(Stats &a, const Stats &b) const { stats_join(a, b); }
// CUDA: { // hpp region 'flat' (flat loop) from {{.*}}user_reduction.cpp:{{[0-9]+}}: CUDA kernel hpp_kernel_flat
// CUDA: hpp_launch.kind = hpprt::cuda::RegionKind::Flat;
// CUDA: auto hpp_join0_s = [] HPPRT_HOST_DEVICE (std::remove_reference_t<decltype(s)> &hpp_acc, const std::remove_reference_t<decltype(s)> &hpp_x) { stats_join(hpp_acc, hpp_x); };
// CUDA-NEXT: auto hpp_init0_s = [] HPPRT_HOST_DEVICE (std::remove_reference_t<decltype(s)> &hpp_acc) { stats_init(hpp_acc); };
// CUDA-NEXT: const hpprt::UserOp<hpprt::JoinInit<decltype(hpp_join0_s), decltype(hpp_init0_s)>> hpp_op0_s{{[{]}}{hpp_join0_s, hpp_init0_s}{{[}]}};
// CUDA-NEXT: using hpp_type_s = std::remove_reference_t<decltype(s)>;
// CUDA-NEXT: hpprt::cuda::Reduction<std::decay_t<decltype(hpp_op0_s)>, hpp_type_s> hpp_red_s(hpp_launch, s, hpp_op0_s);
// CUDA-NEXT: auto hpp_body = [=, hpp_dev_s = hpp_red_s.device()] __device__ (const hpprt::cuda::Ctx &hpp_ctx) {
// CUDA-NEXT: hpp_type_s s = hpp_op0_s.template identity<hpp_type_s>();
// CUDA: hpprt::cuda::finish_reduction(hpp_dev_s, s, true, hpp_op0_s);
// CUDA-NEXT: };
// CUDA-NEXT: hpprt::cuda::launch(hpp_launch, hpp_kernel_flat<decltype(hpp_body)>, hpp_body);
// CUDA-NEXT: s = hpp_red_s.result();
// CUDA-NEXT: } // hpp region 'flat'
// CUDA: { // hpp region 'levels' (team loop)
// CUDA: hpp_launch.nested_vector = true;
// CUDA-NEXT: const auto hpp_op1_row = hpprt::user_op(red);
// CUDA: const auto hpp_op0_total = hpprt::user_op(red);
// CUDA-NEXT: using hpp_type_total = std::remove_reference_t<decltype(total)>;
// CUDA-NEXT: hpprt::cuda::Reduction<std::decay_t<decltype(hpp_op0_total)>, hpp_type_total> hpp_red_total(hpp_launch, total, hpp_op0_total);
// CUDA-NEXT: auto hpp_body = [=, hpp_dev_total = hpp_red_total.device()] __device__ (const hpprt::cuda::Ctx &hpp_ctx) {
// CUDA-NEXT: hpp_type_total total = hpp_op0_total.template identity<hpp_type_total>();
// CUDA: { // hpp thread loop over thread_rank() / team_size()
// CUDA-NOT: hpp_op1_row =
// CUDA: auto hpp_save_row = row;
// CUDA-NEXT: row = hpprt::identity_like(hpp_op1_row, row);
// CUDA: { // hpp vector loop over vector_rank() / vector_length()
// CUDA: auto hpp_join2_lane = [] HPPRT_HOST_DEVICE (std::remove_reference_t<decltype(lane)> &hpp_acc, const std::remove_reference_t<decltype(lane)> &hpp_x) { stats_join(hpp_acc, hpp_x); };
// CUDA-NEXT: auto hpp_init2_lane = [] HPPRT_HOST_DEVICE (std::remove_reference_t<decltype(lane)> &hpp_acc) { stats_init(hpp_acc); };
// CUDA-NEXT: const hpprt::UserOp<hpprt::JoinInit<decltype(hpp_join2_lane), decltype(hpp_init2_lane)>> hpp_op2_lane{{[{]}}{hpp_join2_lane, hpp_init2_lane}{{[}]}};
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
