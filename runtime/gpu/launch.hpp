//===- launch.hpp - Kernel launches on CUDA and HIP -------------*- C++ -*-===//
/// \file
/// A translated region becomes a Launch (what the region asks for), device()
/// handles of its reductions and scans, and one call of launch(), which picks
/// the grid and block, validates them against the device, provides level-1
/// scratch and reports every CUDA/HIP error as an hpprt::Error naming the kernel
/// and the user's file:line.
///
/// Mapping (SPEC §2): team = block, thread = threadIdx.y, vector lane =
/// threadIdx.x; kernels stride over the league (blockIdx.x, += gridDim.x).
//===----------------------------------------------------------------------===//
#pragma once

#include "../common/error.hpp"
#include "../common/loop.hpp"
#include "../common/profiling.hpp"
#include "config.hpp"
#include "device.hpp"
#include "queue.hpp"
#include "scratch.hpp"
#include "warp.hpp"

#include <hpp/stream.hpp>


#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <string>
#include <vector>

#if !defined(HPPRT_GPU_AMD_WAVEFRONTS) && __has_include(<nvtx3/nvToolsExt.h>)
#include <nvtx3/nvToolsExt.h>
#define HPPRT_GPU_HAVE_NVTX 1
#endif

namespace hpprt {
namespace gpu {

enum class RegionKind { Team, Flat, Scan };

/// Threads per block of flat loops and scans.
constexpr int flat_block = 256;
constexpr int scan_block = 256;
/// Items per thread of a scan (warp-striped, see scan.hpp); a tile is
/// scan_block * scan_items iterations. A constant, so that generated code
/// can size its per-item register arrays with it. 16 measured best on an
/// H100 (benchmarks/cuda/scan_shape, docs/performance.md): 12 and 14 keep
/// too few loads in flight, 18 and more cost resident blocks.
constexpr int scan_items = 16;
/// Most tiles of a scan whose total the host reads early (finish_scan): every
/// block then fences its stores and counts itself before it exits, so it
/// holds its slot until its stores complete. For 2^20 items (256 tiles,
/// one round of resident blocks) that is a net 2-3 µs faster than the
/// stream's wait; for 2^28 items it cost 7% (1.325 against 1.237 ms,
/// H200). Larger scans publish no ready word; their total is waited for
/// through the stream.
constexpr unsigned scan_ready_tiles = 512;
/// Upper bound of an AUTO team (threads × lanes). Larger blocks rarely help
/// team code: every team barrier and block reduction then waits for more
/// warps, and fewer, bigger teams leave the SM idle at the end of a league.
/// 256 keeps at least 8 blocks resident per SM on Hopper when registers allow.
constexpr int auto_team_threads = 256;
/// The threads of an AUTO team whose loops have constant trip counts
/// (Launch::team_width): the widest loop in whole warps, at most
/// auto_team_threads. Generated code specialises its loops for this step.
HPPRT_HOST_DEVICE constexpr int team_width_threads(int width, int warp) {
  const int threads = (width + warp - 1) / warp * warp;
  return threads < auto_team_threads ? threads : auto_team_threads;
}
/// Iterations per lane of an AUTO vector length where a vector loop reduces
/// (vector_for_trips).
constexpr index_t lane_iterations = 8;
/// The AUTO vector length of a team whose vector loops have `trips`
/// iterations at most (Launch::vector_trips), a power of two between 8
/// (64-byte rows of doubles stay whole) and the warp. Where a vector loop
/// reduces over its lanes, lanes that each run about eight iterations:
/// fewer lanes than a warp leave more threads for the team's thread loop
/// and fewer shuffle steps per reduction. The autotuner chose 8 lanes for
/// the suite's contraction over 64 points and yax3's rows of 128 at every
/// size (H200); with eight iterations a lane (8 and 16 lanes there), yax3
/// ran 0.92-0.93 -> 1.00-1.01 of its hand kernel at 2^25 and the
/// contraction 3-15% faster than with four (docs/performance.md). Where no
/// vector loop reduces, the fewest lanes that run each iteration once:
/// lanes over a row then read it whole, as a hand kernel's warp does, and a
/// shared tile padded by one column for a warp of lanes stays free of bank
/// conflicts (a tiled transpose with rows over threads and columns over
/// lanes: 0.72 of its hand kernel with 8 lanes, 0.82 with 32; H200,
/// docs/performance.md).
HPPRT_HOST_DEVICE constexpr int vector_for_trips(index_t trips, int warp, bool reductions = true) {
  int lanes = warp;
  if (trips > 0)
    while (lanes > 8 && (reductions ? static_cast<index_t>(lanes) * lane_iterations > trips
                                    : static_cast<index_t>(lanes / 2) >= trips))
      lanes /= 2;
  return lanes;
}
/// Whether a flat loop of `n` iterations that runs collapsed loops whose
/// innermost one has `row` iterations can launch as tiles of `threads`
/// per block in rows of `width` columns (Launch::row_length): a whole row
/// at least, bands of rows within a grid's second dimension (65535 on
/// every device), and padded rows below 2^32, which keep the kernel's
/// columns, like its rows, in 32-bit arithmetic (collapsed_cell). All a
/// `tile(...)` clause's shape needs: the user chose it.
HPPRT_HOST_DEVICE constexpr bool tile_given_fits(index_t n, index_t row, int threads, int width) {
  if (row < 1 || width < 1 || threads < width || threads % width != 0 || n < row)
    return false;
  const index_t padded = (row + width - 1) / width * width;
  const index_t rows_per_block = threads / width;
  const index_t rows = n / row;
  return padded <= index_t{0xffffffff} && (rows + rows_per_block - 1) / rows_per_block <= 65535;
}
/// Whether the runtime runs such a loop as tiles of its own: each block a
/// strip of warp-wide columns over threads / warp rows, each warp one row,
/// as a hand kernel's 32 x 8 block covers a 2-D loop. Rows sharing a block
/// then share what their iterations read in common (a matrix product's
/// row of B, a stencil's neighbouring rows) in L1, where consecutive
/// iterations across one row share nothing. Beyond what the launch needs
/// (tile_given_fits), rows of at least a warp that whole warps pad by an
/// eighth at most (a row of 724 gets 736 columns; one of 40, 64, which
/// would idle 38% of the threads), and at least two rows per block and a
/// block's worth of rows.
HPPRT_HOST_DEVICE constexpr bool tile_collapsed(index_t n, index_t row, int threads, int warp) {
  if (row < warp || threads < 2 * warp || !tile_given_fits(n, row, threads, warp))
    return false;
  const index_t padded = (row + warp - 1) / warp * warp;
  return padded * 8 <= row * 9 && n / row >= threads / warp;
}
/// How many blocks run a team region whose blocks stride over the league
/// (it has results, level-1 scratch or a tuned cap: per-block state sized
/// by the grid), where per_sm blocks fit on each of `sms` multiprocessors.
/// One block per team where the teams fit on the resident blocks. Else
/// the teams run in as few rounds as the resident blocks allow, on the
/// fewest blocks per multiprocessor that still finish them in those
/// rounds, the same number on every multiprocessor. So 1024 teams where
/// 6 x 132 blocks fit run on 4 x 132 blocks of about 2 teams each, not on
/// 792 blocks of which 232 run a second team while the rest of each
/// multiprocessor idles (yAx3, H200: 617 -> 558 us). Where the teams need
/// many rounds, the last one's idle blocks weigh little and the grid stays
/// the resident one.
HPPRT_HOST_DEVICE constexpr index_t balanced_grid(index_t teams, int per_sm, int sms) {
  const index_t resident = index_t{per_sm} * sms;
  if (teams <= resident)
    return teams;
  const index_t rounds = (teams + resident - 1) / resident;
  const index_t blocks = (teams + rounds - 1) / rounds;
  return (blocks + sms - 1) / sms * sms;
}
/// Alignment of the per-team and per-thread parts of scratch (Ctx rounds
/// the byte counts up to it) and of each block's level-1 slot.
constexpr std::size_t scratch0_align = 16;
constexpr std::size_t scratch1_align = 256;

/// Everything a kernel needs besides the user's lambda; passed by value.
struct Ctx {
  char *scratch1_pool; ///< level-1 pool; block b's slot is at b * stride
  std::size_t scratch1_stride; ///< bytes per block slot
  std::size_t scratch0_team_bytes, scratch0_thread_bytes;
  std::size_t scratch1_team_bytes, scratch1_thread_bytes;
  index_t iterations; ///< Launch::iterations
  /// A flat loop launched as tiles (tile_collapsed): the length of its
  /// rows, Launch::row_length, and their number; 0 where blocks run
  /// consecutive iterations.
  index_t tile_row;
  index_t tile_rows;

#ifdef HPPRT_GPU_COMPILE
  /// Base of this block's dynamic shared memory (level-0 scratch).
  __device__ char *scratch0() const {
    extern __shared__ __align__(16) char hpprt_gpu_dynamic_shared[];
    return hpprt_gpu_dynamic_shared;
  }
  /// This block's level-1 slot.
  __device__ char *scratch1() const {
    return scratch1_pool +
           static_cast<std::size_t>(blockIdx.x) * scratch1_stride;
  }
#endif
};

struct Launch;

namespace detail {

/// The autotuner's part in one launch (HPP_TUNE=1, autotune.hpp); a null
/// slot everywhere else.
struct TuneTicket {
  void *slot = nullptr; ///< the search of the region and size class
  int index = 0;        ///< the candidate this launch runs
  /// Recorded around the kernel when this launch is timed.
  HPPRT_GPU(Event_t) start = nullptr, stop = nullptr;
  const void *kernel = nullptr; ///< to plan again when a candidate fails
};

/// What launch() chose; also recorded in Launch for reports and tests.
struct Plan {
  dim3 grid{1, 1, 1};
  dim3 block{1, 1, 1};
  std::size_t shared_bytes = 0;
  bool run = false; // false when there is nothing to launch
  int device = 0;    // the current device, which runs it
  Ctx ctx{};
  PoolBuffer scratch1;
  TuneTicket tune;
};

/// Reductions and scans register with their Launch so that launch() can
/// size and reset them and tell them which stream will deliver the result.
class Participant {
public:
  virtual void prepare(const Launch &cfg, const Plan &plan) = 0;
  /// After the launch: ran says a kernel was launched, synced that the
  /// stream was synchronised, ok that no error was seen.
  virtual void done(HPPRT_GPU(Stream_t) stream, bool ran, bool synced, bool ok) = 0;

protected:
  ~Participant() = default;
};

/// Plans cfg's launch of kernel; a team region's bounded variant, when
/// given, replaces it where prefer_bounded says so (cfg.bounded then).
Plan plan_launch(Launch &cfg, const void *kernel, const void *bounded = nullptr);
/// Throws hpprt::Error "hpp: kernel 'NAME' (FILE:LINE): what".
[[noreturn]] void fail(const Launch &cfg, const std::string &what);
/// "<description> (<name>)" of a GPU runtime error, as every message shows it.
std::string error_text(HPPRT_GPU(Error_t) err);
/// fail()s with the GPU runtime's error text when err is not a success.
void check(const Launch &cfg, HPPRT_GPU(Error_t) err, const char *call);
/// Most blocks any grid with reductions can have on the current device
/// (8 × resident blocks): the size of a reduction's partials.
unsigned max_partials();
/// Waits (unless nowait or device_only), hands results on and reports
/// errors. True when the launch failed with a tuning candidate: plan then
/// holds another shape, and the kernel must be launched again with it.
bool finish_launch(Launch &cfg, Plan &plan);
/// Throws the error err of waiting for cfg's kernel (what: the failed
/// step), naming the regions queued before it on the stream (earlier,
/// from queued_culprit), which may have failed instead.
[[noreturn]] void fail_after_wait(const Launch &cfg, const std::string &earlier,
                                  HPPRT_GPU(Error_t) err, const char *what);
/// How a host waits for a reduction's result (ResultBase::wait): true
/// (HPP_RESULT_WAIT unset or `flag`) reads it once its ready word is set;
/// `stream` waits for the whole stream. Read once; anything else is an
/// error.
bool results_by_flag();
void check_pointer(const Launch &cfg, const void *p, const char *var);
void check_member_pointer(const Launch &cfg, const void *p, const char *member);
/// Which of a team region's two kernels to launch: the one bounded to fill
/// a multiprocessor (HPPRT_GPU_TEAM_LAUNCH_BOUNDS) when that bound costs no
/// spills or stack, that is when its local memory is no larger than the
/// unbounded kernel's and it uses no more registers; else the unbounded
/// one. At equal registers the bound still pays: ptxas schedules for the
/// resident warps it promises (transpose 1.24 -> 1.16 ms, a View yAx
/// 0.54 -> 0.51 ms, H200). Decided once per kernel and device (the current
/// one, which plan_launch has just asked for) from their attributes;
/// HPP_TEAM_KERNEL=bounded|plain overrides it.
bool prefer_bounded(const Launch &cfg, int device, const void *plain, const void *bounded);
/// Whether every pointer is device memory or null.
bool all_device(std::initializer_list<const void *> pointers);

/// The Kokkos Tools device id of the current device: instance 1 is its
/// default stream (regions), instance 0 the device as a whole (fences).
std::uint32_t tools_device_id(std::uint32_t instance = 1);
/// Initialises NVTX once (std::call_once), before any thread's first range.
void nvtx_initialize();

/// Streams are named explicitly everywhere in the runtime: it is compiled
/// for the legacy default stream, where a null handle would mean that
/// stream even in a program built with `--default-stream per-thread`.
/// Every translated file notes the default stream it was compiled for
/// (HPPRT_GPU_DEFAULT_STREAM); runtime calls that receive a null handle
/// (hpp::default_stream(), hpp::deep_copy) use the noted one. Returns true.
bool note_default_stream(HPPRT_GPU(Stream_t) stream);
/// stream, or for a null handle the program's default stream (above).
HPPRT_GPU(Stream_t) resolve_stream(HPPRT_GPU(Stream_t) stream);
// One per file (internal linkage): a program whose files disagree uses the
// per-thread stream, which is blocking with respect to the legacy stream.
static const bool default_stream_noted [[maybe_unused]] =
    note_default_stream(HPPRT_GPU_DEFAULT_STREAM);

class NvtxRange {
public:
  explicit NvtxRange(const char *name) {
#ifdef HPPRT_GPU_HAVE_NVTX
    nvtx_initialize();
    nvtxRangePushA(name ? name : "");
#else
    (void)name;
#endif
  }
  ~NvtxRange() {
#ifdef HPPRT_GPU_HAVE_NVTX
    nvtxRangePop();
#endif
  }
  NvtxRange(const NvtxRange &) = delete;
  NvtxRange &operator=(const NvtxRange &) = delete;
};

} // namespace detail

/// One region's launch request. Fields set by generated code; launch()
/// records what it chose in grid/block/shared_bytes.
struct Launch {
  Launch(const char *name, const char *file, int line)
      : name(name), file(file), line(line) {}
  Launch(const Launch &) = delete;
  Launch &operator=(const Launch &) = delete;

