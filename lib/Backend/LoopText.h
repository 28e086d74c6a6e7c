//===- LoopText.h - Generated text every backend shares --------*- C++ -*-===//
///
/// \file
/// Pieces of generated code that do not depend on the backend: a loop's
/// bounds and trip count evaluated once, its indices recomputed from a
/// normalised iteration number, the normalised header replacing the user's,
/// scratch declarations as pointers, and region names as identifiers.
///
//===----------------------------------------------------------------------===//

#ifndef HPP_BACKEND_LOOPTEXT_H
#define HPP_BACKEND_LOOPTEXT_H

#include "IR/Region.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/Support/Error.h"
#include <string>

namespace hpp {

class SourceEditor;

/// Numbers the loops of a region in source order; generated variables of
/// loop K are named hpp_lbK_D, hpp_nK, hpp_ivK.
class LoopNames {
public:
  explicit LoopNames(const Region &R);
  std::string id(const Construct &Loop) const;

private:
  llvm::DenseMap<const Construct *, unsigned> Ids;
};

/// `T hpp_lbK_D = lb; const auto hpp_ubK_D = ub; hpp_nK_D = trip count;`
/// for every collapsed dimension, and `hpp_nK`, their product.
std::string boundsDecls(const Construct &Loop, llvm::StringRef K);

/// The user's index variables recomputed from iteration number \p Iv.
std::string indexDecls(const Construct &Loop, llvm::StringRef K, llvm::StringRef Iv);

/// Replaces the loop's (collapsed) headers with \p Header.
llvm::Error rewriteLoopHeaders(const Construct &Loop, llvm::StringRef Header,
                               SourceEditor &Edit);

/// The statements of a scan's input phase, as written, behind a `#line`.
std::string scanInputPhase(const Construct &Loop, SourceEditor &Edit);

/// The declaration that replaces scratch array \p A: a pointer to its
/// element type (or to its rows) initialised from \p Address.
std::string scratchPointerDecl(const ScratchArray &A, llvm::StringRef Address);

/// `prefix<name>` with every character that cannot be in an identifier
/// replaced by '_'.
std::string identifierFor(llvm::StringRef Prefix, llvm::StringRef Name);

/// The name of an atomic operation in hpprt (`add`, `min`, `inc`, ...).
llvm::StringRef atomicOpName(AtomicOp Op);

} // namespace hpp

#endif // HPP_BACKEND_LOOPTEXT_H
