//===- ReducerReader.h - Results as reductions ------------------*- C++ -*-===//
///
/// \file
/// The results of a parallel_reduce as reduction clauses and the
/// accumulators the body updates: a plain variable sums, hpp's reducers
/// (Sum, Max, MinLoc, ...) name their operator, a composite value (MinLoc's
/// .val and .loc) becomes one scalar per field, a user-defined reducer or a
/// functor with its own init/join becomes `reduction(user(copy): acc)`.
/// Accumulators start from the reducer's identity; results are assigned
/// after the loop, as Kokkos does.
///
//===----------------------------------------------------------------------===//

#ifndef HPP_FRONTEND_API_REDUCERREADER_H
#define HPP_FRONTEND_API_REDUCERREADER_H

#include "Frontend/Api/BodyReader.h"
#include "Frontend/Api/LoweringContext.h"
#include "llvm/ADT/SmallVector.h"
#include <optional>
#include <string>

namespace hpp {
namespace api {

/// A reducer construction `hpp::Max<double>(m)`, also in a template where
/// its type is still dependent.
struct ReducerCall {
  llvm::StringRef Name;
  llvm::SmallVector<clang::QualType, 2> TypeArgs;
  const clang::Expr *Target = nullptr;
};
std::optional<ReducerCall> asReducerCall(const clang::Expr *E);

/// One result of a parallel_reduce and the accumulator its body updates.
struct Accumulator {
  std::string Reducer; // `hpp::Sum<double>`, `hpp::MinLoc<double, int>`
  std::string Type;    // the accumulator's type
  std::string Name;    // the lambda parameter
  std::string Target;  // where the result goes
  /// Reducers whose value has fields (MinLoc's .val and .loc, ...): one
  /// scalar per field, which the body's `v.field` uses become.
  struct Field {
    std::string Member, Scalar, Type;
  };
  llvm::SmallVector<Field, 4> Fields;
  /// The reduction clauses: `+: s`, `minloc: hpp_v_val, hpp_v_loc`.
  llvm::SmallVector<std::string, 2> Clauses;
  /// A user-defined reducer (or a functor with its own init/join): the
  /// local copy `reduction(user(Object): acc)` names; Target is then the
  /// reducer's text, whose reference() receives the result.
  std::string Object;
  /// The functor's own init/join (Object is then the functor's copy).
  bool OwnRules = false;
  /// A functor's own final(), applied to the accumulator before the result.
  std::string Final;
  /// The result is a rank-0 hpp::View: the value reaches it through
  /// deep_copy, so a view in device memory receives it as well.
  bool IntoView = false;
};

/// The text around a call's loop that its results need.
struct ResultText {
  /// References to the results and copies of user reducers, bound first
  /// (an accumulator may have its result's name).
  std::string Bind;
  /// The accumulators, declared and initialised.
  std::string Init;
  /// The results assigned from the accumulators.
  std::string Epilogue;
};

class ReducerReader {
public:
  explicit ReducerReader(LoweringContext &C) : C(C) {}

  /// The accumulators of the results that follow the body (argument
  /// \p BodyIndex of \p Args, the arguments of \p CE or of the wrapper it
  /// calls) whose accumulator parameters follow \p Indices indices. A
  /// plain accumulator keeps its parameter's name unless the policy \p Sp
  /// mentions it (Space::mayDeclare); then it is renamed (B.Renames).
  std::optional<llvm::SmallVector<Accumulator, 2>> read(const clang::CallExpr *CE,
                                                        llvm::ArrayRef<const clang::Expr *> Args,
                                                        unsigned BodyIndex, Body &B,
                                                        unsigned Indices, const Space &Sp);

  /// Adds \p A's prologue and epilogue to \p Text; a generic accumulator
  /// (`auto &a`) takes its result's type.
  void bind(Accumulator &A, ResultText &Text);

  /// The body uses a composite accumulator `v` through its fields only:
  /// `v.val` becomes the scalar the reduction clause names.
  bool lowerFields(const clang::Stmt *Body, const clang::ParmVarDecl *P, const Accumulator &A);

private:
  std::optional<Accumulator> readResult(const clang::CallExpr *CE,
                                        llvm::ArrayRef<const clang::Expr *> Args, unsigned Index,
                                        Body &B, unsigned Param, const Space &Sp);
  /// \p OwnValue: \p E is a plain variable of the value_type of a functor
  /// with its own join, whatever its type.
  bool parseResult(const clang::Expr *E, clang::QualType AccType, llvm::StringRef AccName,
                   bool OwnValue, Accumulator &A);
  /// A functor's own init/join/final define the reduction of its only
  /// plain result.
  bool applyFunctorRules(const Body &B, const clang::Expr *BodyArg,
                         llvm::SmallVectorImpl<Accumulator> &Accs);
  /// A result whose type depends on a template parameter is lowered once,
  /// in the template: it must be a plain arithmetic variable in every
  /// instantiation of the call at \p CallLoc (argument \p Index).
  bool isArithmeticInEveryInstantiation(clang::SourceLocation CallLoc, unsigned Index);

  LoweringContext &C;
};

} // namespace api
} // namespace hpp

#endif // HPP_FRONTEND_API_REDUCERREADER_H
