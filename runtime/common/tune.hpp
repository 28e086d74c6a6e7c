//===- tune.hpp - The launch-shape autotuner's decisions --------*- C++ -*-===//
/// \file
/// HPP_TUNE=1 (user guide, "Autotuning"): the GPU runtimes time a few legal
/// launch shapes of each AUTO region on its first launches and keep the
/// fastest. What to try, when a search is over and what the cache file
/// holds are decided here, free of GPU calls, so that the host unit tests
/// check them (test/unit/TuneTest.cpp); runtime/gpu/tune.cu measures and
/// applies.
//===----------------------------------------------------------------------===//
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace hpprt {
namespace tune {

/// One launch shape: a block of vector × team threads (a flat loop's block
/// is vector × 1), at most per_sm resident blocks per multiprocessor
/// counted into the grid (0: as many as fit, today's AUTO grid), and for a
/// flat loop over collapsed loops whether it runs as tiles of rows
/// (hpprt's tile_collapsed) or as consecutive iterations per block.
struct Candidate {
  int vector = 1;
  int team = 1;
  int per_sm = 0;
  bool tiles = false;
  bool operator==(const Candidate &o) const {
    return vector == o.vector && team == o.team && per_sm == o.per_sm && tiles == o.tiles;
  }
  bool operator!=(const Candidate &o) const { return !(*this == o); }
};

/// "32x8" or "256", with "/2" when per_sm caps the grid and "t" for tiles
/// ("256t").
std::string describe(const Candidate &c, bool team_region);

/// What candidate generation knows about a region, its kernel and device.
struct Region {
  bool team = true;        ///< a team region; else a flat loop
  bool results = false;    ///< a flat loop with reductions (grid ≤ residency)
  int user_team = 0;       ///< team_size given by the user; 0 = AUTO
  int user_vector = 0;     ///< vector_length given by the user; 0 = AUTO
  bool nested_vector = false;
  bool league_cap = false; ///< the user capped the league
  int warp = 32;
  int max_threads = 1024;  ///< per block: min(kernel's limit, device's)
  std::size_t team_shared = 0, thread_shared = 0; ///< level-0 scratch bytes
  std::size_t shared_avail = 0; ///< dynamic shared memory a block may have
  Candidate automatic;     ///< what AUTO chooses (per_sm 0)
  int auto_per_sm = 0;     ///< its resident blocks per multiprocessor
  long long iterations = 0;
  int multiprocessors = 1;
  /// A flat loop over collapsed loops that may run as tiles at this size:
  /// each block size is tried both ways (automatic.tiles is the default).
  bool collapsed_tiles = false;
};

/// At most this many candidates per region and size class.
constexpr std::size_t max_candidates = 8;

/// Legal candidates for r, r.automatic first; user-given sizes are kept,
/// and only shapes that launch differently from another are listed. The
/// GPU runtime still validates each one against the occupancy calculator.
std::vector<Candidate> candidates(const Region &r);

/// floor(log2(iterations)): launches of one class share a choice.
int size_class(long long iterations);

/// Whether an HPP_TUNE (or HPP_TUNE_VERBOSE) value asks for it: set, not
/// empty and not 0, off, no or false.
bool requested(const char *value);

/// The search of one region and size class. Each candidate runs `samples`
/// timed launches; times arrive later, in any order. Until every kept
/// candidate has all its times, launches that are not timed use the best
/// so far (the automatic shape before any time is in).
class Search {
public:
  Search(std::vector<Candidate> candidates, int samples = 2);

  struct Pick {
    int index = 0;
    bool timed = false;
  };
  /// The candidate the next launch runs and whether to time it.
  Pick next();
  /// A timed launch of candidate i took ms milliseconds.
  void record(int i, double ms);
  /// A timed launch of candidate i could not be timed: run it again.
  void forget(int i);
  /// Candidate i failed to launch: never use it. The automatic shape
  /// (index 0) is the user's launch and is never dropped.
  void drop(int i);
  /// Ends the search with candidate i (a cached choice).
  void decide(int i);

  bool decided() const { return chosen_ >= 0; }
  int chosen() const { return chosen_; }
  int best_so_far() const;
  const std::vector<Candidate> &candidates() const { return candidates_; }
  /// Fastest time of candidate i in ms; negative when it has none.
  double time(int i) const { return state_[i].best; }
  bool dropped(int i) const { return state_[i].dropped; }

private:
  struct State {
    int launched = 0, timed = 0;
    double best = -1;
    bool dropped = false;
  };
  void settle();

  std::vector<Candidate> candidates_;
  std::vector<State> state_;
  int samples_;
  int chosen_ = -1;
};

/// Reads an environment variable; null when unset (std::getenv's contract).
using EnvLookup = std::function<const char *(const char *)>;

/// HPP_TUNE_CACHE, else $XDG_CACHE_HOME/hpp/tune.txt, else
/// $HOME/.cache/hpp/tune.txt; empty when none is set.
std::string cache_path(const EnvLookup &env);

/// A cached choice: a kernel (its region name, file:line and a signature
/// of the compiled kernel and of its launch request), a device and a size
/// class, and the shape chosen for them.
struct Entry {
  std::string device, kernel, file;
  int line = 0;
  std::uint64_t signature = 0;
  int size_class = 0;
  Candidate choice;
  double us = 0; ///< its time, for people reading the file
  /// The fields that name what the choice is for, as one string.
  std::string key() const;
};

/// One line of the cache file (tab-separated, no newline).
std::string format_entry(const Entry &e);
/// Parses a line; false (and out unchanged) for anything malformed.
bool parse_entry(const std::string &line, Entry &out);
/// The valid lines of a cache file's text; of lines with the same key the
/// last wins. Malformed lines are skipped.
std::vector<Entry> parse_cache(const std::string &text);
/// base with add's entries replacing or joining those of the same key.
std::vector<Entry> merge(const std::vector<Entry> &base,
                         const std::vector<Entry> &add);
/// The cache at path; empty when it is missing or unreadable.
std::vector<Entry> read_cache(const std::string &path);
/// Merges add into the cache at path: under an advisory lock, reads what
/// is there now (other programs may have written), writes the merge to a
/// temporary file beside it and renames it over the cache, so a reader
/// never sees half a file. Creates the directory. False on failure (the
/// tuner then only keeps its choices in memory).
bool write_cache(const std::string &path, const std::vector<Entry> &add);

} // namespace tune
} // namespace hpprt
