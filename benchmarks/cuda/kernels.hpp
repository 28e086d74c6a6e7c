// Declarations shared by the annotated kernels (hpp_kernels.cpp, translated
// by hppc), the hand-written baselines (baselines.cu) and the driver
// (main.cu). Plain C++: hppc parses hpp_kernels.cpp, which includes this.
#pragma once

// --- hpp versions (hpp_kernels.cpp) -----------------------------------------
void hpp_daxpy(int n, double a, const double* x, double* y);
void hpp_triad(int n, double s, const double* b, const double* c, double* a);
double hpp_dot(int n, const double* x, const double* y);
double hpp_sum(int n, const double* x);
long hpp_inclusive_scan(int n, const long* in, long* out);
long hpp_exclusive_scan(int n, const long* in, long* out);
double hpp_yax(int rows, int cols, const double* y, const double* A, const double* x);
double hpp_yax3(int E, int N, int M, const double* y, const double* A, const double* x);
double hpp_yax3_wide(int E, int N, int M, const double* y, const double* A, const double* x);
void hpp_contract(int E, int VS, int QP, const double* fields, const double* data,
                  double* out);
void hpp_transpose(int R, int C, const double* in, double* out);
void hpp_transpose_rows(int R, int C, const double* in, double* out);
void hpp_histogram(int n, const int* in, int* h);
void hpp_empty(int n);

// --- hpp::parallel_* API forms (api_kernels.cpp) ------------------------------
double api_yax(int rows, int cols, const double* y, const double* A, const double* x);
double api_yax3(int E, int N, int M, const double* y, const double* A, const double* x);
void api_contract(int E, int VS, int QP, const double* fields, const double* data,
                  double* out);

// --- the same over unmanaged hpp::Views (view_kernels.cpp) ---------------------
double view_yax(int rows, int cols, const double* y, const double* A, const double* x);
double view_yax3(int E, int N, int M, const double* y, const double* A, const double* x);
double view_yax_pragma(int rows, int cols, const double* y, const double* A, const double* x);
double view_yax3_pragma(int E, int N, int M, const double* y, const double* A, const double* x);
// Results left in device memory (a rank-0 View over result), as CUB's are.
void view_sum(int n, const double* x, double* result);
void view_dot(int n, const double* x, const double* y, double* result);

// --- baselines (baselines.cu) -------------------------------------------------
void base_daxpy(int n, double a, const double* x, double* y);
void base_triad(int n, double s, const double* b, const double* c, double* a);
// Reductions and scans use CUB; temp is device scratch of temp_bytes,
// result a device scalar. The *_query functions return the bytes needed.
unsigned long base_reduce_temp_bytes(int n);
unsigned long base_scan_temp_bytes(int n);
void base_dot(int n, const double* x, const double* y, double* prod, void* temp,
              unsigned long temp_bytes, double* result);
void base_sum(int n, const double* x, void* temp, unsigned long temp_bytes, double* result);
void base_inclusive_scan(int n, const long* in, long* out, void* temp, unsigned long temp_bytes);
void base_exclusive_scan(int n, const long* in, long* out, void* temp, unsigned long temp_bytes);
void base_yax(int rows, int cols, const double* y, const double* A, const double* x,
              double* result);
void base_yax3(int E, int N, int M, const double* y, const double* A, const double* x,
               double* result);
void base_contract(int E, int VS, int QP, const double* fields, const double* data,
                   double* out);
void base_transpose(int R, int C, const double* in, double* out);
void base_histogram(int n, const int* in, int* h);
void base_empty();