  const char *name;
  const char *file;
  int line;
  RegionKind kind = RegionKind::Team;
  index_t iterations = 0;
  int team_size = 0;      ///< 0 = AUTO
  int vector_length = 0;  ///< 0 = AUTO; else a power of two <= the warp width
  index_t league_cap = 0; ///< 0 = none
  bool nested_vector = false;
  /// Team regions whose thread and team-vector loops all have constant
  /// trip counts: the largest (0 = unknown). AUTO teams get
  /// team_width_threads() threads, not more.
  int team_width = 0;
  /// Team regions with AUTO vector length: the most iterations of their
  /// vector loops, computed on the host before the launch (0 = unknown).
  /// AUTO vectors get vector_for_trips() lanes instead of a warp.
  index_t vector_trips = 0;
  /// Whether a vector loop of the region reduces over its lanes; hppc
  /// writes false where none does, and AUTO lanes then cover the trips
  /// (vector_for_trips).
  bool vector_reductions = true;
  /// Flat regions of collapsed loops without results: the trip count of
  /// the innermost collapsed loop (0 = not collapsed). The kernel finds its
  /// iteration with collapsed_cell(), so launch() may run the iterations
  /// as tiles of rows where tile_collapsed() allows: by default when
  /// rows_share_reads, else when the autotuner chose tiles.
  index_t row_length = 0;
  /// Whether the rows read memory in common (hppc's analysis), which makes
  /// tiles the default mapping.
  bool rows_share_reads = false;
  /// The `tile(...)` clause's two innermost sizes: rows per block and
  /// columns per strip (any width); 0 leaves a size to the runtime (a
  /// warp-wide strip; rows to fill flat_block threads). Where a flat loop
  /// over collapsed loops without results has them, it runs as those
  /// tiles wherever tile_given_fits() (and HPP_COLLAPSE_TILES is not off),
  /// and the autotuner leaves it alone.
  int tile_band = 0, tile_width = 0;
  std::size_t scratch_team_bytes[2] = {0, 0};
  std::size_t scratch_thread_bytes[2] = {0, 0};
  /// Set before constructing the region's reductions and scans (their
  /// buffers are made ready on it). Null is this file's default stream.
  HPPRT_GPU(Stream_t) stream = HPPRT_GPU_DEFAULT_STREAM;
  /// `nowait`: launch() returns without waiting; results reach the user's
  /// variables at the stream's fence.
  bool nowait = false;
  /// Every capture is device memory or a scalar and no result goes to the
  /// host: launch() returns without waiting, as with nowait, but later
  /// work of this host thread is ordered after the region (queue.hpp).
  bool device_only = false;

