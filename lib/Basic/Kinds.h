//===- Kinds.h - Enumerations every stage shares ----------------*- C++ -*-===//
///
/// \file
/// The small vocabulary that the pragma syntax, the region model, the
/// analyses and the backends all speak: reduction operators, atomic
/// operations, the levels of parallelism and the backends. Spellings of
/// pragma words live in PragmaKinds.def only.
///
//===----------------------------------------------------------------------===//

#ifndef HPP_BASIC_KINDS_H
#define HPP_BASIC_KINDS_H

#include "hppc/Backend.h"
#include "llvm/ADT/StringRef.h"

namespace hpp {

enum class ReductionOp {
#define HPP_REDUCTION_OP(Name, Spelling, RuntimeType) Name,
#include "Basic/PragmaKinds.def"
};

llvm::StringRef getReductionOpSpelling(ReductionOp Op);
/// The hpprt operator type (`Sum`, `MinLoc`, ...) implementing \p Op.
llvm::StringRef getReductionRuntimeType(ReductionOp Op);
bool isLocReduction(ReductionOp Op);

/// What a `map` item does at entry and exit (OpenMP's map types): `to`
/// copies in, `from` copies out, `alloc` only allocates, `release` and
/// `delete` end an unstructured mapping without a copy.
enum class MapKind {
#define HPP_MAP_KIND(Name, Spelling) Name,
#include "Basic/PragmaKinds.def"
};

/// "to", "from", "tofrom", ...
llvm::StringRef getMapKindSpelling(MapKind K);
/// The hpprt enumerator of \p K ("To", "ToFrom", ...).
llvm::StringRef getMapKindRuntimeName(MapKind K);
/// Whether \p K copies to the device at entry / to the host at exit.
inline bool mapCopiesIn(MapKind K) { return K == MapKind::To || K == MapKind::ToFrom; }
inline bool mapCopiesOut(MapKind K) { return K == MapKind::From || K == MapKind::ToFrom; }

/// The update an atomic construct performs (`x op= e`, `x = min(x, e)`,
/// `x++`, ...).
enum class AtomicOp { Add, Sub, Mul, Div, BitAnd, BitOr, BitXor, Shl, Shr, Min, Max, Inc, Dec };

/// The hardware level a parallel loop is mapped to (SPEC §2).
enum class LoopLevel {
  Team,       ///< League of teams: one iteration per team.
  Thread,     ///< TeamThreadRange: the team's threads.
  Vector,     ///< ThreadVectorRange: one thread's vector lanes.
  TeamVector, ///< TeamVectorRange: all threads × lanes of the team.
  Flat,       ///< RangePolicy / MDRangePolicy over the whole device.
};

/// "team", "thread", "vector", "team-vector", "flat".
llvm::StringRef getLoopLevelName(LoopLevel L);

/// The backend as messages name it: "OpenMP", "CUDA", "HIP".
llvm::StringRef getBackendDisplayName(Backend B);

/// Whether \p B runs regions on a GPU (device code, launches, shared
/// memory), as opposed to the host's threads.
inline bool isGPUBackend(Backend B) { return B == Backend::CUDA || B == Backend::HIP; }

} // namespace hpp

#endif // HPP_BASIC_KINDS_H
