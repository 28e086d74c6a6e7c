//===- Backend.h - The backends hppc translates for -------------*- C++ -*-===//
///
/// \file
/// Part of the library's public interface (the driver parses `--backend`
/// with it) and the lowest layer of the translator: lib/Basic/Kinds.h
/// re-exports it to every stage, so there is one definition of the enum.
///
//===----------------------------------------------------------------------===//

#ifndef HPPC_BACKEND_H
#define HPPC_BACKEND_H

#include "llvm/ADT/StringRef.h"
#include <optional>

namespace hpp {

enum class Backend { OpenMP, CUDA, HIP };

std::optional<Backend> parseBackend(llvm::StringRef Name);
llvm::StringRef getBackendName(Backend B);

} // namespace hpp

#endif // HPPC_BACKEND_H
