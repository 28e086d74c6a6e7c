// A program for both backends; its GPU run fails, as it would on a machine
// without a GPU.
// OPENMP-RUN: true
// CUDA-BUILD: true
// CUDA-RUN: false