  /// The `stream(s)` clause. A stream created for a device makes that
  /// device current until the region's Launch goes out of scope, so the
  /// region's buffers, maps and results are made there too.
  void on(const hpp::Stream &s) {
    stream = static_cast<HPPRT_GPU(Stream_t)>(s.native());
    device_switch.enter(stream);
  }

  /// The address a region's pointer holds, for the lookups below; a
  /// pointer to volatile data is as valid a capture as any other.
  template <class T> static const void *address(const volatile T *p) {
    return const_cast<const void *>(static_cast<const volatile void *>(p));
  }

  /// Whether the pointers a region captures are all device memory (or
  /// null), so that it need not wait; a lookup for memory hpp handed out,
  /// else one pointer-attribute query each.
  template <class... P> static bool all_device(const P *...p) {
    return detail::all_device({address(p)...});
  }

  /// Whether the objects at p (one of each pointer's type) share no byte.
  /// Where a region's results go into several views, the kernel writes
  /// them in no particular order: only views apart may get them there, else
  /// the host copies them in program order (Reduction::device_into).
  template <class... T> static bool apart(const T *...p) {
    const char *begin[] = {static_cast<const char *>(address(p))...};
    const std::size_t size[] = {sizeof(T)...};
    for (std::size_t i = 0; i < sizeof...(T); ++i)
      for (std::size_t j = i + 1; j < sizeof...(T); ++j)
        if (begin[i] < begin[j] + size[j] && begin[j] < begin[i] + size[i])
          return false;
    return true;
  }

