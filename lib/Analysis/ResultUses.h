//===- ResultUses.h - Is a reduction's result read after its region? -*- C++ -*-===//
///
/// \file
/// A scan's running value or a reduction's variable is often a local that
/// only the loop uses: `double s = 0;` declared for a scan that fills an
/// array, its total never looked at. Delivering such a result to the host
/// makes a GPU region wait for its kernel, where a region whose effects
/// are all on device memory returns at once (SPEC §3, `stream`). This
/// analysis proves, from the source, that nothing can read the variable
/// after the region; what it cannot prove stays read.
///
//===----------------------------------------------------------------------===//

#ifndef HPP_ANALYSIS_RESULTUSES_H
#define HPP_ANALYSIS_RESULTUSES_H

#include "IR/Region.h"

namespace clang {
class ASTContext;
class Stmt;
class VarDecl;
}

namespace hpp {

/// The statement whose end ends \p V's lifetime: a parameter's function
/// body, or the innermost compound statement around a local's declaration
/// (null if there is none).
const clang::Stmt *lifetimeScope(const clang::VarDecl *V, clang::ASTContext &Ctx);

/// Sets ReductionVar::ReadAfter to false for every reduction of \p R's
/// root loop whose variables (value and minloc/maxloc index) are unread
/// after the region: a local of scalar or trivially destructible type, not
/// volatile, not a reference, every mention of which lies inside the
/// region, where the region cannot run again in the variable's lifetime
/// (no loop, lambda or label between the variable's scope and the region).
void markUnreadResults(Region &R, clang::ASTContext &Ctx);

} // namespace hpp

#endif // HPP_ANALYSIS_RESULTUSES_H
