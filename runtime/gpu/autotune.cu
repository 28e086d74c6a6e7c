//===- autotune.cu - HPP_TUNE=1 on CUDA and HIP ---------------------------===//
/// \file
/// One Slot per region, device and size class holds the search, the shape
/// of each candidate (validated by compute_shape and the occupancy API
/// before it is ever launched) and the events of launches whose times are
/// not read yet. One mutex guards the slots; it is taken by tuned launches
/// only, and a thread whose last tuned region is decided skips it.
//===----------------------------------------------------------------------===//
#include "autotune.hpp"
#include "launch_refusal.hpp"
#include "scratch.hpp"

#include "../common/error.hpp"

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

namespace hpprt {
namespace gpu {
namespace detail {
namespace {

struct TuneKey {
  ShapeKey shape;
  bool results, capped;
  int size_class;
  bool operator==(const TuneKey &o) const {
    return shape == o.shape && results == o.results && capped == o.capped &&
           size_class == o.size_class;
  }
};

/// FNV-1a over v's bytes, folded into h.
template <class T> std::uint64_t fold(std::uint64_t h, const T &v) {
  unsigned char bytes[sizeof(T)];
  std::memcpy(bytes, &v, sizeof(T));
  for (unsigned char b : bytes)
    h = (h ^ b) * 0x100000001b3ull;
  return h;
}

struct TuneKeyHash {
  std::size_t operator()(const TuneKey &k) const {
    std::uint64_t h = 0xcbf29ce484222325ull;
    h = fold(h, k.shape.kernel);
    h = fold(h, k.shape.device);
    h = fold(h, k.size_class);
    return static_cast<std::size_t>(h);
  }
};

struct Pending {
  int index;
  HPPRT_GPU(Event_t) start, stop;
};

struct Slot {
  Slot(std::vector<tune::Candidate> c) : search(std::move(c)) {}
  tune::Search search;
  std::vector<Shape> shapes; ///< one per candidate
  tune::Entry entry;         ///< what the cache file says of the slot
  bool team = true;
  bool from_cache = false, reported = false;
  std::vector<Pending> pending;
};

struct State {
  std::mutex mutex;
  std::unordered_map<TuneKey, std::unique_ptr<Slot>, TuneKeyHash> slots;
  bool loaded = false;
  std::string path;
  std::map<std::string, tune::Entry> cache; ///< by Entry::key()
  /// Bumped when a decided slot changes its choice (a candidate failed),
  /// so threads drop their copy of it.
  std::atomic<unsigned> generation{0};
};

State &state() {
  static State *s = new State; // never destroyed: the exit handler uses it
  return *s;
}

bool verbose() {
  static const bool on = tune::requested(std::getenv("HPP_TUNE_VERBOSE"));
  return on;
}

void destroy(Pending &p) {
  (void)HPPRT_GPU(EventDestroy)(p.start);
  (void)HPPRT_GPU(EventDestroy)(p.stop);
}

/// Reads the times that are ready (wait: all of them, at exit).
void poll(Slot &slot, bool wait) {
  for (std::size_t i = 0; i < slot.pending.size();) {
    Pending &p = slot.pending[i];
    HPPRT_GPU(Error_t) err = wait ? HPPRT_GPU(EventSynchronize)(p.stop)
                                  : HPPRT_GPU(EventQuery)(p.stop);
    if (err == HPPRT_GPU(ErrorNotReady)) {
      ++i;
      continue;
    }
    float ms = -1;
    if (err == HPPRT_GPU(Success))
      err = HPPRT_GPU(EventElapsedTime)(&ms, p.start, p.stop);
    if (err == HPPRT_GPU(Success)) {
      slot.search.record(p.index, ms);
    } else {
      (void)HPPRT_GPU(GetLastError)();
      slot.search.forget(p.index);
    }
    destroy(p);
    slot.pending[i] = slot.pending.back();
    slot.pending.pop_back();
  }
}

/// "'NAME' (FILE:LINE) n=2^C on DEVICE: 256 10.1us, 512 9.8us -> 512".
std::string report(const Slot &slot) {
  const tune::Entry &e = slot.entry;
  std::string s = "hpp: tune: '" + e.kernel + "' (" + e.file + ":" + std::to_string(e.line) +
                  ") n=2^" + std::to_string(e.size_class) + " on " + e.device + ":";
  const tune::Search &search = slot.search;
  if (slot.from_cache) {
    s += " cached";
  } else {
    for (std::size_t i = 0; i < search.candidates().size(); ++i) {
      const int k = static_cast<int>(i);
      s += (i ? ", " : " ") + tune::describe(search.candidates()[i], slot.team);
      char t[32];
      if (search.dropped(k))
        std::snprintf(t, sizeof t, " failed");
      else if (search.time(k) < 0)
        std::snprintf(t, sizeof t, " -");
      else
        std::snprintf(t, sizeof t, " %.1fus", search.time(k) * 1e3);
      s += t;
    }
  }
  if (search.decided())
    s += " -> " + tune::describe(search.candidates()[search.chosen()], slot.team);
  else
    s += " -> undecided (the program ended first)";
  return s + "\n";
}

/// Once a slot is decided: its report line and, when it was timed, its
/// cache entry (added to out).
void finish(State &st, Slot &slot, std::string &lines, std::vector<tune::Entry> &out) {
  if (slot.reported || !slot.search.decided())
    return;
  slot.reported = true;
  if (verbose())
    lines += report(slot);
  if (slot.from_cache || slot.search.candidates().size() <= 1)
    return;
  const int c = slot.search.chosen();
  slot.entry.choice = slot.search.candidates()[c];
  slot.entry.us = slot.search.time(c) * 1e3;
  st.cache[slot.entry.key()] = slot.entry;
  out.push_back(slot.entry);
}

void emit(const State &st, const std::string &lines, const std::vector<tune::Entry> &out) {
  if (!lines.empty())
    std::fputs(lines.c_str(), stderr);
  if (!out.empty() && !tune::write_cache(st.path, out) && verbose())
    std::fprintf(stderr, "hpp: tune: could not write the cache %s\n", st.path.c_str());
}

/// At exit: times still in flight are waited for (the program is done),
/// searches they complete are reported and cached.
void at_exit() {
  State &st = state();
  std::string lines;
  std::vector<tune::Entry> out;
  {
    std::lock_guard<std::mutex> lock(st.mutex);
    for (auto &kv : st.slots) {
      Slot &slot = *kv.second;
      poll(slot, true);
      finish(st, slot, lines, out);
      if (!slot.reported && verbose())
        lines += report(slot);
    }
  }
  emit(st, lines, out);
}

std::uint64_t signature(const Launch &cfg, const TuneKey &k, const Shape &automatic,
                        bool may_run_as_tiles) {
  // What changes when the kernel is compiled differently, and the request:
  // a cached shape is only reused for the kernel it was timed with. That
  // includes whether tiles were among the candidates (HPP_COLLAPSE_TILES,
  // the rows' length) and the default mapping: a choice made without them
  // is timed again where they may run.
  const HPPRT_GPU(FuncAttributes) &a = automatic.attr;
  std::uint64_t h = 0xcbf29ce484222325ull;
  for (long long v : {static_cast<long long>(a.numRegs), static_cast<long long>(a.localSizeBytes),
                      static_cast<long long>(a.sharedSizeBytes),
                      static_cast<long long>(a.constSizeBytes),
                      static_cast<long long>(a.maxThreadsPerBlock),
                      static_cast<long long>(a.binaryVersion), static_cast<long long>(a.ptxVersion),
                      static_cast<long long>(k.shape.kind), static_cast<long long>(cfg.team_size),
                      static_cast<long long>(cfg.vector_length),
                      static_cast<long long>(cfg.nested_vector),
                      static_cast<long long>(k.shape.auto_vector),
                      static_cast<long long>(k.results), static_cast<long long>(k.capped),
                      static_cast<long long>(may_run_as_tiles),
                      static_cast<long long>(tiles_by_default(cfg))})
    h = fold(h, v);
  for (std::size_t s : k.shape.scratch)
    h = fold(h, s);
  return h;
}

std::unique_ptr<Slot> make_slot(State &st, Launch &cfg, const void *kernel, const TuneKey &k,
                                const dialect::DeviceLimits &prop,
                                const std::size_t (&scratch)[4], const Shape &automatic,
                                bool automatic_tiles) {
  tune::Region r;
  r.team = cfg.kind == RegionKind::Team;
  r.results = k.results;
  r.user_team = cfg.team_size;
  r.user_vector = cfg.vector_length;
  r.nested_vector = cfg.nested_vector;
  r.league_cap = k.capped;
  r.warp = prop.warp_size;
  r.max_threads = std::min(automatic.attr.maxThreadsPerBlock, prop.max_threads_per_block);
  r.team_shared = scratch[0];
  r.thread_shared = scratch[1];
  const std::size_t static_shared = automatic.attr.sharedSizeBytes;
  r.shared_avail = prop.shared_per_block > static_shared ? prop.shared_per_block - static_shared : 0;
  // A mapping is recorded only as it runs: tiles where they may run.
  const int auto_threads = static_cast<int>(automatic.block.x * automatic.block.y);
  r.automatic = tune::Candidate{static_cast<int>(automatic.block.x),
                                static_cast<int>(automatic.block.y), 0,
                                automatic_tiles && may_tile(cfg, auto_threads, prop.warp_size)};
  r.auto_per_sm = automatic.per_sm;
  r.iterations = cfg.iterations;
  r.multiprocessors = prop.multiprocessors;
  // Tiles need blocks of two warps at least: the loosest block asks.
  r.collapsed_tiles = !r.team && !k.results && may_tile(cfg, 2 * prop.warp_size, prop.warp_size);

  // Keep the candidates that plan like a user-given shape would.
  std::vector<tune::Candidate> kept;
  std::vector<Shape> shapes;
  for (const tune::Candidate &c : tune::candidates(r)) {
    if (c.tiles && !may_tile(cfg, c.vector * c.team, prop.warp_size))
      continue; // would run untiled: a duplicate, never tried
    Shape s = automatic;
    if (kept.empty()) {
      // the automatic shape: as planned
    } else if (c.vector == r.automatic.vector && c.team == r.automatic.team) {
      // The automatic block with a smaller grid, or in the other mapping.
      if (c.tiles == r.automatic.tiles && c.per_sm >= automatic.per_sm)
        continue; // no smaller grid than the automatic one
    } else {
      try {
        s = compute_shape(cfg, kernel, prop, scratch, &c);
      } catch (const Error &) {
        continue; // cannot run: never tried
      }
      if (c.per_sm >= s.per_sm && c.per_sm > 0)
        continue;
    }
    kept.push_back(c);
    shapes.push_back(s);
  }
  auto slot = std::make_unique<Slot>(kept);
  slot->shapes = std::move(shapes);
  slot->team = r.team;
  tune::Entry &e = slot->entry;
  e.device = prop.name;
  e.kernel = cfg.name ? cfg.name : "";
  e.file = cfg.file ? cfg.file : "";
  e.line = cfg.line;
  e.signature = signature(cfg, k, automatic, r.collapsed_tiles);
  e.size_class = k.size_class;

  if (!st.loaded) {
    st.loaded = true;
    st.path = tune::cache_path([](const char *name) { return std::getenv(name); });
    for (tune::Entry &c : tune::read_cache(st.path))
      st.cache[c.key()] = c;
  }
  // A cached choice is used only when it is one of today's legal
  // candidates; anything else (another kernel build, a changed device
  // limit, an edited file) is ignored and the region is timed again.
  auto it = st.cache.find(e.key());
  if (it != st.cache.end() && !slot->search.decided())
    for (std::size_t i = 0; i < kept.size(); ++i)
      if (kept[i] == it->second.choice) {
        slot->search.decide(static_cast<int>(i));
        slot->from_cache = true;
        break;
      }
  return slot;
}

} // namespace

bool tuning() {
  static const bool on = tune::requested(std::getenv("HPP_TUNE"));
  return on;
}

void tune_plan(Launch &cfg, const void *kernel, const ShapeKey &key,
               const dialect::DeviceLimits &prop, const std::size_t (&scratch)[4],
               bool results, Shape &shape, int &per_sm_cap, bool &tiles,
               TuneTicket &ticket) {
  const TuneKey k{key, results, cfg.league_cap > 0, tune::size_class(cfg.iterations)};
  State &st = state();
  // A decided region launched again by this thread: no lock.
  thread_local TuneKey last_key{};
  thread_local Shape last_shape;
  thread_local int last_cap = 0, last_index = 0;
  thread_local bool last_tiles = false;
  thread_local void *last_slot = nullptr;
  thread_local unsigned last_generation = 0;
  if (last_slot && last_key == k &&
      last_generation == st.generation.load(std::memory_order_acquire)) {
    shape = last_shape;
    per_sm_cap = last_cap;
    tiles = last_tiles;
    ticket.slot = last_slot;
    ticket.index = last_index;
    ticket.kernel = kernel;
    return;
  }
  std::string lines;
  std::vector<tune::Entry> out;
  {
    std::lock_guard<std::mutex> lock(st.mutex);
    auto it = st.slots.find(k);
    if (it == st.slots.end()) {
      static std::once_flag registered;
      // After the GPU runtime's own exit handler was registered (the device
      // is initialised by now), so this one runs first.
      std::call_once(registered, [] { std::atexit(at_exit); });
      it = st.slots.emplace(k, make_slot(st, cfg, kernel, k, prop, scratch, shape, tiles))
               .first;
    }
    Slot &slot = *it->second;
    poll(slot, false);
    finish(st, slot, lines, out);
    tune::Search::Pick pick = slot.search.next();
    if (pick.timed) {
      if (HPPRT_GPU(EventCreate)(&ticket.start) != HPPRT_GPU(Success) ||
          HPPRT_GPU(EventCreate)(&ticket.stop) != HPPRT_GPU(Success)) {
        (void)HPPRT_GPU(GetLastError)();
        if (ticket.start)
          (void)HPPRT_GPU(EventDestroy)(ticket.start);
        ticket.start = ticket.stop = nullptr;
        slot.search.forget(pick.index);
      }
    }
    shape = slot.shapes[pick.index];
    per_sm_cap = slot.search.candidates()[pick.index].per_sm;
    tiles = slot.search.candidates()[pick.index].tiles;
    ticket.slot = &slot;
    ticket.index = pick.index;
    ticket.kernel = kernel;
    if (slot.search.decided()) {
      last_key = k;
      last_shape = shape;
      last_cap = per_sm_cap;
      last_tiles = tiles;
      last_index = pick.index;
      last_slot = &slot;
      last_generation = st.generation.load(std::memory_order_acquire);
    }
  }
  emit(st, lines, out);
}

void tune_start(const Launch &cfg, TuneTicket &ticket) {
  if (ticket.start &&
      HPPRT_GPU(EventRecord)(ticket.start, cfg.stream) != HPPRT_GPU(Success)) {
    (void)HPPRT_GPU(GetLastError)();
    (void)HPPRT_GPU(EventDestroy)(ticket.start);
    (void)HPPRT_GPU(EventDestroy)(ticket.stop);
    ticket.start = ticket.stop = nullptr;
    State &st = state();
    std::lock_guard<std::mutex> lock(st.mutex);
    static_cast<Slot *>(ticket.slot)->search.forget(ticket.index);
  }
}

bool tune_launched(Launch &cfg, Plan &plan, HPPRT_GPU(Error_t) err) {
  TuneTicket &t = plan.tune;
  Slot &slot = *static_cast<Slot *>(t.slot);
  State &st = state();
  if (err == HPPRT_GPU(Success)) {
    if (!t.start)
      return false;
    Pending p{t.index, t.start, t.stop};
    t.start = t.stop = nullptr;
    const bool recorded = HPPRT_GPU(EventRecord)(p.stop, cfg.stream) == HPPRT_GPU(Success);
    if (!recorded)
      (void)HPPRT_GPU(GetLastError)();
    std::lock_guard<std::mutex> lock(st.mutex);
    if (recorded) {
      slot.pending.push_back(p);
    } else {
      destroy(p);
      slot.search.forget(t.index);
    }
    return false;
  }
  if (t.start) {
    (void)HPPRT_GPU(EventDestroy)(t.start);
    (void)HPPRT_GPU(EventDestroy)(t.stop);
    t.start = t.stop = nullptr;
  }
  if (t.index == 0)
    return false; // the automatic shape: the user's launch failed
  if (!shape_refused(err)) {
    // Not the shape's fault (an earlier kernel's illegal address, say):
    // finish_launch reports it; the candidate is tried again later.
    std::lock_guard<std::mutex> lock(st.mutex);
    slot.search.forget(t.index);
    return false;
  }
  // The candidate did not launch (too many resources after all): never
  // again; this launch runs with what the search picks now.
  (void)HPPRT_GPU(GetLastError)();
  {
    std::lock_guard<std::mutex> lock(st.mutex);
    slot.search.drop(t.index);
    st.generation.fetch_add(1, std::memory_order_acq_rel);
  }
  pool_release(plan.scratch1, Release::Now, cfg.stream);
  const void *kernel = t.kernel;
  plan = plan_launch(cfg, kernel);
  return true;
}

} // namespace detail
} // namespace gpu
} // namespace hpprt
