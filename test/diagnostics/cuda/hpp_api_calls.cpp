// hpp's own API in GPU regions. Atomics and UniqueToken are device code
// (HPP_FUNCTION in their headers): no diagnostic, and their host-only error
// paths (exceptions) are not reported as device code; the region becomes
// a kernel. Host-only API is refused in hpp_api_host_only.cpp.
// RUN: %hppc translate --format=none --backend=cuda %s -o %t.cu 2> %t.err
// RUN: %FileCheck %s --input-file=%t.err --check-prefix=ERR --allow-empty
// RUN: %hppc translate --format=none --backend=hip %s -o %t.hip -- -Xclang -verify
// RUN: %FileCheck %s --input-file=%t.cu --check-prefix=CU
// expected-no-diagnostics

#include <hpp/hpp.hpp>

// ERR-NOT: {{error|warning}}
// CU: auto hpp_body = [=, counts = hpp_present_counts, out = hpp_present_out] __device__
// CU: hpprt::cuda::launch(hpp_launch, hpp_kernel_allowed_L{{[0-9]+}}
void allowed(int n, double* out, int* counts) {
  hpp::UniqueToken<hpp::Scope::Global> token;
  hpp::UniqueToken<> sized(4);
#pragma hpp parallel
  for (int i = 0; i < n; ++i) {
    const int id = token.acquire();
    hpp::atomic_add(&counts[id % 4], 1);
    (void)hpp::atomic_fetch_max(out, double(id));
    (void)hpp::atomic_compare_exchange(&counts[0], 0, 1);
    token.release(id);
    hpp::AcquireUniqueToken<hpp::Scope::Instance> held(sized);
    hpp::atomic_xor(&counts[1], held.value());
  }
}

