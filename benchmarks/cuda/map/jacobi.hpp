#pragma once
/// The loop's time in seconds (not the copies).
double jacobi_data_region(int n, int iters, double *a, double *b);
double jacobi_device(int n, int iters, double *a, double *b);
void jacobi_per_launch(int n, int iters, double *a, double *b);
