//===- Directive.h - A parsed `#pragma hpp` directive -----------*- C++ -*-===//
///
/// \file
/// What the pragma front end hands to analysis: one Directive per
/// `#pragma hpp` line, with its clauses and their arguments as source text.
/// Clause expressions are kept as text because they are evaluated on the
/// host, in the scope of the annotated statement, by the generated code.
///
//===----------------------------------------------------------------------===//

#ifndef HPP_BASIC_DIRECTIVE_H
#define HPP_BASIC_DIRECTIVE_H

#include "Basic/Kinds.h"
#include "clang/Basic/SourceLocation.h"
#include "clang/Lex/Token.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include <optional>
#include <string>

namespace hpp {

enum class DirectiveKind {
  Team,       ///< `team`: each iteration is one team.
  Thread,     ///< `thread`: TeamThreadRange inside a team loop.
  Vector,     ///< `vector`: ThreadVectorRange, or TeamVectorRange at team level.
  TeamVector, ///< `thread vector` inside a team loop: TeamVectorRange.
  Flat,       ///< `parallel`, `team thread`, `team vector`, `team thread vector`.
  Scratch,
  Barrier,
  Single,
  Atomic,
  Scan,
  Data,      ///< `data map(...)` on a statement: a structured data region.
  EnterData, ///< `enter data map(...)`: stand-alone.
  ExitData,  ///< `exit data map(...)`: stand-alone.
  Update,    ///< `update host(...) device(...)`: stand-alone.
};

enum class ClauseKind {
#define HPP_CLAUSE(Name, Spelling, Args) Name,
#include "Basic/PragmaKinds.def"
};

llvm::StringRef getClauseSpelling(ClauseKind K);
llvm::StringRef getDirectiveSpelling(DirectiveKind K);
bool isLoopDirective(DirectiveKind K);

/// An expression or name written in a clause, with where it was written.
struct ClauseArg {
  std::string Text;
  clang::SourceLocation Loc;
  /// The argument's tokens, kept so that analysis can parse an expression
  /// argument in the scope of the annotated statement (ClauseCheck).
  llvm::SmallVector<clang::Token, 4> Tokens = {};
};

/// One `[lo:len]` of a map item.
struct ArraySection {
  ClauseArg Lo, Len;
};

/// One item of a `map`, `host` or `device` clause: a variable, optionally
/// with array sections, `a[lo:len]` or `m[lo:len][0:cols]`.
struct MapItem {
  ClauseArg Base;
  llvm::SmallVector<ArraySection, 1> Sections;
  /// The item as written, for messages and the report.
  std::string Text;
};

struct Clause {
  ClauseKind Kind;
  clang::SourceLocation Loc;
  llvm::SmallVector<ClauseArg, 2> Args;
  /// For `reduction`: the operator and whether `inscan` was given.
  ReductionOp Op = ReductionOp::Add;
  bool InScan = false;
  /// For `reduction(user(...): v)`: the names inside `user(...)` as
  /// written, a join and an init function or one reducer object.
  llvm::SmallVector<ClauseArg, 2> UserArgs;
  /// For `map`: the kind (`tofrom` when none is written, as in OpenMP)
  /// and the items; `host` and `device` have items only.
  MapKind Map = MapKind::ToFrom;
  llvm::SmallVector<MapItem, 2> Items;
};

struct Directive {
  DirectiveKind Kind;
  /// Whether a flat loop also spans vector lanes (`team vector`,
  /// `team thread vector`): on OpenMP the loop is also `simd`.
  bool FlatIncludesVector = false;
  /// The `#` of `#pragma` (or `_Pragma`) and the end of the pragma line.
  clang::SourceLocation PragmaLoc;
  clang::SourceLocation KindLoc;
  clang::SourceLocation EndLoc;
  llvm::SmallVector<Clause, 4> Clauses;
  /// Set by analysis when the directive has been attached to a statement.
  bool Consumed = false;

  const Clause *findClause(ClauseKind K) const;
  llvm::SmallVector<const Clause *, 2> findClauses(ClauseKind K) const;
  /// The `name("...")` label, or an empty string.
  std::string label() const;
};

} // namespace hpp

#endif // HPP_BASIC_DIRECTIVE_H
