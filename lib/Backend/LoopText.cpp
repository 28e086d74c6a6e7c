//===- LoopText.cpp - Generated text every backend shares ----------------===//

#include "Backend/LoopText.h"
#include "Analysis/VariableUses.h"
#include "Basic/ASTUtils.h"
#include "Basic/SourceEditor.h"
#include "clang/AST/Stmt.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/FormatVariadic.h"

using namespace clang;
using namespace llvm;

namespace hpp {
namespace {

StringRef cmpName(LoopCmp C) {
  switch (C) {
  case LoopCmp::Lt:
    return "Lt";
  case LoopCmp::Le:
    return "Le";
  case LoopCmp::Gt:
    return "Gt";
  case LoopCmp::Ge:
    return "Ge";
  case LoopCmp::Ne:
    return "Ne";
  }
  llvm_unreachable("unknown comparison");
}

} // namespace

LoopNames::LoopNames(const Region &R) {
  unsigned Next = 0;
  R.forEachConstruct([&](const Construct &C) {
    if (C.isLoop())
      Ids[&C] = Next++;
  });
}

std::string LoopNames::id(const Construct &Loop) const {
  return std::to_string(Ids.lookup(&Loop));
}

std::string boundsDecls(const Construct &L, StringRef K) {
  std::string Out;
  SmallVector<std::string, 2> Counts;
  for (unsigned D = 0; D < L.Dims.size(); ++D) {
    const LoopDim &Dim = L.Dims[D];
    std::string Sfx = K.str() + "_" + std::to_string(D);
    Out += formatv("{0} hpp_lb{1} = {2};\n", Dim.IndexTypeText, Sfx, Dim.LowerText);
    Out += formatv("const auto hpp_ub{0} = {1};\n", Sfx, Dim.UpperText);
    Out += formatv("const hpprt::index_t hpp_n{0} = "
                   "hpprt::trip_count<hpprt::Cmp::{1}>(hpp_lb{0}, hpp_ub{0}, {2});\n",
                   Sfx, cmpName(Dim.Cmp), Dim.Step);
    Counts.push_back("hpp_n" + Sfx);
  }
  Out += formatv("const hpprt::index_t hpp_n{0} = {1};\n", K, join(Counts, " * "));
  // Every inner extent of a collapsed loop divides the flat iteration
  // number once per iteration; hpprt::FastDiv prepares those divisions here,
  // once per loop, outside the iterations.
  for (unsigned D = 1; D < L.Dims.size(); ++D)
    Out += formatv("const hpprt::FastDiv hpp_div{0}_{1}(hpp_n{0}_{1}, hpp_n{0});\n", K, D);
  return Out;
}

namespace {

/// `hpp_qK = Q;` and dimensions Top down to 1 peeled off it, innermost
/// first (hpp_xK_D): what is left in hpp_qK is the outermost index.
std::string peelFrom(const Construct &L, StringRef K, StringRef Q, unsigned Top) {
  std::string Out = formatv("hpprt::index_t hpp_q{0} = {1}; ", K, Q);
  for (unsigned D = Top; D > 0; --D)
    Out += formatv("const hpprt::index_t hpp_x{0}_{1} = hpp_div{0}_{1}.peel(hpp_q{0}); ", K, D);
  return Out;
}

/// The indices of collapsed loop K from its peeled parts: the outermost
/// from hpp_qK, the innermost from \p Inner, the others from hpp_xK_D.
std::string peeledIndexDecls(const Construct &L, StringRef K, StringRef Inner) {
  unsigned N = L.Dims.size();
  std::string Out;
  for (unsigned D = 0; D < N; ++D)
    Out += indexDecl(L, K, D,
                     D == 0       ? "hpp_q" + K.str()
                     : D == N - 1 ? Inner.str()
                                  : formatv("hpp_x{0}_{1}", K, D).str());
  return Out;
}

} // namespace

std::string indexDecls(const Construct &L, StringRef K, StringRef Iv) {
  unsigned N = L.Dims.size();
  if (N == 1)
    return indexDecl(L, K, 0, Iv);
  // Row-major decomposition of the collapsed iteration number: the
  // innermost index is peeled off first (remainder), the quotient goes on
  // outwards, and what is left is the outermost index.
  return peelFrom(L, K, Iv, N - 1) +
         peeledIndexDecls(L, K, formatv("hpp_x{0}_{1}", K, N - 1).str());
}

std::string rowIndexDecls(const Construct &L, StringRef K, StringRef Row, StringRef Col) {
  unsigned N = L.Dims.size();
  assert(N > 1 && "rows of a single loop");
  return peelFrom(L, K, Row, N - 2) + peeledIndexDecls(L, K, Col);
}

std::string indexDecl(const Construct &L, StringRef K, unsigned D, StringRef Iter) {
  const LoopDim &Dim = L.Dims[D];
  std::string Out = formatv("{0} {1} = hpprt::index_at(hpp_lb{2}_{3}, {4}, {5}); ",
                            Dim.IndexTypeText, Dim.IndexName, K, D, Iter, Dim.Step);
  // The serial loop used the index in its header; here nothing may.
  if (!Dim.IndexUsedInBody)
    Out += formatv("(void){0}; ", Dim.IndexName);
  return Out;
}

Error rewriteLoopHeaders(const Construct &L, StringRef Header, SourceEditor &Edit) {
  // The collapsed headers, and the braces between them, become one header.
  SourceRange Headers(L.Dims.front().HeaderRange.getBegin(),
                      L.Dims.back().HeaderRange.getEnd());
  if (Error E = Edit.replaceTokens(Headers, Header))
    return E;
  for (unsigned D = 0; D + 1 < L.Dims.size(); ++D)
    if (const auto *CS = dyn_cast<CompoundStmt>(L.Dims[D].Loop->getBody()))
      if (Error E = Edit.replace(CS->getRBracLoc(), CS->getRBracLoc().getLocWithOffset(1), ""))
        return E;
  return Error::success();
}

std::string inputPhaseCopy(const Construct &L, SourceEditor &Edit) {
  ArrayRef<Stmt *> Phase = L.scanInputPhase();
  if (Phase.empty())
    return "";
  auto Text = [&](const Stmt *First, const Stmt *Last) {
    SourceLocation From = First->getBeginLoc();
    SourceLocation To = getEndOfStmt(Last, Edit.context());
    return Edit.userCopy(From, Edit.indentOf(From) + Edit.originalText(From, To)) + "\n";
  };
  // An exclusive scan's input phase may read declarations of the scan
  // phase; analysis proved them pure, so they are repeated here.
  std::string Out;
  for (const DeclStmt *DS : L.ScanInputDecls)
    Out += Text(DS, DS);
  Out += Text(Phase.front(), Phase.back());
  // A variable the input phase declares for the scan phase alone
  // (`const long p = ...;` before `scan inclusive`, read by `out[p] = s;`)
  // is unused in this copy: named once, so that compilers do not warn
  // about the copy (nvcc's #177 under -Werror, clang's -Wunused-variable).
  SmallPtrSet<const Decl *, 8> Read;
  for (const DeclStmt *DS : L.ScanInputDecls)
    forEachVarRef(DS, [&](const DeclRefExpr *R) { Read.insert(R->getDecl()); });
  for (const Stmt *S : Phase)
    forEachVarRef(S, [&](const DeclRefExpr *R) { Read.insert(R->getDecl()); });
  for (const Stmt *S : Phase)
    if (const auto *DS = dyn_cast<DeclStmt>(S))
      for (const Decl *D : DS->decls())
        if (const auto *V = dyn_cast<VarDecl>(D); V && V->getIdentifier() && !Read.count(V))
          Out += formatv("(void){0};\n", V->getName()).str();
  return Out;
}

Error runInputPhaseFirst(const Construct &L, SourceEditor &Edit) {
  ArrayRef<Stmt *> Input = L.scanInputPhase(), Scan = L.scanPhase();
  if (Input.empty() || Scan.empty() || L.ScanSeparator->Inclusive || !L.ScanInputDecls.empty())
    return createStringError(inconvertibleErrorCode(),
                             "internal error: an input phase that cannot run first");
  Expected<CharSourceRange> InputRange = Edit.stmtRange(Input.front(), Input.back());
  if (!InputRange)
    return InputRange.takeError();
  Expected<CharSourceRange> ScanRange = Edit.stmtRange(Scan.front());
  if (!ScanRange)
    return ScanRange.takeError();
  std::string Save, Wait, Restore;
  for (const ReductionVar &RV : L.Reductions)
    if (RV.InScan) {
      std::string Before = identifierFor("hpp_before_", RV.Name);
      std::string After = identifierFor("hpp_after_", RV.Name);
      Save += formatv("auto {0} = {1};\n", Before, RV.Name).str();
      Wait += formatv("const auto {0} = {1}; {1} = {2};\n", After, RV.Name, Before).str();
      Restore += formatv("{0} = {1};", RV.Name, After).str();
    }
  SourceLocation From = InputRange->getBegin();
  std::string Text = Edit.rewrittenText(From, InputRange->getEnd());
  std::string Indent = Edit.indentOf(ScanRange->getBegin());
  std::string First = "// input phase first: the scan phase writes what it reads\n" + Save +
                      "{\n" + Edit.userCopy(From, Edit.indentOf(From) + Text) + "\n}\n" + Wait;
  if (Error E = Edit.insertBefore(ScanRange->getBegin(),
                                  SourceEditor::indentBlock(First, Indent) + Indent))
    return E;
  return Edit.replace(From, InputRange->getEnd(), "/* input phase: run first */ " + Restore);
}

std::string inputPhaseFirstNote(const Construct &L) {
  return L.ScanInputFirst
             ? "; each item runs its input phase first (its scan phase overwrites what it reads)"
             : "";
}

Error checkAtomicOperands(const Construct &C) {
  if (!C.AtomicTarget.empty() && !C.AtomicValue.empty())
    return Error::success();
  return make_error<MacroEditError>(C.S->getBeginLoc());
}

std::string scratchPointerDecl(const ScratchArray &A, StringRef Address) {
  std::string Inner;
  for (unsigned I = 1; I < A.Extents.size(); ++I)
    Inner += "[" + A.Extents[I] + "]";
  std::string PtrType =
      Inner.empty() ? A.ElementType + " *" : A.ElementType + " (*)" + Inner;
  std::string Decl = Inner.empty() ? A.ElementType + " *" + A.Name
                                   : A.ElementType + " (*" + A.Name + ")" + Inner;
  return formatv("{0} = reinterpret_cast<{1}>({2});", Decl, PtrType, Address).str();
}

std::string identifierFor(StringRef Prefix, StringRef Name) {
  std::string Out = Prefix.str();
  for (char C : Name)
    Out += isAlnum(C) ? C : '_';
  return Out;
}

StringRef atomicOpName(AtomicOp Op) {
  switch (Op) {
  case AtomicOp::Add:
    return "add";
  case AtomicOp::Sub:
    return "sub";
  case AtomicOp::Mul:
    return "mul";
  case AtomicOp::Div:
    return "div";
  case AtomicOp::BitAnd:
    return "and";
  case AtomicOp::BitOr:
    return "or";
  case AtomicOp::BitXor:
    return "xor";
  case AtomicOp::Shl:
    return "shl";
  case AtomicOp::Shr:
    return "shr";
  case AtomicOp::Min:
    return "min";
  case AtomicOp::Max:
    return "max";
  case AtomicOp::Inc:
    return "inc";
  case AtomicOp::Dec:
    return "dec";
  }
  llvm_unreachable("unknown atomic operation");
}

ReductionOpText::ReductionOpText(StringRef K, const ReductionVar &RV)
    : Object(("hpp_op" + K + "_" + RV.Name).str()), RV(RV) {}

std::string ReductionOpText::decl() const {
  if (!isUser())
    return "";
  if (!RV.UserReducer.empty())
    return formatv("const auto {0} = hpprt::user_op({1});\n", Object, RV.UserReducer);
  // Lambdas, not a local class: CUDA device lambdas cannot capture objects
  // of local types, while closures of extended lambdas are allowed. nvcc
  // names an extended lambda's closure type consistently only through
  // decltype of a variable, hence the named lambdas.
  std::string T = formatv("std::remove_reference_t<decltype({0})>", RV.Name);
  std::string Suffix = Object.substr(StringRef("hpp_op").size());
  return formatv("auto hpp_join{0} = [] HPPRT_HOST_DEVICE ({1} &hpp_acc, const {1} &hpp_x) "
                 "{{ {2}(hpp_acc, hpp_x); };\n"
                 "auto hpp_init{0} = [] HPPRT_HOST_DEVICE ({1} &hpp_acc) {{ {3}(hpp_acc); };\n"
                 "const hpprt::UserOp<hpprt::JoinInit<decltype(hpp_join{0}), "
                 "decltype(hpp_init{0})>> {4}{{{{hpp_join{0}, hpp_init{0}}};\n",
                 Suffix, T, RV.UserJoin, RV.UserInit, Object);
}

std::string ReductionOpText::type() const {
  if (isUser())
    return "std::decay_t<decltype(" + Object + ")>";
  return ("hpprt::" + getReductionRuntimeType(RV.Op)).str();
}

std::string ReductionOpText::argument() const { return isUser() ? ", " + Object : ""; }

std::string ReductionOpText::identity(StringRef T) const {
  if (isUser())
    return formatv("{0}.template identity<{1}>()", Object, T);
  return formatv("{0}::identity<{1}>()", type(), T);
}

std::string ReductionOpText::identityLike(StringRef Like) const {
  if (isUser())
    return formatv("hpprt::identity_like({0}, {1})", Object, Like);
  return formatv("hpprt::identity_like<{0}>({1})", type(), Like);
}

std::string ReductionOpText::join(StringRef Acc, StringRef V) const {
  return formatv("{0}{1}join({2}, {3})", isUser() ? Object : type(), isUser() ? "." : "::",
                 Acc, V);
}

std::string ReductionOpText::collective(StringRef F, StringRef Arg) const {
  if (isUser())
    return formatv("{0}({1}, {2})", F, Arg, Object);
  return formatv("{0}<{1}>({2})", F, type(), Arg);
}

std::string runtimeOpType(const ReductionVar &RV) {
  std::string Op = getReductionRuntimeType(RV.Op).str();
  if (!isLocReduction(RV.Op))
    return Op;
  if (RV.HighestIndexOnTies)
    Op = "HighestOnTies<hpprt::" + Op + ">";
  switch (RV.InitialTie) {
  case LocInitialTie::Kept:
    return Op;
  case LocInitialTie::Replaced:
    return "InitialOnTies<hpprt::" + Op + ", hpprt::InitialTie::Replaced>";
  case LocInitialTie::ByIndex:
    return "InitialOnTies<hpprt::" + Op + ", hpprt::InitialTie::ByIndex>";
  }
  llvm_unreachable("unknown LocInitialTie");
}

} // namespace hpp
