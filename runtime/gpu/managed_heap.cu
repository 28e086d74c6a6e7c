//===- managed_heap.cu - malloc and operator new in managed memory -------===//
///
/// \file
/// The opt-in managed heap (`hppc++ --hpp-managed-heap`, HPP_MANAGED_HEAP=1):
/// linked into a program, these definitions of malloc, calloc, realloc,
/// free, the aligned allocators and every replaceable operator new/delete
/// replace libc's and libstdc++'s, and return CUDA/HIP managed memory, so
/// that std::vector, new[] and malloc data of an unmodified program is
/// reachable from GPU regions (as `nvc++ -gpu=managed` does).
///
/// Every block handed out carries a 16-byte Header just before it that says
/// where it came from (libc, a suballocated small block, a whole managed
/// allocation) and where its underlying block starts, so free needs no
/// table and aligned blocks free like any other.
///
/// libc serves every call made before the GPU runtime is initialised (the
/// shared libraries' and cudart's own constructors), while initialising it,
/// while the heap itself is inside a GPU runtime call (a thread-local
/// guard: the runtime allocates, and dlsym/pthread inside cuInit too), and
/// for calls from the GPU driver's and runtime's shared libraries (which
/// may allocate holding their own locks), so nothing recurses.
///
/// Small blocks are suballocated from large managed chunks by size class
/// (managed memory has page granularity and cudaMallocManaged costs
/// microseconds); large ones are managed allocations of their own, aligned
/// to 256 bytes as cudaMalloc's are. From the exit handler on, free does
/// nothing: the GPU runtime tears its context down at exit, and managed
/// memory goes with it.
///
//===----------------------------------------------------------------------===//

// Host code only: the device pass would see operator new/delete as
// __host__ __device__ functions calling host ones.
#ifndef HPPRT_GPU_DEVICE_PASS

#include <link.h>

#include <atomic>
#include <cerrno>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <new>

extern "C" {
// glibc's own allocator under its exported internal names: the fallback,
// reached without dlsym (which allocates).
void *__libc_malloc(std::size_t);
void *__libc_memalign(std::size_t, std::size_t);
void __libc_free(void *);
}

