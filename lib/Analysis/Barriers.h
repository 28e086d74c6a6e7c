//===- Barriers.h - Team barriers a team region needs -----------*- C++ -*-===//
///
/// \file
/// At team level, statements run by different threads of a team (thread
/// and vector loops, singles, redundant team-level code) communicate
/// through scratch arrays and broadcast variables. A barrier is needed
/// between a statement that writes such an array or variable and a later
/// one that reads or writes it, unless an explicit barrier already
/// separates them. This pass inserts those barriers into the construct
/// tree, each with the reason reported to the user.
///
//===----------------------------------------------------------------------===//

#ifndef HPP_ANALYSIS_BARRIERS_H
#define HPP_ANALYSIS_BARRIERS_H

#include "IR/Region.h"

namespace clang {
class ASTContext;
}

namespace hpp {

void insertTeamBarriers(Region &R, clang::ASTContext &Ctx);

} // namespace hpp

#endif // HPP_ANALYSIS_BARRIERS_H
