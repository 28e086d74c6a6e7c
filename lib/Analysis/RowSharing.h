//===- RowSharing.h - Whether rows of collapsed loops share reads -*- C++ -*-===//
///
/// \file
/// A flat loop over collapsed loops runs one iteration per GPU thread. Its
/// blocks can cover consecutive iterations (a run along one row of the
/// innermost loop) or tiles of several rows (hpprt's tile_collapsed).
/// Tiles pay where rows read the same memory: a matrix product's
/// `B[k * N + j]` does not depend on the row, so eight rows in a block
/// load each element of B once into L1 instead of eight times (the suite's
/// gemm at N = 724: 0.89 -> 1.00 of a hand 32 x 8 kernel, H200), and in
/// a 2-D stencil, where a band of rows reads its neighbours' rows. Where
/// reads depend on the row otherwise, tiles bought nothing measurable or
/// lost: a store-only initialisation 1.09 -> 0.99 and a 7-point stencil
/// 0.99 -> 0.95 of hand against +2-5% on two others (docs/performance.md).
///
//===----------------------------------------------------------------------===//

#ifndef HPP_ANALYSIS_ROWSHARING_H
#define HPP_ANALYSIS_ROWSHARING_H

#include "IR/Region.h"

namespace hpp {

/// Whether \p L, a loop over two or more collapsed loops, reads memory at
/// an address that does not depend on the outer loops' indices but does
/// vary within a row: an array subscript or an overloaded `[]` / `()`,
/// not the target of a plain assignment, whose object and arguments name
/// none of the outer indices, nor a variable of the body computed from
/// them, and name the innermost index or a variable computed from it.
/// Every row of a tile then reads it (`B[k * n + j]`, `w[x]`); a read by
/// an inner loop's counter alone (`coef[k]`) is the same for every thread
/// of a row and no reason for tiles.
///
/// In a nest of two loops, also where one variable is read at two rows
/// apart (a 2-D stencil's `in[(i + 1) * n + j]` and `in[i * n + j]`, each
/// address naming the outer index once at a constant offset, and the
/// column): a tile's band of rows then reads its neighbours' rows from L1
/// (jacobi_2d +2-7% at every size, H200). Not in deeper nests, where a
/// band holds rows of one plane and reads of the planes beside it stay
/// apart: there tiles won 5% on one 7-point stencil and lost 5% on another.
bool rowsShareReads(const Construct &L);

} // namespace hpp

#endif // HPP_ANALYSIS_ROWSHARING_H