namespace {

using std::size_t;
using std::uintptr_t;

struct Header {
  std::uint64_t Usable; ///< bytes usable from the user's pointer on
  std::uint32_t Offset; ///< user's pointer minus the underlying block's start
  std::uint16_t Class;  ///< size class of a small block
  std::uint16_t Kind;
};
static_assert(sizeof(Header) == 16, "the header keeps blocks 16-byte aligned");

// Distinct values, so a header that is not one of ours is seen as such.
enum : std::uint16_t { KindLibc = 0x6c31, KindSmall = 0x7331, KindLarge = 0x6231 };

constexpr size_t MinAlign = 16;                 // malloc's guarantee on x86-64 and AArch64
constexpr size_t LargeAlign = 256;              // what cudaMalloc gives, for coalescing
constexpr size_t SmallMax = size_t(1) << 18;    // largest small block, header included
constexpr size_t ChunkBytes = size_t(64) << 20; // managed memory is populated on touch

// Size classes: 16-byte steps up to 256 bytes, then four per power of two.
constexpr unsigned FineClasses = 15; // 32, 48, ..., 256
constexpr unsigned NumClasses = FineClasses + 4 * (18 - 8);

unsigned classOf(size_t Bytes) {
  if (Bytes <= 256)
    return Bytes <= 32 ? 0 : unsigned((Bytes + 15) / 16 - 2);
  unsigned E = 63 - unsigned(__builtin_clzll(Bytes - 1)); // 2^E < Bytes <= 2^(E+1)
  size_t Step = size_t(1) << (E - 2);
  unsigned K = unsigned((Bytes - 1 - (size_t(1) << E)) / Step);
  return FineClasses + (E - 8) * 4 + K;
}

size_t classBytes(unsigned C) {
  if (C < FineClasses)
    return (size_t(C) + 2) * 16;
  unsigned E = 8 + (C - FineClasses) / 4, K = (C - FineClasses) % 4;
  return (size_t(1) << E) + (K + 1) * (size_t(1) << (E - 2));
}

// 0: not yet (libc), 1: initialising (libc), 2: managed, 3: no GPU (libc).
std::atomic<int> State{0};
std::atomic<bool> Exiting{false};
// Initial-exec TLS: the general model's __tls_get_addr may itself allocate.
#ifdef __NVCC__
#pragma nv_diag_suppress 1835 // nvcc's front end ignores tls_model; the host compiler does not
#endif
__attribute__((tls_model("initial-exec"))) thread_local int InRuntime = 0;

struct Guard {
  Guard() { ++InRuntime; }
  ~Guard() { --InRuntime; }
};

struct FreeBlock {
  FreeBlock *Next;
};

struct SizeClass {
  std::mutex Lock;
  FreeBlock *Free = nullptr;
};
SizeClass Classes[NumClasses];

std::mutex ChunkLock;
char *ChunkNext = nullptr, *ChunkEnd = nullptr;
char *SpareChunk = nullptr; // a refill that lost the race, for the next one

/// The code of the GPU driver and runtime libraries (libcuda, libcudart,
/// libamdhip64, ...): allocations called from there go to libc. The driver
/// may allocate while holding its own locks (lazy module loading inside a
/// launch does), and a managed allocation from there would call back into
/// it. Filled once by the constructor, read without a lock after that.
struct CodeRange {
  uintptr_t Lo, Hi;
};
constexpr int MaxRanges = 32;
CodeRange RuntimeCode[MaxRanges];
std::atomic<int> RuntimeCodeCount{0};

bool isRuntimeLibrary(const char *Path) {
  // With the tools the driver loads into the process (compute-sanitizer,
  // CUPTI-based profilers), whose callbacks run inside driver calls.
  for (const char *Name :
       {"/libcuda.so", "/libcudart.so", "/libnvidia-", "/libnvrtc", "/libcupti", "/libsanitizer",
        "/libToolsInjection", "/libnvperf", "/libInterceptorInjection", "/libTreeLauncher",
        "/libamdhip64.so", "/libhsa-runtime64.so", "/libhsakmt", "/libroctracer", "/librocprof"})
    if (std::strstr(Path, Name))
      return true;
  return false;
}

int noteRuntimeCode(dl_phdr_info *Info, size_t, void *) {
  if (!Info->dlpi_name || !isRuntimeLibrary(Info->dlpi_name))
    return 0;
  int N = RuntimeCodeCount.load(std::memory_order_relaxed);
  for (int I = 0; I < Info->dlpi_phnum && N < MaxRanges; ++I) {
    const ElfW(Phdr) &P = Info->dlpi_phdr[I];
    if (P.p_type != PT_LOAD || !(P.p_flags & PF_X))
      continue;
    RuntimeCode[N++] = {Info->dlpi_addr + P.p_vaddr, Info->dlpi_addr + P.p_vaddr + P.p_memsz};
  }
  RuntimeCodeCount.store(N, std::memory_order_release);
  return 0;
}

bool calledFromRuntime(const void *Caller) {
  const uintptr_t A = reinterpret_cast<uintptr_t>(Caller);
  const int N = RuntimeCodeCount.load(std::memory_order_acquire);
  for (int I = 0; I < N; ++I)
    if (A >= RuntimeCode[I].Lo && A < RuntimeCode[I].Hi)
      return true;
  return false;
}

void *managedAlloc(size_t Bytes) {
  Guard G;
  void *P = nullptr;
  if (HPPRT_GPU(MallocManaged)(&P, Bytes, HPPRT_GPU(MemAttachGlobal)) != HPPRT_GPU(Success)) {
    (void)HPPRT_GPU(GetLastError)();
    return nullptr;
  }
  return P;
}

/// A small block of class \p C: its free list, else carved from the chunk.
char *smallBlock(unsigned C) {
  SizeClass &SC = Classes[C];
  {
    std::lock_guard<std::mutex> L(SC.Lock);
    if (FreeBlock *B = SC.Free) {
      SC.Free = B->Next;
      return reinterpret_cast<char *>(B);
    }
  }
  const size_t Bytes = classBytes(C);
  char *Fresh = nullptr; // a chunk this thread allocated
  for (;;) {
    char *Block = nullptr, *Unneeded = nullptr;
    {
      std::lock_guard<std::mutex> L(ChunkLock);
      if (size_t(ChunkEnd - ChunkNext) < Bytes) {
        // The tail left is less than one block of this class: unused.
        if (!Fresh) {
          Fresh = SpareChunk;
          SpareChunk = nullptr;
        }
        if (Fresh) {
          ChunkNext = Fresh;
          ChunkEnd = Fresh + ChunkBytes;
          Fresh = nullptr;
        }
      } else if (Fresh) {
        // Another thread refilled first: ours serves the next refill.
        if (SpareChunk)
          Unneeded = Fresh;
        else
          SpareChunk = Fresh;
        Fresh = nullptr;
      }
      if (size_t(ChunkEnd - ChunkNext) >= Bytes) {
        Block = ChunkNext;
        ChunkNext += Bytes;
      }
    }
    if (Unneeded) {
      Guard G;
      if (HPPRT_GPU(Free)(Unneeded) != HPPRT_GPU(Success))
        (void)HPPRT_GPU(GetLastError)();
    }
    if (Block)
      return Block;
    // No lock is held across the runtime call: a thread the runtime holds
    // its own lock for may be allocating meanwhile.
    Fresh = static_cast<char *>(managedAlloc(ChunkBytes));
    if (!Fresh)
      return nullptr;
  }
}

char *alignUp(char *P, size_t Align) {
  return reinterpret_cast<char *>((reinterpret_cast<uintptr_t>(P) + Align - 1) & ~(Align - 1));
}

/// Puts the header before the first \p Align-aligned address past
/// \p Block's header room, and returns that address.
void *place(char *Block, size_t BlockBytes, size_t Align, std::uint16_t Kind, std::uint16_t Class) {
  char *User = alignUp(Block + sizeof(Header), Align);
  Header *H = reinterpret_cast<Header *>(User) - 1;
  H->Usable = BlockBytes - size_t(User - Block);
  H->Offset = std::uint32_t(User - Block);
  H->Class = Class;
  H->Kind = Kind;
  return User;
}

void *libcAlloc(size_t Bytes, size_t Align) {
  // Room for the header in front, kept at the alignment asked for.
  const size_t Front = Align < MinAlign ? MinAlign : Align;
  if (Bytes > SIZE_MAX - Front)
    return nullptr;
  char *Block = static_cast<char *>(Front == MinAlign ? __libc_malloc(Bytes + Front)
                                                      : __libc_memalign(Front, Bytes + Front));
  return Block ? place(Block, Bytes + Front, Front, KindLibc, 0) : nullptr;
}

/// Every allocation comes here; \p Align is a power of two, \p Caller
/// the code that called the public entry point.
void *allocate(size_t Bytes, size_t Align, const void *Caller) {
  if (Align < MinAlign)
    Align = MinAlign;
  // The header's offset field holds up to 2^32 - 1.
  if (Bytes > SIZE_MAX / 2 || Align > (size_t(1) << 31))
    return nullptr;
  // Exiting: the runtime's exit handlers may have run already.
  if (State.load(std::memory_order_acquire) != 2 || InRuntime ||
      Exiting.load(std::memory_order_relaxed) || calledFromRuntime(Caller))
    return libcAlloc(Bytes, Align);
  // Header and alignment padding both fit within Align extra bytes.
  const size_t Need = Bytes + (Align == MinAlign ? sizeof(Header) : Align);
  if (Need <= SmallMax) {
    const unsigned C = classOf(Need < 32 ? 32 : Need);
    char *Block = smallBlock(C);
    return Block ? place(Block, classBytes(C), Align, KindSmall, std::uint16_t(C)) : nullptr;
  }
  const size_t Front = Align < LargeAlign ? LargeAlign : Align;
  char *Block = static_cast<char *>(managedAlloc(Bytes + Front));
  return Block ? place(Block, Bytes + Front, Front, KindLarge, 0) : nullptr;
}

const Header *headerOf(const void *P) { return static_cast<const Header *>(P) - 1; }

void release(void *P) {
  // After the exit handler the GPU runtime may already have unmapped the
  // memory the header is in: leak, the process is ending.
  if (!P || Exiting.load(std::memory_order_relaxed))
    return;
  const Header *H = headerOf(P);
  char *Block = static_cast<char *>(P) - H->Offset;
  switch (H->Kind) {
  case KindLibc:
    __libc_free(Block);
    return;
  case KindSmall: {
    SizeClass &SC = Classes[H->Class];
    FreeBlock *B = reinterpret_cast<FreeBlock *>(Block);
    std::lock_guard<std::mutex> L(SC.Lock);
    B->Next = SC.Free;
    SC.Free = B;
    return;
  }
  case KindLarge: {
    Guard G;
    if (HPPRT_GPU(Free)(Block) != HPPRT_GPU(Success))
      (void)HPPRT_GPU(GetLastError)();
    return;
  }
  default:
    // Not a block of ours (or a corrupted header): leaking it is the
    // only safe thing to do.
    return;
  }
}

size_t usable(const void *P) {
  if (!P)
    return 0;
  const Header *H = headerOf(P);
  return H->Kind == KindLibc || H->Kind == KindSmall || H->Kind == KindLarge ? H->Usable : 0;
}

void *reallocate(void *P, size_t Bytes, const void *Caller) {
  if (!P)
    return allocate(Bytes, MinAlign, Caller);
  if (Bytes == 0) {
    release(P); // as glibc's realloc does
    return nullptr;
  }
  const size_t Have = usable(P);
  // Keep a block that is big enough, unless it is libc's and managed memory
  // can now be had (blocks allocated during initialisation move over).
  const bool Libc = headerOf(P)->Kind == KindLibc;
  if (Have >= Bytes && !(Libc && State.load(std::memory_order_relaxed) == 2 && !InRuntime &&
                         !calledFromRuntime(Caller)))
    return P;
  void *Q = allocate(Bytes, MinAlign, Caller);
  if (!Q)
    return nullptr;
  std::memcpy(Q, P, Have < Bytes ? Have : Bytes);
  release(P);
  return Q;
}

bool isPowerOfTwo(size_t A) { return A && !(A & (A - 1)); }

void onExit() { Exiting.store(true, std::memory_order_relaxed); }

/// Runs after cudart_static's own constructor (priority 150), which the
/// runtime's first call needs, and before the program's unprioritised
/// constructors, so that their globals' vectors are managed too.
__attribute__((constructor(200))) void initialise() {
  int Expected = 0;
  if (!State.compare_exchange_strong(Expected, 1))
    return;
  bool Ready = false;
  {
    Guard G;
    // The first chunk creates the context: every allocation the runtime
    // makes meanwhile (this thread's, and its helper threads' while State
    // is 1) goes to libc.
    char *Chunk = static_cast<char *>(managedAlloc(ChunkBytes));
    if (Chunk) {
      ChunkNext = Chunk;
      ChunkEnd = Chunk + ChunkBytes;
      Ready = true;
    }
  }
  if (Ready) {
    Guard G;
    dl_iterate_phdr(noteRuntimeCode, nullptr);
    // Registered after the runtime's own exit handlers, so it runs before
    // them: frees from then on leak instead of touching unmapped memory.
    std::atexit(onExit);
  }
  State.store(Ready ? 2 : 3, std::memory_order_release);
}

} // namespace

