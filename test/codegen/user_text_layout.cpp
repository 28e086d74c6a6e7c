// Copies of the user's text in generated code keep the user's layout. A
// vector loop's body is copied into the specialised warp-wide path and a
// scan's input phase is repeated; both are nested in generated blocks that
// are indented to the pragma's column. Indenting the copy's continuation
// lines put blanks inside a raw string literal and after a line splice in
// a string literal: the program's data changed silently (sizeof 8 became
// 12 here). The lines after the literals' line breaks start at column 0.
// RUN: %hppc translate --backend=cuda %s -o %t.cu -- -I %hpp_include
// RUN: %FileCheck %s --check-prefix=CUDA --input-file %t.cu
// RUN: %hppc translate --backend=hip %s -o %t.hip -- -I %hpp_include
// RUN: %FileCheck %s --check-prefix=HIP --input-file %t.hip
// RUN: %hppc translate --backend=openmp %s -o %t.omp.cpp -- -I %hpp_include
// RUN: %FileCheck %s --check-prefix=OMP --input-file %t.omp.cpp
// RUN: %if nvcc %{ %nvcc_hpp -c %t.cu -o %t.o %}
#include <hpp/hpp.hpp>

void literals(long *a, const long *in, long *out, int n, int m) {
    #pragma hpp team
    for (int i = 0; i < n; ++i) {
        #pragma hpp vector
        for (int j = 0; j < m; ++j) {
            a[i * m + j] = sizeof(R"(one
two)") + sizeof("three\
four");
        }
    }
    long s = 0;
    #pragma hpp parallel reduction(inscan, +: s)
    for (int i = 0; i < n; ++i) {
        s += in[i] + sizeof(R"(x
y)");
        #pragma hpp scan inclusive(s)
        out[i] = s;
    }
}

// The specialised copy (a team-vector loop: 256 lanes) and the general
// loop: both keep the literals.
// CUDA: if (hpp_s{{[0-9]+}} == 256) {
// CUDA: a[i * m + j] = sizeof(R"(one
// CUDA-NEXT: {{^}}two)") + sizeof("three\
// CUDA-NEXT: {{^}}four");
// CUDA: a[i * m + j] = sizeof(R"(one
// CUDA-NEXT: {{^}}two)") + sizeof("three\
// CUDA-NEXT: {{^}}four");
// CUDA: s += in[i] + sizeof(R"(x
// CUDA-NEXT: {{^}}y)");
// HIP: if (hpp_s{{[0-9]+}} == 256) {
// HIP: a[i * m + j] = sizeof(R"(one
// HIP-NEXT: {{^}}two)") + sizeof("three\
// HIP-NEXT: {{^}}four");
// HIP: a[i * m + j] = sizeof(R"(one
// HIP-NEXT: {{^}}two)") + sizeof("three\
// HIP-NEXT: {{^}}four");
// HIP: s += in[i] + sizeof(R"(x
// HIP-NEXT: {{^}}y)");
// OMP: { // hpp team-vector loop (vectorised where the compiler finds it profitable)
// OMP: a[i * m + j] = sizeof(R"(one
// OMP-NEXT: {{^}}two)") + sizeof("three\
// OMP-NEXT: {{^}}four");
// OMP: s += in[i] + sizeof(R"(x
// OMP-NEXT: {{^}}y)");
// OMP: hpp_scan_s.put(omp_get_thread_num(), s);
// OMP: s += in[i] + sizeof(R"(x
// OMP-NEXT: {{^}}y)");
