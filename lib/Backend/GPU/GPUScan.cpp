//===- GPUScan.cpp - Scans on a GPU ---------------------------------------===//
///
/// \file
/// A device-wide scan (a flat loop with an inscan reduction) runs in one
/// launch: pass 1 computes each item's contribution, the runtime turns them
/// into prefixes (block scan and decoupled look-back), pass 2 runs the body
/// from each item's prefix. A scan nested in a team runs in order on one
/// thread, then the team gets the results: correct for any body, and rarely
/// the hot loop.
///
//===----------------------------------------------------------------------===//

#include "Backend/GPU/GPURegionWriter.h"
#include "Analysis/VariableUses.h"
#include "Basic/ASTUtils.h"
#include "Basic/SourceEditor.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Support/FormatVariadic.h"

using namespace clang;
using namespace llvm;

namespace hpp {

ScanPassTwo planScanPassTwo(const Construct &L) {
  ScanPassTwo Plan;
  ArrayRef<Stmt *> Input = L.scanInputPhase(), Scan = L.scanPhase();
  // Pass 2 skips the input phase when the scan phase needs nothing it
  // declares.
  SmallPtrSet<const Decl *, 8> Declared;
  for (const Stmt *S : Input)
    if (const auto *DS = dyn_cast<DeclStmt>(S))
      for (const Decl *D : DS->decls())
        Declared.insert(D);
  bool Used = false;
  for (const Stmt *S : Scan)
    forEachVarRef(S, [&](const DeclRefExpr *R) { Used |= Declared.count(R->getDecl()) > 0; });
  Plan.DropInput = !Used;
  if (Plan.DropInput) {
    Plan.Dropped.append(Input.begin(), Input.end());
    // Scan-phase declarations that only the input phase read would be
    // unused there (nvcc warns, #177 and #550); they are pure, so they go
    // too. Later ones first: an initialiser reads only earlier declarations.
    for (const DeclStmt *DS : llvm::reverse(L.ScanInputDecls)) {
      bool Read = false;
      for (const Stmt *S : Scan)
        if (S != DS && !llvm::is_contained(Plan.Dropped, S))
          forEachVarRef(S, [&](const DeclRefExpr *R) {
            Read |= llvm::is_contained(DS->decls(), R->getDecl());
          });
      if (!Read)
        Plan.Dropped.push_back(DS);
    }
  }
  // The reads kept from pass 1 that what pass 2 runs still makes.
  for (const ForwardedRead &F : L.ScanForwards) {
    ForwardedRead Kept = F;
    Kept.Uses.clear();
    for (const Expr *Use : F.Uses)
      if (llvm::none_of(Plan.Dropped, [&](const Stmt *S) { return isPartOf(Use, S); }))
        Kept.Uses.push_back(Use);
    if (!Kept.Uses.empty())
      Plan.Forwards.push_back(std::move(Kept));
  }
  return Plan;
}

Error GPURegionWriter::dropInputPhase(const Construct &L, const ScanPassTwo &Plan) {
  ArrayRef<Stmt *> Input = L.scanInputPhase();
  if (!Input.empty()) {
    SourceLocation Begin = Input.front()->getBeginLoc();
    SourceLocation End = getEndOfStmt(Input.back(), Ctx);
    if (Error E = Edit.replace(Begin, End, "/* input phase: run in pass 1 */"))
      return E;
  }
  for (const Stmt *S : Plan.Dropped)
    if (!llvm::is_contained(Input, S))
      if (Error E = Edit.replace(S->getBeginLoc(), getEndOfStmt(S, Ctx),
                                 "/* read by the input phase only: run in pass 1 */"))
        return E;
  return Error::success();
}

Error GPURegionWriter::emitScanPasses(const Construct &L, std::string &Pro,
                                      std::string &Header) {
  // Each thread takes scan_items iterations, warp-striped so that every
  // round of a warp covers 32 consecutive ones (coalesced). Pass 1 keeps
  // each item's contribution; the runtime turns them into exclusive
  // prefixes (block scan and decoupled look-back); pass 2 runs the body
  // from each item's prefix.
  std::string First;
  for (const ReductionVar &RV : L.Reductions)
    if (RV.InScan && First.empty())
      First = RV.Name;
  Pro += formatv("const hpprt::index_t hpp_tile = {0}(hpp_dev_{1});\n", rt("scan_tile"), First);
  std::string Items = rt("scan_items");
  // Pass 2 skips the input phase when the scan phase needs nothing it
  // declares: each item then starts from its prefix as the scan phase
  // sees it (inclusive or exclusive), and the input is read once.
  const ScanPassTwo Plan = planScanPassTwo(L);
  const bool DropInput = Plan.DropInput;
  // Pass 2 would run the phases in order (runsPhasesInOrder()).
  if (L.ScanInputFirst && !DropInput)
    return createStringError(inconvertibleErrorCode(),
                             "internal error: a scan whose input phase must run first keeps "
                             "it in pass 2");
  bool Inclusive = DropInput && L.ScanSeparator->Inclusive;
  // The runtime stores the total, from the thread holding the last item as
  // it computes that item's prefix: no generated item tracks it (a
  // per-item check and a value kept live across the block scan cost a
  // generated exclusive scan 16 registers, 80 against the protocol's 64,
  // and a resident block).
  for (const ReductionVar &RV : L.Reductions)
    if (RV.InScan)
      Pro += formatv("{0} hpp_items_{1}[{2}];\n", typeAlias(RV.Name), RV.Name, Items).str();
  // Elements both passes read (ScanForwards): pass 1 keeps each item's
  // value, so pass 2 does not load it again behind the previous item's
  // stores.
  std::string Keep;
  for (unsigned F = 0; F < Plan.Forwards.size(); ++F) {
    const ForwardedRead &Read = Plan.Forwards[F];
    std::string Element = (Read.Base->getName() + (Read.ThroughView ? ".data()[0]" : "[0]")).str();
    Pro += formatv("// '{3}' of each item, kept from pass 1\n"
                   "std::remove_cv_t<std::remove_reference_t<decltype({0})>> "
                   "hpp_fwd{1}[{2}];\n",
                   Element, F, Items, Read.Text);
    Keep += formatv("hpp_fwd{0}[hpp_k] = {1};\n", F, Read.Text);
  }
  Pro += "// scan, pass 1: each item's contribution, from the identity\n";
  Pro += formatv("for (int hpp_k = 0; hpp_k < {0}; ++hpp_k) {{\n", Items);
  Pro += formatv("const hpprt::index_t hpp_iv0 = {0}(hpp_tile, hpp_k);\n", rt("scan_item"));
  Pro += rootShadows(L, /*Scans=*/true);
  Pro += "if (hpp_iv0 < hpp_n0) { " + indexDecls(L, id(L), "hpp_iv0") + "\n" + Keep +
         inputPhaseCopy(L, Edit) + "}\n";
  for (const ReductionVar &RV : L.Reductions)
    if (RV.InScan)
      Pro += formatv("hpp_items_{0}[hpp_k] = {0};\n", RV.Name).str();
  Pro += "}\n";
  for (const ReductionVar &RV : L.Reductions)
    if (RV.InScan)
      Pro += formatv("{0}<{1}>(hpp_dev_{2}, hpp_tile, hpp_items_{2});\n",
                     rt("scan_prefixes_in_place"), Inclusive ? "true" : "false", RV.Name);
  Pro += DropInput ? "// scan, pass 2: the scan phase, from each item's prefix\n"
                   : "// scan, pass 2: the body, from each item's exclusive prefix\n";
  Pro += rootShadows(L, /*Scans=*/false);
  Header = formatv("for (int hpp_k = 0; hpp_k < {0}; ++hpp_k) {{ const hpprt::index_t "
                   "hpp_iv0 = {1}(hpp_tile, hpp_k); if (hpp_iv0 >= hpp_n0) continue; ",
                   Items, rt("scan_item"))
               .str();
  for (const ReductionVar &RV : L.Reductions)
    if (RV.InScan)
      Header += formatv("{0} {1} = hpp_items_{1}[hpp_k]; ", typeAlias(RV.Name), RV.Name);
  if (DropInput)
    if (Error E = dropInputPhase(L, Plan))
      return E;
  for (unsigned F = 0; F < Plan.Forwards.size(); ++F)
    for (const Expr *Use : Plan.Forwards[F].Uses) {
      CharSourceRange Text = getExprFileRange(Use, Ctx);
      if (Error E = Edit.replace(Text.getBegin(), Text.getEnd(),
                                 formatv("hpp_fwd{0}[hpp_k]", F).str()))
        return E;
    }
  return Error::success();
}

Error GPURegionWriter::emitNestedScan(const Construct &L) {
  LevelFunctions F = functionsFor(L.Level);
  std::string Pro = formatv("{{ // hpp {0} loop with a scan: in order on one thread\n",
                            getLoopLevelName(L.Level));
  Pro += boundsDecls(L, id(L));
  Pro += formatv("if ({0}) {{\n", rt(F.Leader));
  std::string Indent = Edit.indentOf(L.Pragma.Begin);
  if (Error E = Edit.replace(L.Pragma.Begin, L.Pragma.End,
                             SourceEditor::indentBlock(Pro, Indent)))
    return E;
  std::string Iv = "hpp_iv" + id(L);
  std::string Header =
      formatv("for (hpprt::index_t {0} = 0; {0} < hpp_n{1}; ++{0}) {{ ", Iv, id(L));
  Header += indexDecls(L, id(L), Iv);
  if (Error E = rewriteLoopHeaders(L, Header, Edit))
    return E;
  std::string Epi = "}\n}\n";
  for (const ReductionVar &RV : L.Reductions) {
    Epi += formatv("{0} = {1}({0});\n", RV.Name, rt(F.Broadcast));
    if (isLocReduction(RV.Op))
      Epi += formatv("{0} = {1}({0});\n", RV.IndexName, rt(F.Broadcast));
  }
  Epi += "}";
  return Edit.insertAfterStmt(L.Dims.back().Loop->getBody(),
                              SourceEditor::indentBlock("\n" + Epi, Indent));
}

} // namespace hpp