// glibc declares these __THROW (noexcept in C++), hence the noexcept.
extern "C" {

/// Referenced by the link flags that ask for the heap (-u), so the linker
/// takes this object from the archive whatever the program calls.
int hpprt_managed_heap = 1;

#define HPPRT_CALLER __builtin_return_address(0)

void *malloc(size_t Bytes) noexcept {
  void *P = allocate(Bytes, MinAlign, HPPRT_CALLER);
  if (!P)
    errno = ENOMEM;
  return P;
}

void free(void *P) noexcept { release(P); }

void *calloc(size_t N, size_t Size) noexcept {
  size_t Bytes;
  if (__builtin_mul_overflow(N, Size, &Bytes)) {
    errno = ENOMEM;
    return nullptr;
  }
  void *P = allocate(Bytes, MinAlign, HPPRT_CALLER);
  if (!P)
    errno = ENOMEM;
  else
    std::memset(P, 0, Bytes);
  return P;
}

void *realloc(void *P, size_t Bytes) noexcept {
  void *Q = reallocate(P, Bytes, HPPRT_CALLER);
  if (!Q && Bytes)
    errno = ENOMEM;
  return Q;
}

void *reallocarray(void *P, size_t N, size_t Size) noexcept {
  size_t Bytes;
  if (__builtin_mul_overflow(N, Size, &Bytes)) {
    errno = ENOMEM;
    return nullptr;
  }
  void *Q = reallocate(P, Bytes, HPPRT_CALLER);
  if (!Q && Bytes)
    errno = ENOMEM;
  return Q;
}

} // extern "C"

