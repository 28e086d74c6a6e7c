//===- NowaitResults.h - Do nowait results have a fence to reach? -*- C++ -*-===//
///
/// \file
/// A `nowait` region's reductions and scans write their variables when the
/// region's stream is fenced (SPEC §3, user guide §9.10). A local variable
/// whose scope ends before any fence would then be written after it is
/// gone: memory corruption with no error. hppc cannot see every fence (one
/// in a called function, a stream's last copy going away), so it warns
/// when no call of a `fence` or `status` function follows the region in
/// the variable's scope.
///
//===----------------------------------------------------------------------===//

#ifndef HPP_ANALYSIS_NOWAITRESULTS_H
#define HPP_ANALYSIS_NOWAITRESULTS_H

namespace clang {
class ASTContext;
} // namespace clang

namespace hpp {

class Diagnoser;
struct Region;

/// Warns for each result variable of a `nowait` \p R that may be gone
/// before its stream's fence.
void checkNowaitResults(const Region &R, clang::ASTContext &Ctx, Diagnoser &Diags);

} // namespace hpp

#endif // HPP_ANALYSIS_NOWAITRESULTS_H
