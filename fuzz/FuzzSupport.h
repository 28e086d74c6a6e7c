//===- FuzzSupport.h - What both fuzz targets share -------------*- C++ -*-===//
///
/// \file
/// The fuzz targets run Clang on text held in memory: nothing is read from
/// or written to the input's path, and no diagnostic reaches the terminal
/// (a fuzzer prints one line per new input; a flood of errors would hide it).
///
//===----------------------------------------------------------------------===//

#ifndef HPP_FUZZ_FUZZSUPPORT_H
#define HPP_FUZZ_FUZZSUPPORT_H

#include "clang/Basic/Diagnostic.h"
#include "llvm/ADT/StringRef.h"

namespace hpp {
namespace fuzz {

/// Where the input's text lives; no such directory exists on disk.
constexpr const char *InputPath = "/hpp-fuzz/input.cpp";

/// Formats every diagnostic, as a printing consumer would, and drops it:
/// a diagnostic with arguments of the wrong kind asserts in the formatter.
class FormattingSink : public clang::DiagnosticConsumer {
public:
  void HandleDiagnostic(clang::DiagnosticsEngine::Level Level,
                        const clang::Diagnostic &Info) override;
};

/// Stops the fuzzer on a broken invariant; libFuzzer saves the input.
[[noreturn]] void fail(llvm::StringRef What);

} // namespace fuzz
} // namespace hpp

#endif // HPP_FUZZ_FUZZSUPPORT_H