namespace {
void *alignedOrNull(size_t Align, size_t Bytes, const void *Caller) {
  if (!isPowerOfTwo(Align)) {
    errno = EINVAL;
    return nullptr;
  }
  void *P = allocate(Bytes, Align, Caller);
  if (!P)
    errno = ENOMEM;
  return P;
}
} // namespace

extern "C" {

void *memalign(size_t Align, size_t Bytes) noexcept {
  return alignedOrNull(Align, Bytes, HPPRT_CALLER);
}

void *aligned_alloc(size_t Align, size_t Bytes) noexcept {
  return alignedOrNull(Align, Bytes, HPPRT_CALLER);
}

int posix_memalign(void **Out, size_t Align, size_t Bytes) noexcept {
  if (!isPowerOfTwo(Align) || Align % sizeof(void *) != 0)
    return EINVAL;
  void *P = allocate(Bytes, Align, HPPRT_CALLER);
  if (!P)
    return ENOMEM;
  *Out = P;
  return 0;
}

void *valloc(size_t Bytes) noexcept { return alignedOrNull(4096, Bytes, HPPRT_CALLER); }

void *pvalloc(size_t Bytes) noexcept {
  return alignedOrNull(4096, (Bytes + 4095) & ~size_t(4095), HPPRT_CALLER);
}

size_t malloc_usable_size(void *P) noexcept { return usable(P); }

} // extern "C"

