//===- launch.cu - Launch configuration on CUDA and HIP -------------------===//
#include "launch.hpp"
#include "autotune.hpp"
#include "device_ranges.hpp"
#include "shape.hpp"
#include "present.hpp"

#include <algorithm>
#include <atomic>
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <string>
#include <unordered_map>

namespace hpprt {
namespace gpu {
namespace detail {
namespace {

struct DeviceInfo {
  std::atomic<bool> valid{false}; // set once limits are filled
  dialect::DeviceLimits limits;
};

constexpr int kMaxDevices = 64;

std::string where(const Launch &cfg) {
  return std::string("hpp: kernel '") + (cfg.name ? cfg.name : "") + "' (" +
         (cfg.file ? cfg.file : "?") + ":" + std::to_string(cfg.line) + "): ";
}

/// The current device's properties, queried once per device; after that a
/// cudaGetDevice or hipGetDevice and one acquire load (no lock). device_out receives the
/// device number.
const DeviceInfo &device_info(const Launch *cfg, int *device_out = nullptr) {
  static std::mutex mutex;
  static DeviceInfo infos[kMaxDevices];
  use_chosen_device();
  int device = 0;
  HPPRT_GPU(Error_t) err = HPPRT_GPU(GetDevice)(&device);
  if (err == HPPRT_GPU(Success) && (device < 0 || device >= kMaxDevices))
    err = HPPRT_GPU(ErrorInvalidDevice);
  if (err == HPPRT_GPU(Success) && infos[device].valid.load(std::memory_order_acquire)) {
    if (device_out)
      *device_out = device;
    return infos[device];
  }
  if (err == HPPRT_GPU(Success)) {
    std::lock_guard<std::mutex> lock(mutex);
    DeviceInfo &d = infos[device];
    if (!d.valid.load(std::memory_order_relaxed)) {
      err = dialect::query_device(device, d.limits);
      if (err == HPPRT_GPU(Success))
        d.valid.store(true, std::memory_order_release);
    }
  }
  if (err != HPPRT_GPU(Success)) {
    (void)HPPRT_GPU(GetLastError)();
    std::string msg = std::string("no usable " HPPRT_GPU_NAME " device: ") + error_text(err);
    if (cfg)
      fail(*cfg, msg);
    throw Error("hpp: " + msg);
  }
  if (device_out)
    *device_out = device;
  return infos[device];
}

struct ShapeKeyHash {
  std::size_t operator()(const ShapeKey &k) const {
    std::size_t h = std::hash<const void *>()(k.kernel);
    auto mix = [&h](std::size_t v) {
      h ^= v + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2);
    };
    mix(static_cast<std::size_t>(k.device));
    mix(static_cast<std::size_t>(k.kind));
    mix(static_cast<std::size_t>(k.team_size));
    mix(static_cast<std::size_t>(k.vector_length));
    mix(static_cast<std::size_t>(k.nested_vector));
    mix(static_cast<std::size_t>(k.auto_vector));
    for (std::size_t s : k.scratch)
      mix(s);
    mix(static_cast<std::size_t>(k.tile_band));
    mix(static_cast<std::size_t>(k.tile_width));
    return h;
  }
};

class ShapeCache {
public:
  bool find(const ShapeKey &key, Shape &out) {
    std::lock_guard<std::mutex> lock(mutex_);
    auto it = map_.find(key);
    if (it == map_.end())
      return false;
    out = it->second;
    return true;
  }
  void insert(const ShapeKey &key, const Shape &shape) {
    std::lock_guard<std::mutex> lock(mutex_);
    // A program has few distinct region shapes; one that keeps changing
    // team sizes at run time must not grow the map without bound.
    if (map_.size() >= kMaxEntries)
      map_.clear();
    map_[key] = shape;
  }

private:
  static constexpr std::size_t kMaxEntries = 4096;
  std::mutex mutex_;
  std::unordered_map<ShapeKey, Shape, ShapeKeyHash> map_;
};

ShapeCache &shape_cache() {
  static ShapeCache cache;
  return cache;
}

std::size_t round_up(std::size_t bytes, std::size_t a) {
  return align_up(bytes, a);
}

/// The value of a switch the environment variable `var` selects among
/// `names` (the first also when unset or empty), read by the caller once.
/// Anything else is an error listing the choices.
template <class E, std::size_t N>
E env_choice(const char *var, const char *const (&names)[N], const E (&values)[N]) {
  const char *v = std::getenv(var);
  if (!v || !*v)
    return values[0];
  std::string expected;
  for (std::size_t i = 0; i < N; ++i) {
    if (std::strcmp(v, names[i]) == 0)
      return values[i];
    expected += (i == 0 ? "" : i + 1 == N ? " or " : ", ") + std::string(names[i]);
  }
  throw Error(std::string("hpp: ") + var + "='" + v + "' is not a choice (expected " +
              expected + ")");
}

/// HPP_COLLAPSE_TILES picks the mappings of flat loops over collapsed
/// loops: `off` runs every one as consecutive iterations per block, tuned
/// or not (to compare the two mappings); unset or `auto` keeps the rules
/// (tiles where rows share reads or the autotuner chose them, and
/// tile_collapsed() allows); `always` makes tiles every such loop's default
/// wherever tile_collapsed() allows, so that tests and the differential
/// tester run the tiled mapping on loops the analysis leaves untiled. Read
/// once; anything else is an error.
enum class TileMode { Off, Auto, Always };

TileMode tile_mode() {
  static const TileMode mode = env_choice(
      "HPP_COLLAPSE_TILES", {"auto", "off", "always"},
      {TileMode::Auto, TileMode::Off, TileMode::Always});
  return mode;
}

/// The grid of a team region whose blocks stride over the league:
/// balanced_grid (launch.hpp) unless HPP_TEAM_GRID=resident, which keeps
/// min(teams, resident blocks) to compare the two. Read once; anything
/// else is an error.
enum class TeamGridMode { Balanced, Resident };

TeamGridMode team_grid_mode() {
  static const TeamGridMode mode = env_choice("HPP_TEAM_GRID", {"balanced", "resident"},
                                              {TeamGridMode::Balanced, TeamGridMode::Resident});
  return mode;
}

std::string threads_text(int team, int vec) {
  return "team_size " + std::to_string(team) + " \xC3\x97 vector_length " +
         std::to_string(vec);
}

} // namespace

void fail(const Launch &cfg, const std::string &what) {
  throw Error(where(cfg) + what);
}

std::string error_text(HPPRT_GPU(Error_t) err) {
  return std::string(HPPRT_GPU(GetErrorString)(err)) + " (" + HPPRT_GPU(GetErrorName)(err) + ")";
}

void check(const Launch &cfg, HPPRT_GPU(Error_t) err, const char *call) {
  if (err == HPPRT_GPU(Success))
    return;
  (void)HPPRT_GPU(GetLastError)(); // clear a non-sticky error
  fail(cfg, std::string(call) + ": " + error_text(err));
}

unsigned max_partials() {
  const dialect::DeviceLimits &d = device_info(nullptr).limits;
  return 8u * static_cast<unsigned>(d.max_blocks_per_multiprocessor) *
         static_cast<unsigned>(d.multiprocessors);
}

int auto_vector_length(const Launch &cfg, int warp) {
  if (cfg.kind != RegionKind::Team || !cfg.nested_vector || cfg.vector_length != 0 ||
      cfg.vector_trips <= 0)
    return 0;
  return vector_for_trips(cfg.vector_trips, warp, cfg.vector_reductions);
}

Shape compute_shape(Launch &cfg, const void *kernel, const dialect::DeviceLimits &prop,
                    const std::size_t (&scratch)[4], const tune::Candidate *given) {
  Shape shape;
  HPPRT_GPU(FuncAttributes) &attr = shape.attr;
  check(cfg, HPPRT_GPU(FuncGetAttributes)(&attr, kernel), HPPRT_GPU_PREFIX "FuncGetAttributes");
  const std::size_t static_shared = attr.sharedSizeBytes;
  const std::size_t optin = prop.shared_per_block;
  const std::size_t avail = optin > static_shared ? optin - static_shared : 0;
  const std::size_t team0 = scratch[0], thread0 = scratch[1];

  int team = 1, vec = 1;
  switch (cfg.kind) {
  case RegionKind::Team: {
    if (cfg.team_size < 0)
      fail(cfg,
           "team_size " + std::to_string(cfg.team_size) + " is not positive");
    // Vector lanes are lanes of one warp (wavefront): at most its width.
    const int warp = prop.warp_size;
    const int automatic = auto_vector_length(cfg, warp);
    vec = given                ? given->vector
          : cfg.vector_length ? cfg.vector_length
                              : (cfg.nested_vector ? (automatic ? automatic : warp) : 1);
    if (vec < 1 || vec > warp || (vec & (vec - 1)) != 0)
      fail(cfg, "vector_length " + std::to_string(vec) +
                    " is not a power of two between 1 and " + std::to_string(warp) +
                    ", the warp width of " + prop.name);
    auto shared_for = [&](int threads) -> std::size_t {
      return team0 + static_cast<std::size_t>(threads / vec) * thread0;
    };
    // Above 48 KiB a kernel must opt in before the occupancy calculator
    // (and the launch) accept the request.
    auto opt_in = [&](std::size_t bytes) {
      if (bytes > static_cast<std::size_t>(attr.maxDynamicSharedSizeBytes) &&
          bytes <= avail) {
        check(cfg,
              HPPRT_GPU(FuncSetAttribute)(kernel,
                                   HPPRT_GPU(FuncAttributeMaxDynamicSharedMemorySize),
                                   static_cast<int>(avail)),
              HPPRT_GPU_PREFIX "FuncSetAttribute(MaxDynamicSharedMemorySize)");
        attr.maxDynamicSharedSizeBytes = static_cast<int>(avail);
      }
    };
    if (given) {
      team = given->team;
    } else if (cfg.team_size == 0) {
      int limit = std::min(attr.maxThreadsPerBlock, auto_team_threads);
      if (cfg.team_width > 0 && vec == 1)
        limit = std::min(limit, team_width_threads(cfg.team_width, warp));
      opt_in(std::min(shared_for(std::max(limit, vec)), avail));
      int block = 0;
      if (limit >= vec && shared_for(vec) <= avail)
        check(cfg, dialect::max_potential_block(&block, kernel, shared_for, limit, warp),
              HPPRT_GPU_PREFIX "OccupancyMaxPotentialBlockSize");
      team = std::max(1, block / vec);
      const int granule = warp / vec; // threads per warp
      if (team >= granule)
        team -= team % granule;
    } else {
      team = cfg.team_size;
    }
    const long long threads = static_cast<long long>(team) * vec;
    if (threads > prop.max_threads_per_block)
      fail(cfg, threads_text(team, vec) + " exceeds the device limit of " +
                    std::to_string(prop.max_threads_per_block) +
                    " threads per block");
    if (threads > attr.maxThreadsPerBlock)
      fail(cfg, threads_text(team, vec) + " exceeds the " +
                    std::to_string(attr.maxThreadsPerBlock) +
                    " threads per block this kernel can run with (it uses " +
                    std::to_string(attr.numRegs) + " registers per thread)");
    shape.shared_bytes = shared_for(static_cast<int>(threads));
    if (shape.shared_bytes > avail) {
      std::string msg = "level-0 scratch of " +
                        std::to_string(shape.shared_bytes) +
                        " bytes per team exceeds the " + std::to_string(avail) +
                        " bytes of shared memory per block on this device (" +
                        prop.name + ")";
      if (static_shared)
        msg += " left beside the kernel's own " +
               std::to_string(static_shared) + " bytes";
      fail(cfg, msg);
    }
    opt_in(shape.shared_bytes);
    shape.block =
        dim3(static_cast<unsigned>(vec), static_cast<unsigned>(team), 1);
    break;
  }
  case RegionKind::Flat: {
    int block = std::min(flat_block, attr.maxThreadsPerBlock);
    block = std::max(prop.warp_size, block - block % prop.warp_size);
    if (const TileShape tile = given_tile(cfg, prop.warp_size); tile.width > 0) {
      const long long threads = static_cast<long long>(tile.band) * tile.width;
      if (threads > attr.maxThreadsPerBlock || threads > prop.max_threads_per_block)
        fail(cfg, "tile(...) asks for blocks of " + std::to_string(tile.band) + " rows x " +
                      std::to_string(tile.width) + " columns, " + std::to_string(threads) +
                      " threads, more than the " +
                      std::to_string(std::min(attr.maxThreadsPerBlock,
                                              prop.max_threads_per_block)) +
                      " this kernel can run with on " + prop.name + " (it uses " +
                      std::to_string(attr.numRegs) + " registers per thread)");
      block = static_cast<int>(threads);
    }
    if (given) {
      block = given->vector * given->team;
      if (block > attr.maxThreadsPerBlock || block > prop.max_threads_per_block)
        fail(cfg, "a block of " + std::to_string(block) + " threads exceeds the " +
                      std::to_string(attr.maxThreadsPerBlock) + " this kernel can run with");
    }
    shape.block = dim3(static_cast<unsigned>(block), 1, 1);
    break;
  }
  case RegionKind::Scan:
    if (attr.maxThreadsPerBlock < scan_block)
      fail(cfg, "a scan needs " + std::to_string(scan_block) +
                    " threads per block but this kernel can run only " +
                    std::to_string(attr.maxThreadsPerBlock) + " (it uses " +
                    std::to_string(attr.numRegs) + " registers per thread)");
    shape.block = dim3(scan_block, 1, 1);
    break;
  }
  const int threads = static_cast<int>(shape.block.x * shape.block.y);

  int per_sm = 0;
  check(cfg,
        HPPRT_GPU(OccupancyMaxActiveBlocksPerMultiprocessor)(&per_sm, kernel, threads,
                                                             shape.shared_bytes),
        HPPRT_GPU_PREFIX "OccupancyMaxActiveBlocksPerMultiprocessor");
  if (per_sm == 0)
    fail(cfg, std::to_string(threads) + " threads per block with " +
                  std::to_string(shape.shared_bytes) +
                  " bytes of shared memory do not fit on a multiprocessor of " +
                  prop.name + " (the kernel uses " +
                  std::to_string(attr.numRegs) + " registers per thread)");
  shape.per_sm = per_sm;
  return shape;
}

Plan plan_launch(Launch &cfg, const void *kernel, const void *bounded) {
  Plan plan;
  cfg.stream = resolve_stream(cfg.stream);
  int device = 0;
  const DeviceInfo &dev = device_info(&cfg, &device);
  plan.device = device;
  const dialect::DeviceLimits &prop = dev.limits;
  if (cfg.iterations <= 0) {
    cfg.grid = dim3(0, 0, 0);
    cfg.block = dim3(0, 0, 0);
    cfg.shared_bytes = 0;
    for (Participant *p : cfg.participants)
      p->prepare(cfg, plan);
    return plan;
  }
  if (bounded) {
    cfg.bounded = cfg.team_size == 0 && cfg.vector_length == 0 &&
                  prefer_bounded(cfg, device, kernel, bounded);
    if (cfg.bounded)
      kernel = bounded;
  }
  const bool has_results = !cfg.participants.empty();
  const index_t n = cfg.iterations;
  const TileShape user_tile = given_tile(cfg, prop.warp_size);

  // Scratch is a team-region feature; flat loops and scans ignore it.
  std::size_t scratch[4] = {0, 0, 0, 0};
  if (cfg.kind == RegionKind::Team) {
    scratch[0] = round_up(cfg.scratch_team_bytes[0], scratch0_align);
    scratch[1] = round_up(cfg.scratch_thread_bytes[0], scratch0_align);
    scratch[2] = round_up(cfg.scratch_team_bytes[1], scratch0_align);
    scratch[3] = round_up(cfg.scratch_thread_bytes[1], scratch0_align);
  }
  const ShapeKey key{kernel,
                     device,
                     cfg.kind,
                     cfg.team_size,
                     cfg.vector_length,
                     cfg.nested_vector,
                     auto_vector_length(cfg, prop.warp_size),
                     {scratch[0], scratch[1], scratch[2], scratch[3]},
                     user_tile.band,
                     user_tile.width};
  // The last shape this thread used first: a loop launching one region
  // finds it without the shared cache's lock and hash.
  thread_local ShapeKey last_key{};
  thread_local Shape last_shape;
  Shape shape;
  if (last_key.kernel && last_key == key) {
    shape = last_shape;
  } else {
    if (!shape_cache().find(key, shape)) {
      shape = compute_shape(cfg, kernel, prop, scratch);
      shape_cache().insert(key, shape);
    }
    last_key = key;
    last_shape = shape;
  }
  int per_sm = shape.per_sm;
  int tuned_cap = 0; // the tuner's blocks per multiprocessor, 0: none
  // A flat loop over collapsed loops runs as tiles of rows by default where
  // its rows read memory in common; the tuner may choose otherwise.
  bool tiles = tiles_by_default(cfg);
  if (cfg.kind != RegionKind::Scan && tuning() && user_tile.width == 0) {
    tune_plan(cfg, kernel, key, prop, scratch, has_results, shape, tuned_cap, tiles,
              plan.tune);
    per_sm = tuned_cap > 0 ? std::min(tuned_cap, shape.per_sm) : shape.per_sm;
  }
  plan.block = shape.block;
  plan.shared_bytes = shape.shared_bytes;
  const int threads = static_cast<int>(plan.block.x * plan.block.y);
  const index_t resident = static_cast<index_t>(per_sm) * prop.multiprocessors;
  index_t grid = 0;
  index_t bands = 1; // the grid's second dimension: rows of tiles
  index_t tile_row = 0, tile_rows = 0;
  switch (cfg.kind) {
  case RegionKind::Team:
    // One block per team, as a hand kernel launches them, unless a block
    // holds per-block state sized by the grid (reduction partials, level-1
    // scratch slots) or the tuner capped the grid: a persistent league of
    // resident blocks striding over the teams adds a loop, its index
    // arithmetic and a barrier per team, and finished blocks wait at that
    // barrier instead of making room for new ones (mass3d, 524288 teams of
    // 128 threads: 1.12 -> 1.00 ms, 0.85 -> 0.94 of hand, H200). Those
    // that stride spread the teams evenly (balanced_grid).
    if (has_results || scratch[2] || scratch[3] || tuned_cap > 0)
      grid = team_grid_mode() == TeamGridMode::Balanced
                 ? balanced_grid(n, per_sm, prop.multiprocessors)
                 : std::min(n, resident);
    else
      grid = std::min<index_t>(n, prop.max_grid_blocks);
    if (cfg.league_cap > 0)
      grid = std::min(grid, cfg.league_cap);
    break;
  case RegionKind::Flat:
    if (has_results) {
      // At least 8 iterations per thread and at most one wave: each block
      // pays a block reduction, a fence and an atomic, and the last block
      // combines every partial, so fewer, fuller blocks win (1e6 doubles
      // summed to the host: 23 -> 14 us on an H200).
      const index_t per_block = static_cast<index_t>(threads) * 8;
      grid = std::min((n + per_block - 1) / per_block, resident);
      grid = std::max<index_t>(grid, 1);
    } else {
      // One iteration per thread: the kernel runs its loop body at most
      // once (a grid-stride loop costs ~10% on L2-resident data, H100), so
      // the grid must cover the iterations.
      grid = (n + threads - 1) / threads;
      // Tiles of a tile(...) clause, else the runtime's own.
      const int width = user_tile.width > 0 ? user_tile.width : prop.warp_size;
      const bool as_tiles =
          user_tile.width > 0 ? tile_given_fits(n, cfg.row_length, threads, width)
                              : tiles && may_tile(cfg, threads, prop.warp_size);
      if (as_tiles) {
        // Tiles of collapsed loops (collapsed_cell): the grid's first
        // dimension runs across a band of rows, the second over bands.
        // Their padding may not take the grid past a limit the untiled
        // launch keeps (AMD counts a dispatch's work-items in 32 bits).
        const index_t rows_per_block = threads / width;
        const index_t across = (cfg.row_length + width - 1) / width;
        const index_t down = (n / cfg.row_length + rows_per_block - 1) / rows_per_block;
        // (A tile(...) clause's narrow strips may also need more columns
        // of blocks than a grid has: untiled then, too.)
        if (across <= prop.max_grid_blocks &&
            (prop.max_grid_threads == 0 || across * down * threads <= prop.max_grid_threads)) {
          tile_row = cfg.row_length;
          tile_rows = n / cfg.row_length;
          grid = across;
          bands = down;
          // A block of rows x columns, x fastest: each warp covers whole
          // rows of a warp-wide strip, or several rows of a narrower one.
          plan.block = dim3(static_cast<unsigned>(width),
                            static_cast<unsigned>(rows_per_block), 1);
        }
      }
      const bool too_many =
          grid > prop.max_grid_blocks ||
          (prop.max_grid_threads > 0 && grid * bands * threads > prop.max_grid_threads);
      if (too_many)
        fail(cfg, "a flat loop of " + std::to_string(n) + " iterations needs " +
                      std::to_string(grid * bands) + " blocks of " + std::to_string(threads) +
                      " threads, more than " + prop.name +
                      " can launch at once; split the loop into parts");
    }
    break;
  case RegionKind::Scan: {
    const index_t tile = static_cast<index_t>(scan_block) * scan_items;
    grid = (n + tile - 1) / tile;
    if (grid > INT_MAX)
      fail(cfg, "a scan of " + std::to_string(n) +
                    " iterations needs more than " + std::to_string(INT_MAX) +
                    " tiles");
    break;
  }
  }
  plan.grid = dim3(static_cast<unsigned>(grid), static_cast<unsigned>(bands), 1);

  Ctx &ctx = plan.ctx;
  ctx.iterations = n;
  ctx.tile_row = tile_row;
  ctx.tile_rows = tile_rows;
  ctx.scratch0_team_bytes = scratch[0];
  ctx.scratch0_thread_bytes = scratch[1];
  ctx.scratch1_team_bytes = scratch[2];
  ctx.scratch1_thread_bytes = scratch[3];
  const std::size_t slot =
      round_up(scratch[2] + static_cast<std::size_t>(plan.block.y) * scratch[3],
               scratch1_align);
  ctx.scratch1_stride = slot;
  ctx.scratch1_pool = nullptr;
  if (slot) {
    plan.scratch1 =
        pool_acquire(PoolKind::Scratch, slot * plan.grid.x, cfg.stream);
    ctx.scratch1_pool = plan.scratch1.device;
  }
  // Regions of this thread that returned without waiting come first.
  order_after_implicit(cfg.stream);
  plan.run = true;
  cfg.grid = plan.grid;
  cfg.block = plan.block;
  cfg.shared_bytes = plan.shared_bytes;
  for (Participant *p : cfg.participants)
    p->prepare(cfg, plan);
  if (plan.tune.start)
    tune_start(cfg, plan.tune);
  return plan;
}

bool may_tile(const Launch &cfg, int threads, int warp) {
  return cfg.kind == RegionKind::Flat && cfg.participants.empty() && cfg.row_length > 0 &&
         tile_mode() != TileMode::Off &&
         tile_collapsed(cfg.iterations, cfg.row_length, threads, warp);
}

TileShape given_tile(const Launch &cfg, int warp) {
  if ((cfg.tile_band == 0 && cfg.tile_width == 0) || cfg.kind != RegionKind::Flat ||
      !cfg.participants.empty() || cfg.row_length <= 0 || tile_mode() == TileMode::Off)
    return {};
  if (cfg.tile_band < 0 || cfg.tile_width < 0)
    fail(cfg, "tile(...) asks for blocks of " + std::to_string(cfg.tile_band) + " rows x " +
                  std::to_string(cfg.tile_width) + " columns; sizes are 0 (the runtime's) or more");
  TileShape t;
  t.width = cfg.tile_width > 0 ? cfg.tile_width : warp;
  t.band = cfg.tile_band > 0 ? cfg.tile_band : std::max(1, flat_block / t.width);
  return t;
}

bool tiles_by_default(const Launch &cfg) {
  return cfg.row_length > 0 && (tile_mode() == TileMode::Always ||
                                (tile_mode() == TileMode::Auto && cfg.rows_share_reads));
}

bool finish_launch(Launch &cfg, Plan &plan) {
  HPPRT_GPU(Error_t) err = plan.run ? HPPRT_GPU(GetLastError)() : HPPRT_GPU(Success);
  if (plan.tune.slot && tune_launched(cfg, plan, err))
    return true; // a tuning candidate did not launch: plan holds another

  const char *what = "launching the kernel";
  const bool wait = plan.run && !cfg.nowait && !cfg.device_only;
  bool synced = false;
  std::string earlier; // work queued on the stream before this kernel
  if (err == HPPRT_GPU(Success) && wait) {
    err = HPPRT_GPU(StreamSynchronize)(cfg.stream);
    what = "the kernel failed";
    synced = err == HPPRT_GPU(Success);
    if (synced)
      stream_waited(cfg.stream);
    else
      earlier = queued_culprit(cfg.stream);
  }
  const bool ok = err == HPPRT_GPU(Success);
  if (ok && plan.run && !wait)
    queued(cfg, !cfg.nowait);
  pool_release(plan.scratch1,
               !ok                     ? Release::Discard
               : (synced || !plan.run) ? Release::Now
                                       : Release::AfterStream,
               cfg.stream);
  for (Participant *p : cfg.participants)
    p->done(cfg.stream, plan.run, synced || !plan.run, ok);
  if (!ok)
    fail_after_wait(cfg, earlier, err, what);
  return false;
}

void fail_after_wait(const Launch &cfg, const std::string &earlier, HPPRT_GPU(Error_t) err,
                     const char *what) {
  (void)HPPRT_GPU(GetLastError)(); // clear a non-sticky error
  if (!earlier.empty())
    throw Error("hpp: " + earlier + ", or kernel '" + cfg.name + "' (" + cfg.file + ":" +
                std::to_string(cfg.line) + ") after them, failed: " + error_text(err));
  fail(cfg, std::string(what) + ": " + error_text(err));
}

bool results_by_flag() {
  static const bool by_flag =
      env_choice("HPP_RESULT_WAIT", {"flag", "stream"}, {true, false});
  return by_flag;
}

namespace {
enum class TeamKernelChoice { Auto, Bounded, Plain };

/// HPP_TEAM_KERNEL=bounded|plain overrides prefer_bounded's choice for
/// every AUTO team region (to compare the two kernels of a region); unset
/// or auto keeps it. Read once; anything else is an error.
TeamKernelChoice team_kernel_choice() {
  static const TeamKernelChoice choice = env_choice(
      "HPP_TEAM_KERNEL", {"auto", "bounded", "plain"},
      {TeamKernelChoice::Auto, TeamKernelChoice::Bounded, TeamKernelChoice::Plain});
  return choice;
}
} // namespace

bool prefer_bounded(const Launch &cfg, int device, const void *plain, const void *bounded) {
  switch (team_kernel_choice()) {
  case TeamKernelChoice::Bounded:
    return true;
  case TeamKernelChoice::Plain:
    return false;
  case TeamKernelChoice::Auto:
    break;
  }
  // A loop launching one region asks about the same pair every time.
  thread_local const void *last_bounded = nullptr;
  thread_local int last_device = -1;
  thread_local bool last_choice = false;
  if (bounded == last_bounded && device == last_device)
    return last_choice;
  struct Choice {
    const void *bounded;
    int device;
    bool operator==(const Choice &o) const {
      return bounded == o.bounded && device == o.device;
    }
  };
  struct ChoiceHash {
    std::size_t operator()(const Choice &c) const {
      return std::hash<const void *>()(c.bounded) ^ static_cast<std::size_t>(c.device);
    }
  };
  static std::mutex mutex;
  static std::unordered_map<Choice, bool, ChoiceHash> choices;
  const Choice key{bounded, device};
  bool choice = false;
  {
    std::lock_guard<std::mutex> lock(mutex);
    auto it = choices.find(key);
    if (it != choices.end()) {
      choice = it->second;
    } else {
      HPPRT_GPU(FuncAttributes) a{}, b{};
      check(cfg, HPPRT_GPU(FuncGetAttributes)(&a, plain), HPPRT_GPU_PREFIX "FuncGetAttributes");
      check(cfg, HPPRT_GPU(FuncGetAttributes)(&b, bounded), HPPRT_GPU_PREFIX "FuncGetAttributes");
      choice = b.localSizeBytes <= a.localSizeBytes && b.numRegs <= a.numRegs;
      choices.emplace(key, choice);
    }
  }
  last_bounded = bounded;
  last_device = device;
  last_choice = choice;
  return choice;
}

bool all_device(std::initializer_list<const void *> pointers) {
  for (const void *p : pointers) {
    if (!p)
      continue;
    dialect::PointerKind kind = dialect::PointerKind::Pageable;
    if (!known_kind(p, kind) && dialect::pointer_kind(p, kind) != HPPRT_GPU(Success)) {
      (void)HPPRT_GPU(GetLastError)();
      return false;
    }
    if (kind != dialect::PointerKind::Device)
      return false;
  }
  return true;
}

void check_pointer(const Launch &cfg, const void *p, const char *var) {
  if (!p)
    return;
  // What hpp::alloc or a map handed out is reachable; on a device that
  // reaches pageable memory everything is: neither needs the driver.
  dialect::PointerKind kind = dialect::PointerKind::Pageable;
  if (known_kind(p, kind))
    return;
  const DeviceInfo &dev = device_info(&cfg);
  if (dev.limits.pageable)
    return;
  check(cfg, dialect::pointer_kind(p, kind), HPPRT_GPU_PREFIX "PointerGetAttributes");
  if (kind != dialect::PointerKind::Pageable)
    return;
  const std::string name = var ? var : "?";
  fail(cfg, "pointer '" + name + "' points to pageable host memory, which " +
                dev.limits.name +
                " cannot access (no pageableMemoryAccess); add map(tofrom: " +
                name + "[0:n]) to the region (or an enclosing `hpp data`), or "
                "allocate it with hpp::alloc (Space::Device or Space::Shared)");
}

void check_member_pointer(const Launch &cfg, const void *p, const char *member) {
  if (p && present(p) != p) {
    const std::string name = member ? member : "?";
    fail(cfg, "member '" + name + "' points into data mapped to the device, but the region "
              "reaches it through its copy of the object (*this), which holds the host "
              "address: the kernel would miss the device copy; copy the member to a local "
              "pointer before the region (auto *" + name + "_ = this->" + name +
              ";) and use that");
  }
  check_pointer(cfg, p, member);
}

std::uint32_t tools_device_id(std::uint32_t instance) {
  int device = 0;
  if (HPPRT_GPU(GetDevice)(&device) != HPPRT_GPU(Success))
    (void)HPPRT_GPU(GetLastError)();
  return profiling::device_id(static_cast<profiling::DeviceType>(dialect::tools_device_type),
                              static_cast<std::uint32_t>(device), instance);
}

void nvtx_initialize() {
#ifdef HPPRT_GPU_HAVE_NVTX
  // NVTX resolves its entry points on first use; doing it once here keeps
  // threads that start their first region together from racing on it.
  static std::once_flag once;
  std::call_once(once, [] { nvtxInitialize(nullptr); });
#endif
}

namespace {
// 0: no file noted; 1: the legacy (null) stream; 2: the per-thread stream.
std::atomic<int> noted_default{0};
} // namespace

bool note_default_stream(HPPRT_GPU(Stream_t) stream) {
  const int mode = stream == HPPRT_GPU(StreamPerThread) ? 2 : 1;
  int cur = noted_default.load(std::memory_order_relaxed);
  while (cur < mode && !noted_default.compare_exchange_weak(cur, mode))
    ;
  return true;
}

HPPRT_GPU(Stream_t) resolve_stream(HPPRT_GPU(Stream_t) stream) {
  if (stream)
    return stream;
  if (noted_default.load(std::memory_order_relaxed) == 2)
    return HPPRT_GPU(StreamPerThread);
  return HPPRT_GPU_DEFAULT_STREAM; // this file's: the legacy stream
}

} // namespace detail
} // namespace gpu
} // namespace hpprt
