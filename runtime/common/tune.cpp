//===- tune.cpp - The launch-shape autotuner's decisions ------------------===//
#include "tune.hpp"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <map>
#include <sstream>

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

namespace hpprt {
namespace tune {

std::string describe(const Candidate &c, bool team_region) {
  std::string s = team_region ? std::to_string(c.vector) + "x" + std::to_string(c.team)
                              : std::to_string(c.vector * c.team);
  if (c.per_sm > 0)
    s += "/" + std::to_string(c.per_sm);
  if (c.tiles)
    s += "t";
  return s;
}

namespace {

void add(std::vector<Candidate> &out, const Candidate &c) {
  if (out.size() < max_candidates && std::find(out.begin(), out.end(), c) == out.end())
    out.push_back(c);
}

bool pow2(int v) { return v > 0 && (v & (v - 1)) == 0; }

/// Block sizes worth trying: from two warps to four times today's 256;
/// larger blocks rarely help and smaller ones leave blocks-per-SM limits
/// binding before threads.
constexpr int block_sizes[] = {128, 256, 512, 1024};

/// Grid caps (blocks per multiprocessor) that make a grid smaller than the
/// automatic one for blocks_needed blocks: half and a quarter of full
/// residency, fewer blocks each doing more of the league.
void add_caps(std::vector<Candidate> &out, const Region &r, long long blocks_needed) {
  for (int div : {2, 4}) {
    const int cap = r.auto_per_sm / div;
    if (cap >= 1 && blocks_needed > static_cast<long long>(cap) * r.multiprocessors) {
      Candidate c = r.automatic;
      c.per_sm = cap;
      add(out, c);
    }
  }
}

} // namespace

std::vector<Candidate> candidates(const Region &r) {
  std::vector<Candidate> out;
  add(out, r.automatic);
  if (!r.team) {
    // A flat loop's block: warp multiples the kernel can run, in the
    // automatic mapping; then, for collapsed loops that may run as tiles,
    // each in the other mapping (tiles need two warps a block).
    for (int b : block_sizes)
      if (b % r.warp == 0 && b <= r.max_threads)
        add(out, Candidate{b, 1, 0, r.automatic.tiles});
    if (r.collapsed_tiles && !r.results)
      for (int b : block_sizes)
        if (b % r.warp == 0 && b <= r.max_threads && b >= 2 * r.warp)
          add(out, Candidate{b, 1, 0, !r.automatic.tiles});
    if (r.results && r.iterations > 0) {
      // The grid of a flat reduction: at least 8 iterations per thread
      // (runtime/gpu/launch.cu), at most the resident blocks.
      const long long per_block = static_cast<long long>(r.automatic.vector) * 8;
      add_caps(out, r, (r.iterations + per_block - 1) / per_block);
    }
    return out;
  }
  const int auto_threads = r.automatic.vector * r.automatic.team;
  auto fits = [&](int vec, int team) {
    const long long threads = static_cast<long long>(vec) * team;
    return pow2(vec) && vec <= r.warp && team >= 1 && threads <= r.max_threads &&
           r.team_shared + static_cast<std::size_t>(team) * r.thread_shared <= r.shared_avail;
  };
  // Team sizes (AUTO only): the block sizes at the automatic vector length.
  if (r.user_team == 0)
    for (int b : block_sizes) {
      const int vec = r.automatic.vector;
      if (b % r.warp == 0 && b >= vec && fits(vec, b / vec))
        add(out, Candidate{vec, b / vec, 0});
    }
  // Vector lengths (AUTO, and only where vector loops use the lanes):
  // narrower vectors at the automatic thread count give more threads.
  if (r.user_vector == 0 && r.nested_vector)
    for (int vec = r.warp / 2; vec >= r.warp / 4 && vec >= 1; vec /= 2) {
      const int team = r.user_team ? r.user_team : std::max(1, auto_threads / vec);
      if (fits(vec, team))
        add(out, Candidate{vec, team, 0});
    }
  // The grid: a league longer than the resident blocks strides over them;
  // fewer resident blocks each take more teams. Not when the user capped it.
  if (!r.league_cap)
    add_caps(out, r, r.iterations);
  return out;
}

int size_class(long long iterations) {
  int c = 0;
  while (iterations > 1) {
    iterations >>= 1;
    ++c;
  }
  return c;
}

bool requested(const char *value) {
  if (!value || !*value)
    return false;
  for (const char *off : {"0", "off", "no", "false", "OFF", "NO", "FALSE"})
    if (std::strcmp(value, off) == 0)
      return false;
  return true;
}

// ------------------------------------------------------------------ Search

Search::Search(std::vector<Candidate> candidates, int samples)
    : candidates_(std::move(candidates)), state_(candidates_.size()),
      samples_(std::max(1, samples)) {
  if (candidates_.size() <= 1)
    chosen_ = 0; // nothing to compare
}

Search::Pick Search::next() {
  if (decided())
    return {chosen_, false};
  // Round robin: every candidate's first sample before any second one, so
  // a slow first launch (cold caches, module loading) is not all one
  // candidate's and a program that stops early has compared them all once.
  int pick = -1;
  for (std::size_t i = 0; i < state_.size(); ++i) {
    const State &s = state_[i];
    if (!s.dropped && s.launched < samples_ &&
        (pick < 0 || s.launched < state_[pick].launched))
      pick = static_cast<int>(i);
  }
  if (pick < 0)
    return {best_so_far(), false}; // every sample in flight
  ++state_[pick].launched;
  return {pick, true};
}

int Search::best_so_far() const {
  int best = 0;
  for (std::size_t i = 0; i < state_.size(); ++i)
    if (!state_[i].dropped && state_[i].best >= 0 &&
        (state_[best].best < 0 || state_[i].best < state_[best].best))
      best = static_cast<int>(i);
  return best;
}

void Search::record(int i, double ms) {
  if (decided() || i < 0 || i >= static_cast<int>(state_.size()))
    return;
  State &s = state_[i];
  ++s.timed;
  if (ms >= 0 && (s.best < 0 || ms < s.best))
    s.best = ms;
  settle();
}

void Search::forget(int i) {
  if (!decided() && i >= 0 && i < static_cast<int>(state_.size()) && state_[i].launched > 0)
    --state_[i].launched;
}

void Search::drop(int i) {
  if (i <= 0 || i >= static_cast<int>(state_.size()))
    return;
  state_[i].dropped = true;
  if (!decided())
    settle();
  else if (chosen_ == i)
    chosen_ = 0; // a cached choice that no longer launches
}

void Search::decide(int i) {
  if (i >= 0 && i < static_cast<int>(state_.size()))
    chosen_ = i;
}

void Search::settle() {
  for (const State &s : state_)
    if (!s.dropped && s.timed < samples_)
      return;
  chosen_ = best_so_far(); // ties keep the lower index, the automatic first
}

// ------------------------------------------------------------------- Cache

std::string cache_path(const EnvLookup &env) {
  const char *explicit_path = env("HPP_TUNE_CACHE");
  if (explicit_path && *explicit_path)
    return explicit_path;
  const char *xdg = env("XDG_CACHE_HOME");
  if (xdg && *xdg == '/') // the XDG spec ignores relative values
    return std::string(xdg) + "/hpp/tune.txt";
  const char *home = env("HOME");
  if (home && *home)
    return std::string(home) + "/.cache/hpp/tune.txt";
  return "";
}

namespace {

constexpr const char *kVersion = "hpp-tune-2";
constexpr std::size_t kFields = 12;

/// Field text without the separators of the format.
std::string clean(const std::string &s) {
  std::string out = s;
  for (char &c : out)
    if (c == '\t' || c == '\n' || c == '\r')
      c = ' ';
  return out;
}

bool to_int(const std::string &s, long long lo, long long hi, long long &out) {
  if (s.empty() || s.size() > 20)
    return false;
  errno = 0;
  char *end = nullptr;
  const long long v = std::strtoll(s.c_str(), &end, 10);
  if (errno || *end || v < lo || v > hi)
    return false;
  out = v;
  return true;
}

} // namespace

std::string Entry::key() const {
  char sig[17];
  std::snprintf(sig, sizeof sig, "%016llx", static_cast<unsigned long long>(signature));
  return clean(device) + "\t" + clean(kernel) + "\t" + clean(file) + "\t" +
         std::to_string(line) + "\t" + sig + "\t" + std::to_string(size_class);
}

std::string format_entry(const Entry &e) {
  char us[32];
  std::snprintf(us, sizeof us, "%.3f", e.us);
  return std::string(kVersion) + "\t" + e.key() + "\t" + std::to_string(e.choice.vector) +
         "\t" + std::to_string(e.choice.team) + "\t" + std::to_string(e.choice.per_sm) +
         "\t" + (e.choice.tiles ? "1" : "0") + "\t" + us;
}

bool parse_entry(const std::string &line, Entry &out) {
  std::vector<std::string> f;
  std::size_t start = 0;
  while (true) {
    const std::size_t tab = line.find('\t', start);
    f.push_back(line.substr(start, tab == std::string::npos ? std::string::npos : tab - start));
    if (tab == std::string::npos)
      break;
    start = tab + 1;
  }
  if (f.size() != kFields || f[0] != kVersion || f[1].empty() || f[2].empty())
    return false;
  Entry e;
  e.device = f[1];
  e.kernel = f[2];
  e.file = f[3];
  long long line_no, cls, vec, team, per_sm, tiles;
  if (!to_int(f[4], 0, 1LL << 31, line_no) || !to_int(f[6], 0, 63, cls) ||
      !to_int(f[7], 1, 1024, vec) || !to_int(f[8], 1, 1024, team) ||
      !to_int(f[9], 0, 1024, per_sm) || !to_int(f[10], 0, 1, tiles) ||
      !pow2(static_cast<int>(vec)) || vec * team > 1024)
    return false;
  if (f[5].size() != 16 || f[5].find_first_not_of("0123456789abcdef") != std::string::npos)
    return false;
  e.signature = std::strtoull(f[5].c_str(), nullptr, 16);
  char *end = nullptr;
  e.us = std::strtod(f[11].c_str(), &end);
  if (f[11].empty() || *end || !std::isfinite(e.us) || e.us < 0)
    return false;
  e.line = static_cast<int>(line_no);
  e.size_class = static_cast<int>(cls);
  e.choice = Candidate{static_cast<int>(vec), static_cast<int>(team), static_cast<int>(per_sm),
                       tiles != 0};
  out = e;
  return true;
}

std::vector<Entry> parse_cache(const std::string &text) {
  std::vector<Entry> add;
  std::istringstream in(text);
  std::string line;
  Entry e;
  while (std::getline(in, line))
    if (parse_entry(line, e))
      add.push_back(e);
  return merge({}, add);
}

std::vector<Entry> merge(const std::vector<Entry> &base, const std::vector<Entry> &add) {
  std::map<std::string, Entry> by_key; // sorted: the file reads in order
  for (const std::vector<Entry> *v : {&base, &add})
    for (const Entry &e : *v)
      by_key[e.key()] = e;
  std::vector<Entry> out;
  out.reserve(by_key.size());
  for (auto &kv : by_key)
    out.push_back(kv.second);
  return out;
}

std::vector<Entry> read_cache(const std::string &path) {
  std::ifstream in(path);
  if (!in)
    return {};
  std::ostringstream text;
  text << in.rdbuf();
  return parse_cache(text.str());
}

namespace {

/// mkdir -p of path's directory.
bool make_parent(const std::string &path) {
  for (std::size_t slash = path.find('/', 1); slash != std::string::npos;
       slash = path.find('/', slash + 1)) {
    const std::string dir = path.substr(0, slash);
    if (::mkdir(dir.c_str(), 0755) != 0 && errno != EEXIST)
      return false;
  }
  return true;
}

} // namespace

bool write_cache(const std::string &path, const std::vector<Entry> &add) {
  if (path.empty() || !make_parent(path))
    return false;
  // Writers take turns: without the lock two programs that read the same
  // old file would each rename their merge over the other's. A reader
  // needs no lock: rename replaces the file whole.
  const std::string lock_path = path + ".lock";
  const int lock = ::open(lock_path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  if (lock >= 0)
    while (::flock(lock, LOCK_EX) != 0 && errno == EINTR)
      ;
  const std::vector<Entry> all = merge(read_cache(path), add);
  const std::string tmp = path + ".tmp." + std::to_string(::getpid());
  bool ok = false;
  {
    std::ofstream out(tmp, std::ios::trunc);
    out << "# hpp autotuner cache (HPP_TUNE=1): version, device, region, file, line,\n"
           "# kernel signature, log2(iterations), vector, team, blocks per SM (0: all), us\n";
    for (const Entry &e : all)
      out << format_entry(e) << '\n';
    out.close();
    ok = static_cast<bool>(out);
  }
  ok = ok && std::rename(tmp.c_str(), path.c_str()) == 0;
  if (!ok)
    std::remove(tmp.c_str());
  if (lock >= 0)
    ::close(lock); // releases the lock
  return ok;
}

} // namespace tune
} // namespace hpprt
