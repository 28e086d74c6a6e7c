// The generated code is laid out with clang's Format library (the style of
// the .clang-format found from the input's directory, LLVM's where there is
// none) while the user's lines stay as written and every #line still names
// the user's line: an error in the user's loop body, after generated code,
// is reported at its own line by the backend's compiler (for CUDA twice, the
// vector loop's body being copied for the whole-warp path).
// RUN: %hppc translate --backend=openmp %s -o %t.omp.cpp
// RUN: %FileCheck %s --check-prefix=OMP --strict-whitespace --input-file %t.omp.cpp
// RUN: not %cxx_omp -fsyntax-only -DHPP_TEST_BREAK %t.omp.cpp 2>&1 | %FileCheck %s --check-prefix=OMP-ERR
// RUN: %cxx_omp -fsyntax-only %t.omp.cpp
// RUN: %hppc translate --backend=cuda %s -o %t.cu
// RUN: %FileCheck %s --check-prefix=CUDA --strict-whitespace --input-file %t.cu
// RUN: %if nvcc %{ not %nvcc_hpp -c -DHPP_TEST_BREAK %t.cu -o %t.o 2>&1 | %FileCheck %s --check-prefix=CUDA-ERR %}
// RUN: %if nvcc %{ %nvcc_hpp -c %t.cu -o %t.o %}
// --format=none writes the emitters' own layout.
// RUN: %hppc translate --backend=openmp --format=none %s -o - | %FileCheck %s --check-prefix=NONE
// A .clang-format above the input is its style; --format=llvm ignores it.
// RUN: rm -rf %t.dir && mkdir -p %t.dir/src && cp %s %t.dir/src/in.cpp
// RUN: printf 'BasedOnStyle: LLVM\nIndentWidth: 3\n' > %t.dir/.clang-format
// RUN: %hppc translate --backend=openmp %t.dir/src/in.cpp -o - | %FileCheck %s --check-prefix=FILE --strict-whitespace
// RUN: %hppc translate --backend=openmp --format=llvm %t.dir/src/in.cpp -o - | %FileCheck %s --check-prefix=OMP --strict-whitespace
// A style that cannot be read: a warning, and LLVM's style.
// RUN: printf 'BasedOnStyle: NoSuchStyle\n' > %t.dir/.clang-format
// RUN: %hppc translate --backend=openmp %t.dir/src/in.cpp -o %t.bad.cpp 2>&1 | %FileCheck %s --check-prefix=BAD
// RUN: %FileCheck %s --check-prefix=OMP --strict-whitespace --input-file %t.bad.cpp
// RUN: not %hppc translate --backend=openmp --format=pretty %s 2>&1 | %FileCheck %s --check-prefix=BADOPT

void scale(int n, const double *x, double a, double &sum) {
  double s = 0;
  #pragma hpp team reduction(+: s)
  for (int e = 0; e < n; ++e) {
    double t = 0;
    #pragma hpp vector reduction(+: t)
    for (int j = 0; j < 8; ++j) {
      t   +=x[e * 8 + j] * a;
      // OMP-ERR: generated_format.cpp:[[@LINE+3]]:{{[0-9]+}}: error:
      // CUDA-ERR-COUNT-2: generated_format.cpp([[@LINE+2]]): error
#ifdef HPP_TEST_BREAK
      t += "in the vector loop";
#endif
    }
    // OMP-ERR: generated_format.cpp:[[@LINE+3]]:{{[0-9]+}}: error:
    // CUDA-ERR: generated_format.cpp([[@LINE+2]]): error
#ifdef HPP_TEST_BREAK
    int broken = "after the vector loop";
#endif
    s += t;
  }
  sum = s;
}

void guarded(int n, double *y, double *z) {
  #pragma hpp team
  for (int e = 0; e < n; ++e)
  {
    #pragma hpp thread
    for (int j = 0; j < 4; ++j) z[e * 4 + j] = j;
    if (e > 0)
      y[e] = z[e * 4];
  }
}

