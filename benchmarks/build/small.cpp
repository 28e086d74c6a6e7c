// A tiny translation unit without annotations: what hppc++ adds to the
// cheapest compile (benchmarks/build/run.py, pass-through rows).
int answer() { return 42; }
