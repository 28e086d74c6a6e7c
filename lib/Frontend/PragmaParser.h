//===- PragmaParser.h - Parse the tokens of one `#pragma hpp` ---*- C++ -*-===//
///
/// \file
/// Turns the tokens after `#pragma hpp` into a Directive, diagnosing unknown
/// or malformed directives and clauses at the offending token.
///
//===----------------------------------------------------------------------===//

#ifndef HPP_FRONTEND_PRAGMAPARSER_H
#define HPP_FRONTEND_PRAGMAPARSER_H

#include "Basic/Directive.h"
#include "clang/Lex/Token.h"
#include "llvm/ADT/ArrayRef.h"
#include <optional>

namespace clang {
class Preprocessor;
}

namespace hpp {

class Diagnoser;

/// Parses \p Tokens (everything between `hpp` and the end of the line).
/// Returns std::nullopt after reporting an error.
std::optional<Directive> parseDirective(clang::Preprocessor &PP,
                                        Diagnoser &Diags,
                                        clang::SourceLocation PragmaLoc,
                                        clang::SourceLocation HppLoc,
                                        llvm::ArrayRef<clang::Token> Tokens,
                                        clang::SourceLocation EndLoc);

} // namespace hpp

#endif // HPP_FRONTEND_PRAGMAPARSER_H
