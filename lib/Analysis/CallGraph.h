//===- CallGraph.h - Functions reachable from a region ----------*- C++ -*-===//
///
/// \file
/// Records every function, function template specialisation, member
/// function and lambda called (transitively) from a region, with the call
/// chain, so that GPU backends can compile them for the device. A call
/// whose callee has no visible body is an error naming the chain.
///
//===----------------------------------------------------------------------===//

#ifndef HPP_ANALYSIS_CALLGRAPH_H
#define HPP_ANALYSIS_CALLGRAPH_H

#include "IR/Region.h"

namespace clang {
class ASTContext;
}

namespace hpp {

class Diagnoser;

/// Adds the functions called from \p Body (and from what they call) to
/// \p R.Calls. Returns false after reporting an error.
bool collectCalledFunctions(const clang::Stmt *Body, Region &R,
                            clang::ASTContext &Ctx, Diagnoser &Diags);

} // namespace hpp

#endif // HPP_ANALYSIS_CALLGRAPH_H
