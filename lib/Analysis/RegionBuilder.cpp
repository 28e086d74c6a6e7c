//===- RegionBuilder.cpp - From directives to the region model ------------===//
///
/// \file
/// The order of the analysis: attach every directive to its statement and
/// nest the constructs by containment (ConstructAttacher); then, per region,
/// nesting rules, branches and reductions of every loop (Legality,
/// ReductionResolver), scratch arrays, singles and scan separators
/// (ScratchAnalysis, Captures, ScanAnalysis), races, captures, the call
/// graph and inserted barriers. A step runs only when the ones before it
/// succeeded: later checks would repeat the same cause. A region with an
/// error is refused, with its first error as the reason.
///
//===----------------------------------------------------------------------===//

#include "Analysis/RegionBuilder.h"
#include "Analysis/AnalysisContext.h"
#include "Analysis/Barriers.h"
#include "Analysis/CallGraph.h"
#include "Analysis/Captures.h"
#include "Analysis/ConstructAttacher.h"
#include "Analysis/Legality.h"
#include "Analysis/MapAnalysis.h"
#include "Analysis/NowaitResults.h"
#include "Analysis/ReductionBatching.h"
#include "Analysis/ScanForwarding.h"
#include "Analysis/ReductionResolver.h"
#include "Analysis/ResultUses.h"
#include "Analysis/ScanAnalysis.h"
#include "Analysis/ScratchAnalysis.h"
#include "Analysis/RowSharing.h"
#include "Analysis/TeamWidth.h"
#include "Analysis/ThrowAnalysis.h"
#include "Basic/ASTUtils.h"
#include "Basic/Diagnostics.h"
#include "clang/AST/ASTContext.h"
#include "clang/Sema/Sema.h"
#include <functional>

using namespace clang;
using namespace llvm;

namespace hpp {
namespace {

class Builder : public AnalysisUnit {
public:
  Builder(AnalysisContext &AC, std::vector<Directive> &Directives)
      : AnalysisUnit(AC), Directives(Directives), Attacher(AC), Legality(AC), Reductions(AC),
        Scratch(AC), Scans(AC), Captures(AC) {}

  TranslationModel run();

private:
  /// Records that \p D was refused, with the first error reported since
  /// the log held \p LogIndex entries as the reason.
  void refuse(const Directive &D, size_t LogIndex) {
    RefusedDirective R;
    R.Loc = D.PragmaLoc;
    R.Line = getLine(D.PragmaLoc, SM);
    R.Kind = getDirectiveSpelling(D.Kind).str();
    if (LogIndex < Diags.errorCount())
      R.Reason = Diags.errorMessage(LogIndex);
    Model.Refused.push_back(R);
  }
  void buildRegion(std::unique_ptr<Construct> Root, const LocatedStmt *LS);

