//===- CompilerWrapper.h - hppc++, hpp as a compiler ------------*- C++ -*-===//
///
/// \file
/// `hppc++` takes an ordinary compiler command line. Files without hpp
/// annotations go to the underlying compiler unchanged; annotated files are
/// translated for the chosen backend and the translation is compiled in
/// their place; links get hpp's runtime. It also runs as a launcher
/// (`hppc++ /usr/bin/clang++ ARGS...`, as CMake's *_LAUNCHER properties
/// call it), where the first argument is the underlying compiler.
///
//===----------------------------------------------------------------------===//

#ifndef HPPC_COMPILERWRAPPER_H
#define HPPC_COMPILERWRAPPER_H

#include "hppc/Backend.h"
#include <string>
#include <vector>

namespace hpp {

/// What the wrapper knows about its installation and environment.
struct WrapperSettings {
  /// The install prefix (include/, lib/ below it).
  std::string Prefix;
  /// Clang's resource directory, for the translation's parse.
  std::string ResourceDir;
  /// Used when neither --hpp-backend= nor HPP_BACKEND says.
  Backend DefaultBackend = Backend::OpenMP;
  /// The host C++ compiler (HPP_CXX overrides; a launcher's first
  /// argument wins over both).
  std::string CXX;
  /// nvcc (HPP_NVCC overrides) and the GPU architecture it compiles for
  /// (HPP_CUDA_ARCH overrides), e.g. "sm_90".
  std::string NVCC;
  std::string CUDAArch;
  /// The AMD GPU architecture HIP code is compiled for (HPP_HIP_ARCH
  /// overrides), e.g. "gfx90a", and ROCm's device library bitcode.
  std::string HIPArch;
  std::string HIPDeviceLibs;
};

/// Runs one compiler command line (without the program name); returns the
/// exit status. Errors go to stderr as "hppc++: error: ...".
int runCompilerWrapper(const std::vector<std::string> &Args, const WrapperSettings &Settings);

} // namespace hpp

#endif // HPPC_COMPILERWRAPPER_H
