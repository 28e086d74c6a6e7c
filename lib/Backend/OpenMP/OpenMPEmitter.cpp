//===- OpenMPEmitter.cpp - Regions as OpenMP on the host ------------------===//
///
/// \file
/// The OpenMP backend rewrites each region in place. A region's outermost
/// loop (the league of a team loop, or a flat loop) is split into static
/// contiguous chunks, one per host thread, inside `omp parallel`; teams run
/// with one thread each, so thread loops become sequential loops and
/// vector loops `omp simd`. Reductions are privatised per thread and
/// combined in thread order after the region, which is deterministic and,
/// for minloc/maxloc, reproduces the serial first-occurrence result. Scans
/// run in two passes over the same chunks.
///
//===----------------------------------------------------------------------===//

#include "Backend/ConstructWalker.h"
#include "Backend/Emitter.h"
#include "Backend/LoopText.h"
#include "Basic/ASTUtils.h"
#include "Basic/SourceEditor.h"
#include "clang/AST/ASTContext.h"
#include "clang/Basic/SourceManager.h"
#include "clang/AST/Decl.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/Stmt.h"
#include "clang/AST/StmtCXX.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"

using namespace clang;
using namespace llvm;

namespace hpp {
namespace {

/// Whether an OpenMP `reduction` clause can express \p RV. (A user
/// reduction would need an `omp declare reduction` per type; its loop runs
/// sequentially within a thread instead.)
bool hasOpenMPReduction(const ReductionVar &RV) {
  return !isLocReduction(RV.Op) && !RV.InScan && RV.Op != ReductionOp::User;
}

bool containsAtomicOrSingle(const Construct &L) {
  for (const auto &Child : L.Children)
    if (Child->Kind == ConstructKind::Atomic || Child->Kind == ConstructKind::Single ||
        containsAtomicOrSingle(*Child))
      return true;
  return false;
}

/// Whether \p S holds a `try` statement (lambda bodies aside: they are
/// functions of their own).
bool containsTry(const Stmt *S) {
  if (!S || isa<LambdaExpr>(S))
    return false;
  if (isa<CXXTryStmt>(S))
    return true;
  return llvm::any_of(S->children(), containsTry);
}

/// Whether a loop over vector lanes may run in SIMD lanes: not when a scan,
/// a minloc/maxloc, an atomic or a single makes lanes depend on each other,
/// nor when the region may throw (OpenMP terminates the program when an
/// exception crosses a simd loop, and forbids `try` inside one).
bool usesSimd(const Region &R, const Construct &L) {
  // Never for a collapsed loop. A nested one recomputes its indices with
  // a division each iteration, which no compiler vectorises. A root one
  // walks rows (walksRows): the pragma would belong on the column loop
  // inside the generated header, not before the row loop where it goes;
  // the compiler may still vectorise that plain inner loop on its own.
  return L.Simd && !R.MayThrow && L.Dims.size() == 1 && !L.ScanSeparator &&
         !containsAtomicOrSingle(L) && !containsTry(L.Dims.back().Loop->getBody()) &&
         llvm::all_of(L.Reductions, hasOpenMPReduction);
}

Error emitOpenMPAtomic(const Construct &C, SourceEditor &Edit);

class RegionWriter : public ConstructEmitter {
public:
  RegionWriter(const Region &R, SourceEditor &Edit)
      : ConstructEmitter(R, Edit), Ctx(Edit.context()), Names(R) {}

private:
  std::string id(const Construct &L) const { return Names.id(L); }
  std::string simdPragma(const Construct &L) const;
  std::string scanFirstPass(const Construct &L) const;
  /// `hpp_region_<name>`, the name as an identifier.
  std::string functionName() const { return identifierFor("hpp_region_", R.Name); }
  /// Whether the region records exceptions and runtime failures of its
  /// threads in `hpp_errors`, to rethrow them after its parallel block.
  bool keepsErrors() const { return R.MayThrow || !R.Scratch.empty(); }
  /// `for (...) { ` over this thread's chunk, with the body's `try` when
  /// the region may throw; iterationEnd() closes it.
  std::string chunkLoopHeader(const Construct &L) const;
  /// Whether the chunk loop of collapsed loop L walks the chunk row by row
  /// of the innermost dimension: the outer indices count on from row to
  /// row (rowsAdvance), and the innermost loop is an ordinary loop
  /// compilers vectorise (one division per dimension and iteration is
  /// 10-30x slower on streaming bodies; one per row cost a small 3-D
  /// stencil a quarter of its time). Not for regions that may throw (a
  /// thread stops at its first exception, which needs one loop to break
  /// out of) and scans.
  bool walksRows(const Construct &L) const;
  std::string iterationEnd() const;
  /// What ends a row of a chunk that walksRows(L): the indices of the
  /// next row, counted on from this one's (no division per row).
  std::string rowsAdvance(const Construct &L) const;
  /// Whether the chunk loop of root loop L runs over the user's own index
  /// (walksOwnIndex) from the chunk's first index to its last, rather than
  /// over iteration numbers with the index narrowed from each: one
  /// dimension, and no exception to record by iteration number.
  bool walksOwnIndexInChunk(const Construct &L) const;
  /// ` firstprivate(...)` of the loop constants L's iterations read (lower
  /// bounds, divisors of collapsed extents), or "". Shared, they are the
  /// lambda's captures by reference: every store of the body through a
  /// pointer of their type might change them, so the compiler reloads them
  /// each iteration. A private copy per thread lives in a register.
  std::string loopConstantsClause(const Construct &L) const;

