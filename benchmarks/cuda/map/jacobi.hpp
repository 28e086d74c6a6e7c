#pragma once
void jacobi_data_region(int n, int iters, double *a, double *b);
void jacobi_device(int n, int iters, double *a, double *b);
void jacobi_per_launch(int n, int iters, double *a, double *b);
