//===- LoopText.h - Generated text every backend shares --------*- C++ -*-===//
///
/// \file
/// Pieces of generated code that do not depend on the backend: a loop's
/// bounds and trip count evaluated once, its indices recomputed from a
/// normalised iteration number, the normalised header replacing the user's,
/// scratch declarations as pointers, and region names as identifiers.
///
//===----------------------------------------------------------------------===//

#ifndef HPP_BACKEND_LOOPTEXT_H
#define HPP_BACKEND_LOOPTEXT_H

#include "IR/Region.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/Support/Error.h"
#include <string>

namespace hpp {

class SourceEditor;

/// Numbers the loops of a region in source order; generated variables of
/// loop K are named hpp_lbK_D, hpp_nK, hpp_ivK.
class LoopNames {
public:
  explicit LoopNames(const Region &R);
  std::string id(const Construct &Loop) const;

private:
  llvm::DenseMap<const Construct *, unsigned> Ids;
};

/// `T hpp_lbK_D = lb; const auto hpp_ubK_D = ub; hpp_nK_D = trip count;`
/// for every collapsed dimension, and `hpp_nK`, their product.
std::string boundsDecls(const Construct &Loop, llvm::StringRef K);

/// The user's index variables recomputed from iteration number \p Iv.
std::string indexDecls(const Construct &Loop, llvm::StringRef K, llvm::StringRef Iv);

/// indexDecls for an iteration of two or more collapsed loops given as
/// its \p Row (the outer loops' iterations, collapsed) and its position
/// \p Col in the innermost loop: only the outer dimensions are peeled.
std::string rowIndexDecls(const Construct &Loop, llvm::StringRef K, llvm::StringRef Row,
                          llvm::StringRef Col);

/// The declaration of dimension \p D's index from its normalised iteration
/// number \p Iter (one of indexDecls' parts).
std::string indexDecl(const Construct &Loop, llvm::StringRef K, unsigned D,
                      llvm::StringRef Iter);

/// Replaces the loop's (collapsed) headers with \p Header.
llvm::Error rewriteLoopHeaders(const Construct &Loop, llvm::StringRef Header,
                               SourceEditor &Edit);

/// The statements of a scan's input phase, as written, behind a `#line`,
/// after the scan-phase declarations it reads (Construct::ScanInputDecls).
std::string inputPhaseCopy(const Construct &Loop, SourceEditor &Edit);

/// Rewrites the body of exclusive scan \p Loop (Construct::ScanInputFirst)
/// so that each item runs its input phase before its scan phase, which
/// still sees the prefix before the item: the scan variables are saved, the
/// input phase runs, its results wait while the scan phase runs from the
/// saved values, and take their place where the input phase stood.
llvm::Error runInputPhaseFirst(const Construct &Loop, SourceEditor &Edit);
/// The report's words for runInputPhaseFirst() on \p Loop, if it has
/// Construct::ScanInputFirst: "; each item runs its input phase first ...".
std::string inputPhaseFirstNote(const Construct &Loop);

/// The declaration that replaces scratch array \p A: a pointer to its
/// element type (or to its rows) initialised from \p Address.
/// An atomic rewritten as a call takes its target and value as text: a
/// MacroEditError when a macro's definition spells them, so that the file
/// does not hold them.
llvm::Error checkAtomicOperands(const Construct &C);

std::string scratchPointerDecl(const ScratchArray &A, llvm::StringRef Address);

/// `prefix<name>` with every character that cannot be in an identifier
/// replaced by '_'.
std::string identifierFor(llvm::StringRef Prefix, llvm::StringRef Name);

/// The name of an atomic operation in hpprt (`add`, `min`, `inc`, ...).
llvm::StringRef atomicOpName(AtomicOp Op);

/// How generated code names the operator of reduction \p RV of loop K. A
/// built-in operator is a type with static members (`hpprt::Sum`); a user
/// reduction's is an object, `hpp_op<K>_<v>` (an hpprt::UserOp), declared by
/// decl() where the loop's prologue runs and passed to the runtime.
/// The hpprt operator type of a built-in reduction, without `hpprt::`
/// (`Sum`, `MinLoc`, `HighestOnTies<hpprt::MinLoc>`, and for a body that
/// lets data win ties with the initial value
/// `InitialOnTies<hpprt::MinLoc, hpprt::InitialTie::Replaced>`).
std::string runtimeOpType(const ReductionVar &RV);

class ReductionOpText {
public:
  ReductionOpText(llvm::StringRef K, const ReductionVar &RV);
  bool isUser() const { return RV.Op == ReductionOp::User; }
  /// `hpp_opK_v`, a user reduction's operator object.
  const std::string &object() const { return Object; }
  /// `const auto hpp_opK_v = hpprt::user_op(...);` for a user reduction:
  /// of the reducer object, or of lambdas that call the join and init
  /// functions by name in the loop's scope. Empty for a built-in operator.
  std::string decl() const;
  /// The operator's type, as a template argument.
  std::string type() const;
  /// `, hpp_opK_v`, the operator object as a last argument; or empty.
  std::string argument() const;
  /// The identity in type \p T.
  std::string identity(llvm::StringRef T) const;
  /// The identity in the type of \p Like.
  std::string identityLike(llvm::StringRef Like) const;
  /// `Acc = Acc op V`.
  std::string join(llvm::StringRef Acc, llvm::StringRef V) const;
  /// A runtime collective: `F<hpprt::Sum>(Arg)` or `F(Arg, hpp_opK_v)`.
  std::string collective(llvm::StringRef F, llvm::StringRef Arg) const;

private:
  std::string Object;
  const ReductionVar &RV;
};

} // namespace hpp

#endif // HPP_BACKEND_LOOPTEXT_H
