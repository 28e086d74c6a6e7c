// A 2-D heat equation (explicit Jacobi steps) on an NX x NY grid split in
// rows across MPI ranks, each rank holding its rows and one ghost row
// above and below. Every step exchanges the edge rows with the neighbours
// while the rows that need no ghost are updated:
//
//   comm stream:    pack edges | (send) ........ (wait) | unpack | edge rows
//   compute stream: interior rows ..................................
//
// All loops are `#pragma hpp` regions; on a GPU backend they run on two
// hpp::Streams with `nowait`, so the interior runs while MPI moves the
// halos (hpp::mpi::Message stages device buffers through pinned host
// memory when the MPI is not GPU-aware). On OpenMP a region finishes before
// it returns: the same code, without overlap.
//
// The first half of the steps fences after every phase to time compute,
// pack/unpack and exchange apart; the second half overlaps them. The
// checksum is a sum of integers (each value in units of 2^-32), exact and
// independent of how the grid is split, so 1 rank, 2 ranks and the serial
// build print the same one.
//
// Usage: heat [NX [NY [STEPS]]]   (NY rows in all; weak scaling: NY per rank
// times ranks)
#include <hpp/hpp.hpp>
#include <hpp/mpi.hpp>

#include <mpi.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <utility>

namespace {

constexpr double kRate = 0.2; // alpha dt / h^2; stable below 0.25

/// The initial temperature at global row g, column j: a hot top edge and a
/// hot square; everything else cold. Edges keep their values (Dirichlet).
void initialize(double* u, double* un, int nx, int ny, int rows, int first) {
#pragma hpp parallel collapse(2)
  for (int i = 0; i < rows + 2; ++i)
    for (int j = 0; j < nx; ++j) {
      const int g = first + i - 1;
      double v = 0.0;
      if (g == 0)
        v = 1.0;
      else if (g > ny / 4 && g < ny / 2 && j > nx / 3 && j < 2 * nx / 3)
        v = 1.0;
      u[i * nx + j] = v;
      un[i * nx + j] = v;
    }
}

/// One explicit step for local rows [i0, i1) into un; the global edges
/// stay fixed.
void update(const hpp::Stream& s, const double* u, double* un, int nx, int ny, int first,
            int i0, int i1) {
#pragma hpp parallel collapse(2) stream(s) nowait name("heat_update")
  for (int i = i0; i < i1; ++i)
    for (int j = 0; j < nx; ++j) {
      const int g = first + i - 1;
      const int c = i * nx + j;
      if (g == 0 || g == ny - 1 || j == 0 || j == nx - 1)
        un[c] = u[c];
      else
        un[c] = u[c] + kRate * ((u[c - nx] + u[c + nx]) + (u[c - 1] + u[c + 1]) - 4.0 * u[c]);
    }
}

/// Packs a row into a message buffer, or unpacks one into a ghost row.
void copy_row(const hpp::Stream& s, double* dst, const double* src, int nx) {
#pragma hpp parallel stream(s) nowait name("heat_halo_copy")
  for (int j = 0; j < nx; ++j)
    dst[j] = src[j];
}

/// The sum of the owned rows in units of 2^-32: integers add exactly in
/// any order, so the split and the thread count do not change it.
long long checksum(const double* u, int nx, int rows) {
  long long sum = 0;
#pragma hpp parallel collapse(2) reduction(+: sum)
  for (int i = 1; i <= rows; ++i)
    for (int j = 0; j < nx; ++j)
      sum += static_cast<long long>(u[i * nx + j] * 4294967296.0 + 0.5);
  return sum;
}

struct Times {
  double compute = 0, pack = 0, exchange = 0, step = 0;
};

} // namespace

