//===- launch.cu - Launch configuration for the CUDA backend --------------===//
#include "launch.hpp"

#include <algorithm>
#include <climits>
#include <cstdio>
#include <mutex>
#include <string>

namespace hpprt {
namespace cuda {
namespace detail {
namespace {

struct DeviceInfo {
  bool valid = false;
  cudaDeviceProp prop{};
  bool pageable = false; // cudaDevAttrPageableMemoryAccess
};

constexpr int kMaxDevices = 64;

std::string where(const Launch &cfg) {
  return std::string("hpp: kernel '") + (cfg.name ? cfg.name : "") + "' (" +
         (cfg.file ? cfg.file : "?") + ":" + std::to_string(cfg.line) + "): ";
}

const DeviceInfo &device_info(const Launch *cfg) {
  static std::mutex mutex;
  static DeviceInfo infos[kMaxDevices];
  int device = 0;
  cudaError_t err = cudaGetDevice(&device);
  if (err == cudaSuccess && (device < 0 || device >= kMaxDevices))
    err = cudaErrorInvalidDevice;
  std::lock_guard<std::mutex> lock(mutex);
  if (err == cudaSuccess && !infos[device].valid) {
    DeviceInfo &d = infos[device];
    err = cudaGetDeviceProperties(&d.prop, device);
    int pageable = 0;
    if (err == cudaSuccess)
      err = cudaDeviceGetAttribute(&pageable, cudaDevAttrPageableMemoryAccess,
                                   device);
    d.pageable = pageable != 0;
    d.valid = err == cudaSuccess;
  }
  if (err != cudaSuccess) {
    (void)cudaGetLastError();
    std::string msg = std::string("no usable CUDA device: ") +
                      cudaGetErrorString(err) + " (" + cudaGetErrorName(err) +
                      ")";
    if (cfg)
      fail(*cfg, msg);
    throw Error("hpp: " + msg);
  }
  return infos[device];
}

std::size_t round_up(std::size_t bytes, std::size_t a) {
  return align_up(bytes, a);
}

std::string threads_text(int team, int vec) {
  return "team_size " + std::to_string(team) + " \xC3\x97 vector_length " +
         std::to_string(vec);
}

} // namespace

void fail(const Launch &cfg, const std::string &what) {
  throw Error(where(cfg) + what);
}

void check(const Launch &cfg, cudaError_t err, const char *call) {
  if (err == cudaSuccess)
    return;
  (void)cudaGetLastError(); // clear a non-sticky error
  fail(cfg, std::string(call) + ": " + cudaGetErrorString(err) + " (" +
                cudaGetErrorName(err) + ")");
}

unsigned max_partials() {
  const cudaDeviceProp &p = device_info(nullptr).prop;
  return 8u * static_cast<unsigned>(p.maxBlocksPerMultiProcessor) *
         static_cast<unsigned>(p.multiProcessorCount);
}

Plan plan_launch(Launch &cfg, const void *kernel) {
  Plan plan;
  const DeviceInfo &dev = device_info(&cfg);
  const cudaDeviceProp &prop = dev.prop;
  if (cfg.iterations <= 0) {
    cfg.grid = dim3(0, 0, 0);
    cfg.block = dim3(0, 0, 0);
    cfg.shared_bytes = 0;
    for (Participant *p : cfg.participants)
      p->prepare(cfg, plan);
    return plan;
  }
  cudaFuncAttributes attr{};
  check(cfg, cudaFuncGetAttributes(&attr, kernel), "cudaFuncGetAttributes");
  const std::size_t static_shared = attr.sharedSizeBytes;
  const std::size_t optin =
      static_cast<std::size_t>(prop.sharedMemPerBlockOptin);
  const std::size_t avail = optin > static_shared ? optin - static_shared : 0;
  const bool has_results = !cfg.participants.empty();
  const index_t n = cfg.iterations;

  std::size_t team0 = 0, thread0 = 0, team1 = 0, thread1 = 0;
  int team = 1, vec = 1;
  switch (cfg.kind) {
  case RegionKind::Team: {
    if (cfg.team_size < 0)
      fail(cfg,
           "team_size " + std::to_string(cfg.team_size) + " is not positive");
    vec = cfg.vector_length ? cfg.vector_length : (cfg.nested_vector ? 32 : 1);
    if (vec < 1 || vec > 32 || (vec & (vec - 1)) != 0)
      fail(cfg, "vector_length " + std::to_string(vec) +
                    " is not a power of two between 1 and 32");
    team0 = round_up(cfg.scratch_team_bytes[0], scratch0_align);
    thread0 = round_up(cfg.scratch_thread_bytes[0], scratch0_align);
    team1 = round_up(cfg.scratch_team_bytes[1], scratch0_align);
    thread1 = round_up(cfg.scratch_thread_bytes[1], scratch0_align);
    auto shared_for = [&](int threads) -> std::size_t {
      return team0 + static_cast<std::size_t>(threads / vec) * thread0;
    };
    // Above 48 KiB a kernel must opt in before the occupancy calculator
    // (and the launch) accept the request.
    auto opt_in = [&](std::size_t bytes) {
      if (bytes > static_cast<std::size_t>(attr.maxDynamicSharedSizeBytes) &&
          bytes <= avail) {
        check(cfg,
              cudaFuncSetAttribute(kernel,
                                   cudaFuncAttributeMaxDynamicSharedMemorySize,
                                   static_cast<int>(avail)),
              "cudaFuncSetAttribute(MaxDynamicSharedMemorySize)");
        attr.maxDynamicSharedSizeBytes = static_cast<int>(avail);
      }
    };
    if (cfg.team_size == 0) {
      const int limit = std::min(attr.maxThreadsPerBlock, auto_team_threads);
      opt_in(std::min(shared_for(std::max(limit, vec)), avail));
      int min_grid = 0, block = 0;
      if (limit >= vec && shared_for(vec) <= avail)
        check(cfg,
              cudaOccupancyMaxPotentialBlockSizeVariableSMem(
                  &min_grid, &block, kernel, shared_for, limit),
              "cudaOccupancyMaxPotentialBlockSizeVariableSMem");
      team = std::max(1, block / vec);
      const int granule = 32 / vec; // threads per warp
      if (team >= granule)
        team -= team % granule;
    } else {
      team = cfg.team_size;
    }
    const long long threads = static_cast<long long>(team) * vec;
    if (threads > prop.maxThreadsPerBlock)
      fail(cfg, threads_text(team, vec) + " exceeds the device limit of " +
                    std::to_string(prop.maxThreadsPerBlock) +
                    " threads per block");
    if (threads > attr.maxThreadsPerBlock)
      fail(cfg, threads_text(team, vec) + " exceeds the " +
                    std::to_string(attr.maxThreadsPerBlock) +
                    " threads per block this kernel can run with (it uses " +
                    std::to_string(attr.numRegs) + " registers per thread)");
    plan.shared_bytes = shared_for(static_cast<int>(threads));
    if (plan.shared_bytes > avail) {
      std::string msg = "level-0 scratch of " +
                        std::to_string(plan.shared_bytes) +
                        " bytes per team exceeds the " + std::to_string(avail) +
                        " bytes of shared memory per block on this device (" +
                        prop.name + ")";
      if (static_shared)
        msg += " left beside the kernel's own " +
               std::to_string(static_shared) + " bytes";
      fail(cfg, msg);
    }
    opt_in(plan.shared_bytes);
    plan.block =
        dim3(static_cast<unsigned>(vec), static_cast<unsigned>(team), 1);
    break;
  }
  case RegionKind::Flat: {
    int block = std::min(flat_block, attr.maxThreadsPerBlock);
    block = std::max(32, block - block % 32);
    plan.block = dim3(static_cast<unsigned>(block), 1, 1);
    break;
  }
  case RegionKind::Scan:
    if (attr.maxThreadsPerBlock < scan_block)
      fail(cfg, "a scan needs " + std::to_string(scan_block) +
                    " threads per block but this kernel can run only " +
                    std::to_string(attr.maxThreadsPerBlock) + " (it uses " +
                    std::to_string(attr.numRegs) + " registers per thread)");
    plan.block = dim3(scan_block, 1, 1);
    break;
  }
  const int threads = static_cast<int>(plan.block.x * plan.block.y);

  int per_sm = 0;
  check(cfg,
        cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel, threads,
                                                      plan.shared_bytes),
        "cudaOccupancyMaxActiveBlocksPerMultiprocessor");
  if (per_sm == 0)
    fail(cfg, std::to_string(threads) + " threads per block with " +
                  std::to_string(plan.shared_bytes) +
                  " bytes of shared memory do not fit on a multiprocessor of " +
                  prop.name + " (the kernel uses " +
                  std::to_string(attr.numRegs) + " registers per thread)");
  const index_t resident =
      static_cast<index_t>(per_sm) * prop.multiProcessorCount;
  index_t grid = 0;
  switch (cfg.kind) {
  case RegionKind::Team:
    grid = std::min(n, resident);
    if (cfg.league_cap > 0)
      grid = std::min(grid, cfg.league_cap);
    break;
  case RegionKind::Flat:
    grid = (n + threads - 1) / threads;
    grid = std::min<index_t>(grid, has_results ? resident * 8 : INT_MAX);
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
  plan.grid = dim3(static_cast<unsigned>(grid), 1, 1);

  Ctx &ctx = plan.ctx;
  ctx.iterations = n;
  ctx.scratch0_team_bytes = team0;
  ctx.scratch0_thread_bytes = thread0;
  ctx.scratch1_team_bytes = team1;
  ctx.scratch1_thread_bytes = thread1;
  const std::size_t slot = round_up(
      team1 + static_cast<std::size_t>(plan.block.y) * thread1, scratch1_align);
  ctx.scratch1_stride = slot;
  ctx.scratch1_pool = nullptr;
  if (slot) {
    plan.scratch1 = pool_acquire(PoolKind::Scratch, slot * plan.grid.x);
    ctx.scratch1_pool = plan.scratch1.device;
  }
  plan.run = true;
  cfg.grid = plan.grid;
  cfg.block = plan.block;
  cfg.shared_bytes = plan.shared_bytes;
  for (Participant *p : cfg.participants)
    p->prepare(cfg, plan);
  return plan;
}

void finish_launch(Launch &cfg, Plan &plan) {
  cudaError_t err = plan.run ? cudaGetLastError() : cudaSuccess;
  const char *what = "launching the kernel";
  bool synced = false;
  if (err == cudaSuccess && plan.run && !cfg.nowait) {
    err = cudaStreamSynchronize(cfg.stream);
    what = "the kernel failed";
    synced = err == cudaSuccess;
  }
  const bool ok = err == cudaSuccess;
  pool_release(plan.scratch1,
               !ok                     ? Release::Discard
               : (synced || !plan.run) ? Release::Now
                                       : Release::AfterStream,
               cfg.stream);
  for (Participant *p : cfg.participants)
    p->done(cfg.stream, plan.run, synced || !plan.run, ok);
  check(cfg, err, what);
}

void check_pointer(const Launch &cfg, const void *p, const char *var) {
  if (!p)
    return;
  cudaPointerAttributes a{};
  const cudaError_t err = cudaPointerGetAttributes(&a, p);
  if (err != cudaSuccess) {
    (void)cudaGetLastError();
    check(cfg, err, "cudaPointerGetAttributes");
  }
  const bool host_only =
      a.type == cudaMemoryTypeUnregistered ||
      (a.type == cudaMemoryTypeHost && a.devicePointer == nullptr);
  if (!host_only)
    return;
  const DeviceInfo &dev = device_info(&cfg);
  if (dev.pageable)
    return;
  fail(cfg, std::string("pointer '") + (var ? var : "?") +
                "' points to pageable host memory, which " + dev.prop.name +
                " cannot access (no pageableMemoryAccess); allocate it with "
                "hpp::alloc (Space::Device or Space::Shared) or map it with a "
                "map() clause");
}

} // namespace detail
} // namespace cuda
} // namespace hpprt
