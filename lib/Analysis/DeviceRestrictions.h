//===- DeviceRestrictions.h - What a region may do on a GPU -----*- C++ -*-===//
///
/// \file
/// The role SemaCUDA plays in clang: run when the target is a GPU, it
/// refuses what device code cannot do (virtual calls, exceptions, globals,
/// functions defined elsewhere, lambdas nvcc cannot make device lambdas,
/// functors and reducers the device cannot copy, user reduction values that
/// cannot travel as bytes, ...) and decides the two
/// things a GPU emitter needs beyond the model: which statements of a team
/// (or thread) body run once, and how each called function becomes device
/// code. The GPU emitter then only emits.
///
//===----------------------------------------------------------------------===//

#ifndef HPP_ANALYSIS_DEVICERESTRICTIONS_H
#define HPP_ANALYSIS_DEVICERESTRICTIONS_H

#include "IR/Region.h"

namespace clang {
class ASTContext;
}

namespace hpp {

class Diagnoser;

/// What the build tells hppc about the machine the program will run on.
struct DeviceAssumptions {
  /// The device reaches memory from new and malloc: the program links the
  /// managed heap, or the system gives GPUs pageable memory (HMM, ATS).
  bool HostMemoryReachable = false;
};

/// Checks every region of \p Model for GPU target \p Target and fills
/// Region::Guarded and CalledFunction::Marking. Errors are reported at the
/// user's lines, and each refused region is recorded in Model.Refused with
/// the first error as its reason. Returns false if any region was refused.
bool checkDeviceRestrictions(TranslationModel &Model, Backend Target,
                             const DeviceAssumptions &Assume, clang::ASTContext &Ctx,
                             Diagnoser &Diags);

} // namespace hpp

#endif // HPP_ANALYSIS_DEVICERESTRICTIONS_H
