// A library header found through -isystem that wraps the API: its
// forwarding body must be read by the lowering (api_system_headers.cpp).
#pragma once
#include <hpp/hpp.hpp>

namespace lib {
template <class F> void for_each_index(int n, const F &f) { hpp::parallel_for(n, f); }
} // namespace lib
