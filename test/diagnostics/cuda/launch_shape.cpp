// Constant team shapes no GPU of the target can launch are refused at the
// clause, for CUDA and HIP, instead of failing at every launch: vector lanes
// lie in one warp (32 lanes on NVIDIA GPUs, at most 64 on AMD ones) and a
// block has at most 1024 threads. Shapes known only at run time, and those
// within the limits, translate; the OpenMP backend takes them all.
// RUN: %hppc translate --format=none --backend=cuda %s -o %t.cu -- -Xclang -verify=both,cuda
// RUN: %hppc translate --format=none --backend=hip %s -o %t.hip -- -Xclang -verify=both,hip
// RUN: %hppc translate --format=none --backend=openmp %s -o %t.cpp

constexpr int Wide = 128;

void lanes(int n, double *x) {
  // cuda-error@+1 {{vector_length(64) is wider than a warp of any CUDA GPU: vector lanes lie in one warp, which has at most 32 lanes}}
#pragma hpp team vector_length(64)
  for (int e = 0; e < n; ++e) {
#pragma hpp vector
    for (int k = 0; k < 64; ++k)
      x[e * 64 + k] = k;
  }
  // both-error@+1 {{vector_length(128) is wider than a warp of any}}
#pragma hpp team vector_length(Wide)
  for (int e = 0; e < n; ++e) {
#pragma hpp vector
    for (int k = 0; k < 64; ++k)
      x[e * 64 + k] = k;
  }
}

void threads(int n, int runtime_size, double *x) {
  // both-error@+1 {{team_size(2048) with 1 vector lane asks for 2048 x 1 threads per team, more than any}}
#pragma hpp team team_size(2048)
  for (int e = 0; e < n; ++e) {
#pragma hpp thread
    for (int k = 0; k < 4; ++k)
      x[e * 4 + k] = k;
  }
  // both-error@+1 {{team_size(64) with 32 vector lanes asks for 64 x 32 threads per team, more than any}}
#pragma hpp team team_size(64) vector_length(32)
  for (int e = 0; e < n; ++e) {
#pragma hpp thread
    for (int j = 0; j < 4; ++j) {
#pragma hpp vector
      for (int k = 0; k < 4; ++k)
        x[e * 16 + j * 4 + k] = k;
    }
  }
  // Within the limits, or known only at run time (the runtime checks it
  // against the device at launch): accepted.
#pragma hpp team team_size(32) vector_length(32)
  for (int e = 0; e < n; ++e) {
#pragma hpp thread
    for (int j = 0; j < 4; ++j) {
#pragma hpp vector
      for (int k = 0; k < 4; ++k)
        x[e * 16 + j * 4 + k] = k;
    }
  }
#pragma hpp team team_size(runtime_size)
  for (int e = 0; e < n; ++e) {
#pragma hpp thread
    for (int k = 0; k < 4; ++k)
      x[e * 4 + k] = k;
  }
}
