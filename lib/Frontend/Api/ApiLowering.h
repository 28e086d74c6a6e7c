//===- ApiLowering.h - hpp::parallel_* calls as annotated loops -*- C++ -*-===//
///
/// \file
/// The second front end: calls of hpp::parallel_for and parallel_reduce
/// (and the nested ranges, single, barriers and scratch requests inside team
/// bodies) are rewritten into the loops and `#pragma hpp` annotations they
/// mean, which the pragma front end then reads. Both front ends thus meet in
/// one region model, and no backend knows which one a region came from.
/// Calls are recognised by their declaration, not their spelling. What
/// cannot be lowered is a diagnostic at the call.
///
//===----------------------------------------------------------------------===//

#ifndef HPP_FRONTEND_API_APILOWERING_H
#define HPP_FRONTEND_API_APILOWERING_H

#include "llvm/ADT/StringRef.h"
#include <optional>
#include <string>

namespace clang {
class ASTContext;
}

namespace hpp {

class Diagnoser;

/// Whether the source text \p Source may call the API, decided before any
/// parse: whether it has an identifier token parallel_for, parallel_reduce
/// or parallel_scan, or `single` followed by `(`. Comments and string
/// literals do not count. A file for which this is false is not lowered,
/// and so is parsed once instead of twice (or three times).
bool mayCallApi(llvm::StringRef Source);

/// The main file with every lowerable parallel_* call rewritten (the edits
/// carry `#line` directives that keep the user's line numbers);
/// std::nullopt when the file calls none. Errors are reported through
/// \p Diags.
std::optional<std::string> lowerApiCalls(clang::ASTContext &Ctx, Diagnoser &Diags);

/// Warns about parallel_* calls in included files: they are not rewritten,
/// so they run serially.
void warnApiCallsInHeaders(clang::ASTContext &Ctx, Diagnoser &Diags);

} // namespace hpp

#endif // HPP_FRONTEND_API_APILOWERING_H
