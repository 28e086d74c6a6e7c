// A library header found through -isystem that names no API function: the
// lowering's parse skips its function bodies (api_system_headers.cpp).
#pragma once

namespace lib {
template <class T> int size_of(const T &t) {
  return t.size(); // error when T has no size()
}
} // namespace lib
