//===- ManagedHeapTest.cu - Tests of the opt-in managed heap --------------===//
/// \file
/// Linked with hpprt_cuda_managed_heap, so every allocation of this program
/// (malloc, new, std::vector, the C++ and CUDA runtimes' own) goes through
/// the managed heap: the tests check what the heap promises (alignment,
/// managed memory a kernel can write, realloc keeping contents, calloc
/// zeroing, many threads at once) and that the program as a whole runs.
/// A standalone program: prints one line per failed check, exits 1 if any.
//===----------------------------------------------------------------------===//

#include <cuda_runtime.h>

#include <atomic>
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <malloc.h>
#include <new>
#include <random>
#include <string>
#include <thread>
#include <vector>

namespace {

int Failures = 0;

#define CHECK(cond)                                                                        \
  do {                                                                                     \
    if (!(cond)) {                                                                         \
      std::printf("FAIL %s:%d: %s\n", __FILE__, __LINE__, #cond);                          \
      ++Failures;                                                                          \
    }                                                                                      \
  } while (0)

bool aligned(const void *P, std::size_t A) { return reinterpret_cast<std::uintptr_t>(P) % A == 0; }

bool managed(const void *P) {
  cudaPointerAttributes A{};
  if (cudaPointerGetAttributes(&A, P) != cudaSuccess) {
    (void)cudaGetLastError();
    return false;
  }
  return A.type == cudaMemoryTypeManaged;
}

// Constructed by an unprioritised constructor: after the heap's.
std::vector<int> Global(1000, 7);

__global__ void fill(int *P, int N, int V) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    P[I] = V + I;
}

void sizesAndKinds() {
  const std::size_t Sizes[] = {0, 1, 15, 16, 17, 100, 255, 256, 257, 1000, 4096, 65536,
                               262000, 262144, 300000, std::size_t(5) << 20,
                               std::size_t(80) << 20};
  for (std::size_t S : Sizes) {
    char *P = static_cast<char *>(std::malloc(S));
    CHECK(P != nullptr);
    CHECK(aligned(P, 16));
    CHECK(managed(P));
    CHECK(malloc_usable_size(P) >= S);
    if (S)
      std::memset(P, 0x5a, S);
    std::free(P);
  }
  CHECK(managed(Global.data()));
  CHECK(Global[999] == 7);
}

void alignment() {
  for (std::size_t A : {32u, 64u, 128u, 256u, 512u, 4096u, 65536u}) {
    for (std::size_t S : {1u, 100u, 5000u, 300000u}) {
      void *P = aligned_alloc(A, S);
      CHECK(P && aligned(P, A) && managed(P));
      std::free(P);
      void *Q = nullptr;
      CHECK(posix_memalign(&Q, A, S) == 0 && aligned(Q, A));
      std::free(Q);
      void *R = ::operator new(S, std::align_val_t(A));
      CHECK(aligned(R, A) && managed(R));
      ::operator delete(R, std::align_val_t(A));
    }
  }
  void *Q = nullptr;
  CHECK(posix_memalign(&Q, 24, 10) == EINVAL);
  struct alignas(128) Wide {
    double X[3];
  };
  Wide *W = new Wide[7];
  CHECK(aligned(W, 128) && managed(W));
  delete[] W;
  void *V = valloc(10);
  CHECK(aligned(V, 4096));
  std::free(V);
}

void reallocation() {
  unsigned char *P = static_cast<unsigned char *>(std::malloc(40));
  for (int I = 0; I < 40; ++I)
    P[I] = static_cast<unsigned char>(I);
  // Small to small, to large, to larger, then smaller: contents kept.
  for (std::size_t S : {std::size_t(200), std::size_t(70000), std::size_t(1) << 20,
                        std::size_t(9) << 20, std::size_t(60)}) {
    P = static_cast<unsigned char *>(std::realloc(P, S));
    CHECK(P != nullptr && managed(P));
    bool Same = true;
    for (int I = 0; I < 40; ++I)
      Same &= P[I] == static_cast<unsigned char>(I);
    CHECK(Same);
  }
  CHECK(std::realloc(P, 0) == nullptr);
  void *N = std::realloc(nullptr, 24);
  CHECK(N && managed(N));
  std::free(N);
  std::free(nullptr);
}

void zeroing() {
  for (std::size_t S : {std::size_t(48), std::size_t(5000), std::size_t(3) << 20}) {
    // Dirty a block of the size, free it, then calloc what likely reuses it.
    char *D = static_cast<char *>(std::malloc(S));
    std::memset(D, 0xff, S);
    std::free(D);
    char *Z = static_cast<char *>(std::calloc(S, 1));
    bool Zero = Z != nullptr;
    for (std::size_t I = 0; Zero && I < S; ++I)
      Zero = Z[I] == 0;
    CHECK(Zero);
    std::free(Z);
  }
  errno = 0;
  volatile std::size_t Huge = SIZE_MAX; // volatile: the compiler warns of constant ones
  CHECK(std::calloc(Huge / 2, 3) == nullptr && errno == ENOMEM);
  CHECK(std::malloc(Huge) == nullptr);
  CHECK(::operator new(Huge, std::nothrow) == nullptr);
  bool Threw = false;
  try {
    (void)::operator new[](Huge);
  } catch (const std::bad_alloc &) {
    Threw = true;
  }
  CHECK(Threw);
}

void kernelsReachHeapData() {
  std::vector<int> V(100000);       // large: a managed allocation of its own
  int *Small = new int[100];        // small: a block of a managed chunk
  fill<<<(100000 + 255) / 256, 256>>>(V.data(), 100000, 3);
  fill<<<1, 128>>>(Small, 100, 9);
  CHECK(cudaDeviceSynchronize() == cudaSuccess);
  CHECK(V[0] == 3 && V[99999] == 3 + 99999);
  CHECK(Small[0] == 9 && Small[99] == 108);
  delete[] Small;
}

void manyThreads() {
  std::atomic<int> Bad{0};
  std::vector<std::thread> Threads;
  for (int T = 0; T < 8; ++T)
    Threads.emplace_back([T, &Bad] {
      std::mt19937 Rng(T);
      std::vector<std::pair<unsigned char *, std::size_t>> Live;
      for (int I = 0; I < 20000; ++I) {
        if (Live.size() < 64 && (Rng() % 3 || Live.empty())) {
          std::size_t S = Rng() % 8 == 0 ? 1 + Rng() % 400000 : 1 + Rng() % 2000;
          auto *P = static_cast<unsigned char *>(std::malloc(S));
          if (!P || !aligned(P, 16)) {
            ++Bad;
            continue;
          }
          std::memset(P, (T * 31 + I) & 0xff, S);
          Live.push_back({P, S});
        } else {
          std::size_t K = Rng() % Live.size();
          auto [P, S] = Live[K];
          const unsigned char First = P[0];
          if (P[S - 1] != First || P[S / 2] != First)
            ++Bad; // another thread's block overlapped this one
          std::free(P);
          Live[K] = Live.back();
          Live.pop_back();
        }
      }
      for (auto &L : Live)
        std::free(L.first);
      std::string S(1000, 'x'); // the C++ library's own allocations
      if (S.size() != 1000)
        ++Bad;
    });
  for (std::thread &T : Threads)
    T.join();
  CHECK(Bad == 0);
}

} // namespace

int main() {
  sizesAndKinds();
  alignment();
  reallocation();
  zeroing();
  kernelsReachHeapData();
  manyThreads();
  std::printf("%s: %d failed check(s)\n", Failures ? "FAIL" : "PASS", Failures);
  return Failures ? 1 : 0;
}
