//===- scratch.cpp - Per-thread scratch memory on the host ----------------===//
#include "../openmp/scratch.hpp"
#include "../common/error.hpp"
#include "../common/loop.hpp"
#include "../openmp/exceptions.hpp"

#include <cstring>
#include <new>
#include <string>

namespace hpprt {
namespace omp {
namespace {

struct ScratchBuffer {
  char* data = nullptr;
  std::size_t capacity = 0;

  ScratchBuffer() = default;
  ScratchBuffer(const ScratchBuffer&) = delete;
  ScratchBuffer& operator=(const ScratchBuffer&) = delete;
  ~ScratchBuffer() { release(); }

  void release() {
    if (data)
      ::operator delete(data, std::align_val_t(kScratchAlign));
    data = nullptr;
    capacity = 0;
  }
};

thread_local ScratchBuffer buffer;

// Never dereferenced; gives bytes == 0 requests a stable, aligned address.
alignas(kScratchAlign) char empty_scratch[kScratchAlign];

} // namespace

char* thread_scratch(std::size_t bytes) {
  ScratchBuffer& b = buffer;
  if (bytes <= b.capacity)
    return bytes == 0 && !b.data ? empty_scratch : b.data;
  // Grow geometrically so that a thread whose teams ask for slowly rising
  // sizes does not reallocate every time.
  std::size_t want = align_up(bytes, kScratchAlign);
  if (want < bytes) // align_up wrapped around
    want = bytes;
  if (b.capacity * 2 > want && b.capacity * 2 > b.capacity)
    want = b.capacity * 2;
  b.release();
  void* p = ::operator new(want, std::align_val_t(kScratchAlign), std::nothrow);
  if (!p && want != bytes) { // retry without the headroom
    want = bytes;
    p = ::operator new(want, std::align_val_t(kScratchAlign), std::nothrow);
  }
  if (!p)
    throw Error("hpp: cannot allocate " + std::to_string(bytes) +
                " bytes of scratch memory for a host thread");
  b.data = static_cast<char*>(p);
  b.capacity = want;
  return b.data;
}

char* thread_scratch(std::size_t bytes, RegionErrors& errors) noexcept {
  try {
    return thread_scratch(bytes);
  } catch (const Error& e) {
    errors.fail(e.what() + std::strlen("hpp: "));
    return nullptr;
  }
}

std::size_t thread_scratch_capacity() { return buffer.capacity; }

} // namespace omp
} // namespace hpprt
