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

/// "to: x[0:n], tofrom: v (implicit)": what a region or data construct
/// maps; scalars passed by value say so.
std::string mapsText(ArrayRef<MapEntry> Maps) {
  std::string S;
  for (const MapEntry &M : Maps)
    S += (S.empty() ? "" : ", ") + M.Item +
         (M.Implicit ? " (implicit)" : M.Shape == MapShape::ByValue ? " (by value)" : "");
  return S;
}

/// What the report says about one construct: a headline ("flat loop over
/// i -> ...") then its details ("reductions: +:s", ...). The text report
/// prints them one per line, the remarks on one line.
std::vector<std::string> describeConstruct(const ReportInput &In, const Region &R,
                                           const Construct &C) {
  std::vector<std::string> Lines;
  switch (C.Kind) {
  case ConstructKind::Loop: {
    std::string Head = formatv("{0} loop over {1}", getLoopLevelName(C.Level), collapseText(C));
    if (C.Dims.size() > 1)
      Head += formatv(" (collapse {0})", C.Dims.size());
    Lines.push_back(Head + " -> " + In.DescribeMapping(R, C));
    if (!C.Reductions.empty()) {
      std::string S = "reductions:";
      for (const ReductionVar &RV : C.Reductions)
        S += " " + reductionText(RV);
      Lines.push_back(S);
      std::string Unread;
      for (const ReductionVar &RV : C.Reductions)
        if (!RV.ReadAfter)
          Unread += " " + RV.Name;
      if (!Unread.empty())
        Lines.push_back("not read after the region (GPUs do not deliver them):" + Unread);
      for (const ReductionVar &RV : C.Reductions)
        if (RV.ResultCopy)
          Lines.push_back(formatv("{0} goes on into view {1}: on GPUs the kernel writes it there "
                                  "when its memory is device-only (no wait)",
                                  RV.Name, RV.ResultViewShown));
    }
    if (!C.LeagueText.empty())
      Lines.push_back("league: " + C.LeagueText);
    if (!C.TeamSizeText.empty())
      Lines.push_back("team_size: " + C.TeamSizeText);
    if (!C.VectorLengthText.empty())
      Lines.push_back("vector_length: " + C.VectorLengthText);
    if (!C.StreamText.empty() || C.Nowait)
      Lines.push_back("stream: " + (C.StreamText.empty() ? "default" : C.StreamText) +
                      (C.Nowait ? ", nowait" : ""));
    if (!C.Tile.empty())
      Lines.push_back("tile: " + join(C.Tile, ", "));
    if (!C.Maps.empty())
      Lines.push_back("maps: " + mapsText(C.Maps));
    break;
  }
  case ConstructKind::Scratch: {
    const ScratchArray &A = R.Scratch[C.ScratchIndex];
    std::string Bytes = A.IsConstantSize && A.ConstantBytes
                            ? std::to_string(A.ConstantBytes)
                            : A.BytesExpr;
    Lines.push_back(formatv("scratch '{0}' level {1} per {2}: {3} bytes", A.Name, A.Level,
                            A.PerThread ? "thread" : "team", Bytes));
    break;
  }
  case ConstructKind::Barrier:
    Lines.push_back(C.Inserted ? "barrier inserted: " + C.Reason
                               : std::string("barrier (explicit)"));
    break;
  case ConstructKind::Single: {
    std::string S = formatv("single per {0}", C.PerThread ? "thread" : "team");
    if (!C.Broadcast.empty()) {
      S += ", broadcasts";
      for (const VarDecl *V : C.Broadcast)
        S += " " + V->getName().str();
    }
    Lines.push_back(S);
    break;
  }
  case ConstructKind::Atomic:
    Lines.push_back("atomic update of " + C.AtomicTarget);
    break;
  case ConstructKind::Scan:
    Lines.push_back(formatv("scan {0}", C.Inclusive ? "inclusive" : "exclusive"));
    break;
  case ConstructKind::Data:
  case ConstructKind::EnterData:
  case ConstructKind::ExitData:
  case ConstructKind::Update:
    Lines.push_back(C.Pragma.Spelling.str() + ": " + mapsText(C.Maps));
    break;
  }
  return Lines;
}

/// Whether \p Loc lies in a data construct that maps \p V: an implicit map
/// there finds the container present and copies nothing.
bool inDataConstructMapping(const ReportInput &In, SourceLocation Loc, const VarDecl *V) {
  for (const auto &C : In.Model.DataConstructs)
    if (C->Kind == ConstructKind::Data && C->Range.isValid() &&
        !In.SM.isBeforeInTranslationUnit(Loc, C->Range.getBegin()) &&
        !In.SM.isBeforeInTranslationUnit(C->Range.getEnd(), Loc) &&
        llvm::any_of(C->Maps, [&](const MapEntry &M) { return M.Var == V; }))
      return true;
  return false;
}

