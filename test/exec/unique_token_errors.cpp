// OPENMP-RUN: %hppc translate --backend=openmp %s -o %t.cpp
// OPENMP-RUN: %cxx_omp %t.cpp -o %t %cxx_omp_link
// OPENMP-RUN: env OMP_NUM_THREADS=2 HPP_TOKEN_WAIT_MS=300 %t exhaust 2>&1 | %FileCheck %s --check-prefix=OMP-EXHAUST
// OPENMP-RUN: env OMP_NUM_THREADS=2 %t unheld 2>&1 | %FileCheck %s --check-prefix=UNHELD
// OPENMP-RUN: env OMP_NUM_THREADS=2 %t range 2>&1 | %FileCheck %s --check-prefix=RANGE
// OPENMP-RUN: %cxx_serial %s -o %t.ser
// OPENMP-RUN: %t.ser exhaust 2>&1 | %FileCheck %s --check-prefix=SERIAL-EXHAUST
// OPENMP-RUN: %t.ser unheld 2>&1 | %FileCheck %s --check-prefix=UNHELD
// OPENMP-RUN: %t.ser range 2>&1 | %FileCheck %s --check-prefix=RANGE
// CUDA-BUILD: %hppc translate --backend=cuda %s -o %t.cu
// CUDA-BUILD: %nvcc_hpp %t.cu -o %t %nvcc_hpp_link
// CUDA-RUN: env HPP_TOKEN_WAIT_MS=300 %t exhaust > %t.exhaust 2>&1
// CUDA-RUN: %FileCheck %s --check-prefix=GPU-EXHAUST --input-file=%t.exhaust
// CUDA-RUN: %t unheld > %t.unheld 2>&1
// CUDA-RUN: %FileCheck %s --check-prefix=GPU-UNHELD --input-file=%t.unheld

// UniqueToken misuse is a clear error, never a hang or garbage. exhaust:
// every iteration takes a second id of a one-id token while holding the
// first, so no id is ever released: the serial build throws at once (no
// other work could release one), OpenMP waits HPP_TOKEN_WAIT_MS and
// throws, a kernel prints the reason and traps, and the runtime names the
// kernel and its line. unheld: releasing an id twice. range: releasing an
// id the token never had. On the host the errors are exceptions that leave
// the region as in the serial build. On the GPU the device's printf and
// the host's message may come in either order (-DAG).
#include <cstdio>
#include <cstring>
#include <exception>
#include <hpp/hpp.hpp>

void exhaust(int n, int* out) {
  hpp::UniqueToken<> token(1);
#pragma hpp parallel
  for (int i = 0; i < n; ++i) {
    const int a = token.acquire();
    const int b = token.acquire();
    out[i] = a + b;
    token.release(b);
    token.release(a);
  }
}

void unheld(int n, int* out) {
  hpp::UniqueToken<> token(4);
#pragma hpp parallel
  for (int i = 0; i < n; ++i) {
    const int a = token.acquire();
    out[i] = a;
    token.release(a);
    if (i == n / 2) token.release(a);
  }
}

void range(int n, int* out) {
  hpp::UniqueToken<> token(4);
#pragma hpp parallel
  for (int i = 0; i < n; ++i) {
    out[i] = i;
    if (i == n - 1) token.release(token.size() + 3);
  }
}

int main(int argc, char** argv) {
  const char* what = argc > 1 ? argv[1] : "";
  const int n = 1000;
  int* out = hpp::alloc<int>(n, hpp::Space::Shared);
  try {
    if (!std::strcmp(what, "exhaust")) exhaust(n, out);
    if (!std::strcmp(what, "unheld")) unheld(n, out);
    if (!std::strcmp(what, "range")) range(n, out);
    std::printf("no error\n");
  } catch (const std::exception& e) {
    // The message is the result (checked by FileCheck); exit normally.
    std::printf("caught: %s\n", e.what());
  }
  return 0;
}

// SERIAL-EXHAUST: caught: hpp::UniqueToken::acquire: all 1 ids are held and no other work runs that could release one
// OMP-EXHAUST: caught: hpp::UniqueToken::acquire: all 1 ids of the token stayed held for 300 ms; ids are acquired without being released
// UNHELD: caught: hpp::UniqueToken::release: id {{[0-3]}} is not held by this token (released twice, or acquired from another token)
// RANGE: caught: hpp::UniqueToken::release: id 7 is not held by this token
// GPU-EXHAUST-DAG: hpp: UniqueToken::acquire in block {{[0-9]+}} thread {{[0-9]+}}: all 1 ids of the token stayed held for 300 ms
// GPU-EXHAUST-DAG: caught: hpp: kernel 'exhaust_L[[LINE:[0-9]+]]' ({{.*}}unique_token_errors.cpp:[[LINE]])
// GPU-UNHELD-DAG: hpp: UniqueToken::release in block {{[0-9]+}} thread {{[0-9]+}}: id {{[0-3]}} is not held by this token
// GPU-UNHELD-DAG: caught: hpp: kernel 'unheld_L[[LINE:[0-9]+]]' ({{.*}}unique_token_errors.cpp:[[LINE]])
