// A program for the OpenMP backend alone.
// OPENMP-RUN: true