int main(int argc, char** argv) {
  int provided = 0;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
  int rank = 0, size = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  const int nx = argc > 1 ? std::atoi(argv[1]) : 256;
  const int ny = argc > 2 ? std::atoi(argv[2]) : 256;
  const int steps = argc > 3 ? std::atoi(argv[3]) : 40;
  if (nx < 3 || ny < 2 * size || steps < 2) {
    if (rank == 0)
      std::fprintf(stderr, "heat: need NX >= 3, NY >= 2 x ranks, STEPS >= 2\n");
    MPI_Finalize();
    return 2;
  }
  int code = 0;
  {
    // After MPI_Init, so that the launcher's local rank picks the device.
    hpp::ScopeGuard guard(argc, argv);

    // Rows [first, first + rows) of the global grid, as even as can be.
    const int rows = ny / size + (rank < ny % size ? 1 : 0);
    const int first = rank * (ny / size) + std::min(rank, ny % size);
    const int lo = rank > 0 ? rank - 1 : MPI_PROC_NULL;
    const int hi = rank < size - 1 ? rank + 1 : MPI_PROC_NULL;
    const std::size_t cells = static_cast<std::size_t>(rows + 2) * nx;
    double* u = hpp::alloc<double>(cells);
    double* un = hpp::alloc<double>(cells);
    double* halo = hpp::alloc<double>(4 * static_cast<std::size_t>(nx));
    double *send_lo = halo, *send_hi = halo + nx, *recv_lo = halo + 2 * nx,
           *recv_hi = halo + 3 * nx;
    initialize(u, un, nx, ny, rows, first);

    hpp::Stream comm, compute;
    {
      hpp::mpi::Message<double> out_lo(send_lo, nx, comm), out_hi(send_hi, nx, comm);
      hpp::mpi::Message<double> in_lo(recv_lo, nx, comm), in_hi(recv_hi, nx, comm);
      Times phased, overlapped;
      const int split = steps / 2;
      for (int step = 0; step < steps; ++step) {
        const bool timed_phases = step < split;
        Times& t = timed_phases ? phased : overlapped;
        MPI_Barrier(MPI_COMM_WORLD);
        hpp::Timer whole, part;

        // Pack the edge rows on the comm stream; post the receives.
        copy_row(comm, send_lo, u + nx, nx);
        copy_row(comm, send_hi, u + static_cast<std::size_t>(rows) * nx, nx);
        if (timed_phases) {
          comm.fence();
          t.pack += part.seconds();
          part.reset();
        }
        MPI_Request req[4];
        MPI_Irecv(in_lo.buffer(), nx, MPI_DOUBLE, lo, 1, MPI_COMM_WORLD, &req[0]);
        MPI_Irecv(in_hi.buffer(), nx, MPI_DOUBLE, hi, 0, MPI_COMM_WORLD, &req[1]);
        if (timed_phases)
          t.exchange += part.seconds();

        // The rows that need no ghost, on the compute stream.
        part.reset();
        update(compute, u, un, nx, ny, first, 2, rows);
        if (timed_phases) {
          compute.fence();
          t.compute += part.seconds();
        }

        part.reset();
        MPI_Isend(out_lo.send(), nx, MPI_DOUBLE, lo, 0, MPI_COMM_WORLD, &req[2]);
        MPI_Isend(out_hi.send(), nx, MPI_DOUBLE, hi, 1, MPI_COMM_WORLD, &req[3]);
        MPI_Waitall(4, req, MPI_STATUSES_IGNORE);
        if (timed_phases)
          t.exchange += part.seconds();

        // Ghost rows in, then the two edge rows that read them.
        part.reset();
        in_lo.received();
        in_hi.received();
        if (lo != MPI_PROC_NULL)
          copy_row(comm, u, recv_lo, nx);
        if (hi != MPI_PROC_NULL)
          copy_row(comm, u + static_cast<std::size_t>(rows + 1) * nx, recv_hi, nx);
        if (timed_phases) {
          comm.fence();
          t.pack += part.seconds();
          part.reset();
        }
        update(comm, u, un, nx, ny, first, 1, 2);
        update(comm, u, un, nx, ny, first, std::max(2, rows), rows + 1);
        comm.fence();
        compute.fence();
        if (timed_phases)
          t.compute += part.seconds();
        t.step += whole.seconds();
        std::swap(u, un);
      }

      long long local = checksum(u, nx, rows), total = 0;
      MPI_Reduce(&local, &total, 1, MPI_LONG_LONG, MPI_SUM, 0, MPI_COMM_WORLD);
      // The slowest rank's times, per step.
      double mine[5] = {phased.compute, phased.pack, phased.exchange, phased.step,
                        overlapped.step};
      double worst[5];
      MPI_Reduce(mine, worst, 5, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
      if (rank == 0) {
        const double ms = 1e3;
        const int rest = steps - split;
        std::printf("grid %d x %d, %d steps, %d rank%s, halos %s\n", nx, ny, steps, size,
                    size == 1 ? "" : "s", in_lo.staged() ? "staged through the host" : "direct");
        std::printf("checksum: %lld\n", total);
        std::printf("phased step: %.3f ms (compute %.3f, pack/unpack %.3f, exchange %.3f)\n",
                    worst[3] / split * ms, worst[0] / split * ms, worst[1] / split * ms,
                    worst[2] / split * ms);
#if defined(HPP_BACKEND_CUDA) || defined(HPP_BACKEND_HIP)
        // What overlapping saved, as a share of the exchange it could hide.
        const double hidden = worst[3] / split - worst[4] / rest;
        const double exchange = worst[2] / split;
        std::printf("overlapped step: %.3f ms (exchange hidden: %.0f%%)\n", worst[4] / rest * ms,
                    exchange > 0 ? 100.0 * std::clamp(hidden / exchange, 0.0, 1.0) : 0.0);
#else
        std::printf("overlapped step: %.3f ms (no overlap: regions here finish before they "
                    "return)\n",
                    worst[4] / rest * ms);
#endif
      }
    }
    hpp::free(u);
    hpp::free(un);
    hpp::free(halo);
  }
  MPI_Finalize();
  return code;
}
