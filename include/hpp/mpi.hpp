//===- mpi.hpp - MPI messages from and into device memory -------*- C++ -*-===//
/// \file
/// Helpers for MPI programs whose buffers may live on a GPU; include it
/// after <mpi.h> is reachable (mpicxx, or the MPI include directory).
/// hpp itself never calls MPI: this header only decides, per buffer, what
/// pointer to hand to MPI.
///
/// A device buffer (hpp::alloc Space::Device, a device View's data(), a
/// mapped section's device copy) goes to MPI as it is when the MPI library
/// is GPU-aware (Open MPI built with CUDA: MPIX_Query_cuda_support(), or
/// ROCm: MPIX_Query_rocm_support()); otherwise hpp::mpi::Message stages it
/// through a pinned host buffer, copying on the caller's stream. Host,
/// pinned and managed memory, and every buffer of the serial and OpenMP
/// builds, go as they are. HPP_MPI_GPU_AWARE=1 or 0 overrides the
/// detection (an MPI without the query, such as MPICH or Cray MPICH built
/// for GPUs).
//===----------------------------------------------------------------------===//
#pragma once

#include <mpi.h>
#if __has_include(<mpi-ext.h>)
#include <mpi-ext.h>
#endif

#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <utility>

#include "memory.hpp"
#include "stream.hpp"

namespace hpp {
namespace mpi {

namespace detail {
/// What the MPI library says about device pointers, without the override.
inline bool library_gpu_aware() {
#if defined(HPP_BACKEND_HIP) && defined(OMPI_HAVE_MPI_EXT_ROCM)
  return MPIX_Query_rocm_support() == 1;
#elif defined(OMPI_HAVE_MPI_EXT_CUDA)
  // A library built without CUDA answers 0 here as well; the compile-time
  // MPIX_CUDA_AWARE_SUPPORT only says how the headers were configured.
  return MPIX_Query_cuda_support() == 1;
#else
  return false;
#endif
}

inline bool decide_gpu_aware(std::string& how) {
  if (const char* text = std::getenv("HPP_MPI_GPU_AWARE")) {
    how = std::string("HPP_MPI_GPU_AWARE=") + text;
    return std::strcmp(text, "0") != 0;
  }
#if defined(OMPI_HAVE_MPI_EXT_CUDA) || defined(OMPI_HAVE_MPI_EXT_ROCM)
  how = "asked the MPI library";
#else
  how = "this MPI cannot be asked; set HPP_MPI_GPU_AWARE=1 if it is";
#endif
  return library_gpu_aware();
}
} // namespace detail

/// Whether device pointers may be given to MPI directly. Decided once per
/// process (MPI must be initialised); in a GPU program rank 0 of
/// MPI_COMM_WORLD says on stderr what was decided, once.
inline bool gpu_aware() {
  static const bool aware = [] {
    std::string how;
    const bool yes = detail::decide_gpu_aware(how);
    int rank = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    // Only a GPU program has device memory to speak of.
    if (rank == 0 && !hpp::detail::device_memory_is_host_memory())
      std::fprintf(stderr, "hpp: MPI %s GPU-aware (%s): device buffers %s\n",
                   yes ? "is" : "is not", how.c_str(),
                   yes ? "go to MPI directly"
                       : "are staged through pinned host memory");
    return yes;
  }();
  return aware;
}

/// Whether a message in p must be staged through host memory: p is device
/// memory and the MPI is not GPU-aware.
inline bool needs_staging(const void* p) {
  return !hpp::is_host_accessible(p) && !gpu_aware();
}

/// The MPI datatype of T, for the arithmetic types.
template <class T> MPI_Datatype datatype();
template <> inline MPI_Datatype datatype<char>() { return MPI_CHAR; }
template <> inline MPI_Datatype datatype<int>() { return MPI_INT; }
template <> inline MPI_Datatype datatype<long>() { return MPI_LONG; }
template <> inline MPI_Datatype datatype<long long>() { return MPI_LONG_LONG; }
template <> inline MPI_Datatype datatype<unsigned>() { return MPI_UNSIGNED; }
template <> inline MPI_Datatype datatype<float>() { return MPI_FLOAT; }
template <> inline MPI_Datatype datatype<double>() { return MPI_DOUBLE; }

/// One message buffer of count T's at data (device or host memory), and the
/// pointer MPI is given for it. Staged (device memory, MPI not GPU-aware):
/// a pinned host copy that send() fills and received() copies back, both on
/// the stream; otherwise data itself. Use:
///
///   hpp::mpi::Message<double> out(halo, n, stream), in(ghost, n, stream);
///   MPI_Irecv(in.buffer(), n, MPI_DOUBLE, peer, tag, comm, &r[0]);
///   // ... a region on `stream` (nowait) packs halo ...
///   MPI_Isend(out.send(), n, MPI_DOUBLE, peer, tag, comm, &r[1]);
///   MPI_Waitall(2, r, MPI_STATUSES_IGNORE);
///   in.received(); // ghost is ready for work queued on `stream` after this
template <class T> class Message {
public:
  Message(T* data, std::size_t count, Stream stream)
      : Data(data), Count(count), On(std::move(stream)),
        Host(needs_staging(data) ? hpp::alloc<T>(count, Space::HostPinned) : nullptr) {}
  ~Message() { hpp::free(Host); }
  Message(const Message&) = delete;
  Message& operator=(const Message&) = delete;
  Message(Message&& o) noexcept
      : Data(o.Data), Count(o.Count), On(o.On), Host(std::exchange(o.Host, nullptr)) {}

  /// Whether this message goes through the pinned host copy.
  bool staged() const { return Host != nullptr; }
  std::size_t count() const { return Count; }
  std::size_t bytes() const { return Count * sizeof(T); }

  /// The pointer for MPI_Send / MPI_Isend, once the work queued on the
  /// stream so far (the pack) has finished: it waits for the stream.
  T* send() {
    if (Host)
      hpp::deep_copy(On, Host, Data, bytes());
    On.fence();
    return Host ? Host : Data;
  }

  /// The pointer for MPI_Recv / MPI_Irecv.
  T* buffer() { return Host ? Host : Data; }

  /// After the receive completed: a staged message is copied to data on the
  /// stream (work queued on it after this call sees it; the host does not
  /// wait).
  void received() {
    if (Host)
      hpp::deep_copy(On, Data, Host, bytes());
  }

private:
  T* Data;
  std::size_t Count;
  Stream On;
  T* Host;
};

} // namespace mpi
} // namespace hpp
