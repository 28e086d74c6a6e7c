//===- CallGraph.h - Functions reachable from a region ----------*- C++ -*-===//
///
/// \file
/// Records every function, function template specialisation, member
/// function and lambda called (transitively) from a region, with the call
/// chain, so that GPU backends can compile them for the device. Calls no
/// device compiler can follow (no visible body, through a pointer) are
/// recorded as Region::OpaqueCalls; only GPU targets refuse them.
///
//===----------------------------------------------------------------------===//

#ifndef HPP_ANALYSIS_CALLGRAPH_H
#define HPP_ANALYSIS_CALLGRAPH_H

#include "IR/Region.h"

namespace clang {
class ASTContext;
}

namespace hpp {

/// Adds the functions called from \p Body (and from what they call) to
/// \p R.Calls, and the calls without a body to follow to \p R.OpaqueCalls.
void collectCalledFunctions(const clang::Stmt *Body, Region &R, clang::ASTContext &Ctx);

} // namespace hpp

#endif // HPP_ANALYSIS_CALLGRAPH_H
