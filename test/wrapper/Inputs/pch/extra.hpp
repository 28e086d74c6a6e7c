// Included by the edited copy of scale.hpp in pch_cache.test.
#pragma once
inline double extra() { return 1; }
