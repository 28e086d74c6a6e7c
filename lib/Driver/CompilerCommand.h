//===- CompilerCommand.h - A compiler command line, classified --*- C++ -*-===//
///
/// \file
/// What hppc++ needs to know about a GCC/Clang-style command line: the
/// inputs (C++ sources apart), the output, the mode (-c, -E, -S, -M, link),
/// the flags that shape preprocessing (the translation's parse needs them),
/// the dependency-file flags (written for the user's file, not the
/// generated one) and hpp's own --hpp-* options. Every other argument is
/// kept, in order, and passed on: unknown flags are never dropped.
///
//===----------------------------------------------------------------------===//

#ifndef HPP_DRIVER_COMPILERCOMMAND_H
#define HPP_DRIVER_COMPILERCOMMAND_H

#include "hppc/Backend.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"
#include <optional>
#include <string>
#include <vector>

namespace hpp {

/// One argument with its value when the value is a separate word
/// (`-o x.o`, `-I dir`, `-MF x.d`).
struct CommandArg {
  enum KindTy {
    Source,     ///< a C++ (or CUDA) file to compile
    OtherInput, ///< objects, libraries, C files, `-` ...
    Output,     ///< -o
    Dependency, ///< -MD -MMD -MF -MT -MQ -MP (with a compile)
    Preprocess, ///< -I -isystem -iquote -idirafter -include -D -U -std=
    LanguageFlag, ///< -x
    CompileFlag,  ///< -c
    Other,
  };
  KindTy Kind = Other;
  std::vector<std::string> Words;
  /// For inputs: the language a preceding -x gave, if any.
  std::string Language;
};

enum class CompileMode { Link, Compile, Preprocess, Assemble, Dependencies, SyntaxOnly };

struct CompilerCommand {
  /// A launcher call's underlying compiler (its first argument).
  std::string Launcher;
  std::vector<CommandArg> Args;
  CompileMode Mode = CompileMode::Link;
  std::string OutputPath;

  /// -MD/-MMD, with -MF/-MT/-MQ/-MP.
  bool WriteDependencies = false;
  bool SystemHeadersInDependencies = true; // false for -MMD
  bool PhonyTargets = false;
  std::string DependencyFile;
  std::vector<std::string> DependencyTargets; // -MT as given; -MQ quoted

  /// hpp's own options (--hpp-backend=, --keep/-save-temps, --hpp-report,
  /// --hpp-report-json=, --hpp-managed-heap).
  std::optional<Backend> Target;
  bool KeepGenerated = false;
  bool Report = false;
  std::string ReportJSON;
  /// A link takes the managed heap (malloc and new in managed memory); on
  /// a compile it also means what HostMemoryReachable says.
  bool ManagedHeap = false;
  /// Translations may let regions use memory from new and malloc unmapped
  /// (--hpp-host-memory-reachable: GPUs that reach pageable memory).
  bool HostMemoryReachable = false;

  /// The words of every argument for which \p Keep is true, in order.
  template <class Pred> std::vector<std::string> words(Pred Keep) const {
    std::vector<std::string> Out;
    for (const CommandArg &A : Args)
      if (Keep(A))
        Out.insert(Out.end(), A.Words.begin(), A.Words.end());
    return Out;
  }
  bool hasSources() const;
};

/// Classifies \p Args (response files already expanded). A launcher call is
/// recognised when the first argument names an executable that is not an
/// input of the compile.
llvm::Expected<CompilerCommand> parseCompilerCommand(llvm::ArrayRef<std::string> Args);

/// Whether \p Path names a C++ or CUDA source by its extension.
bool isCXXSourcePath(llvm::StringRef Path);

/// \p Std (a `-std=` flag) as nvcc takes it: nvcc knows the ISO dialects
/// only, so GNU ones (CMake writes -std=gnu++17) become their ISO twins.
std::string nvccStandardFlag(llvm::StringRef Std);

} // namespace hpp

#endif // HPP_DRIVER_COMPILERCOMMAND_H
