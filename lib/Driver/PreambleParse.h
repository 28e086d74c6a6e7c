//===- PreambleParse.h - hppc's parses with a cached preamble PCH -*- C++ -*-===//
///
/// \file
/// Runs one of hppc's parses, with a precompiled preamble when that cannot
/// change what the parse produces. The preamble (the file's leading
/// `#include` lines, Lexer::ComputePreamble) is compiled once into a PCH
/// and kept in a cache directory, keyed by the preamble's text, the parse's
/// -cc1 arguments, the directory of the file and hppc's binary; every parse
/// of a file with the same preamble and flags (the lowering's and the
/// translation's, and those of the project's other files) then reads the
/// headers from the PCH instead of parsing them. docs/architecture.md, "A
/// cached preamble", says when the plain parse is used instead.
///
//===----------------------------------------------------------------------===//

#ifndef HPP_DRIVER_PREAMBLEPARSE_H
#define HPP_DRIVER_PREAMBLEPARSE_H

#include "clang/Basic/Diagnostic.h"
#include "clang/Frontend/FrontendAction.h"
#include "llvm/Support/VirtualFileSystem.h"
#include <functional>
#include <string>
#include <vector>

namespace hpp {

struct PreambleParseOptions {
  /// The cache directory; empty: every parse is plain.
  std::string CacheDir;
  /// Whether this parse may use a preamble at all (the caller knows when
  /// its output depends on more than the AST of the file).
  bool Allowed = true;
  /// Whether the caller shows the parse's diagnostics. When it does not
  /// (a quiet parse), they go to the caller's consumer with the preamble
  /// too, and the parse is not run again for them.
  bool DiagnosticsShown = true;
};

/// How a parse ran, for HPP_PCH_LOG and the tests.
enum class PreambleUse { Plain, Hit, Built, Retried };

struct ParseOutcome {
  /// The parse's own verdict (ToolInvocation::run).
  bool Succeeded = false;
  PreambleUse Use = PreambleUse::Plain;
  /// Why the preamble was not used (Plain, Retried).
  std::string Why;
};

/// Runs the action \p MakeAction creates on \p CommandLine (a driver
/// command line whose last word is the input) over \p FS. With a preamble,
/// diagnostics that are shown are held back: a parse that reports anything is run again
/// without one (a fresh action from \p MakeAction), whose diagnostics go to
/// \p Diags (null: Clang's printer) as in a plain run, so what the user sees
/// never depends on the cache. The dependency file, if the command line asks
/// for one, lists the same files in the same order either way.
ParseOutcome runParse(const std::vector<std::string> &CommandLine,
                      llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> FS,
                      std::function<std::unique_ptr<clang::FrontendAction>()> MakeAction,
                      clang::DiagnosticConsumer *Diags, const PreambleParseOptions &Opts);

} // namespace hpp

#endif // HPP_DRIVER_PREAMBLEPARSE_H
