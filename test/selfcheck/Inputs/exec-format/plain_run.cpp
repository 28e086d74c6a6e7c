// A plain RUN line says no backend.
// OPENMP-RUN: true
// RUN: true
