//===- GPUNestedLoop.cpp - Thread, vector and team-vector loops on a GPU --===//
///
/// \file
/// A nested loop is distributed over the threads (threadIdx.y), the lanes
/// (threadIdx.x) or both. Its reductions start from the identity on every
/// thread, are all-reduced at the loop's end, and every thread continues
/// from the value the serial loop would have left.
///
//===----------------------------------------------------------------------===//

#include "Backend/GPU/GPURegionWriter.h"
#include "Basic/ASTUtils.h"
#include "Basic/SourceEditor.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include "llvm/Support/FormatVariadic.h"

using namespace clang;
using namespace llvm;

namespace hpp {

LevelFunctions functionsFor(LoopLevel L) {
  switch (L) {
  case LoopLevel::Thread:
    return {"thread_rank()", "team_size()", "thread_allreduce", "team_broadcast",
            "is_team_leader()"};
  case LoopLevel::Vector:
    return {"vector_rank()", "vector_length()", "vector_allreduce", "vector_broadcast",
            "is_vector_leader()"};
  default:
    return {"team_vector_rank()", "team_vector_size()", "team_vector_allreduce",
            "team_broadcast", "is_team_leader()"};
  }
}

std::string GPURegionWriter::batchedTerms(const Construct &L, StringRef K,
                                          StringRef Iv) const {
  std::string Out;
  for (unsigned S = 0; S < L.BatchedUpdates.size(); ++S) {
    // A file range: Analysis batches no term that lacks one.
    CharSourceRange Term = getExprFileRange(L.BatchedUpdates[S]->getRHS(), Ctx);
    // At its own column, so that the compiler's diagnostics name it.
    std::string Text = Edit.blanksBefore(Term.getBegin()) +
                       Edit.rewrittenText(Term.getBegin(), Term.getEnd());
    Out += formatv("auto hpp_term{0}_{1} = [&](const hpprt::index_t {2}) {{ {3}return (\n{4}\n);\n};\n",
                   K, S, Iv, indexDecls(L, K, Iv), Edit.userCopy(Term.getBegin(), Text));
  }
  return Out;
}

std::string GPURegionWriter::batchedLoop(const Construct &L, StringRef K, StringRef Rank,
                                         StringRef Step) const {
  const unsigned N = kBatchedIterations, Terms = L.BatchedUpdates.size();
  // Each update as `r op=`.
  SmallVector<std::string, 2> Updates;
  for (const CompoundAssignOperator *U : L.BatchedUpdates) {
    const VarDecl *V = getReferencedVar(U->getLHS());
    auto RV = llvm::find_if(L.Reductions, [&](const ReductionVar &R) { return R.Var == V; });
    assert(RV != L.Reductions.end() && "a batched update names a reduction");
    Updates.push_back(RV->Name + " " + BinaryOperator::getOpcodeStr(U->getOpcode()).str());
  }
  std::string Out = formatv("int hpp_k{0} = 0;\n"
                            "for (; hpp_c{0} - hpp_k{0} >= {1}; hpp_k{0} += {1}) {{\n"
                            "const hpprt::index_t hpp_b{0} = {3} + "
                            "static_cast<hpprt::index_t>(hpp_k{0}) * {2};\n",
                            K, N, Step, Rank);
  for (unsigned B = 0; B < N; ++B)
    for (unsigned S = 0; S < Terms; ++S)
      Out += formatv("const auto hpp_t{0}_{1}_{2} = hpp_term{0}_{1}(hpp_b{0}{3});\n", K, S, B,
                     B ? formatv(" + {0} * {1}", B, Step).str() : "");
  // The updates in the serial order: iteration by iteration, statement
  // by statement.
  for (unsigned B = 0; B < N; ++B)
    for (unsigned S = 0; S < Terms; ++S)
      Out += formatv("{0} hpp_t{1}_{2}_{3};\n", Updates[S], K, S, B);
  return Out + "}\n";
}

Error GPURegionWriter::emitNestedLoop(const Construct &L) {
  if (L.ScanSeparator)
    return emitNestedScan(L);
  LevelFunctions F = functionsFor(L.Level);
  std::string Pro = formatv("{{ // hpp {0} loop over {1} / {2}\n", getLoopLevelName(L.Level),
                            F.Rank, F.Size);
  Pro += boundsDecls(L, id(L));
  // Each thread starts from the identity; afterwards all of them continue
  // from the value a serial loop would have left.
  for (const ReductionVar &RV : L.Reductions) {
    ReductionOpText OpText(id(L), RV);
    if (!reducerFromOutside(RV))
      Pro += OpText.decl();
    Pro += formatv("auto hpp_save_{0} = {0};\n", RV.Name);
    if (isLocReduction(RV.Op))
      Pro += formatv("auto hpp_save_{0} = {0};\n", RV.IndexName);
    Pro += formatv("{0} = {1};\n", RV.Name, OpText.identityLike(RV.Name));
    if (isLocReduction(RV.Op))
      Pro += formatv("{0} = hpprt::loc_identity_index<hpprt::{1}, "
                     "std::remove_reference_t<decltype({0})>>();\n",
                     RV.IndexName, runtimeOpType(RV));
  }
  // A counted 32-bit loop: nvcc unrolls and pipelines it, which it does not
  // do for a 64-bit loop with a run-time step (docs/performance.md).
  std::string K = id(L), Iv = "hpp_iv" + K;
  Pro += formatv("const int hpp_r{0} = {1}, hpp_s{0} = {2};\n", K, rt(F.Rank), rt(F.Size));
  auto Count = [&](StringRef Rank, StringRef Step) {
    return formatv("const int hpp_c{0} = {1}(hpp_n{0}, {2}, {3});\n", K, rt("lane_trip_count"),
                   Rank, Step)
        .str();
  };
  // After a batched loop (below) the counted loop resumes where it
  // stopped, for the iterations that did not fill a batch.
  bool Batched = !L.BatchedUpdates.empty();
  auto CountedHeader = [&](StringRef Rank, StringRef Step) {
    return formatv("for ({3}; hpp_k{0} < hpp_c{0}; ++hpp_k{0}) {{ const "
                   "hpprt::index_t {1} = {4} + static_cast<hpprt::index_t>(hpp_k{0}) * "
                   "{2}; ",
                   K, Iv, Step, Batched ? "" : formatv("int hpp_k{0} = 0", K).str(), Rank)
               .str() +
           indexDecls(L, K, Iv);
  };
  if (Batched)
    Pro += batchedTerms(L, K, Iv);
  auto Batch = [&](StringRef Rank, StringRef Step) {
    return Batched ? batchedLoop(L, K, Rank, Step) : std::string();
  };
  // The common AUTO shapes get a copy with the step known at compile time,
  // as a template would (specialisedStep). The copy is the body's text in
  // the file with the edits made so far (nested loops, guards, atomics),
  // kept whole as the emitters laid it out; the formatter lays out the
  // general path after it. A body written as a macro invocation is copied
  // as that invocation (its expansion's locations name no text of their
  // own: copying them gave an empty body, so the specialised path skipped
  // the loop's work). A body whose file range cannot be found is not
  // copied; the general loop serves every shape.
  std::string Step = specialisedStep(L);
  const Stmt *Body = L.Dims.back().Loop->getBody();
  CharSourceRange BodyText = getStmtFileRange(Body, Body, Ctx);
  bool Specialise = !Step.empty() && BodyText.isValid();
  // A thread loop's statements run on one lane of its thread: their
  // guards go in before the copy is taken (nothing else is edited inside
  // a thread loop after it: barriers and scratch stay at team level).
  if (Specialise && L.Level == LoopLevel::Thread)
    if (Error E = emitGuards(Body))
      return E;
  std::string Rank = "hpp_r" + K, General = "hpp_s" + K;
  if (Specialise) {
    // The rank, masked to the step it is below on this path: nvcc then
    // knows its range, folds the trip count of a loop no longer than the
    // step to one and divides a non-negative index by shifts.
    std::string Within = "hpp_rw" + K;
    Pro += formatv("if ({0} == {1}) {{\nconst int {2} = {3}<{1}>({4});\n", General, Step, Within,
                   rt("rank_within"), Rank);
    Pro += Count(Within, Step) + Batch(Within, Step) + CountedHeader(Within, Step) + "\n" +
           Edit.userCopy(BodyText.getBegin(),
                         Edit.indentOf(BodyText.getBegin()) +
                             Edit.rewrittenText(BodyText.getBegin(), BodyText.getEnd())) +
           "\n}\n";
    Pro += "} else {\n";
  }
  Pro += Count(Rank, General) + Batch(Rank, General);
  std::string Indent = Edit.indentOf(L.Pragma.Begin);
  if (Error E = Edit.replace(L.Pragma.Begin, L.Pragma.End,
                             SourceEditor::indentBlock(Pro, Indent)))
    return E;
  if (Error E = rewriteLoopHeaders(L, CountedHeader(Rank, General), Edit))
    return E;
  std::string Epi = Specialise ? "}\n}\n" : "}\n";
  for (const ReductionVar &RV : L.Reductions) {
    std::string Op = runtimeOpType(RV);
    if (isLocReduction(RV.Op)) {
      Epi += formatv("{0}_loc<hpprt::{1}>({2}, {3});\n", rt(F.AllReduce), Op, RV.Name,
                     RV.IndexName);
      Epi += formatv("if (hpprt::loc_replaces_initial<hpprt::{0}>({1}, {2}, hpp_save_{1}, "
                     "hpp_save_{2})) {{ hpp_save_{1} = {1}; hpp_save_{2} = {2}; }\n",
                     Op, RV.Name, RV.IndexName);
      Epi += formatv("{0} = hpp_save_{0};\n{1} = hpp_save_{1};\n", RV.Name, RV.IndexName);
    } else {
      ReductionOpText OpText(id(L), RV);
      Epi += formatv("{0} = {1};\n", RV.Name, OpText.collective(rt(F.AllReduce), RV.Name));
      Epi += formatv("{0};\n{1} = hpp_save_{1};\n", OpText.join("hpp_save_" + RV.Name, RV.Name),
                     RV.Name);
    }
  }
  Epi += "}";
  return Edit.insertAfterStmt(L.Dims.back().Loop->getBody(),
                              SourceEditor::indentBlock("\n" + Epi, Indent));
}

/// Vector loops: a warp of lanes (the runtime's warp width: 32 on NVIDIA,
/// 64 on gfx9 wavefronts). Team-vector loops, and thread loops of teams
/// without lanes: the AUTO team, 256 threads, or the team's width in whole
/// warps where its loops have constant trip counts (Region::TeamWidth).
/// The division in the trip count becomes a shift, and a loop no longer
/// than its step runs once per lane without a count. Thread loops beside
/// vector loops get no copy: one for 8 threads of a warp of lanes each
/// moved a three-level yAx by -19% to +7% of its hand kernel with the
/// shape of its rows, as ptxas scheduled the nested loops' paths, and
/// gained nothing elsewhere (docs/performance.md).
std::string GPURegionWriter::specialisedStep(const Construct &L) const {
  if (L.Level == LoopLevel::Vector)
    return rt("warp::lanes");
  bool Lanes = R.hasVectorLoops();
  if (L.Level != LoopLevel::TeamVector && (L.Level != LoopLevel::Thread || Lanes))
    return "";
  if (R.TeamWidth)
    return formatv("{0}({1}, {2})", rt("team_width_threads"), R.TeamWidth, rt("warp::lanes"))
        .str();
  return "256";
}

} // namespace hpp