// The region's block: its statements one level in, a long one wrapped at
// 80 columns; the pragma as emitted; the user's lines as written, right
// after their #line (no blank line).
// OMP-LABEL: {{^}}void scale(
// OMP: {{^}}  { // hpp region 'scale_L{{[0-9]+}}' (team loop)
// OMP: {{^}}    int hpp_lb0_0 = 0;
// OMP-NEXT: {{^}}    const auto hpp_ub0_0 = n;
// OMP-NEXT: {{^}}    const hpprt::index_t hpp_n0_0 ={{$}}
// OMP-NEXT: {{^}}        hpprt::trip_count<hpprt::Cmp::Lt>(hpp_lb0_0, hpp_ub0_0, 1);
// OMP: {{^}}    auto hpp_region_scale_L{{[0-9]+}} = [&]() {
// OMP-NEXT: {{^}}      hpprt::RegionScope hpp_scope(
// OMP: {{^}}#pragma omp parallel{{$}}
// OMP-NEXT: {{^}}      {{{$}}
// OMP-NEXT: {{^}}        const hpprt::Chunk hpp_chunk = hpprt::static_chunk(
// The loop headers on lines of their own, and a
// #line before the user's rest of the header's line (its `{` under the
// header); the region's end laid out as blocks, the lambda's included.
// OMP: {{^}}#line 31 "{{.*}}.cpp"
// OMP-NEXT: {{^}}  for (int e = static_cast<int>(hpp_lb0_0 + hpp_chunk.begin);{{$}}
// OMP-NEXT: {{^}}       e < static_cast<int>(hpp_lb0_0 + hpp_chunk.end); ++e) {{{$}}
// OMP-NEXT: {{^}}#line 31 "{{.*}}.cpp"
// OMP-NEXT: {{^}}  {{{$}}
// OMP-NEXT: {{^}}    double t = 0;
// OMP-NEXT: {{^}}    { // hpp team-vector loop (omp simd)
// OMP-NEXT: {{^}}      int hpp_lb1_0 = 0;
// OMP: {{^}}#pragma omp simd reduction(hpprt_fsum: t){{$}}
// OMP-NEXT: {{^}}#line 34 "{{.*}}.cpp"
// OMP-NEXT: {{^}}    for (int j = hpp_lb1_0; j < hpp_ub1_0; ++j) {{{$}}
// OMP-NEXT: {{^}}#line 34 "{{.*}}.cpp"
// OMP-NEXT: {{^}}    {{{$}}
// OMP-NEXT: {{^}}      t   +=x[e * 8 + j] * a;
// OMP: {{^}}#line 42 "{{.*}}.cpp"
// OMP: {{^}}    s += t;
// OMP-NEXT: {{^}}  }{{$}}
// OMP-NEXT: {{^}}        }{{$}}
// OMP-NEXT: {{^}}        hpp_part_s.put(omp_get_thread_num(), s);
// OMP-NEXT: {{^}}      } // omp parallel
// OMP-NEXT: {{^}}    };{{$}}
// OMP-NEXT: {{^}}    hpp_region_scale_L{{[0-9]+}}();
// OMP-NEXT: {{^}}    hpp_part_s.combine_into(hpp_red_s);
// OMP-NEXT: {{^}}  } // hpp region 'scale_L{{[0-9]+}}'
// OMP-NEXT: {{^}}#line 49 "{{.*}}.cpp"
// OMP-NEXT: {{^}}  sum = s;
// A header whose line ends with it, and a one-line body: the #line names
// the next line; the body keeps its column.
// OMP-LABEL: {{^}}void guarded(
// OMP: {{^}}#line 54 "{{.*}}.cpp"
// OMP-NEXT: {{^}}  for (int e = static_cast<int>(hpp_lb0_0 + hpp_chunk.begin);{{$}}
// OMP-NEXT: {{^}}       e < static_cast<int>(hpp_lb0_0 + hpp_chunk.end); ++e) {{{$}}
// OMP-NEXT: {{^}}#line 55 "{{.*}}.cpp"
// OMP-NEXT: {{^}}  {{{$}}
// OMP: {{^}}#line 57 "{{.*}}.cpp"
// OMP-NEXT: {{^}}    for (int j = hpp_lb1_0; j < hpp_ub1_0; ++j) {{{$}}
// OMP-NEXT: {{^}}#line 57 "{{.*}}.cpp"
// OMP-NEXT: {{^}}                                z[e * 4 + j] = j;{{$}}
// OMP-NEXT: {{^}}      }{{$}}
// OMP-NEXT: {{^}}    }{{$}}
// OMP-NEXT: {{^}}#line 58 "{{.*}}.cpp"
// OMP-NEXT: {{^}}    if (e > 0)

