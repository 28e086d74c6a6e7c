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
class Decl;
class FunctionDecl;
}

namespace hpp {

/// Adds the functions called from \p Body (and from what they call) to
/// \p R.Calls, and the calls without a body to follow to \p R.OpaqueCalls.
void collectCalledFunctions(const clang::Stmt *Body, Region &R, clang::ASTContext &Ctx);

/// A declaration of hpp's own API: inside namespace hpp, which only hpp's
/// headers open.
bool isHppApi(const clang::Decl *D);

/// hpp's device-capable API: a function of namespace hpp declared
/// HPP_FUNCTION. Its header compiles it for every backend and keeps what the
/// device cannot do (errors raised on the host) out of the device pass, so
/// regions call it as it is: the collector neither records nor follows it.
bool isHppDeviceApi(const clang::FunctionDecl *FD);

} // namespace hpp

#endif // HPP_ANALYSIS_CALLGRAPH_H
