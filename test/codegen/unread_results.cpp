// A reduction or scan variable that nothing can read after its region (a
// local only the loop mentions, in a scope where the region runs once) is
// not delivered to the host on GPUs: nothing waits for it (a region whose
// memory is device memory returns at once). A delivered result is waited
// for where the epilogue reads it (result()); the launch itself need not
// wait either way. Whatever hppc cannot prove unread is delivered: a later
// use, a use before the region that may let it escape (address, reference,
// lambda capture), a loop, lambda or label around the region, a reference
// or volatile variable, the name anywhere later in the scope's text. The
// report says which results are not read; OpenMP assigns them anyway.
// RUN: %hppc translate --format=none --backend=cuda %s -o %t.cu
// RUN: %FileCheck %s --check-prefix=CUDA --input-file %t.cu
// RUN: %hppc translate --format=none --backend=hip %s -o %t.hip
// RUN: %hip_as_cuda %t.hip | %same_code - %t.cu
// RUN: %hppc translate --format=none --backend=openmp %s -o %t.omp.cpp
// RUN: %FileCheck %s --check-prefix=OMP --input-file %t.omp.cpp
// RUN: %hppc translate --format=none --backend=cuda --report %s -o %t.2.cu | %FileCheck %s --check-prefix=REPORT
// RUN: %hppc translate --format=none --backend=cuda --report-json %t.json %s -o %t.3.cu
// RUN: %FileCheck %s --check-prefix=JSON --input-file %t.json
// RUN: %if nvcc %{ %nvcc_hpp -c %t.cu -o %t.o %}

#include <cstdio>

// The running value of a scan that fills an array: unread.
void fill_offsets(int n, const double *in, double *out) {
  double s = 0;
  #pragma hpp parallel reduction(inscan, + : s) name("unread_scan")
  for (int i = 0; i < n; ++i) {
    out[i] = s;
    #pragma hpp scan exclusive(s)
    s += in[i];
  }
}

// A parameter taken by value is the function's own local.
void by_value(int n, const double *in, double *out, double s) {
  #pragma hpp parallel reduction(inscan, + : s) name("unread_param")
  for (int i = 0; i < n; ++i) {
    s += in[i];
    #pragma hpp scan inclusive(s)
    out[i] = s;
  }
}

// Read after the region: delivered.
double total(int n, const double *in, double *out) {
  double s = 0;
  #pragma hpp parallel reduction(inscan, + : s) name("read_later")
  for (int i = 0; i < n; ++i) {
    s += in[i];
    #pragma hpp scan inclusive(s)
    out[i] = s;
  }
  return s;
}

// The region runs again in s's lifetime and starts from its result.
void in_loop(int n, int steps, const double *in, double *out) {
  double s = 0;
  for (int k = 0; k < steps; ++k) {
    #pragma hpp parallel reduction(+ : s) name("in_loop")
    for (int i = 0; i < n; ++i)
      s += in[i];
    out[k] = 0;
  }
}

// The address escapes before the region.
void address_taken(int n, const double *in, double **where) {
  double s = 0;
  *where = &s;
  #pragma hpp parallel reduction(+ : s) name("address_taken")
  for (int i = 0; i < n; ++i)
    s += in[i];
}

// A lambda made before the region reads s when it is called.
void lambda_capture(int n, const double *in) {
  double s = 0;
  auto show = [&] { std::printf("%g\n", s); };
  #pragma hpp parallel reduction(+ : s) name("lambda_capture")
  for (int i = 0; i < n; ++i)
    s += in[i];
  show();
}

// A label: a goto may run the region again.
void labelled(int n, const double *in, int again) {
  double s = 0;
again:
  #pragma hpp parallel reduction(+ : s) name("labelled")
  for (int i = 0; i < n; ++i)
    s += in[i];
  if (--again > 0)
    goto again;
}

// A reference's object belongs to the caller.
void by_reference(int n, const double *in, double &s) {
  #pragma hpp parallel reduction(+ : s) name("by_reference")
  for (int i = 0; i < n; ++i)
    s += in[i];
}

// The name in text the compiler never sees still counts as a read.
void in_dead_text(int n, const double *in) {
  double s = 0;
  #pragma hpp parallel reduction(+ : s) name("dead_text")
  for (int i = 0; i < n; ++i)
    s += in[i];
#if 0
  std::printf("%g\n", s);
#endif
}

// minloc: both the value and the index must be unread.
int index_read(int n, const double *in) {
  double best = 1e300;
  int at = -1;
  #pragma hpp parallel reduction(minloc : best, at) name("index_read")
  for (int i = 0; i < n; ++i)
    if (in[i] < best) {
      best = in[i];
      at = i;
    }
  return at;
}

// CUDA: hpp_launch.device_only = hpp_launch.all_device(hpp_present_out, hpp_present_in);
// CUDA-NOT: hpp_scan_s.result()
// CUDA-NOT: finish_scan
// CUDA: } // hpp region 'unread_scan'
// CUDA: hpp_launch.device_only = hpp_launch.all_device(hpp_present_in, hpp_present_out);
// CUDA-NOT: hpp_scan_s.result()
// CUDA: } // hpp region 'unread_param'
// CUDA: hpp_launch.device_only = hpp_launch.all_device(
// A total the host reads: the kernel's last block to finish says so.
// CUDA: hpprt::cuda::finish_scan(hpp_dev_s);
// CUDA: s = hpp_scan_s.result();
// CUDA-NEXT: } // hpp region 'read_later'
// CUDA: hpp_launch.device_only = hpp_launch.all_device(
// CUDA: s = hpp_red_s.result();
// CUDA-NEXT: } // hpp region 'in_loop'
// CUDA: hpp_launch.device_only = hpp_launch.all_device(
// CUDA: s = hpp_red_s.result();
// CUDA-NEXT: } // hpp region 'address_taken'
// CUDA: hpp_launch.device_only = hpp_launch.all_device(
// CUDA: s = hpp_red_s.result();
// CUDA-NEXT: } // hpp region 'lambda_capture'
// CUDA: hpp_launch.device_only = hpp_launch.all_device(
// CUDA: s = hpp_red_s.result();
// CUDA-NEXT: } // hpp region 'labelled'
// CUDA: hpp_launch.device_only = hpp_launch.all_device(
// CUDA: s = hpp_red_s.result();
// CUDA-NEXT: } // hpp region 'by_reference'
// CUDA: hpp_launch.device_only = hpp_launch.all_device(
// CUDA: s = hpp_red_s.result();
// CUDA-NEXT: } // hpp region 'dead_text'
// CUDA: hpp_launch.device_only = hpp_launch.all_device(
// CUDA: std::tie(best, at) = hpp_red_best.result();
// CUDA-NEXT: } // hpp region 'index_read'

// OMP: hpp_red_s = hpp_scan_s.total(hpp_red_s, omp_get_max_threads());
// OMP-NEXT: } // hpp region 'unread_scan'

// REPORT: region 'unread_scan'
// REPORT: reductions: inscan +:s
// REPORT-NEXT: not read after the region (GPUs do not deliver them): s
// REPORT: region 'read_later'
// REPORT-NOT: not read after
// REPORT: region 'index_read'
// REPORT-NOT: not read after

// JSON: "read_after": false
// JSON: "name": "unread_scan"
// JSON: "read_after": false
// JSON: "name": "unread_param"
// JSON: "read_after": true
// JSON: "name": "read_later"