namespace {

void *newOrThrow(size_t Bytes, size_t Align, const void *Caller) {
  for (;;) {
    if (void *P = allocate(Bytes, Align, Caller))
      return P;
    std::new_handler Handler = std::get_new_handler();
    if (!Handler)
      throw std::bad_alloc();
    Handler();
  }
}

void *newOrNull(size_t Bytes, size_t Align, const void *Caller) noexcept {
  try {
    return newOrThrow(Bytes, Align, Caller);
  } catch (...) {
    return nullptr;
  }
}

} // namespace

void *operator new(size_t N) { return newOrThrow(N, MinAlign, HPPRT_CALLER); }
void *operator new[](size_t N) { return newOrThrow(N, MinAlign, HPPRT_CALLER); }
void *operator new(size_t N, const std::nothrow_t &) noexcept {
  return newOrNull(N, MinAlign, HPPRT_CALLER);
}
void *operator new[](size_t N, const std::nothrow_t &) noexcept {
  return newOrNull(N, MinAlign, HPPRT_CALLER);
}
void *operator new(size_t N, std::align_val_t A) { return newOrThrow(N, size_t(A), HPPRT_CALLER); }
void *operator new[](size_t N, std::align_val_t A) {
  return newOrThrow(N, size_t(A), HPPRT_CALLER);
}
void *operator new(size_t N, std::align_val_t A, const std::nothrow_t &) noexcept {
  return newOrNull(N, size_t(A), HPPRT_CALLER);
}
void *operator new[](size_t N, std::align_val_t A, const std::nothrow_t &) noexcept {
  return newOrNull(N, size_t(A), HPPRT_CALLER);
}

void operator delete(void *P) noexcept { release(P); }
void operator delete[](void *P) noexcept { release(P); }
void operator delete(void *P, size_t) noexcept { release(P); }
void operator delete[](void *P, size_t) noexcept { release(P); }
void operator delete(void *P, const std::nothrow_t &) noexcept { release(P); }
void operator delete[](void *P, const std::nothrow_t &) noexcept { release(P); }
void operator delete(void *P, std::align_val_t) noexcept { release(P); }
void operator delete[](void *P, std::align_val_t) noexcept { release(P); }
void operator delete(void *P, size_t, std::align_val_t) noexcept { release(P); }
void operator delete[](void *P, size_t, std::align_val_t) noexcept { release(P); }
void operator delete(void *P, std::align_val_t, const std::nothrow_t &) noexcept { release(P); }
void operator delete[](void *P, std::align_val_t, const std::nothrow_t &) noexcept { release(P); }

#endif // HPPRT_GPU_DEVICE_PASS
