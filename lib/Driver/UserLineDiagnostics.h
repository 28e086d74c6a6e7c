//===- UserLineDiagnostics.h - Diagnostics at the user's own text -*- C++ -*-===//
///
/// \file
/// The translation of a file with parallel_* calls parses the lowered text
/// in place of the file: the calls became annotated loops, copied functor
/// bodies, `hpp_functor0.x` for a member `x`, under `#line` directives that
/// keep the user's line numbers. Clang's printer would show each
/// diagnostic's line of that text, and a column counted in it. This printer
/// shows the line as the user wrote it, from the file itself, with the
/// column of the same token there. -verify still checks the lowered text
/// (the printer only prints).
///
//===----------------------------------------------------------------------===//

#ifndef HPP_DRIVER_USERLINEDIAGNOSTICS_H
#define HPP_DRIVER_USERLINEDIAGNOSTICS_H

#include "clang/Basic/Diagnostic.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"
#include <memory>
#include <optional>
#include <string>

namespace hpp {

/// The column (1-based) in \p Original of the token that starts at column
/// \p Col of \p Lowered, where both are the same source line before and
/// after lowering: \p Col when the same token starts there, else the
/// token of the same spelling and rank among its namesakes on the line,
/// else (a token the lowering wrote) the line's first token.
unsigned originalColumn(llvm::StringRef Lowered, unsigned Col, llvm::StringRef Original);

/// Line \p Number (1-based) of \p Text, without its end of line.
std::optional<llvm::StringRef> sourceLine(llvm::StringRef Text, unsigned Number);

/// The column in the user's line \p Original of diagnostic location \p Loc
/// of lowered text (a file location whose presumed column is counted in the
/// lowered line).
unsigned originalColumn(const clang::SourceManager &SM, clang::SourceLocation Loc,
                        unsigned PresumedColumn, llvm::StringRef Original);

/// Prints diagnostics as Clang does, those in the lowered text of
/// \p InputPath at the line and column of \p OriginalText (the file as the
/// user wrote it).
std::unique_ptr<clang::DiagnosticConsumer>
createUserLinePrinter(llvm::raw_ostream &OS, std::string InputPath, std::string OriginalText);

} // namespace hpp

#endif // HPP_DRIVER_USERLINEDIAGNOSTICS_H
