//===- ScanForwarding.h - Reads a scan's second pass takes from its first -*- C++ -*-===//
///
/// \file
/// A device-wide scan runs in two passes over each thread's items: pass 1
/// evaluates the input phase of every item, the runtime turns the results
/// into prefixes, pass 2 runs the scan phase from each item's prefix. A
/// stream compaction reads the same element in both phases:
///
///   if (x[i] < 0.0) list[c] = i;          // scan phase
///   #pragma hpp scan exclusive(c)
///   c += x[i] < 0.0 ? 1 : 0;              // input phase
///
/// Pass 2 then loads `x[i]` again, after the previous item's store to
/// `list`, which the compiler cannot move it above (nothing tells it the
/// two do not overlap): each thread waits for one L2 round trip per item
/// (docs/performance.md, "Index lists"). When the element cannot change
/// during the loop, pass 1 can keep the value it loaded and pass 2 read it
/// from a register.
///
/// That holds when no write in the loop's body may reach the element (by
/// what it is reached through, as the scan-phase check tells memory apart:
/// the same premise the two passes rest on), its pointer and index are not
/// written in the body, and pass 1 evaluates the element for every item
/// (so loading it there loads nothing the serial loop would not).
///
//===----------------------------------------------------------------------===//

#ifndef HPP_ANALYSIS_SCANFORWARDING_H
#define HPP_ANALYSIS_SCANFORWARDING_H

#include "IR/Region.h"

namespace clang {
class ASTContext;
}

namespace hpp {

/// Bytes per item that a scan may keep from pass 1 for pass 2: each byte
/// costs scan_items / 4 registers per thread (16 items: a double is 32
/// registers, which the scan kernels' launch bounds make room for by
/// running three blocks per multiprocessor instead of four).
constexpr unsigned kScanForwardBytes = 8;

/// Sets Construct::ScanForwards on \p R's root loop when it is a flat
/// one-dimensional loop with an inscan reduction: the element reads
/// (`p[e]` or `v(e, ...)`, p a pointer or array variable and v a View
/// from outside the loop, each e built
/// from the loop's index, integer constants and integer variables from
/// outside the loop with arithmetic) of scalar type that pass 1 evaluates
/// for every item (in its statements before any jump, outside the branches
/// of conditions and the right side of `&&` and `||`), that no write in the
/// body may reach and whose pointer and index variables the body does not
/// write, with their other reads in the body (but not those that only feed
/// the update of a parallel_scan body's discarded copy of the scan
/// variable: pass 2 does not need them); at most kScanForwardBytes per
/// item, in order of first evaluation.
void markScanForwards(Region &R, clang::ASTContext &Ctx);

} // namespace hpp

#endif // HPP_ANALYSIS_SCANFORWARDING_H
