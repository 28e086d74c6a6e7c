// map clauses, data constructs and implicit container maps. CUDA enters
// each item into the runtime's present table before the launch (a
// DataScope, exited when the region's block ends), gives the lambda the
// device addresses of captured pointers and spans of mapped containers; a
// data construct wraps its statement in a DataScope; stand-alone
// directives become runtime calls. OpenMP shares the host's memory: the
// pragmas become comments and nothing is copied.
// RUN: %hppc translate --backend=openmp %s -o %t.cpp --report | %FileCheck %s --check-prefix=REPORT
// RUN: %FileCheck %s --check-prefix=OMP --input-file %t.cpp
// RUN: %hppc translate --backend=cuda %s -o %t.cu
// RUN: %FileCheck %s --check-prefix=CUDA --input-file %t.cu
// RUN: %if nvcc %{ %nvcc_hpp -c %t.cu -o %t.o %}
#include <vector>

void axpy(int n, double a, const double *x, double *y) {
#pragma hpp parallel map(to: x[0:n]) map(tofrom: y[2:n - 2])
  for (int i = 2; i < n; ++i)
    y[i] += a * x[i];
}
// REPORT: region 'axpy_L16' (flat loop)
// REPORT: maps: to: x[0:n], tofrom: y[2:n - 2]
// CUDA: hpprt::cuda::DataScope{{[[:space:]]+}}hpp_map({{[[:space:]]*}}"{{.*}}map.cpp",{{[[:space:]]+}}16,{{[[:space:]]+}}hpp_launch.stream);
// CUDA-NEXT: hpp_map.map(hpprt::cuda::MapKind::To, hpprt::cuda::section_base(x), (0), (n),
// CUDA-NEXT: "to: x[0:n]");
// CUDA-NEXT: hpp_map.map(hpprt::cuda::MapKind::ToFrom, hpprt::cuda::section_base(y), (2),
// CUDA-NEXT: (n - 2), "tofrom: y[2:n - 2]");
// CUDA-DAG: auto *const hpp_present_y = hpprt::cuda::present_section(y, (2));
// CUDA-DAG: auto *const hpp_present_x = hpprt::cuda::present_section(x, (0));
// CUDA: hpp_launch.check_pointer(hpp_present_y + (2), "y");
// CUDA: hpp_launch.device_only =
// CUDA-NEXT: hpp_launch.all_device(hpp_present_y + (2), hpp_present_x);
// CUDA: auto hpp_body = [=, y = hpp_present_y, x = hpp_present_x] __device__
// OMP: void axpy(
// OMP-NOT: hpp_map
// OMP: #pragma omp parallel

double sum(const std::vector<double> &v, std::vector<double> &w) {
  double s = 0;
#pragma hpp parallel reduction(+: s)
  for (int i = 0; i < (int)v.size(); ++i) {
    s += v[i];
    w[i] = v[i];
  }
  return s;
}
// REPORT: region 'sum_L{{[0-9]+}}' (flat loop)
// REPORT: maps: to: v (implicit), tofrom: w (implicit)
// CUDA: hpp_map.map(hpprt::cuda::MapKind::To, hpprt::cuda::section_base(v), 0,
// CUDA-NEXT: hpprt::cuda::whole_extent(v), "to: v");
// CUDA-NEXT: hpp_map.map(hpprt::cuda::MapKind::ToFrom, hpprt::cuda::section_base(w), 0,
// CUDA-NEXT: hpprt::cuda::whole_extent(w), "tofrom: w");
// CUDA: auto hpp_body =
// CUDA-NEXT: [=, v = hpprt::cuda::span_of(v, 0), w = hpprt::cuda::span_of(w, 0),
// CUDA-NEXT: hpp_dev_s =
// CUDA-NEXT: hpp_red_s.device()] __device__

