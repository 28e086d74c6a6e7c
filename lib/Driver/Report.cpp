//===- Report.cpp - The per-region mapping report -------------------------===//

#include "Driver/Report.h"
#include "clang/AST/Decl.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

using namespace clang;
using namespace llvm;

namespace hpp {
namespace {

unsigned lineOf(const ReportInput &In, SourceLocation L) {
  return In.SM.getPresumedLoc(In.SM.getExpansionLoc(L)).getLine();
}

/// `join, init` or `reducer`: what a user reduction names.
std::string userArgsText(const ReductionVar &RV) {
  return RV.UserReducer.empty() ? RV.UserJoin + ", " + RV.UserInit : RV.UserReducer;
}

std::string reductionText(const ReductionVar &RV) {
  std::string S = getReductionOpSpelling(RV.Op).str();
  if (RV.Op == ReductionOp::User)
    S += "(" + userArgsText(RV) + ")";
  S += ":" + RV.Name;
  if (isLocReduction(RV.Op))
    S += "," + RV.IndexName;
  if (RV.InScan)
    S = "inscan " + S;
  return S;
}

std::vector<RefusedDirective> sortedRefused(const ReportInput &In) {
  std::vector<RefusedDirective> Sorted = In.Model.Refused;
  llvm::stable_sort(Sorted, [](const RefusedDirective &A, const RefusedDirective &B) {
    return A.Line < B.Line;
  });
  return Sorted;
}

std::string collapseText(const Construct &L) {
  std::string S;
  for (const LoopDim &D : L.Dims)
    S += (S.empty() ? "" : ", ") + D.IndexName;
  return S;
}

} // namespace

std::string renderTextReport(const ReportInput &In) {
  std::string Out;
  raw_string_ostream OS(Out);
  OS << "hppc report: " << In.FileName << ", backend " << In.BackendName << ", "
     << In.Model.Regions.size() << " region"
     << (In.Model.Regions.size() == 1 ? "" : "s") << ", "
     << In.Model.Refused.size() << " refused\n";
  for (const Region &R : In.Model.Regions) {
    OS << formatv("{0}:{1}: region '{2}' ({3} loop)\n", In.FileName, R.Line, R.Name,
                  getLoopLevelName(R.Root->Level));
    R.forEachConstruct([&](const Construct &C) {
      unsigned Line = lineOf(In, C.Loc);
      switch (C.Kind) {
      case ConstructKind::Loop: {
        OS << formatv("  line {0}: {1} loop over {2}", Line,
                      getLoopLevelName(C.Level), collapseText(C));
        if (C.Dims.size() > 1)
          OS << formatv(" (collapse {0})", C.Dims.size());
        OS << " -> " << In.DescribeMapping(R, C) << "\n";
        if (!C.Reductions.empty()) {
          OS << "    reductions:";
          for (const ReductionVar &RV : C.Reductions)
            OS << " " << reductionText(RV);
          OS << "\n";
        }
        if (!C.LeagueText.empty())
          OS << "    league: " << C.LeagueText << "\n";
        if (!C.TeamSizeText.empty())
          OS << "    team_size: " << C.TeamSizeText << "\n";
        if (!C.VectorLengthText.empty())
          OS << "    vector_length: " << C.VectorLengthText << "\n";
        if (!C.StreamText.empty() || C.Nowait)
          OS << "    stream: " << (C.StreamText.empty() ? "default" : C.StreamText)
             << (C.Nowait ? ", nowait" : "") << "\n";
        if (!C.Tile.empty())
          OS << "    tile: " << join(C.Tile, ", ") << "\n";
        break;
      }
      case ConstructKind::Scratch: {
        const ScratchArray &A = R.Scratch[C.ScratchIndex];
        OS << formatv("  line {0}: scratch '{1}' level {2} per {3}: ", Line, A.Name,
                      A.Level, A.PerThread ? "thread" : "team");
        if (A.IsConstantSize && A.ConstantBytes)
          OS << A.ConstantBytes << " bytes\n";
        else
          OS << A.BytesExpr << " bytes\n";
        break;
      }
      case ConstructKind::Barrier:
        if (C.Inserted)
          OS << formatv("  line {0}: barrier inserted: {1}\n", Line, C.Reason);
        else
          OS << formatv("  line {0}: barrier (explicit)\n", Line);
        break;
      case ConstructKind::Single: {
        OS << formatv("  line {0}: single per {1}", Line, C.PerThread ? "thread" : "team");
        if (!C.Broadcast.empty()) {
          OS << ", broadcasts";
          for (const VarDecl *V : C.Broadcast)
            OS << " " << V->getName();
        }
        OS << "\n";
        break;
      }
      case ConstructKind::Atomic:
        OS << formatv("  line {0}: atomic update of {1}\n", Line, C.AtomicTarget);
        break;
      case ConstructKind::Scan:
        OS << formatv("  line {0}: scan {1}\n", Line,
                      C.Inclusive ? "inclusive" : "exclusive");
        break;
      }
    });
    OS << "  barriers inserted: " << R.countInsertedBarriers() << "\n";
    if (!R.Captures.empty()) {
      OS << "  captures:";
      for (const Capture &C : R.Captures)
        OS << " " << C.Name << " (" << C.TypeName << ", "
           << (C.Kind == CaptureKind::Reduction ? "reduction"
               : C.Kind == CaptureKind::Atomic  ? "atomic"
                                                : "read-only")
           << ")";
      if (R.CapturesThis)
        OS << " this";
      OS << "\n";
    }
    if (!R.Calls.empty()) {
      OS << "  calls:";
      for (const CalledFunction &F : R.Calls) {
        OS << " " << F.Name;
        if (!F.Chain.empty())
          OS << " (via " << join(F.Chain, " -> ") << ")";
      }
      OS << "\n";
    }
  }
  for (const RefusedDirective &D : sortedRefused(In))
    OS << formatv("{0}:{1}: refused '#pragma hpp {2}': {3}\n", In.FileName, D.Line,
                  D.Kind, D.Reason.empty() ? "see the diagnostics above" : D.Reason);
  return Out;
}

std::string renderJSONReport(const ReportInput &In) {
  json::Array Regions;
  for (const Region &R : In.Model.Regions) {
    json::Array Loops, Scratch, Barriers, Captures, Calls;
    R.forEachConstruct([&](const Construct &C) {
      unsigned Line = lineOf(In, C.Loc);
      if (C.isLoop()) {
        json::Array Reductions, Indices;
        for (const ReductionVar &RV : C.Reductions) {
          json::Object O{{"op", getReductionOpSpelling(RV.Op)},
                         {"var", RV.Name},
                         {"index", RV.IndexName},
                         {"inscan", RV.InScan}};
          if (RV.Op == ReductionOp::User)
            O["user"] = userArgsText(RV);
          Reductions.push_back(std::move(O));
        }
        for (const LoopDim &D : C.Dims)
          Indices.push_back(D.IndexName);
        json::Array Tile;
        for (const std::string &T : C.Tile)
          Tile.push_back(T);
        Loops.push_back(json::Object{{"line", Line},
                                     {"tile", std::move(Tile)},
                                     {"stream", C.StreamText},
                                     {"nowait", C.Nowait},
                                     {"level", getLoopLevelName(C.Level)},
                                     {"mapping", In.DescribeMapping(R, C)},
                                     {"indices", std::move(Indices)},
                                     {"collapse", static_cast<int64_t>(C.Dims.size())},
                                     {"vector_lanes", C.Simd},
                                     {"reductions", std::move(Reductions)},
                                     {"league", C.LeagueText},
                                     {"team_size", C.TeamSizeText},
                                     {"vector_length", C.VectorLengthText}});
      } else if (C.Kind == ConstructKind::Barrier) {
        Barriers.push_back(json::Object{
            {"line", Line}, {"inserted", C.Inserted}, {"reason", C.Reason}});
      }
    });
    for (const ScratchArray &A : R.Scratch)
      Scratch.push_back(json::Object{
          {"name", A.Name},
          {"level", static_cast<int64_t>(A.Level)},
          {"per", A.PerThread ? "thread" : "team"},
          {"bytes", A.IsConstantSize ? json::Value(static_cast<int64_t>(A.ConstantBytes))
                                     : json::Value(A.BytesExpr)},
          {"bytes_expr", A.BytesExpr}});
    for (const Capture &C : R.Captures)
      Captures.push_back(json::Object{
          {"name", C.Name},
          {"type", C.TypeName},
          {"kind", C.Kind == CaptureKind::Reduction ? "reduction"
                   : C.Kind == CaptureKind::Atomic  ? "atomic"
                                                    : "read-only"}});
    for (const CalledFunction &F : R.Calls) {
      json::Array Chain;
      for (const std::string &S : F.Chain)
        Chain.push_back(S);
      Calls.push_back(json::Object{{"name", F.Name}, {"chain", std::move(Chain)}});
    }
    Regions.push_back(json::Object{
        {"id", static_cast<int64_t>(R.Id)},
        {"name", R.Name},
        {"line", static_cast<int64_t>(R.Line)},
        {"kind", getLoopLevelName(R.Root->Level)},
        {"loops", std::move(Loops)},
        {"scratch", std::move(Scratch)},
        {"barriers", std::move(Barriers)},
        {"barriers_inserted", static_cast<int64_t>(R.countInsertedBarriers())},
        {"captures", std::move(Captures)},
        {"captures_this", R.CapturesThis},
        {"calls", std::move(Calls)}});
  }
  json::Array Refused;
  for (const RefusedDirective &D : sortedRefused(In))
    Refused.push_back(json::Object{{"line", static_cast<int64_t>(D.Line)},
                                   {"directive", D.Kind},
                                   {"reason", D.Reason}});
  json::Object Root{{"file", In.FileName},
                    {"backend", In.BackendName},
                    {"regions", std::move(Regions)},
                    {"refused", std::move(Refused)}};
  std::string Out;
  raw_string_ostream OS(Out);
  OS << formatv("{0:2}", json::Value(std::move(Root))) << "\n";
  return Out;
}

} // namespace hpp