/// For each container \p R maps implicitly that an earlier region of the
/// same function also maps implicitly: each launch copies it again, and a
/// data construct around both would copy it once.
std::vector<std::string> repeatedImplicitMaps(const ReportInput &In, const Region &R) {
  std::vector<std::string> Notes;
  if (In.BackendName == "openmp") // Host memory: nothing is copied.
    return Notes;
  for (const MapEntry &M : R.Root->Maps) {
    if (!M.Implicit || !M.Var || inDataConstructMapping(In, R.Root->Loc, M.Var))
      continue;
    for (const Region &Earlier : In.Model.Regions) {
      if (&Earlier == &R)
        break;
      if (Earlier.Function != R.Function)
        continue;
      bool Same = llvm::any_of(Earlier.Root->Maps, [&](const MapEntry &E) {
        return E.Implicit && E.Var == M.Var;
      });
      if (!Same)
        continue;
      Notes.push_back(formatv("'{0}' is copied again here after region '{1}' (line {2}); "
                              "'#pragma hpp data map(tofrom: {0})' around both copies it once",
                              M.Base, Earlier.Name, Earlier.Line)
                          .str());
      break;
    }
  }
  return Notes;
}

std::string capturesText(const Region &R) {
  std::string S;
  // A pointer the region writes through is not written itself, but
  // "read-only" would describe its memory wrongly.
  for (const Capture &C : R.Captures)
    S += (S.empty() ? "" : " ") + C.Name + " (" + C.TypeName + ", " +
         (C.Field ? "member, " : "") +
         (C.Kind == CaptureKind::Reduction ? "reduction"
          : C.Kind == CaptureKind::Atomic  ? "atomic"
          : C.WritesThrough                ? "writes through"
                                           : "read-only") +
         ")";
  if (R.CapturesThis)
    S += S.empty() ? "this" : " this";
  return S;
}

std::string callsText(const Region &R) {
  std::string S;
  for (const CalledFunction &F : R.Calls) {
    S += (S.empty() ? "" : " ") + F.Name;
    if (!F.Chain.empty())
      S += " (via " + join(F.Chain, " -> ") + ")";
  }
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
      std::vector<std::string> Lines = describeConstruct(In, R, C);
      OS << formatv("  line {0}: {1}\n", lineOf(In, C.Loc), Lines.front());
      for (size_t I = 1; I < Lines.size(); ++I)
        OS << "    " << Lines[I] << "\n";
    });
    for (const std::string &Note : repeatedImplicitMaps(In, R))
      OS << "  note: " << Note << "\n";
    OS << "  barriers inserted: " << R.countInsertedBarriers() << "\n";
    if (!R.Captures.empty())
      OS << "  captures: " << capturesText(R) << "\n";
    if (!R.Calls.empty())
      OS << "  calls: " << callsText(R) << "\n";
  }
  for (const auto &C : In.Model.DataConstructs)
    OS << formatv("{0}:{1}: {2}: {3}\n", In.FileName, lineOf(In, C->Loc), C->Pragma.Spelling,
                  mapsText(C->Maps));
  for (const RefusedDirective &D : sortedRefused(In))
    OS << formatv("{0}:{1}: refused '#pragma hpp {2}': {3}\n", In.FileName, D.Line,
                  D.Kind, D.Reason.empty() ? "see the diagnostics above" : D.Reason);
  return Out;
}

void emitReportRemarks(const ReportInput &In, Diagnoser &Diags) {
  for (const Region &R : In.Model.Regions) {
    std::string Details = formatv("{0} barrier{1} inserted", R.countInsertedBarriers(),
                                  R.countInsertedBarriers() == 1 ? "" : "s");
    if (!R.Captures.empty())
      Details += "; captures: " + capturesText(R);
    if (!R.Calls.empty())
      Details += "; calls: " + callsText(R);
    Diags.report(In.SM.getExpansionLoc(R.Root->Loc), Diag::remark_region)
        << R.Name << getLoopLevelName(R.Root->Level) << In.BackendName << Details;
    R.forEachConstruct([&](const Construct &C) {
      Diags.report(In.SM.getExpansionLoc(C.Loc), Diag::remark_construct)
          << join(describeConstruct(In, R, C), "; ");
    });
    for (const std::string &Note : repeatedImplicitMaps(In, R))
      Diags.report(In.SM.getExpansionLoc(R.Root->Loc), Diag::remark_construct) << Note;
  }
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
                         {"inscan", RV.InScan},
                         {"read_after", RV.ReadAfter}};
          if (RV.ResultCopy)
            O["into_view"] = RV.ResultViewShown;
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
                                                    : "read-only"},
          {"writes_through", C.WritesThrough}});
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
