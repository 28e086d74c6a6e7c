//===- Region.h - The backend-neutral parallel-region model -----*- C++ -*-===//
///
/// \file
/// What analysis proves about each annotated region and what every backend
/// consumes. A Region is one outermost parallel loop (a team loop or a flat
/// loop) with a tree of Constructs inside it: nested thread and vector
/// loops, scratch arrays, barriers (explicit and inserted), singles, atomics
/// and scan separators. Every variable the region touches is classified.
/// The model keeps pointers into the Clang AST for source ranges (backends
/// edit the user's text in place) and spelled-out types and texts for code
/// that must be generated outside the user's scope.
///
//===----------------------------------------------------------------------===//

#ifndef HPP_IR_REGION_H
#define HPP_IR_REGION_H

#include "Basic/Kinds.h"
#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace clang {
class ASTContext;
class CallExpr;
class CompoundAssignOperator;
class CompoundStmt;
class DeclStmt;
class Expr;
class ForStmt;
class FieldDecl;
class FunctionDecl;
class Stmt;
class VarDecl;
} // namespace clang

namespace hpp {

enum class LoopCmp { Lt, Le, Gt, Ge, Ne };

/// The values of a loop's `team_size` and `vector_length` that are integer
/// constants (0 where not), with their arguments' locations.
struct ConstantShape {
  long long TeamSize = 0, VectorLength = 0;
  clang::SourceLocation TeamSizeLoc, VectorLengthLoc;
  /// The tile(...) clause's sizes, in order (empty where it has none or
  /// where a size depends on a template parameter).
  llvm::SmallVector<long long, 3> Tile;
};

/// One canonical loop `for (T i = Lower; i CMP Upper; i += Step)`.
struct LoopDim {
  const clang::ForStmt *Loop = nullptr;
  const clang::VarDecl *Index = nullptr;
  std::string IndexName;
  /// The index type as written (`int`, `std::size_t`, `auto`).
  std::string IndexTypeText;
  std::string LowerText;
  std::string UpperText;
  /// The bounds as parsed (the index's initialiser and the condition's
  /// other side).
  const clang::Expr *LowerExpr = nullptr;
  const clang::Expr *UpperExpr = nullptr;
  long long Step = 1;
  LoopCmp Cmp = LoopCmp::Lt;
  /// The trip count, when the bounds are constant expressions (`Q * D`
  /// over `const int` variables, literals, constexpr values).
  std::optional<long long> ConstTripCount;
  /// Whether the body names the index: translated code declares it from
  /// the iteration number, where only the header used it before.
  bool IndexUsedInBody = false;
  /// From `for` to the `)` closing the loop header.
  clang::SourceRange HeaderRange;
};

/// minloc/maxloc: what a tie between the loop's result and the variable's
/// initial value gives, as the serial body decides (hpprt::InitialTie).
enum class LocInitialTie {
  Kept,     ///< `if (x < v)`, or a body hppc does not recognise
  Replaced, ///< `if (x <= v)`: a tied element replaces the initial value
  ByIndex,  ///< `x < v || (x == v && k < i)`: the index rule decides
};

struct ReductionVar {
  ReductionOp Op = ReductionOp::Add;
  const clang::VarDecl *Var = nullptr;
  /// The index variable of a minloc/maxloc pair.
  const clang::VarDecl *IndexVar = nullptr;
  /// minloc/maxloc: ties among partial results go to the highest index
  /// rather than the lowest, because the body keeps the first of equal
  /// values in a loop that runs downwards (or the last, upwards).
  bool HighestIndexOnTies = false;
  LocInitialTie InitialTie = LocInitialTie::Kept;
  bool InScan = false;
  /// Whether the program may read the variable (and IndexVar) after the
  /// region. When it cannot (a local only the region uses, see
  /// markUnreadResults), GPU backends do not deliver the result to the
  /// host, so the region need not wait for it.
  bool ReadAfter = true;
  /// `hpp::deep_copy(view, v);` among the copies right after the region,
  /// v's only use after it (a rank-0 View of v's type, markUnreadResults):
  /// GPU backends have the kernel write the result into the view's device
  /// memory, with no wait on the host, in place of this copy. Null
  /// otherwise.
  const clang::CallExpr *ResultCopy = nullptr;
  /// The view as written in ResultCopy, and as the user wrote it (the
  /// view a lowered parallel_reduce bound its reference to) for reports.
  std::string ResultView, ResultViewShown;
  std::string Name;
  std::string IndexName;
  std::string TypeName;
  clang::SourceLocation Loc;
  /// `user(join, init)`: the two functions' names as written; the
  /// generated code calls them by these names in the loop's scope.
  std::string UserJoin, UserInit;
  /// `user(reducer)`: the reducer object's name as written and its
  /// variable.
  std::string UserReducer;
  const clang::VarDecl *Reducer = nullptr;
};

/// How a region uses a variable declared outside it.
enum class CaptureKind {
  ReadOnly,  ///< Read inside the region: passed by value to a device.
  Reduction, ///< Combined across the iterations of a loop.
  Atomic,    ///< Only updated by `#pragma hpp atomic`.
};

struct Capture {
  const clang::VarDecl *Var = nullptr;
  /// A data member the region reads through the implicit `this` (Var is
  /// then null): captured by its value, by name, instead of `*this`.
  const clang::FieldDecl *Field = nullptr;
  std::string Name;
  std::string TypeName;
  CaptureKind Kind = CaptureKind::ReadOnly;
  bool IsPointer = false;
  /// An hpp::View: its data() is checked as a pointer is.
  bool IsView = false;
  /// The region writes memory reached through it (a pointer's pointee, a
  /// View's elements), which does not make the variable written.
  bool WritesThrough = false;
  clang::SourceLocation FirstUse;
};

/// An array declared with `#pragma hpp scratch`.
struct ScratchArray {
  const clang::VarDecl *Var = nullptr;
  const clang::DeclStmt *Decl = nullptr;
  std::string Name;
  unsigned Level = 0;
  bool PerThread = false;
  std::string ElementType;
  /// Extents as source text, outermost first; only the first may be a
  /// run-time expression.
  llvm::SmallVector<std::string, 2> Extents;
  bool IsConstantSize = false;
  unsigned long long ConstantBytes = 0;
  /// `sizeof(T) * (e0) * (e1)`: evaluated on the host before the region.
  std::string BytesExpr;
};

/// How a function called from a region becomes device code on a GPU.
enum class DeviceMarking {
  None,         ///< Already device code: implicit, HPP_FUNCTION, a system
                ///< header, or a lambda written inside the region.
  Lambda,       ///< A lambda outside the region: marked before its parameters.
  Declarations, ///< A function of this file: every declaration is marked.
};

struct CalledFunction {
  const clang::FunctionDecl *Fn = nullptr;
  std::string Name;
  /// Caller names from the region down to this function.
  llvm::SmallVector<std::string, 4> Chain;
  clang::SourceLocation CallLoc;
  /// Decided by checkDeviceRestrictions for GPU targets.
  DeviceMarking Marking = DeviceMarking::None;
};

/// A call from a region that no device compiler can follow: the callee's
/// body is not visible, or it is called through a pointer. Host backends
/// call it as it is; checkDeviceRestrictions refuses it for GPU targets.
struct OpaqueCall {
  enum KindTy { NoBody, Indirect };
  KindTy Kind = NoBody;
  /// The callee (NoBody only).
  std::string Name;
  clang::SourceLocation CallLoc;
  /// The calls on the way from the region to this one, outermost first.
  llvm::SmallVector<std::pair<std::string, clang::SourceLocation>, 4> Chain;
};

enum class ConstructKind {
  Loop,
  Scratch,
  Barrier,
  Single,
  Atomic,
  Scan,
  /// `hpp data`: the annotated statement runs with the items mapped.
  Data,
  /// Stand-alone `hpp enter data`, `hpp exit data`, `hpp update`.
  EnterData,
  ExitData,
  Update,
};

inline bool isDataConstruct(ConstructKind K) {
  return K == ConstructKind::Data || K == ConstructKind::EnterData ||
         K == ConstructKind::ExitData || K == ConstructKind::Update;
}

/// What a mapped item is, which decides how it is mapped and what a GPU
/// region captures instead of it.
enum class MapShape {
  /// A section `p[lo:len]` of a pointer, array or container.
  Section,
  /// A whole C array or std::array (the extent is in its type).
  WholeArray,
  /// A whole std::vector (the extent is its size()).
  WholeContainer,
  /// A scalar or struct: passed to the region by value, nothing to copy.
  ByValue,
};

/// One item of a `map`, `host` or `device` clause, or a container a GPU
/// region maps implicitly. On a region or a data construct it is entered
/// before and exited after; `update` uses Kind To for `device(...)` and
/// From for `host(...)`.
struct MapEntry {
  MapKind Kind = MapKind::ToFrom;
  MapShape Shape = MapShape::Section;
  /// The variable the item names, when its base is a plain name.
  const clang::VarDecl *Var = nullptr;
  /// The base as written (`a`, `s.data`) and, for a section, the first
  /// element and the count of the outermost dimension; inner dimensions
  /// cover whole rows (checked), so they only size the element.
  std::string Base, LoText = "0", LenText;
  /// The item as the user wrote it ("to: a[0:n]"), or for an implicit map
  /// what hppc chose ("tofrom: v (implicit)").
  std::string Item;
  clang::SourceLocation Loc;
  /// Mapped by hppc, not by a clause (a captured std::vector).
  bool Implicit = false;
  /// The base is a std::vector (a GPU region captures a span of it).
  bool IsContainer = false;
};

/// Where a construct's `#pragma hpp` line is and how its directive is
/// spelled: backends replace the line, and diagnostics point notes at it.
/// The model keeps no pragma syntax beyond this.
struct PragmaRange {
  /// The `#` of `#pragma` (or `_Pragma`).
  clang::SourceLocation Begin;
  /// The directive word (`team`, `scratch`, ...).
  clang::SourceLocation KindLoc;
  /// The end of the pragma line.
  clang::SourceLocation End;
  /// The directive as the user reads it in messages: "team", "thread
  /// vector", "parallel", ...
  llvm::StringRef Spelling;

