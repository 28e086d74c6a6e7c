//===- TeamBodyRewriter.h - Team bodies in pragma form ----------*- C++ -*-===//
///
/// \file
/// Inside a team body, the team member's uses become what they mean for the
/// pragma form: league_rank() the league index, league_size() the league
/// bound, team_barrier() a barrier, team_scratch/thread_scratch(l).get<T>(n)
/// a scratch array, a View built over team_scratch/thread_scratch(l) a view
/// over a scratch array; hpp::single becomes a single block. The nested ranges
/// that take the member are calls of their own, lowered by the driver.
///
//===----------------------------------------------------------------------===//

#ifndef HPP_FRONTEND_API_TEAMBODYREWRITER_H
#define HPP_FRONTEND_API_TEAMBODYREWRITER_H

#include "Frontend/Api/LoweringContext.h"
#include <string>

namespace hpp {
namespace api {

/// Rewrites one team body's uses of its member, for one launch.
class TeamBodyRewriter {
public:
  TeamBodyRewriter(LoweringContext &C, std::string LeagueIndex, std::string LeagueSize)
      : C(C), LeagueIndex(std::move(LeagueIndex)), LeagueSize(std::move(LeagueSize)) {}

  /// Rewrites every use of \p Member in \p Body; false when one was refused
  /// (each refusal is reported).
  bool rewrite(const clang::Stmt *Body, const clang::ParmVarDecl *Member);

private:
  bool rewriteUse(const clang::DeclRefExpr *Ref, const clang::ParmVarDecl *Member);
  /// Whether \p Ref is an argument of TeamThreadRange(t, ..), PerTeam(t),
  /// PerThread(t) and friends, which their own call handles.
  bool isRangeArgument(const clang::DeclRefExpr *Ref) const;
  bool lowerBarrier(const clang::CXXMemberCallExpr *MC);
  bool lowerScratch(const clang::CXXMemberCallExpr *MC, llvm::StringRef Method);
  bool lowerScratchView(const clang::CXXMemberCallExpr *MC, llvm::StringRef Method,
                        const clang::CXXConstructExpr *Ctor);

  LoweringContext &C;
  std::string LeagueIndex, LeagueSize;
};

/// single(PerTeam(t), [&] { body }) and single(PerThread(t), [&](T &v)
/// {..}, v) at statement \p S (\p Unbraced: the body of an unbraced if or
/// loop), with the call's arguments \p Args.
void lowerSingle(LoweringContext &C, const clang::CallExpr *CE,
                 llvm::ArrayRef<const clang::Expr *> Args, const clang::Stmt *S, bool Unbraced);

} // namespace api
} // namespace hpp

#endif // HPP_FRONTEND_API_TEAMBODYREWRITER_H