void run(int n, double *x, double *y) {
#pragma hpp data map(to: x[0:n]) map(tofrom: y[0:n])
  {
    for (int it = 0; it < 10; ++it)
      axpy(n, 2.0, x, y);
#pragma hpp update host(y[0:n])
#pragma hpp update device(y[0:n])
  }
#pragma hpp enter data map(alloc: x[0:n])
#pragma hpp exit data map(delete: x[0:n])
}
// REPORT: map.cpp:{{[0-9]+}}: data: to: x[0:n], tofrom: y[0:n]
// REPORT: map.cpp:{{[0-9]+}}: update: host(y[0:n])
// REPORT: map.cpp:{{[0-9]+}}: update: device(y[0:n])
// REPORT: map.cpp:{{[0-9]+}}: enter data: alloc: x[0:n]
// REPORT: map.cpp:{{[0-9]+}}: exit data: delete: x[0:n]
// CUDA: { // hpp data from {{.*}}map.cpp:{{[0-9]+}}
// CUDA-NEXT: hpprt::cuda::DataScope{{[[:space:]]+}}hpp_data0({{[[:space:]]*}}"{{.*}}map.cpp",{{[[:space:]]+}}{{[0-9]+}},{{[[:space:]]+}}hpprt::cuda::default_stream_handle({{[[:space:]]*}}));
// CUDA-NEXT: hpp_data0.map(hpprt::cuda::MapKind::To, hpprt::cuda::section_base(x), (0),
// CUDA-NEXT: (n), "to: x[0:n]");
// CUDA-NEXT: hpp_data0.map(hpprt::cuda::MapKind::ToFrom, hpprt::cuda::section_base(y), (0),
// CUDA-NEXT: (n), "tofrom: y[0:n]");
// CUDA: hpprt::cuda::update_data({{[[:space:]]*}}hpprt::cuda::MapKind::From,{{[[:space:]]+}}hpprt::cuda::section_base({{[[:space:]]*}}y),{{[[:space:]]+}}({{[[:space:]]*}}0),{{[[:space:]]+}}({{[[:space:]]*}}n),{{[[:space:]]+}}"host({{[[:space:]]*}}y[0:n])",{{[[:space:]]+}}"{{.*}}map.cpp",{{[[:space:]]+}}{{[0-9]+}},{{[[:space:]]+}}hpprt::cuda::default_stream_handle({{[[:space:]]*}}));
// CUDA: hpprt::cuda::update_data({{[[:space:]]*}}hpprt::cuda::MapKind::To,{{[[:space:]]+}}hpprt::cuda::section_base({{[[:space:]]*}}y),{{[[:space:]]+}}({{[[:space:]]*}}0),{{[[:space:]]+}}({{[[:space:]]*}}n),{{[[:space:]]+}}"device({{[[:space:]]*}}y[0:n])",{{[[:space:]]+}}"{{.*}}map.cpp",{{[[:space:]]+}}{{[0-9]+}},{{[[:space:]]+}}hpprt::cuda::default_stream_handle({{[[:space:]]*}}));
// CUDA: } // hpp data from {{.*}}map.cpp:{{[0-9]+}}
// CUDA: hpprt::cuda::enter_data({{[[:space:]]*}}hpprt::cuda::MapKind::Alloc,{{[[:space:]]+}}hpprt::cuda::section_base({{[[:space:]]*}}x),{{[[:space:]]+}}({{[[:space:]]*}}0),{{[[:space:]]+}}({{[[:space:]]*}}n),{{[[:space:]]+}}"alloc:{{[[:space:]]+}}x[0:n]",{{[[:space:]]+}}"{{.*}}map.cpp",{{[[:space:]]+}}{{[0-9]+}},{{[[:space:]]+}}hpprt::cuda::default_stream_handle({{[[:space:]]*}}));
// CUDA: hpprt::cuda::exit_data({{[[:space:]]*}}hpprt::cuda::MapKind::Delete,{{[[:space:]]+}}hpprt::cuda::section_base({{[[:space:]]*}}x),{{[[:space:]]+}}({{[[:space:]]*}}0),{{[[:space:]]+}}({{[[:space:]]*}}n),{{[[:space:]]+}}"delete:{{[[:space:]]+}}x[0:n]",{{[[:space:]]+}}"{{.*}}map.cpp",{{[[:space:]]+}}{{[0-9]+}},{{[[:space:]]+}}hpprt::cuda::default_stream_handle({{[[:space:]]*}}));
// OMP: // hpp data: host memory, nothing to copy
// OMP: // hpp update: host memory, nothing to copy
// OMP: // hpp update: host memory, nothing to copy
// OMP: // hpp enter data: host memory, nothing to copy
// OMP: // hpp exit data: host memory, nothing to copy

// Two regions that map the same vector implicitly copy it twice: the GPU
// reports say so, and what would copy it once.
void twice(std::vector<double> &v) {
#pragma hpp parallel
  for (int i = 0; i < (int)v.size(); ++i)
    v[i] += 1;
#pragma hpp parallel
  for (int i = 0; i < (int)v.size(); ++i)
    v[i] *= 2;
}
// RUN: %hppc translate --backend=cuda %s -o %t2.cu --report | %FileCheck %s --check-prefix=GPUREPORT
// GPUREPORT: region 'twice_L{{[0-9]+}}'
// GPUREPORT: region 'twice_L[[LINE2:[0-9]+]]'
// GPUREPORT: note: 'v' is copied again here after region 'twice_L{{[0-9]+}}' (line {{[0-9]+}}); '#pragma hpp data map(tofrom: v)' around both copies it once
// REPORT-NOT: note: 'v' is copied again