  bool isValid() const { return Begin.isValid(); }
};

/// How many iterations of a loop with Construct::BatchedUpdates have their
/// terms evaluated before they are applied: with 4, yAx went from 0.93 to
/// 0.95 of the hand kernel (H200, docs/performance.md "Batched terms"); 8
/// measured no better and costs registers a bounded kernel may lack.
constexpr unsigned kBatchedIterations = 4;

/// An element read that both passes of a device-wide scan make (`x[i]` in
/// `if (x[i] < 0) list[c] = i;` before `scan exclusive(c)` and
/// `c += x[i] < 0;` after it): pass 1 keeps each item's value, and pass 2
/// reads it from there instead of loading the element again after the
/// previous item's stores (markScanForwards()).
struct ForwardedRead {
  /// An occurrence that pass 1 evaluates for every item (`x[i]`, or a
  /// View's `v(i)`): its text, run there, gives the value.
  const clang::Expr *Value = nullptr;
  /// Value's text (`x[i]`).
  std::string Text;
  /// The pointer, array or View it reads through.
  const clang::VarDecl *Base = nullptr;
  bool ThroughView = false;
  /// Every read of the same element in the loop's body that can take the
  /// kept value (not in a macro's expansion, not in a nested construct).
  llvm::SmallVector<const clang::Expr *, 2> Uses;
};

/// A node of a region's construct tree. Fields beyond the common ones are
/// meaningful for the kinds named in their comments.
struct Construct {
  ConstructKind Kind;
  /// The construct's pragma line; invalid for an inserted barrier.
  PragmaRange Pragma;
  /// The annotated statement: a ForStmt, a DeclStmt, a single's or an
  /// atomic's statement; null for barriers and scan separators.
  const clang::Stmt *S = nullptr;
  clang::SourceLocation Loc;
  /// Source range covered: the pragma line through the statement's end.
  clang::SourceRange Range;
  Construct *Parent = nullptr;
  std::vector<std::unique_ptr<Construct>> Children;