// CUDA: {{^}}template <class F>{{$}}
// CUDA-NEXT: {{^}}__global__ void hpp_kernel_scale_L{{[0-9]+}}(F hpp_f, hpprt::cuda::Ctx hpp_ctx) {
// CUDA-NEXT: {{^}}  hpp_f(hpp_ctx);
// CUDA-NEXT: {{^}}}{{$}}
// CUDA: {{^}}  { // hpp region 'scale_L{{[0-9]+}}' (team loop)
// CUDA: {{^}}    int hpp_lb0_0 = 0;
// CUDA: {{^}}    auto hpp_body ={{$}}
// CUDA-NEXT: {{^}}        [=, x = hpp_present_x,
// CUDA: {{^}}#line 31 "{{.*}}.cpp"
// CUDA-NEXT: {{^}}  for (hpprt::index_t hpp_iv0 = hpprt::cuda::league_rank0(); hpp_iv0 < hpp_n0;{{$}}
// CUDA-NEXT: {{^}}       hpp_iv0 += hpprt::cuda::league_stride()) {{{$}}
// CUDA-NEXT: {{^}}    int e = hpprt::index_at(hpp_lb0_0, hpp_iv0, 1);{{$}}
// CUDA-NEXT: {{^}}#line 31 "{{.*}}.cpp"
// CUDA-NEXT: {{^}}  {{{$}}
// The whole-warp path's copy of the body: as the user wrote it.
// CUDA: {{^}}        for (int hpp_k1 = 0; hpp_k1 < hpp_c1; ++hpp_k1) {
// CUDA-NEXT: {{^}}          const hpprt::index_t hpp_iv1 ={{$}}
// CUDA: {{^}}#line 34 "{{.*}}.cpp"
// CUDA-NEXT: {{^ *}}{{{$}}
// CUDA-NEXT: {{^ *}}t   +=x[e * 8 + j] * a;
// The general path's header, and the region's end.
// CUDA: {{^}}#line 34 "{{.*}}.cpp"
// CUDA-NEXT: {{^}}    for (int hpp_k1 = 0; hpp_k1 < hpp_c1; ++hpp_k1) {{{$}}
// CUDA-NEXT: {{^}}      const hpprt::index_t hpp_iv1 ={{$}}
// CUDA-NEXT: {{^}}          hpp_r1 + static_cast<hpprt::index_t>(hpp_k1) * hpp_s1;{{$}}
// CUDA-NEXT: {{^}}      int j = hpprt::index_at(hpp_lb1_0, hpp_iv1, 1);{{$}}
// CUDA-NEXT: {{^}}#line 34 "{{.*}}.cpp"
// CUDA-NEXT: {{^}}    {{{$}}
// CUDA: {{^}}    s += t;
// CUDA-NEXT: {{^}}  }{{$}}
// CUDA-NEXT: {{^}}      }{{$}}
// CUDA-NEXT: {{^}}      hpprt::cuda::finish_reduction(hpp_dev_s, s, false);
// CUDA-NEXT: {{^}}    };{{$}}
// CUDA-NEXT: {{^}}    hpprt::cuda::launch(hpp_launch, hpp_kernel_scale_L{{[0-9]+}}<decltype(hpp_body)>,{{$}}
// CUDA-NEXT: {{^}}                        HPPRT_GPU_TEAM_BOUNDED({{$}}
// CUDA-NEXT: {{^}}                            hpp_bounded_kernel_scale_L{{[0-9]+}}<decltype(hpp_body)>),{{$}}
// CUDA-NEXT: {{^}}                        hpp_body);{{$}}
// CUDA-NEXT: {{^}}    s = hpp_red_s.result();
// CUDA-NEXT: {{^}}  } // hpp region 'scale_L{{[0-9]+}}'
// A guard around a statement on one line shares it; around one on two
// lines, it takes lines of its own. The thread loop's copy for a team of
// one warp comes first (its body as emitted, the guard included), then the
// general path checked here.
// CUDA-LABEL: {{^}}void guarded(
// CUDA: {{^}}      int j = hpprt::index_at(hpp_lb1_0, hpp_iv1, 1);{{$}}
// CUDA-NEXT: {{^}}#line 57 "{{.*}}.cpp"
// CUDA-NEXT: {{^}}                                if (hpprt::cuda::is_vector_leader()) { z[e * 4 + j] = j; }{{$}}
// CUDA-NEXT: {{^}}        }{{$}}
// CUDA-NEXT: {{^}}      }{{$}}
// CUDA-NEXT: {{^}}    }{{$}}
// CUDA-NEXT: {{^}}#line 58 "{{.*}}.cpp"
// CUDA-NEXT: {{^}}    if (hpprt::cuda::is_team_leader()) {{{$}}
// CUDA-NEXT: {{^}}#line 58 "{{.*}}.cpp"
// CUDA-NEXT: {{^}}    if (e > 0){{$}}
// CUDA-NEXT: {{^}}      y[e] = z[e * 4];{{$}}
// CUDA-NEXT: {{^}}    }{{$}}
// CUDA-NEXT: {{^}}#line 60 "{{.*}}.cpp"
// CUDA-NEXT: {{^}}  }{{$}}

// NONE: { // hpp region 'scale_L{{[0-9]+}}' (team loop)
// NONE-NEXT: int hpp_lb0_0 = 0;
// NONE-NEXT: const auto hpp_ub0_0 = n;
// NONE-NEXT: const hpprt::index_t hpp_n0_0 = hpprt::trip_count<hpprt::Cmp::Lt>(hpp_lb0_0, hpp_ub0_0, 1);

// FILE: {{^}}  { // hpp region 'scale_L{{[0-9]+}}' (team loop)
// FILE: {{^}}     int hpp_lb0_0 = 0;
// FILE: {{^}}     auto hpp_region_scale_L{{[0-9]+}} = [&]() {
// FILE-NEXT: {{^}}        hpprt::RegionScope hpp_scope(

// BAD: hppc: warning: cannot read the style for '{{.*}}in.cpp' (LLVM style used)
// BADOPT: hppc: error: unknown --format 'pretty' (none, llvm or file)