  Error emitRootLoop(const Construct &L) override;
  Error emitNestedLoop(const Construct &L) override;
  Error emitScratch(const Construct &C) override;
  Error emitAtomic(const Construct &C) override { return emitOpenMPAtomic(C, Edit); }
  Error emitSingle(const Construct &C) override;
  Error emitBarrier(const Construct &C) override;

  ASTContext &Ctx;
  LoopNames Names;
};

/// Whether such a loop says so with `omp simd`: only when it has
/// reductions, which the pragma lets the compiler reassociate across lanes
/// (it may not otherwise). Without reductions the pragma would only
/// override the compiler's cost model, which also knows when lanes do not
/// pay: gathers through computed indices, short vector loops inside team
/// bodies. On the 2-core CI machine (suite, 2026-11-28) dropping it there
/// took del_dot_vec_2d from 0.54-0.68 to ~1.0 of hand OpenMP and mass3d 1.9x
/// faster; the suite's geometric mean went from 0.93-0.96 to 0.97-0.99.
bool simdPragmaPays(const Construct &L) { return !L.Reductions.empty(); }

/// How a vector loop runs on OpenMP, for the generated comment and the
/// report.
std::string vectorMapping(const Region &R, const Construct &L) {
  if (!usesSimd(R, L))
    return "sequential loop";
  return simdPragmaPays(L) ? "omp simd" : "vectorised where the compiler finds it profitable";
}

/// The reduction identifier of \p RV in `omp simd reduction(...)`: the
/// runtime's hpprt_fsum for sums of built-in floating types, whose lanes
/// start from -0.0 and so keep a sum of -0.0 negative as the serial loop
/// does (OpenMP's `+` starts them from +0.0); the operator otherwise.
StringRef simdReductionName(const ReductionVar &RV) {
  if (RV.Op == ReductionOp::Add && RV.Var) {
    const auto *BT =
        RV.Var->getType().getNonReferenceType().getCanonicalType()->getAs<BuiltinType>();
    if (BT && (BT->getKind() == BuiltinType::Float || BT->getKind() == BuiltinType::Double ||
               BT->getKind() == BuiltinType::LongDouble))
      return "hpprt_fsum";
  }
  return getReductionOpSpelling(RV.Op);
}

std::string RegionWriter::simdPragma(const Construct &L) const {
  if (!usesSimd(R, L) || !simdPragmaPays(L))
    return "";
  std::string Out = "#pragma omp simd";
  for (const ReductionVar &RV : L.Reductions)
    Out += formatv(" reduction({0}: {1})", simdReductionName(RV), RV.Name);
  return Out + "\n";
}

/// Whether a `for` over \p Dim's own index, from its first value while it
/// stays short of its last (`++i` and `<`, or `--i` and `>`), visits
/// exactly the iterations of the trip count: a unit step towards a strict
/// bound (the index never passes the bound, so it cannot wrap), compared in
/// the index's own type (a bound of the same signedness and no wider, or a
/// constant the type holds).
/// Loops in that form give the vectoriser an index that cannot wrap, where
/// the normalised form (a 64-bit iteration number and the index narrowed
/// from it) hides it: the suite's contract at 2^23, whose `omp simd`
/// reduction reads `fields[(e * VS + v) * QP + q]`, ran at 0.46-0.48 of
/// hand OpenMP in the normalised form and at the hand loop's speed in this
/// one (2 threads, this project's CI machine, 2026-11-28).
bool walksOwnIndex(const LoopDim &Dim, ASTContext &Ctx) {
  const bool Up = Dim.Cmp == LoopCmp::Lt && Dim.Step == 1;
  const bool Down = Dim.Cmp == LoopCmp::Gt && Dim.Step == -1;
  if (!(Up || Down) || !Dim.Index || !Dim.UpperExpr)
    return false;
  const Expr *Upper = Dim.UpperExpr->IgnoreParenImpCasts();
  QualType Index = Dim.Index->getType().getCanonicalType().getUnqualifiedType();
  QualType Bound = Upper->getType().getCanonicalType();
  // Enumerations are left out: hpprt::index_at refuses them elsewhere.
  if (!Index->isIntegerType() || !Bound->isIntegerType() || Index->isBooleanType() ||
      Bound->isBooleanType() || Index->isEnumeralType() || Bound->isEnumeralType())
    return false;
  const unsigned Width = Ctx.getIntWidth(Index);
  const bool Unsigned = !Index->isSignedIntegerType();
  if (Unsigned == !Bound->isSignedIntegerType() && Ctx.getIntWidth(Bound) <= Width)
    return true;
  // A constant bound whose value the index's type holds (`std::size_t i <
  // 3`, `unsigned j > 0`): the index stops at it before it could wrap.
  std::optional<llvm::APSInt> V = Upper->getIntegerConstantExpr(Ctx);
  return V &&
         llvm::APSInt::compareValues(*V, llvm::APSInt::getMinValue(Width, Unsigned)) >= 0 &&
         llvm::APSInt::compareValues(*V, llvm::APSInt::getMaxValue(Width, Unsigned)) <= 0;
}

/// `for (T i = First; i < Last; ++i) { ` (or `>` and `--i`) over \p Dim's
/// own index.
std::string ownIndexHeader(const LoopDim &Dim, StringRef First, StringRef Last) {
  return formatv("for ({0} {1} = {2}; {1} {3} {4}; {5}{1}) {{ ", Dim.IndexTypeText, Dim.IndexName,
                 First, Dim.Cmp == LoopCmp::Lt ? "<" : ">", Last, Dim.Step > 0 ? "++" : "--");
}

/// The same over the iterations First up to Last (iteration numbers, as
/// counted by the trip count), which become indices once, in the header:
/// `static_cast<T>(Lower + First)` (`-` for a loop that counts down).
std::string ownIndexHeaderOver(const LoopDim &Dim, StringRef Lower, StringRef First,
                               StringRef Last) {
  StringRef Sign = Dim.Step > 0 ? "+" : "-";
  auto At = [&](StringRef Iteration) {
    return formatv("static_cast<{0}>({1} {2} {3})", Dim.IndexTypeText, Lower, Sign, Iteration)
        .str();
  };
  return ownIndexHeader(Dim, At(First), At(Last));
}

/// Whether nested loop \p L keeps the user's header over its bounds
/// evaluated once: one host thread runs it whole, so only the form of its
/// one dimension matters.
bool keepsUserHeader(const Construct &L, ASTContext &Ctx) {
  return L.Dims.size() == 1 && walksOwnIndex(L.Dims.front(), Ctx);
}

bool RegionWriter::walksRows(const Construct &L) const {
  return L.Dims.size() > 1 && !R.MayThrow && !L.ScanSeparator;
}

std::string RegionWriter::chunkLoopHeader(const Construct &L) const {
  if (walksRows(L)) {
    // The chunk's first iteration is split into indices once; from there
    // hpp_iv0 steps from row to row of the innermost dimension, and
    // rowsAdvance() counts the indices on at the end of each row. The
    // inner loop covers the part of the row inside this thread's chunk.
    std::string K = id(L);
    unsigned Inner = L.Dims.size() - 1;
    std::string Out = formatv("hpprt::index_t hpp_q{0} = hpp_chunk.begin", K);
    for (unsigned D = Inner; D > 0; --D)
      Out += formatv(", hpp_x{0}_{1} = 0", K, D);
    // Not for an empty chunk: its loop may have an extent of 0.
    Out += ";\nif (hpp_chunk.begin < hpp_chunk.end) {\n";
    for (unsigned D = Inner; D > 0; --D)
      Out += formatv("hpp_x{0}_{1} = hpp_div{0}_{1}.peel(hpp_q{0});\n", K, D);
    Out += "}\n";
    Out += formatv("for (hpprt::index_t hpp_iv0 = hpp_chunk.begin, hpp_row_end0; "
                   "hpp_iv0 < hpp_chunk.end; hpp_iv0 = hpp_row_end0) {{ "
                   "hpp_row_end0 = hpprt::row_end(hpp_iv0, hpp_x{0}_{1}, hpp_n{0}_{1}, "
                   "hpp_chunk.end); ",
                   K, Inner);
    for (unsigned D = 0; D < Inner; ++D)
      Out += indexDecl(L, K, D, D == 0 ? "hpp_q" + K : formatv("hpp_x{0}_{1}", K, D).str());
    std::string RowLength = "(hpp_row_end0 - hpp_iv0)";
    if (walksOwnIndex(L.Dims.back(), Ctx)) {
      std::string First = formatv("hpp_x{0}_{1}", K, Inner);
      return Out + ownIndexHeaderOver(L.Dims.back(), formatv("hpp_lb{0}_{1}", K, Inner).str(),
                                      First, "(" + First + " + " + RowLength + ")");
    }
    Out += formatv("for (hpprt::index_t hpp_col{0} = hpp_x{0}_{1}; "
                   "hpp_col{0} < hpp_x{0}_{1} + {2}; ++hpp_col{0}) {{ ",
                   K, Inner, RowLength);
    return Out + indexDecl(L, K, Inner, "hpp_col" + K);
  }
  if (walksOwnIndexInChunk(L))
    return ownIndexHeaderOver(L.Dims.front(), "hpp_lb" + id(L) + "_0", "hpp_chunk.begin",
                              "hpp_chunk.end");
  return "for (hpprt::index_t hpp_iv0 = hpp_chunk.begin; hpp_iv0 < hpp_chunk.end; "
         "++hpp_iv0) { " +
         std::string(R.MayThrow ? "try { " : "") + indexDecls(L, id(L), "hpp_iv0");
}

std::string RegionWriter::rowsAdvance(const Construct &L) const {
  std::string K = id(L);
  unsigned Inner = L.Dims.size() - 1;
  // The next row starts at the innermost dimension's first iteration; each
  // outer index that reaches its extent goes back to 0 and carries into
  // the next one out, the outermost (hpp_qK) last.
  std::string Out = formatv("// next row\nhpp_x{0}_{1} = 0;\n", K, Inner);
  std::string Carry = formatv("++hpp_q{0};", K);
  for (unsigned D = 1; D < Inner; ++D)
    Carry = formatv("if (++hpp_x{0}_{1} == hpp_n{0}_{1}) {{ hpp_x{0}_{1} = 0; {2} }", K, D, Carry)
                .str();
  return Out + Carry + "\n";
}

bool RegionWriter::walksOwnIndexInChunk(const Construct &L) const {
  return L.Dims.size() == 1 && !R.MayThrow && walksOwnIndex(L.Dims.front(), Ctx);
}

std::string RegionWriter::loopConstantsClause(const Construct &L) const {
  SmallVector<std::string, 4> Names;
  if (!walksOwnIndexInChunk(L))
    for (unsigned D = 0; D < L.Dims.size(); ++D)
      Names.push_back(formatv("hpp_lb{0}_{1}", id(L), D));
  // Rows read the extents (row ends, the indices' carries); the other
  // collapsed forms divide by them each iteration.
  for (unsigned D = 1; D < L.Dims.size(); ++D)
    Names.push_back(formatv(walksRows(L) ? "hpp_n{0}_{1}" : "hpp_div{0}_{1}", id(L), D));
  return Names.empty() ? "" : " firstprivate(" + join(Names, ", ") + ")";
}

std::string RegionWriter::iterationEnd() const {
  // A thread stops at its first exception, as the serial loop would.
  return R.MayThrow ? "} catch (...) { hpp_errors.capture(hpp_iv0); break; }\n}\n" : "}\n";
}

/// The statements of a scan's input phase, re-run in a first pass that
/// only reduces each thread's chunk.
std::string RegionWriter::scanFirstPass(const Construct &L) const {
  std::string Phase = inputPhaseCopy(L, Edit);
  std::string Out = "{ // scan, pass 1: reduce this thread's chunk\n";
  for (const ReductionVar &RV : L.Reductions)
    if (RV.InScan)
      Out += formatv("auto {0} = hpprt::identity_like<hpprt::{1}>(hpp_red_{0});\n",
                     RV.Name, getReductionRuntimeType(RV.Op));
  Out += chunkLoopHeader(L) + "\n" + Phase + iterationEnd();
  for (const ReductionVar &RV : L.Reductions)
    if (RV.InScan)
      Out += formatv("hpp_scan_{0}.put(omp_get_thread_num(), {0});\n", RV.Name);
  Out += "}\n#pragma omp barrier\n// scan, pass 2: each chunk starts from the "
         "combined chunks before it\n";
  for (const ReductionVar &RV : L.Reductions)
    if (RV.InScan)
      Out += formatv("auto {0} = hpp_scan_{0}.prefix_before(omp_get_thread_num(), "
                     "hpp_red_{0});\n",
                     RV.Name);
  return Out;
}

Error RegionWriter::emitRootLoop(const Construct &L) {
  std::string Kind = getLoopLevelName(L.Level).str();
  std::string Pro;
  Pro += formatv("{{ // hpp region '{0}' ({1} loop) from {2}:{3}\n", R.Name, Kind,
                 Edit.fileName(), R.Line);
  Pro += boundsDecls(L, id(L));
  // Launch clauses are evaluated on the host as the specification says,
  // although teams have one thread on this backend. Each carries the
  // pragma's line, where a compiler would report its errors.
  std::string PragmaLine = Edit.lineDirective(L.Pragma.Begin);
  for (const std::string *Clause : {&L.LeagueText, &L.TeamSizeText, &L.VectorLengthText})
    if (!Clause->empty())
      Pro += SourceEditor::userCopy(
                 PragmaLine, formatv("(void)static_cast<hpprt::index_t>({0});", *Clause).str()) +
             "\n";
  // Streams are synchronous on this backend; the expression still runs.
  if (!L.StreamText.empty())
    Pro += SourceEditor::userCopy(PragmaLine, "(void)(" + L.StreamText + ");") + "\n";
  for (const ReductionVar &RV : L.Reductions) {
    std::string Op = runtimeOpType(RV);
    ReductionOpText OpText(id(L), RV);
    Pro += OpText.decl();
    Pro += formatv("auto &hpp_red_{0} = {0};\n", RV.Name);
    if (RV.InScan) {
      Pro += formatv("hpprt::omp::ScanPartials<hpprt::{0}, "
                     "std::remove_reference_t<decltype(hpp_red_{1})>> hpp_scan_{1};\n",
                     Op, RV.Name);
    } else if (isLocReduction(RV.Op)) {
      Pro += formatv("auto &hpp_red_{0} = {0};\n", RV.IndexName);
      Pro += formatv("hpprt::omp::LocPartials<hpprt::{0}, "
                     "std::remove_reference_t<decltype(hpp_red_{1})>, "
                     "std::remove_reference_t<decltype(hpp_red_{2})>> hpp_part_{1};\n",
                     Op, RV.Name, RV.IndexName);
    } else {
      Pro += formatv("hpprt::omp::Partials<{0}, "
                     "std::remove_reference_t<decltype(hpp_red_{1})>> hpp_part_{1}{2};\n",
                     OpText.type(), RV.Name,
                     OpText.isUser() ? "(" + OpText.object() + ")" : "");
    }
  }
  if (!R.Scratch.empty()) {
    std::string Previous = "0";
    for (unsigned I = 0; I < R.Scratch.size(); ++I) {
      const ScratchArray &A = R.Scratch[I];
      Pro += formatv("const std::size_t hpp_scratch_off{0} = {1};\n", I, Previous);
      Pro += formatv("const std::size_t hpp_scratch_size{0} = hpprt::align_up({1}, 64); "
                     "// '{2}', level {3}, per {4}\n",
                     I, A.BytesExpr, A.Name, A.Level, A.PerThread ? "thread" : "team");
      Previous = formatv("hpp_scratch_off{0} + hpp_scratch_size{0}", I).str();
    }
    Pro += "const std::size_t hpp_scratch_bytes = " + Previous + ";\n";
  }
  // The region is a named function object: named in the generated code and
  // in stack traces, while the body keeps the scope it was written in
  // (template parameters, members, local types).
  if (keepsErrors())
    Pro += formatv("hpprt::omp::RegionErrors hpp_errors(\"{0}\", \"{1}\", {2});\n", R.Name,
                   Edit.fileName(), R.Line);
  Pro += formatv("auto {0} = [&]() {{\n", functionName());
  // Tools see a scan, a region with results or a plain for, as Kokkos
  // reports parallel_scan, parallel_reduce and parallel_for.
  bool IsScan = L.ScanSeparator || llvm::any_of(L.Reductions, [](const ReductionVar &RV) {
                  return RV.InScan;
                });
  StringRef ToolKind = IsScan                  ? "Scan"
                       : !L.Reductions.empty() ? "Reduce"
                                               : "For";
  Pro += formatv("hpprt::RegionScope hpp_scope(\"{0}\", "
                 "hpprt::profiling::RegionKind::{1});\n",
                 R.Name, ToolKind);
  Pro += "#pragma omp parallel" + loopConstantsClause(L) + "\n{\n";
  std::string Chunk = "hpprt::static_chunk(hpp_n0, omp_get_thread_num(), omp_get_num_threads())";
  if (!R.Scratch.empty()) {
    // A thread without its scratch buffer runs no iteration; the region
    // then rethrows the runtime's error.
    Pro += "char *const hpp_scratch = hpprt::omp::thread_scratch(hpp_scratch_bytes, "
           "hpp_errors);\n";
    Chunk = "hpp_scratch ? " + Chunk + " : hpprt::Chunk{0, 0}";
  }
  Pro += "const hpprt::Chunk hpp_chunk = " + Chunk + ";\n";
  if (L.ScanSeparator)
    Pro += scanFirstPass(L);
  for (const ReductionVar &RV : L.Reductions) {
    if (RV.InScan)
      continue;
    Pro += formatv("auto {0} = {1};\n", RV.Name,
                   ReductionOpText(id(L), RV).identityLike("hpp_red_" + RV.Name));
    // As on GPUs, a thread that sees no candidate keeps an index that
    // loses every tie, so that its partial never displaces real data.
    if (isLocReduction(RV.Op))
      Pro += formatv("auto {0} = hpprt::loc_identity_index<hpprt::{1}, "
                     "std::remove_reference_t<decltype(hpp_red_{0})>>();\n",
                     RV.IndexName, runtimeOpType(RV));
  }
  Pro += simdPragma(L);
  std::string Indent = Edit.indentOf(L.Pragma.Begin);
  if (Error E = Edit.replace(L.Pragma.Begin, L.Pragma.End,
                             SourceEditor::indentBlock(Pro, Indent)))
    return E;

  if (Error E = rewriteLoopHeaders(L, chunkLoopHeader(L), Edit))
    return E;

  std::string Epi = walksRows(L) ? "}\n" + rowsAdvance(L) + "}\n" : iterationEnd();
  for (const ReductionVar &RV : L.Reductions) {
    if (RV.InScan) {
      // The thread that ran the last iteration holds the total.
      Epi += formatv("if (hpp_chunk.begin < hpp_chunk.end && hpp_chunk.end == hpp_n0) "
                     "hpp_scan_{0}.put_last({0});\n",
                     RV.Name);
      continue;
    }
    if (isLocReduction(RV.Op))
      Epi += formatv("hpp_part_{0}.put(omp_get_thread_num(), {0}, {1});\n", RV.Name,
                     RV.IndexName);
    else
      Epi += formatv("hpp_part_{0}.put(omp_get_thread_num(), {0});\n", RV.Name);
  }
  Epi += "} // omp parallel\n";
  if (keepsErrors())
    Epi += "hpp_errors.rethrow();\n";
  Epi += "};\n";
  Epi += functionName() + "();\n";
  for (const ReductionVar &RV : L.Reductions) {
    if (RV.InScan)
      Epi += formatv("hpp_red_{0} = hpp_scan_{0}.total(hpp_red_{0}, omp_get_max_threads());\n",
                     RV.Name);
    else if (isLocReduction(RV.Op))
      Epi += formatv("hpp_part_{0}.combine_into(hpp_red_{0}, hpp_red_{1});\n", RV.Name,
                     RV.IndexName);
    else
      Epi += formatv("hpp_part_{0}.combine_into(hpp_red_{0});\n", RV.Name);
  }
  Epi += formatv("} // hpp region '{0}'\n", R.Name);
  return Edit.insertAfterStmt(L.Dims.back().Loop->getBody(),
                              SourceEditor::indentBlock("\n" + Epi, Indent));
}

Error RegionWriter::emitNestedLoop(const Construct &L) {
  std::string K = id(L);
  std::string Simd = simdPragma(L);
  std::string How = L.Level == LoopLevel::Thread ? "sequential: one thread per team"
                                                 : vectorMapping(R, L);
  std::string Pro = formatv("{{ // hpp {0} loop ({1})\n", getLoopLevelName(L.Level), How);
  const bool KeepHeader = keepsUserHeader(L, Ctx);
  Pro += boundsDecls(L, K);
  // The trip count stays where the header is the user's: it checks the
  // step's direction in debug builds.
  if (KeepHeader)
    Pro += formatv("(void)hpp_n{0};\n", K);
  Pro += Simd;
  if (Error E = Edit.replace(L.Pragma.Begin, L.Pragma.End,
                             SourceEditor::indentBlock(Pro, Edit.indentOf(L.Pragma.Begin))))
    return E;
  std::string Header;
  if (KeepHeader) {
    Header = ownIndexHeader(L.Dims.front(), "hpp_lb" + K + "_0", "hpp_ub" + K + "_0");
  } else {
    std::string Iv = "hpp_iv" + K;
    Header = formatv("for (hpprt::index_t {0} = 0; {0} < hpp_n{1}; ++{0}) {{ ", Iv, K);
    Header += indexDecls(L, K, Iv);
  }
  if (Error E = rewriteLoopHeaders(L, Header, Edit))
    return E;
  // The loop's and the block's ends on lines of their own, as the header.
  return Edit.insertAfterStmt(L.Dims.back().Loop->getBody(),
                              SourceEditor::indentBlock("\n}\n}", Edit.indentOf(L.Pragma.Begin)));
}

Error RegionWriter::emitScratch(const Construct &C) {
  const ScratchArray &A = R.Scratch[C.ScratchIndex];
  std::string Note = formatv("// hpp scratch '{0}': level {1}, per {2}, {3} bytes, in "
                             "this host thread's scratch buffer\n",
                             A.Name, A.Level, A.PerThread ? "thread" : "team", A.BytesExpr);
  if (Error E = Edit.replace(C.Pragma.Begin, C.Pragma.End, Note))
    return E;
  std::string Text = scratchPointerDecl(
      A, formatv("hpp_scratch + hpp_scratch_off{0}", C.ScratchIndex).str());
  return Edit.replaceStmt(C.S, Text);
}

Error emitOpenMPAtomic(const Construct &C, SourceEditor &Edit) {
  if (C.Atomic == AtomicOp::Min || C.Atomic == AtomicOp::Max) {
    if (Error E = checkAtomicOperands(C))
      return E;
    if (Error E = Edit.replace(C.Pragma.Begin, C.Pragma.End,
                               "// hpp atomic: compare-and-swap loop\n"))
      return E;
    std::string Text = formatv(
        "hpprt::atomic_{0}(&({1}), static_cast<std::decay_t<decltype({1})>>({2}));",
        atomicOpName(C.Atomic), C.AtomicTarget, C.AtomicValue);
    return Edit.replaceStmt(C.S, Text);
  }
  return Edit.replace(C.Pragma.Begin, C.Pragma.End, "#pragma omp atomic update\n");
}

Error RegionWriter::emitSingle(const Construct &C) {
  return Edit.replace(C.Pragma.Begin, C.Pragma.End,
                      formatv("// hpp single (per {0}): one thread per team runs it once\n",
                              C.PerThread ? "thread" : "team")
                          .str());
}

Error RegionWriter::emitBarrier(const Construct &C) {
  if (C.Inserted)
    return Edit.insertBefore(C.InsertLoc, "// hpp: team barrier inserted: " + C.Reason +
                                              " (nothing to do with one thread per team)\n");
  return Edit.replace(C.Pragma.Begin, C.Pragma.End,
                      "// hpp barrier (nothing to do with one thread per team)\n");
}

class OpenMPEmitter : public Emitter {
public:
  Backend backend() const override { return Backend::OpenMP; }