  // Loop.
  LoopLevel Level = LoopLevel::Flat;
  bool Simd = false;
  llvm::SmallVector<LoopDim, 2> Dims;
  llvm::SmallVector<ReductionVar, 2> Reductions;
  /// Texts of `league`, `team_size`, `vector_length`, `stream` (also of
  /// data constructs); empty when absent or `auto`.
  std::string LeagueText, TeamSizeText, VectorLengthText, StreamText;
  /// `team_size` and `vector_length` when they are integer constants, for
  /// checks against a target's limits.
  ConstantShape ConstShape;
  bool Nowait = false;
  /// `tile(t0, t1, ...)`: the tile shape of a collapsed loop on GPUs.
  llvm::SmallVector<std::string, 3> Tile;
  /// Loop with an inscan reduction: the scan separator and the index of the
  /// first body statement after it. scanInputPhase() and scanPhase() split
  /// the body at it.
  const Construct *ScanSeparator = nullptr;
  const clang::CompoundStmt *ScanBody = nullptr;
  unsigned ScanSplit = 0;
  /// A lowered parallel_scan whose scan phase writes an element its input
  /// phase reads, each item only its own (Kokkos' in-place scan): a pass
  /// that runs an item's two phases in order must run its input phase
  /// first (checkScanPhaseWrites()).
  bool ScanInputFirst = false;
  /// A nested loop whose body is only updates of its reductions
  /// (`row += A[j * n + i] * x[i];`) with pure terms: those updates, in
  /// body order. GPU backends evaluate the terms of kBatchedIterations
  /// iterations before applying them, so their loads are in flight together; see
  /// markBatchedReductions().
  llvm::SmallVector<const clang::CompoundAssignOperator *, 2> BatchedUpdates;
  /// Exclusive scan: the declarations of the scan phase (before the
  /// separator) that the input phase reads, in body order. They are pure
  /// and never modified, so the reduce pass repeats them before its copy
  /// of the input phase.
  llvm::SmallVector<const clang::DeclStmt *, 2> ScanInputDecls;
  /// Device-wide scan: the reads pass 2 takes from pass 1.
  llvm::SmallVector<ForwardedRead, 1> ScanForwards;

