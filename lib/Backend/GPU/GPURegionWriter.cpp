//===- GPURegionWriter.cpp - One region as a CUDA or HIP kernel -----------===//
///
/// \file
/// The constructs other than loops, the guards that make team-level side
/// effects happen once, and the `__host__ __device__` marks on the
/// functions a region calls.
///
//===----------------------------------------------------------------------===//

#include "Backend/GPU/GPURegionWriter.h"
#include "Backend/GPU/KernelNames.h"
#include "Basic/ASTUtils.h"
#include "Basic/SourceEditor.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/TypeLoc.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/Support/FormatVariadic.h"

using namespace clang;
using namespace llvm;

namespace hpp {

bool hasBoundedKernel(const Region &R) {
  const Construct &L = *R.Root;
  return L.Level == LoopLevel::Team && !L.ScanSeparator && L.TeamSizeText.empty() &&
         L.VectorLengthText.empty();
}

std::string boundedKernelName(StringRef KernelName) {
  StringRef Name = KernelName;
  Name.consume_front(KernelPrefix);
  return (BoundedKernelPrefix + Name).str();
}

GPURegionWriter::GPURegionWriter(const Region &R, StringRef KernelName, SourceEditor &Edit,
                                 const GPUDialect &D, DenseSet<unsigned> &AnnotatedOffsets)
    : ConstructEmitter(R, Edit), KernelName(KernelName), Ctx(Edit.context()),
      SM(Ctx.getSourceManager()), D(D), Names(R), AnnotatedOffsets(AnnotatedOffsets) {}

bool GPURegionWriter::reducerFromOutside(const ReductionVar &RV) const {
  return RV.Reducer && !rangeContains(R.Root->Range, RV.Reducer->getLocation(), SM);
}

std::string GPURegionWriter::guardFor(LoopLevel Level) const {
  switch (Level) {
  case LoopLevel::Team:
    return rt("is_team_leader()");
  case LoopLevel::Thread:
    return rt("is_vector_leader()");
  default:
    return "";
  }
}

Error GPURegionWriter::emitScratch(const Construct &C) {
  const ScratchArray &A = R.Scratch[C.ScratchIndex];
  std::string Note = formatv("// hpp scratch '{0}': level {1} ({2}), per {3}, {4} bytes\n",
                             A.Name, A.Level, A.Level == 0 ? "shared memory" : "global pool",
                             A.PerThread ? "thread" : "team", A.BytesExpr);
  if (Error E = Edit.replace(C.Pragma.Begin, C.Pragma.End, Note))
    return E;
  std::string Base = formatv("hpp_ctx.scratch{0}()", A.Level);
  if (A.PerThread)
    Base += formatv(" + hpp_ctx.scratch{0}_team_bytes + {1} * hpp_ctx.scratch{0}_thread_bytes",
                    A.Level, rt("thread_rank()"));
  std::string Address = formatv("{0} + hpp_scratch_off{1}", Base, C.ScratchIndex);
  return Edit.replaceStmt(C.S, scratchPointerDecl(A, Address));
}

Error GPURegionWriter::emitAtomic(const Construct &C) {
  // At team (thread) level every thread (lane) runs the statement: one of
  // them updates.
  const Construct *Loop = C.enclosingLoop();
  std::string Guard = guardFor(Loop ? Loop->Level : LoopLevel::Flat);
  if (Error E = checkAtomicOperands(C))
    return E;
  if (Error E = Edit.replace(C.Pragma.Begin, C.Pragma.End,
                             Guard.empty() ? "// hpp atomic\n"
                                           : "// hpp atomic, once per team or thread\n"))
    return E;
  std::string Call;
  if (C.Atomic == AtomicOp::Inc || C.Atomic == AtomicOp::Dec)
    Call = formatv("{0}(&({1}));", rt(("atomic_" + atomicOpName(C.Atomic)).str()),
                   C.AtomicTarget);
  else
    Call = formatv("{0}(&({1}), static_cast<std::decay_t<decltype({1})>>({2}));",
                   rt(("atomic_" + atomicOpName(C.Atomic)).str()), C.AtomicTarget,
                   C.AtomicValue);
  if (!Guard.empty())
    Call = "if (" + Guard + ") " + Call;
  return Edit.replaceStmt(C.S, Call);
}

Error GPURegionWriter::emitSingle(const Construct &C) {
  std::string Guard = guardFor(C.PerThread ? LoopLevel::Thread : LoopLevel::Team);
  if (Error E = Edit.replace(C.Pragma.Begin, C.Pragma.End,
                             formatv("{{ // hpp single per {0}\nif ({1})\n",
                                     C.PerThread ? "thread" : "team", Guard)
                                 .str()))
    return E;
  std::string Epi;
  for (const VarDecl *V : C.Broadcast)
    Epi += formatv("{0} = {1}({0});\n", V->getName(),
                   rt(C.PerThread ? "vector_broadcast" : "team_broadcast"));
  Epi += "}";
  return Edit.insertAfterStmt(C.S,
                              SourceEditor::indentBlock("\n" + Epi, Edit.indentOf(C.Pragma.Begin)));
}

Error GPURegionWriter::emitBarrier(const Construct &C) {
  // The reason on a line of its own: after the call, a long one pushed the
  // call past the column limit and clang-format broke it in two.
  if (C.Inserted)
    return Edit.insertBefore(C.InsertLoc, "// hpp: barrier inserted: " + C.Reason + "\n" +
                                              rt("team_barrier();") + "\n");
  return Edit.replace(C.Pragma.Begin, C.Pragma.End, rt("team_barrier();") + " // hpp barrier\n");
}

/// Puts the statements analysis found to have side effects under the guard
/// of their level, so that they run once, as in the serial program.
/// A guard around statements on one line shares their line; around
/// statements on several, it takes lines of its own, the statements under
/// a `#line`, so that it can be laid out and read.
Error GPURegionWriter::emitGuards(const Stmt *Within) {
  for (unsigned I = 0; I < R.Guarded.size(); ++I) {
    const GuardedStmt &G = R.Guarded[I];
    if (Within && !rangeContains(Within->getSourceRange(), G.S->getBeginLoc(), SM))
      continue;
    if (!GuardsEmitted.insert(I).second)
      continue;
    const Stmt *Last = G.Last ? G.Last : G.S;
    Expected<CharSourceRange> Range = Edit.stmtRange(G.S, Last);
    if (!Range)
      return Range.takeError();
    std::string If = "if (" + guardFor(G.Level) + ") {";
    bool OneLine = Edit.line(Range->getBegin()) == Edit.line(Range->getEnd());
    std::string Before = OneLine ? If + " " : If + "\n";
    std::string After = OneLine ? " }" : "\n" + Edit.indentOf(Range->getBegin()) + "}";
    if (Error E = Edit.wrapStmts(G.S, Last, Before, After))
      return E;
  }
  return Error::success();
}

/// Functions called from the region are compiled for host and device.
/// Lambdas take the mark before their parameter list.
Error GPURegionWriter::markDeviceFunctions() {
  for (const CalledFunction &F : R.Calls) {
    const FunctionDecl *Fn = F.Fn;
    if (const FunctionDecl *Pattern = Fn->getTemplateInstantiationPattern())
      Fn = Pattern;
    auto Mark = [&](SourceLocation At, StringRef Text) -> Error {
      if (!AnnotatedOffsets.insert(SM.getFileOffset(SM.getExpansionLoc(At))).second)
        return Error::success();
      return Edit.insert(At, Text);
    };
    if (F.Marking == DeviceMarking::Lambda) {
      const auto *MD = cast<CXXMethodDecl>(Fn);
      SourceLocation At;
      StringRef Text = "__host__ __device__ ";
      if (TypeSourceInfo *TSI = MD->getTypeSourceInfo())
        if (auto FTL = TSI->getTypeLoc().getAs<FunctionTypeLoc>())
          At = FTL.getLParenLoc();
      if (At.isInvalid() || !At.isFileID()) {
        At = MD->getBody()->getBeginLoc();
        Text = "__host__ __device__ () ";
      }
      if (Error E = Mark(At, Text))
        return E;
    } else if (F.Marking == DeviceMarking::Declarations) {
      for (const FunctionDecl *Redecl : Fn->redecls()) {
        SourceLocation At = SM.getExpansionLoc(Redecl->getInnerLocStart());
        if (SM.isInMainFile(At))
          if (Error E = Mark(At, "__host__ __device__ "))
            return E;
      }
    }
  }
  return Error::success();
}

Error GPURegionWriter::run() {
  if (Error E = emitConstructs())
    return E;
  // Guards after the constructs, so that a barrier inserted before a
  // statement stays outside the statement's guard.
  if (Error E = emitGuards())
    return E;
  return markDeviceFunctions();
}

} // namespace hpp