  std::string fileHeader(const TranslationModel &) const override {
    return "#include <hpprt/openmp/hpprt.hpp>\n";
  }

  Error emitRegion(const Region &R, SourceEditor &Edit) override {
    return RegionWriter(R, Edit).emitConstructs();
  }

  Error emitFreeAtomic(const Construct &C, SourceEditor &Edit) override {
    return emitOpenMPAtomic(C, Edit);
  }

  /// Threads share the host's memory: data constructs move nothing (SPEC
  /// §3), and the pragma line becomes a comment.
  Error emitDataConstruct(const Construct &C, SourceEditor &Edit, unsigned) override {
    return Edit.replace(C.Pragma.Begin, C.Pragma.End,
                        ("// hpp " + C.Pragma.Spelling + ": host memory, nothing to copy\n").str());
  }

  std::string describeMapping(const Region &R, const Construct &L) const override {
    bool Simd = usesSimd(R, L) && simdPragmaPays(L);
    std::string Rethrows = R.MayThrow ? ", exceptions rethrown after the region" : "";
    // tile(...) shapes GPU blocks; contiguous chunks already give each
    // host thread whole rows.
    std::string Tile = L.Tile.empty() ? "" : "; clause tile not used on the host";
    switch (L.Level) {
    case LoopLevel::Team:
      return "teams over host threads (omp parallel, static contiguous chunks), "
             "one thread per team" + Rethrows + Tile;
    case LoopLevel::Flat:
      return std::string("omp parallel, static contiguous chunks") +
             (Simd ? " + omp simd" : "") +
             (L.ScanSeparator ? ", two-pass scan" : "") + inputPhaseFirstNote(L) + Rethrows +
             Tile;
    case LoopLevel::Thread:
      return "sequential loop (one thread per team)" + inputPhaseFirstNote(L);
    case LoopLevel::Vector:
    case LoopLevel::TeamVector:
      return vectorMapping(R, L) + inputPhaseFirstNote(L);
    }
    llvm_unreachable("unknown loop level");
  }
};

} // namespace

std::unique_ptr<Emitter> createOpenMPEmitter() {
  return std::make_unique<OpenMPEmitter>();
}

} // namespace hpp
