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

std::string GPURegionWriter::batchedLoop(const Construct &L, StringRef K, StringRef Step) const {
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
                            "const hpprt::index_t hpp_b{0} = hpp_r{0} + "
                            "static_cast<hpprt::index_t>(hpp_k{0}) * {2};\n",
                            K, N, Step);
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
  auto Count = [&](StringRef Step) {
    return formatv("const int hpp_c{0} = {1}(hpp_n{0}, hpp_r{0}, {2});\n", K,
                   rt("lane_trip_count"), Step)
        .str();
  };
  // After a batched loop (below) the counted loop resumes where it
  // stopped, for the iterations that did not fill a batch.
  bool Batched = !L.BatchedUpdates.empty();
  auto CountedHeader = [&](StringRef Step) {
    return formatv("for ({3}; hpp_k{0} < hpp_c{0}; ++hpp_k{0}) {{ const "
                   "hpprt::index_t {1} = hpp_r{0} + static_cast<hpprt::index_t>(hpp_k{0}) * "
                   "{2}; ",
                   K, Iv, Step, Batched ? "" : formatv("int hpp_k{0} = 0", K).str())
               .str() +
           indexDecls(L, K, Iv);
  };
  if (Batched)
    Pro += batchedTerms(L, K, Iv);
  auto Batch = [&](StringRef Step) {
    return Batched ? batchedLoop(L, K, Step) : std::string();
  };
  // The common AUTO shapes get a copy with the step known at compile time,
  // as a template would: a whole warp for a vector loop (the runtime's
  // warp width: 32 on NVIDIA, 64 on gfx9 wavefronts), 256 threads for a
  // team-vector loop. The division in the trip count becomes a shift. A
  // team whose loops have constant trip counts gets AUTO teams of its
  // width in whole warps (Region::TeamWidth): its team-vector loops are
  // specialised for that many threads instead. Thread loops are not: the
  // copy is the body as written, without the guards that keep a thread's
  // statements to one of its lanes, should the team ever have lanes.
  std::string WarpStep = rt("warp::lanes");
  std::string WidthStep =
      R.TeamWidth && L.Level == LoopLevel::TeamVector
          ? formatv("{0}({1}, {2})", rt("team_width_threads"), R.TeamWidth, WarpStep).str()
          : "";
  StringRef Step = L.Level == LoopLevel::Vector ? StringRef(WarpStep)
                   : !WidthStep.empty()          ? StringRef(WidthStep)
                   : L.Level == LoopLevel::TeamVector ? "256"
                                                      : "";
  // The copy is the body's text in the file: a body written as a macro
  // invocation is copied as that invocation (its expansion's locations
  // name no text of their own: copying them gave an empty body, so the
  // specialised path skipped the loop's work). A body whose file range
  // cannot be found is not copied; the general loop serves every shape.
  const Stmt *Body = L.Dims.back().Loop->getBody();
  CharSourceRange BodyText = getStmtFileRange(Body, Body, Ctx);
  bool Specialise = !Step.empty() && BodyText.isValid();
  if (Specialise) {
    Pro += formatv("if (hpp_s{0} == {1}) {{\n", K, Step);
    Pro += Count(Step) + Batch(Step) + CountedHeader(Step) + "\n" +
           Edit.userCopy(BodyText.getBegin(),
                         Edit.indentOf(BodyText.getBegin()) +
                             Edit.rewrittenText(BodyText.getBegin(), BodyText.getEnd())) +
           "\n}\n";
    Pro += "} else {\n";
  }
  Pro += Count("hpp_s" + K) + Batch("hpp_s" + K);
  std::string Indent = Edit.indentOf(L.Pragma.Begin);
  if (Error E = Edit.replace(L.Pragma.Begin, L.Pragma.End,
                             SourceEditor::indentBlock(Pro, Indent)))
    return E;
  if (Error E = rewriteLoopHeaders(L, CountedHeader("hpp_s" + K), Edit))
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

} // namespace hpp
