//===- PolicyReader.h - Policies as loop bounds -----------------*- C++ -*-===//
///
/// \file
/// A call's policy (an integer, RangePolicy, MDRangePolicy, TeamPolicy) or
/// nested range (TeamThreadRange, ThreadVectorRange, TeamVectorRange) as the
/// bounds of the loops it means and the clauses of their pragma. Bounds stay
/// source text, read with the edits made so far: the pragma form evaluates
/// them where the call was. A policy that is not written in the call is not
/// read, since its bounds would not be text the pragma can carry.
///
//===----------------------------------------------------------------------===//

#ifndef HPP_FRONTEND_API_POLICYREADER_H
#define HPP_FRONTEND_API_POLICYREADER_H

#include "Frontend/Api/LoweringContext.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringSet.h"
#include <optional>
#include <string>

namespace hpp {
namespace api {

/// The policy or range of a call, as loops.
struct Space {
  enum Kind { Flat, Team, Nested } K = Flat;
  /// For nested ranges: thread, vector or thread vector.
  std::string Level;
  llvm::SmallVector<std::string, 3> Lower, Upper;
  std::string TeamSize, VectorLength, Tile, StreamText;
  const clang::Expr *Member = nullptr; // Nested: the team member argument.
  /// The policy's work tag (`RangePolicy<Tag>`): bodies take a `Tag` first.
  clang::QualType Tag;
  /// Local variables named in the arguments of set_scratch_size, which the
  /// pragma form drops: a variable used nowhere else would draw unused
  /// variable warnings (nvcc's #177) from the translated code.
  llvm::SmallVector<std::string, 2> DroppedVars;
  /// Every name the policy mentions (mentionedNames). A body parameter the
  /// lowering declares (a loop index, an accumulator) before or in the
  /// loop's header must not hide one of them, or the header would read the
  /// parameter: such a parameter gets a generated name (Body::Renames).
  llvm::StringSet<> Mentions;

  /// Whether the lowering may declare \p Name where the policy's bounds
  /// and clauses are read: hppc's own names and those the policy mentions
  /// are taken.
  bool mayDeclare(llvm::StringRef Name) const {
    return !Name.empty() && !Name.starts_with("hpp_") && !Mentions.contains(Name);
  }

  /// How many indices a body takes: one per dimension, the league index
  /// for a team.
  unsigned indices() const { return K == Team ? 1 : Lower.size(); }
};

class PolicyReader {
public:
  explicit PolicyReader(const LoweringContext &C) : C(C) {}

  /// The loops of policy \p E, or std::nullopt when hppc cannot see it.
  std::optional<Space> read(const clang::Expr *E) const;

private:
  bool readNestedRange(const clang::CallExpr *Call, Space &S) const;
  bool readPolicy(const clang::CXXConstructExpr *CE, Space &S) const;
  bool readMDRange(llvm::ArrayRef<const clang::Expr *> Args, Space &S) const;

  const LoweringContext &C;
};

/// `#pragma hpp` and the words of \p Sp's loop: `parallel`, `team` or the
/// nested level.
std::string loopDirective(const Space &Sp);
/// The clauses the policy's shape gives: collapse and tile, or team_size
/// and vector_length.
std::string shapeClauses(const Space &Sp);
/// ` stream(s)` when the policy names a stream.
std::string streamClause(const Space &Sp);
/// ` name("label")` for a labelled call (nested ranges are not regions of
/// their own and take no name).
std::string nameClause(const Space &Sp, llvm::StringRef Label);

} // namespace api
} // namespace hpp

#endif // HPP_FRONTEND_API_POLICYREADER_H