  /// Throws, naming var, the kernel and its line, when p is host memory the
  /// device cannot access (a fault in the kernel would name neither var nor
  /// the fix). A lookup for memory hpp handed out; else one
  /// pointer-attribute query where the device cannot reach pageable memory.
  template <class T> void check_pointer(const T *p, const char *var) const {
    detail::check_pointer(*this, address(p), var);
  }

  /// check_pointer for a pointer member a region reaches through its copy
  /// of the object (*this), which keeps the host address: also throws when
  /// p lies in data mapped to the device, whose device copy the region
  /// would not see.
  template <class T> void check_member_pointer(const T *p, const char *member) const {
    detail::check_member_pointer(*this, address(p), member);
  }

  // Chosen by launch().
  bool bounded = false; ///< the region's bounded kernel ran (see launch())
  dim3 grid{0, 0, 0};
  dim3 block{0, 0, 0};
  std::size_t shared_bytes = 0;

  std::vector<detail::Participant *> participants;

private:
  detail::DeviceSwitch device_switch;
};

namespace detail {
/// Which Kokkos Tools entry point reports cfg's region: a scan, a region
/// with results (reductions register with their Launch), or a plain for.
inline profiling::RegionKind tools_region_kind(const Launch &cfg) {
  if (cfg.kind == RegionKind::Scan)
    return profiling::RegionKind::Scan;
  return cfg.participants.empty() ? profiling::RegionKind::For
                                  : profiling::RegionKind::Reduce;
}
} // namespace detail

namespace detail {
/// launch() of kernel, or of bounded (null: none) where plan_launch
/// prefers it.
template <class F>
void launch_kernel(Launch &cfg, void (*kernel)(F, Ctx), void (*bounded)(F, Ctx), const F &f) {
  RegionScope scope(cfg.name, detail::tools_region_kind(cfg),
                    profiling::watched() ? detail::tools_device_id() : 0);
  detail::NvtxRange range(cfg.name);
  if (!cfg.stream) // null is the default stream of the file being compiled
    cfg.stream = HPPRT_GPU_DEFAULT_STREAM;
  detail::Plan plan = detail::plan_launch(cfg, reinterpret_cast<const void *>(kernel),
                                          reinterpret_cast<const void *>(bounded));
  const void *const run = reinterpret_cast<const void *>(cfg.bounded ? bounded : kernel);
  // The kernel's two arguments, f and plan.ctx, as <<<>>> would pass them
  // (dialect::launch goes below <<<>>> to save host time per launch).
  void *args[] = {const_cast<F *>(&f), &plan.ctx};
  const auto queue = [&] {
    (void)dialect::launch(run, plan.device, plan.grid, plan.block, plan.shared_bytes,
                          cfg.stream, args);
  };
  if (plan.run)
    queue();
  while (detail::finish_launch(cfg, plan))
    queue();
}
} // namespace detail

/// Launches kernel<<<...>>>(f, ctx) on cfg.stream for the region cfg
/// describes; waits for that stream unless cfg.nowait or cfg.device_only.
/// Zero iterations launch nothing.
template <class F>
void launch(Launch &cfg, void (*kernel)(F, Ctx), const F &f) {
  detail::launch_kernel(cfg, kernel, static_cast<void (*)(F, Ctx)>(nullptr), f);
}

/// A team region with AUTO team size and vector length comes with a second
/// kernel, the same body bounded to 256 threads and a full multiprocessor
/// (HPPRT_GPU_TEAM_LAUNCH_BOUNDS). ptxas spends registers on unrolling and
/// scheduling where nothing bounds it; team kernels, whose barriers idle
/// warps, need the resident warps more (a team contraction: 56 registers
/// and half the warps, 0.62x a hand kernel with 32; bounded, no spills,
/// 0.85x on an H100). The bounded kernel runs when its bound costs no
/// spills (prefer_bounded); cfg.bounded records which ran.
template <class F>
void launch(Launch &cfg, void (*kernel)(F, Ctx), void (*bounded)(F, Ctx), const F &f) {
  detail::launch_kernel(cfg, kernel, bounded, f);
}

/// The same region where the dialect compiles no bounded kernel
/// (HPPRT_GPU_TEAM_BOUNDED gives null: AMD): the plain kernel runs.
template <class F>
void launch(Launch &cfg, void (*kernel)(F, Ctx), std::nullptr_t, const F &f) {
  launch(cfg, kernel, f);
}

#ifdef HPPRT_GPU_COMPILE
// Positions in the league / team / vector (SPEC §2).
__device__ inline index_t league_rank0() {
  return static_cast<index_t>(blockIdx.x);
}
__device__ inline index_t league_stride() {
  return static_cast<index_t>(gridDim.x);
}
__device__ inline index_t global_rank() {
  return static_cast<index_t>(blockIdx.x) * blockDim.x + threadIdx.x;
}
/// This thread's iteration of a flat loop over collapsed loops: whether it
/// has one (`live`), its number `iv` (the loop's bound when it has none),
/// and its `row` (the iteration of the outer loops, collapsed) and `col`
/// (of the innermost loop, whose trip count `row_div` divides by).
/// Launched as tiles (Ctx::tile_row), a block of blockDim.y rows x
/// blockDim.x columns covers column strip blockIdx.x of band blockIdx.y,
/// as a hand kernel's 2-D block does, in 32-bit arithmetic
/// (tile_collapsed and tile_given_fits keep rows and columns below 2^32).
/// Otherwise blocks are 1-D and the iteration is global_rank(), divided.
/// Translated loops test `live` and use row and col: under tiles nvcc
/// then drops `iv`'s 64-bit product, which cost a 2-D stencil's short
/// threads ~10 of their ~60 instructions.
struct CollapsedCell {
  index_t iv, row, col;
  bool live;
};
__device__ inline CollapsedCell collapsed_cell(const Ctx &ctx, const FastDiv &row_div) {
  if (ctx.tile_row == 0) {
    const index_t iv = global_rank();
    index_t row = iv;
    const index_t col = row_div.peel(row);
    return {iv, row, col, iv < ctx.iterations};
  }
  const unsigned row = blockIdx.y * blockDim.y + threadIdx.y;
  const unsigned col = blockIdx.x * blockDim.x + threadIdx.x;
  const bool live = col < ctx.tile_row && row < ctx.tile_rows;
  return {live ? static_cast<index_t>(row) * ctx.tile_row + col : ctx.iterations, row, col, live};
}
__device__ inline index_t global_size() {
  return static_cast<index_t>(gridDim.x) * blockDim.x;
}
__device__ inline int thread_rank() { return static_cast<int>(threadIdx.y); }
__device__ inline int team_size() { return static_cast<int>(blockDim.y); }
__device__ inline int vector_rank() { return static_cast<int>(threadIdx.x); }
__device__ inline int vector_length() { return static_cast<int>(blockDim.x); }
__device__ inline int team_vector_rank() {
  return static_cast<int>(threadIdx.y * blockDim.x + threadIdx.x);
}
__device__ inline int team_vector_size() {
  return static_cast<int>(blockDim.x * blockDim.y);
}
__device__ inline bool is_team_leader() {
  return threadIdx.x == 0 && threadIdx.y == 0;
}
__device__ inline bool is_vector_leader() { return threadIdx.x == 0; }
__device__ inline void team_barrier() { __syncthreads(); }
#endif

} // namespace gpu
} // namespace hpprt