  /// `map` clauses of a region's outermost loop (and the containers it
  /// maps implicitly); the items of a data construct.
  llvm::SmallVector<MapEntry, 2> Maps;

  // Scratch: index into Region::Scratch.
  unsigned ScratchIndex = 0;

  // Barrier.
  bool Inserted = false;
  std::string Reason;
  /// Where an inserted barrier goes: before this location.
  clang::SourceLocation InsertLoc;

  // Single.
  bool PerThread = false;
  llvm::SmallVector<const clang::VarDecl *, 2> Broadcast;

  // Atomic.
  AtomicOp Atomic = AtomicOp::Add;
  std::string AtomicTarget, AtomicValue, AtomicFunction;
  /// The variable an atomic updates when its target is a plain variable
  /// rather than memory (`x += 1` as opposed to `h[b] += 1`).
  const clang::VarDecl *AtomicVar = nullptr;

  // Scan separator.
  bool Inclusive = true;
  llvm::SmallVector<std::string, 1> ScanVars;

  bool isLoop() const { return Kind == ConstructKind::Loop; }
  /// A scan loop's body statements on each side of its separator: the
  /// input phase (before `scan inclusive`, after `scan exclusive`) and the
  /// scan phase. Empty without a separator.
  llvm::ArrayRef<clang::Stmt *> scanInputPhase() const;
  llvm::ArrayRef<clang::Stmt *> scanPhase() const;
  /// The nearest enclosing loop construct, or null.
  const Construct *enclosingLoop() const;
};

/// A statement of a team body (or of a thread loop's body) that writes
/// memory or calls a function. Where all the team's threads (all the
/// thread's lanes) run that body, as on a GPU, it must run once, as in the
/// serial program; pure computations run on every thread, so each has the
/// values later statements read.
struct GuardedStmt {
  const clang::Stmt *S = nullptr;
  /// The last of consecutive statements guarded together, because one
  /// macro invocation produces them all; null when S stands alone.
  const clang::Stmt *Last = nullptr;
  /// Team: once per team; Thread: once per thread (one vector lane).
  LoopLevel Level = LoopLevel::Team;
};

struct Region {
  unsigned Id = 0;
  /// The `name(...)` label, or `<function>_<line>`.
  std::string Name;
  bool HasUserName = false;
  std::unique_ptr<Construct> Root;
  const clang::FunctionDecl *Function = nullptr;
  /// Template instantiations of the enclosing function contain copies of
  /// the region's statement; their calls are analysed too.
  llvm::SmallVector<const clang::Stmt *, 2> Instantiations;
  unsigned Line = 0;

