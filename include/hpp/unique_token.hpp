//===- unique_token.hpp - Unique ids for concurrent work --------*- C++ -*-===//
/// \file
/// hpp::UniqueToken hands out ids in [0, size()) such that no two pieces of
/// work running at the same time hold the same id (Kokkos'
/// Experimental::UniqueToken): index per-worker buffers with it. Copies of a
/// token share its ids, so a token captured by value in a lambda works.
/// Scope::Instance tokens are independent of each other; all
/// Scope::Global tokens draw from one process-wide pool, so their ids never
/// collide across concurrently running kernels.
///
/// Serial build: one piece of work runs at a time, so the default size is 1.
/// Where a GPU would wait for an id to be released, the serial build cannot
/// (nothing else runs), so acquire() with every id held throws.
//===----------------------------------------------------------------------===//
#pragma once

#include <cstdint>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <vector>

#include "config.hpp"

namespace hpp {

enum class Scope { Instance, Global };

namespace detail {
class TokenPool {
public:
  explicit TokenPool(std::int32_t size) {
    if (size < 1)
      throw std::invalid_argument("hpp::UniqueToken: size must be positive, "
                                  "got " +
                                  std::to_string(size));
    Held.assign(std::size_t(size), false);
  }

  std::int32_t size() const { return std::int32_t(Held.size()); }

  std::int32_t acquire() {
    std::lock_guard<std::mutex> Lock(Mutex);
    for (std::size_t I = 0; I < Held.size(); ++I)
      if (!Held[I]) {
        Held[I] = true;
        return std::int32_t(I);
      }
    throw std::runtime_error(
        "hpp::UniqueToken::acquire: all " + std::to_string(Held.size()) +
        " ids are held (the serial build cannot wait for a release)");
  }

  void release(std::int32_t id) {
    std::lock_guard<std::mutex> Lock(Mutex);
    if (id < 0 || std::size_t(id) >= Held.size() || !Held[std::size_t(id)])
      throw std::invalid_argument("hpp::UniqueToken::release: id " +
                                  std::to_string(id) + " is not held");
    Held[std::size_t(id)] = false;
  }

private:
  std::mutex Mutex;
  std::vector<bool> Held;
};

/// The pool every Scope::Global token uses.
inline const std::shared_ptr<TokenPool>& global_token_pool() {
  static const std::shared_ptr<TokenPool> Pool = std::make_shared<TokenPool>(1);
  return Pool;
}
} // namespace detail

/// The number of pieces of work that can run at once (1 in the serial build):
/// the size of a default UniqueToken.
inline int concurrency() { return 1; }

template <Scope S = Scope::Instance> class UniqueToken {
public:
  using size_type = std::int32_t;

  /// A token with concurrency() ids (Instance) or the global pool (Global).
  UniqueToken()
      : Pool(S == Scope::Global
                 ? detail::global_token_pool()
                 : std::make_shared<detail::TokenPool>(concurrency())) {}

  /// An Instance token with exactly `size` ids: acquire() then returns ids in
  /// [0, size) and waits (serial: throws) while all of them are held.
  template <Scope S2 = S, std::enable_if_t<S2 == Scope::Instance, int> = 0>
  explicit UniqueToken(size_type size)
      : Pool(std::make_shared<detail::TokenPool>(size)) {}

  /// One more than the largest id acquire() can return.
  size_type size() const { return Pool->size(); }

  /// An id that no other holder has until release(id).
  size_type acquire() const { return Pool->acquire(); }

  /// Gives back an id from acquire(); throws std::invalid_argument for an id
  /// that is not held.
  void release(size_type id) const { Pool->release(id); }

private:
  std::shared_ptr<detail::TokenPool> Pool;
};

/// Holds one id of a token for its lifetime (Kokkos'
/// Experimental::AcquireUniqueToken).
template <Scope S> class AcquireUniqueToken {
public:
  using size_type = std::int32_t;

  explicit AcquireUniqueToken(const UniqueToken<S>& token)
      : Token(token), Id(token.acquire()) {}
  ~AcquireUniqueToken() { Token.release(Id); }
  AcquireUniqueToken(const AcquireUniqueToken&) = delete;
  AcquireUniqueToken& operator=(const AcquireUniqueToken&) = delete;

  /// The id held.
  size_type value() const { return Id; }

private:
  UniqueToken<S> Token;
  size_type Id;
};

} // namespace hpp
