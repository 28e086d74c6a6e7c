// hppc's output does not depend on where the allocator put the AST: the
// same input gives the same text on every run (an inserted barrier's reason
// used to name whichever conflicting variable came first in pointer order).
// RUN: %hppc translate --backend=cuda %S/../exec/scratch_levels.cpp -o %t.1.cu
// RUN: %hppc translate --backend=cuda %S/../exec/scratch_levels.cpp -o %t.2.cu
// RUN: %hppc translate --backend=cuda %S/../exec/scratch_levels.cpp -o %t.3.cu
// RUN: diff %t.1.cu %t.2.cu
// RUN: diff %t.1.cu %t.3.cu
// RUN: %hppc translate --backend=openmp %S/../exec/single_broadcast.cpp -o %t.1.cpp
// RUN: %hppc translate --backend=openmp %S/../exec/single_broadcast.cpp -o %t.2.cpp
// RUN: %hppc translate --backend=openmp %S/../exec/single_broadcast.cpp -o %t.3.cpp
// RUN: diff %t.1.cpp %t.2.cpp
// RUN: diff %t.1.cpp %t.3.cpp