  std::vector<Directive> &Directives;
  ConstructAttacher Attacher;
  LegalityChecker Legality;
  ReductionResolver Reductions;
  ScratchAnalyzer Scratch;
  ScanAnalyzer Scans;
  CaptureClassifier Captures;
  ThrowAnalysis Throws;
  TranslationModel Model;
  /// Directives that could not be attached: the region around one is
  /// refused without further errors about the same code.
  SmallVector<unsigned, 4> FailedDirectives;
};

void Builder::buildRegion(std::unique_ptr<Construct> Root, const LocatedStmt *LS) {
  Region R;
  R.Id = Model.Regions.size() + 1;
  R.Function = LS->Function;
  R.Instantiations.assign(LS->Instances.begin(), LS->Instances.end());
  R.Line = getLine(Root->Loc, SM);
  std::string Label = dir(*Root).label();
  R.HasUserName = !Label.empty();
  if (Label.empty()) {
    std::string Fn = R.Function ? R.Function->getNameAsString() : "region";
    if (Fn.empty() || !isalpha(static_cast<unsigned char>(Fn[0])))
      Fn = "region";
    Label = Fn + "_L" + std::to_string(R.Line);
  }
  R.Name = Label;
  R.Root = std::move(Root);

  size_t ErrorsBefore = Diags.errorCount();
  for (unsigned Failed : FailedDirectives)
    if (spanOf(*R.Root).contains(Failed)) {
      refuse(dir(*R.Root), Diags.errorCount());
      return;
    }
  bool Ok = true;
  Reductions.startRegion();
  SmallVector<Construct *, 16> All;
  std::function<void(Construct &)> Collect = [&](Construct &C) {
    All.push_back(&C);
    for (auto &Child : C.Children)
      Collect(*Child);
  };
  Collect(*R.Root);
  for (Construct *C : All)
    Ok &= Legality.checkNesting(*C, *R.Root);
  for (Construct *C : All)
    if (C != R.Root.get() && !C->Maps.empty()) {
      Diags.report(C->Maps.front().Loc, Diag::err_map_on_nested_loop);
      Ok = false;
    }
  // A vector loop directly at team level spans the whole team's threads
  // and lanes (TeamVectorRange).
  for (Construct *C : All)
    if (C->isLoop() && C->Level == LoopLevel::Vector && C->enclosingLoop() == R.Root.get())
      C->Level = LoopLevel::TeamVector;
  if (Ok)
    for (Construct *C : All)
      if (C->isLoop()) {
        Ok &= Legality.checkBranches(*C);
        Ok &= Reductions.resolve(*C);
      }
  if (Ok)
    for (Construct *C : All) {
      if (C->Kind == ConstructKind::Scratch)
        Ok &= Scratch.analyze(R, *C);
      else if (C->Kind == ConstructKind::Single)
        Captures.findBroadcasts(R, *C);
      else if (C->Kind == ConstructKind::Scan)
        Ok &= Scans.analyzeSeparator(*C);
    }
  if (Ok)
    Ok &= Scans.checkScanLoops(R);
  if (Ok)
    Ok &= Legality.checkUserReductionAtomics(R);
  if (Ok)
    Ok &= Legality.checkRaces(R);
  if (Ok) {
    Captures.classify(R);
    addImplicitMaps(R, Ctx);
    // Calls are collected from the code as written and from every
    // template instantiation, where dependent calls are resolved.
    collectCalledFunctions(R.Root->S, R, Ctx);
    for (const Stmt *Inst : R.Instantiations)
      collectCalledFunctions(Inst, R, Ctx);
    // What the user reductions call is called from the region too.
    for (const Expr *Call : Reductions.userReductionCalls())
      collectCalledFunctions(Call, R, Ctx);
    Captures.findPointerMembersOfThis(R);
    R.MayThrow = Throws.mayThrow(R.Root->S) ||
                 llvm::any_of(R.Instantiations, [&](const Stmt *Inst) {
                   return Throws.mayThrow(Inst);
                 });
  }
  if (Ok) {
    insertTeamBarriers(R, Ctx);
    markUnreadResults(R, Ctx);
    checkNowaitResults(R, Ctx, Diags);
    R.TeamWidth = teamWidth(R);
    R.RowsShareReads = !R.isTeamRegion() && rowsShareReads(*R.Root);
    R.SizedVectorLoops = sizedVectorLoops(R, Ctx);
    markBatchedReductions(R, Ctx);
    markScanForwards(R, Ctx);
  }
  if (!Ok || Diags.errorCount() != ErrorsBefore) {
    refuse(dir(*R.Root), ErrorsBefore);
    return;
  }
  Model.Regions.push_back(std::move(R));
}

TranslationModel Builder::run() {
  // Attach directives in source order, then nest by containment.
  std::vector<Directive *> Ordered;
  for (Directive &D : Directives)
    Ordered.push_back(&D);
  llvm::sort(Ordered, [&](const Directive *A, const Directive *B) {
    return SM.isBeforeInTranslationUnit(A->PragmaLoc, B->PragmaLoc);
  });
  std::vector<std::unique_ptr<Construct>> Roots;
  SmallVector<Construct *, 8> Stack;
  for (Directive *D : Ordered) {
    size_t ErrorsBefore = Diags.errorCount();
    std::unique_ptr<Construct> C = Attacher.attach(*D);
    if (!C) {
      if (Diags.errorCount() != ErrorsBefore)
        refuse(*D, ErrorsBefore);
      FailedDirectives.push_back(offset(D->PragmaLoc));
      continue;
    }
    D->Consumed = true;
    unsigned At = offset(C->Loc);
    while (!Stack.empty() && !spanOf(*Stack.back()).contains(At))
      Stack.pop_back();
    if (isDataConstruct(C->Kind)) {
      // Data moves around regions: a data construct is never part of one,
      // and the regions in its statement stay regions of their own.
      if (!Stack.empty()) {
        size_t LogIndex = Diags.errorCount();
        Diags.report(D->KindLoc, Diag::err_data_in_region) << getDirectiveSpelling(D->Kind);
        refuse(*D, LogIndex);
        FailedDirectives.push_back(At);
        continue;
      }
      Model.DataConstructs.push_back(std::move(C));
      continue;
    }
    Construct *Raw = C.get();
    if (Stack.empty()) {
      Roots.push_back(std::move(C));
    } else {
      C->Parent = Stack.back();
      Stack.back()->Children.push_back(std::move(C));
    }
    if (Raw->S)
      Stack.push_back(Raw);
  }
  for (std::unique_ptr<Construct> &Root : Roots) {
    if (Root->isLoop()) {
      if (Root->Level == LoopLevel::Team || Root->Level == LoopLevel::Flat) {
        const LocatedStmt *LS = AC.Located.lookup(Root.get());
        buildRegion(std::move(Root), LS);
        continue;
      }
      size_t LogIndex = Diags.errorCount();
      Diags.report(dir(*Root).KindLoc, Diag::err_needs_enclosing_team)
          << getDirectiveSpelling(dir(*Root).Kind);
      refuse(dir(*Root), LogIndex);
      continue;
    }
    if (Root->Kind == ConstructKind::Atomic) {
      Model.FreeAtomics.push_back(std::move(Root));
      continue;
    }
    size_t LogIndex = Diags.errorCount();
    if (Root->Kind == ConstructKind::Scan) {
      Diags.report(dir(*Root).KindLoc, Diag::err_scan_placement);
    } else {
      Diags.report(dir(*Root).KindLoc, Diag::err_needs_enclosing_team)
          << getDirectiveSpelling(dir(*Root).Kind);
    }
    refuse(dir(*Root), LogIndex);
  }
  return std::move(Model);
}

} // namespace

TranslationModel buildRegions(Sema &S, std::vector<Directive> &Directives,
                              Diagnoser &Diags, ArrayRef<SourceRange> Skipped) {
  AnalysisContext AC(S, Diags, Skipped);
  return Builder(AC, Directives).run();
}

} // namespace hpp
