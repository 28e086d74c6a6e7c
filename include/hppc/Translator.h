//===- Translator.h - Translate annotated C++ for one backend ---*- C++ -*-===//
///
/// \file
/// The translation library's entry point: parse a file with Clang, build
/// the region model from its `#pragma hpp` annotations and write a new
/// translation unit for one backend, with a per-region report.
///
//===----------------------------------------------------------------------===//

#ifndef HPPC_TRANSLATOR_H
#define HPPC_TRANSLATOR_H

#include "hppc/Backend.h"
#include "llvm/Support/Error.h"
#include <optional>
#include <string>
#include <vector>

namespace hpp {

/// How the generated code is laid out (`--format=`): not at all, in LLVM's
/// style, or in the style of the `.clang-format` file found from the
/// input's directory (LLVM's where there is none). The user's text is
/// never reformatted.
enum class FormatChoice { None, LLVM, File };

std::optional<FormatChoice> parseFormatChoice(llvm::StringRef Name);

struct TranslateOptions {
  Backend Target = Backend::OpenMP;
  std::string InputPath;
  /// Arguments for Clang after `--` (-I, -D, -std, -Xclang -verify, ...).
  std::vector<std::string> CompilerArgs;
  /// Clang's resource directory (builtin headers).
  std::string ResourceDir;
  /// Searched after the user's -I paths: hpp's own headers (<hpp/hpp.hpp>).
  std::vector<std::string> IncludeDirs;
  /// The input's text when the caller holds it in memory (the fuzzer):
  /// InputPath then only names the file, which is not read from disk.
  std::optional<std::string> InputText;
  /// Dependency-file flags (-MD/-MMD, -MF, -MT, -MP) for the parse that
  /// translates: Clang writes the file as the compiler would, listing every
  /// file the translation read, at no cost beyond the parse itself.
  std::vector<std::string> DependencyArgs;
  /// Off, diagnostics are counted but not printed: Succeeded and the
  /// report's refusals are the same, nothing reaches stderr.
  bool PrintDiagnostics = true;
  /// Also give the mapping report as remarks at the user's lines.
  bool Remarks = false;
  /// GPU backends: the device reaches memory from new and malloc (the
  /// program links the managed heap, or GPUs reach pageable memory), so a
  /// region may use such pointers unmapped.
  bool HostMemoryReachable = false;
  /// The directory of cached preamble PCHs (docs/architecture.md, "A cached
  /// preamble"); empty: every parse reads the headers itself.
  std::string PCHCache;
  /// How the generated lines are laid out.
  FormatChoice Format = FormatChoice::File;
};

struct TranslationResult {
  /// False when a diagnostic error was reported: Output must not be used.
  bool Succeeded = false;
  /// Clang's own verdict on the run: under `-verify`, whether the
  /// diagnostics matched the expectations.
  bool ClangSucceeded = false;
  /// Whether the file has any `#pragma hpp`.
  bool HasAnnotations = false;
  std::string Output;
  std::string ReportText;
  std::string ReportJSON;
  /// [begin, end) offsets in Output of the user's text and of its copies
  /// under a `#line`: what no layout changes (tests check it does not move).
  std::vector<std::pair<size_t, size_t>> UserText;
  /// Why the generated code was not formatted as asked (a `.clang-format`
  /// that cannot be read), for a warning; empty when it was.
  std::string FormatWarning;
};

/// Translates one file. Diagnostics go to stderr in clang's format (unless
/// Opts.PrintDiagnostics is off); nothing is written to disk. An
/// llvm::Error is returned only when the tool itself cannot run.
llvm::Expected<TranslationResult> translateFile(const TranslateOptions &Opts);

/// The parse arguments for \p File from \p BuildDir/compile_commands.json
/// (`hppc translate -p`): the build's flags without its compiler, input,
/// output, -c and dependency flags, run in the command's directory.
llvm::Expected<std::vector<std::string>> getDatabaseArguments(llvm::StringRef BuildDir,
                                                              llvm::StringRef File);

} // namespace hpp

#endif // HPPC_TRANSLATOR_H
