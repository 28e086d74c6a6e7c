// A write to memory in the input phase of a scan: the message names what
// is written, as it does for variables ("'T' is written"). A View element
// is memory: reading it (and the view's extents) is what an input phase
// does, writing it is refused like a pointer's element.
// RUN: %hppc translate --backend=openmp %s -o %t.out -- -ferror-limit=0 -Xclang -verify
#include <hpp/view.hpp>

void scanInputMemory(int N, const double *In, double *Out, double *Other) {
  double S = 0;
#pragma hpp parallel reduction(inscan, +: S)
  for (int I = 0; I < N; ++I) {
    S += In[I];
    // expected-error@+1 {{the input phase of a scan may only update the scan variable; 'Other[I]' is written}}
    Other[I] = In[I];
#pragma hpp scan inclusive(S)
    Out[I] = S;
  }

#pragma hpp parallel reduction(inscan, +: S)
  for (int I = 0; I < N; ++I) {
    Out[I] = S;
#pragma hpp scan exclusive(S)
    S += In[I];
    // expected-error@+1 {{the input phase of a scan may only update the scan variable; '*Other' is written}}
    *Other += 1;
  }
}

void scanInputView(int N, hpp::View<const double, 1> In, hpp::View<double, 2> Out) {
  double S = 0;
#pragma hpp parallel reduction(inscan, +: S)
  for (int I = 0; I < N; ++I) {
    S += In(I) * In.extent(0) + In[I];
    // expected-error@+1 {{the input phase of a scan may only update the scan variable; 'Out(I, 1)' is written}}
    Out(I, 1) = In(I);
#pragma hpp scan inclusive(S)
    Out(I, 0) = S;
  }

#pragma hpp parallel reduction(inscan, +: S)
  for (int I = 0; I < N; ++I) {
    Out.access(I, 0) = S;
#pragma hpp scan exclusive(S)
    S += In.access(I);
  }
}