  std::vector<Capture> Captures;
  bool CapturesThis = false;
  /// With CapturesThis: the pointer members the region reaches through its
  /// copy of the object, which therefore holds their host addresses.
  std::vector<std::string> PointerMembersOfThis;
  /// Global or static variables used in the region (constexpr ones aside):
  /// GPU code cannot read the host's copy.
  llvm::SmallVector<const clang::VarDecl *, 2> Globals;
  std::vector<ScratchArray> Scratch;
  std::vector<CalledFunction> Calls;
  std::vector<OpaqueCall> OpaqueCalls;
  /// Whether an exception may leave some statement of the region (a
  /// `throw` the body does not catch is refused; this is about calls).
  /// Host backends then catch it in each thread and rethrow it after the
  /// region, as the serial loop would have let it propagate.
  bool MayThrow = false;
  /// Team regions: the most iterations any thread or team-vector loop of a
  /// team has, when all of them have constant trip counts (0 otherwise).
  /// An AUTO team need not be wider; see teamWidth().
  unsigned TeamWidth = 0;
  /// Flat regions over collapsed loops: whether rows of the innermost loop
  /// read memory in common, so that the GPU may run them as tiles of rows;
  /// see rowsShareReads().
  bool RowsShareReads = false;
  /// Team regions with AUTO sizes: the vector loops whose trip counts the
  /// host can compute before the launch (bounds over literals and values
  /// the region captures unchanged), from which the GPU runtime sizes AUTO
  /// vector lengths; see sizedVectorLoops().
  llvm::SmallVector<const Construct *, 2> SizedVectorLoops;
  /// Whether one of SizedVectorLoops reduces over its lanes: AUTO lanes then
  /// run about eight iterations each (shorter shuffle trees), else one each
  /// (whole rows per warp, as a hand kernel reads them); hpprt's
  /// vector_for_trips.
  bool sizedVectorLoopsReduce() const;
  /// Whether a loop of the region runs over vector lanes (a team's threads
  /// then have lanes of their own).
  bool hasVectorLoops() const;
  /// Statements to run once per team or thread, in the order a GPU
  /// backend guards them (team body first, then thread loops in source
  /// order); decided by checkDeviceRestrictions for GPU targets.
  std::vector<GuardedStmt> Guarded;

  bool isTeamRegion() const { return Root->Level == LoopLevel::Team; }
  /// Every construct of the tree in source (pre-)order.
  void forEachConstruct(llvm::function_ref<void(const Construct &)> F) const;
  unsigned countInsertedBarriers() const;
};

/// A directive that did not become (part of) a region, with the reason
/// reported to the user.
struct RefusedDirective {
  clang::SourceLocation Loc;
  unsigned Line = 0;
  std::string Kind;
  std::string Reason;
};

/// Everything analysis found in one translation unit.
struct TranslationModel {
  std::vector<Region> Regions;
  /// Atomics outside any region (for example in a function called from
  /// one): backends still make them atomic.
  std::vector<std::unique_ptr<Construct>> FreeAtomics;
  /// `hpp data` constructs and stand-alone data directives, in source
  /// order; regions inside a data construct are in Regions.
  std::vector<std::unique_ptr<Construct>> DataConstructs;
  std::vector<RefusedDirective> Refused;
};

} // namespace hpp

#endif // HPP_IR_REGION_H
