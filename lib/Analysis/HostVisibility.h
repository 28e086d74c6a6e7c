//===- HostVisibility.h - What the host can see of a region ------*- C++ -*-===//
///
/// \file
/// Whether a region's effects on memory reach the host only through memory
/// behind the pointers it captures. SPEC §3 (`stream`): a region whose
/// captured memory is all device-only need not block the host at launch,
/// because the host can observe device memory only through runtime calls,
/// which are ordered after the region. Its results (reductions and scans
/// into host variables) travel through the runtime's own buffers: the
/// host waits for them where it reads them, not for the kernel's end.
/// The translator decides the first half (this file); the runtime checks
/// at launch that every such pointer is device memory.
///
/// Anything else the host could see rules it out: atomics on captured
/// scalars, captured objects (`this`, class values, which may hold host
/// pointers), globals, output (printf and friends, which a GPU prints at
/// its next synchronisation), and exceptions.
///
//===----------------------------------------------------------------------===//

#ifndef HPP_ANALYSIS_HOSTVISIBILITY_H
#define HPP_ANALYSIS_HOSTVISIBILITY_H

#include <optional>
#include <string>
#include <vector>

namespace hpp {

struct Region;

/// The captured pointers and Views through which alone the host can
/// observe \p R's effects on memory, or nothing when it can observe them
/// otherwise.
std::optional<std::vector<std::string>> memoryEffectsOnlyThroughPointers(const Region &R);

} // namespace hpp

#endif // HPP_ANALYSIS_HOSTVISIBILITY_H
