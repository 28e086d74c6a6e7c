//===- ScanLowering.cpp - parallel_scan as an inscan loop -----------------===//

#include "Frontend/Api/ScanLowering.h"
#include "Basic/ASTUtils.h"
#include "Frontend/Api/Recognition.h"
#include "llvm/Support/FormatVariadic.h"

using namespace clang;
using namespace llvm;

namespace hpp {
namespace api {

/// parallel_scan(range, [=](int i, T &partial, bool final) { body }, total)
/// runs the body twice per index in Kokkos: without `final` to add the
/// index's contribution, with it to use the prefix. That is an exclusive
/// scan whose scan phase is the body with `final` true on a copy of the
/// prefix, and whose input phase is the body with `final` false from zero:
///
///   #pragma hpp parallel reduction(inscan, +: partial)
///   for (...) {
///     { T hpp_prefix = partial; { T partial = hpp_prefix; const bool final = true; body } }
///     #pragma hpp scan exclusive(partial)
///     { T hpp_part; { T partial{}; const bool final = false; body hpp_part = partial; }
///       partial += hpp_part; }
///   }
///
/// Where T may be a floating type, the input phase's partial starts from
/// -0.0, the identity of `+` (hpprt::Sum), instead of T(): the contribution
/// is then exactly what the body adds, and the compiler may drop the first
/// add (from +0.0 it may not: x + 0.0 is not x for x = -0.0), which kept
/// the API scan of doubles 5-8% behind the pragma form on an H200.
void ScanLowering::lower(const CallExpr *CE, ArrayRef<const Expr *> Args, const Stmt *S,
                         unsigned First, StringRef Label) {
  std::optional<Space> Sp = PolicyReader(C).read(Args[First]);
  if (!Sp || Sp->K == Space::Team || Sp->Lower.size() != 1) {
    C.fail(CE->getBeginLoc(), "a parallel_scan whose range is not a count, a RangePolicy or a "
                              "nested range written in the call");
    return;
  }
  // The body: (index, partial, final) after the policy's work tag. A
  // functor's operator() body is copied here, as a team functor's is: the
  // input phase must see what the body writes (only under `final`).
  std::optional<Body> B = BodyReader(C).read(Args[First + 1], *Sp, 2, /*Inline=*/true);
  if (!B)
    return;
  if (!B->Operator || B->Params.size() != 3) {
    C.fail(Args[First + 1]->getBeginLoc(),
           "a parallel_scan body that is not a lambda or functor taking (index, partial, final)");
    return;
  }
  if (!checkCombine(*B, Args, First))
    return;
  std::optional<ScanNames> Names = readNames(*B, Args, First, *Sp);
  if (!Names)
    return;
  if (std::optional<ScanBody> Text = readBody(CE, *B, Args[First + 1]))
    emit(S, *Sp, *B, *Names, *Text, Label);
}

/// The lowered scan combines partial results with `+=` from a
/// value-initialised partial (the inscan `+` of the pragma form, the only
/// operator hpprt's scans take). Anything that would combine otherwise in
/// the serial build or in Kokkos is refused here, at the call, rather than
/// translated into a sum.
bool ScanLowering::checkCombine(const Body &B, ArrayRef<const Expr *> Args, unsigned First) {
  // A functor's init gives the serial scan's starting value and its join
  // Kokkos' combine (the factorial's `v = 1` and `a *= b`).
  if (B.Functor && (findMethod(B.Functor, "init") || findMethod(B.Functor, "join"))) {
    C.fail(Args[First + 1]->getBeginLoc(),
           "a parallel_scan functor with its own init or join (parallel scans combine "
           "only with '+' from zero)");
    return false;
  }
  // A generic partial takes the total's type; a dependent one is checked
  // by the pragma analysis in each instantiation.
  QualType T = B.Params[1]->getType().getNonReferenceType();
  if (T->isUndeducedAutoType() || T->isTemplateTypeParmType()) {
    if (Args.size() != First + 3)
      return true; // readNames refuses it
    T = Args[First + 2]->getType();
  }
  if (T->isDependentType() || T->isArithmeticType())
    return true;
  C.fail(B.Params[1]->getLocation(),
         "a parallel_scan whose partial is of the non-arithmetic type '" + C.typeText(T) +
             "' (parallel scans combine only with '+' on arithmetic types)");
  return false;
}

auto ScanLowering::readNames(Body &B, ArrayRef<const Expr *> Args, unsigned First, const Space &Sp)
    -> std::optional<ScanNames> {
  // The body's parameters keep their names, in a lambda and in a copied
  // functor body alike, unless the lowering's declarations would then hide
  // a name the policy's bounds or clauses read (Space::mayDeclare): those
  // take generated names, and the body is renamed.
  auto Name = [&](unsigned I, StringRef Base) {
    StringRef N = B.Params[I]->getName();
    if (Sp.mayDeclare(N))
      return N.str();
    std::string Generated = C.Names.fresh(Base);
    B.Renames.push_back({B.Params[I], Generated});
    return Generated;
  };
  ScanNames Names;
  // The total is bound first: the partial may have its name.
  bool HasTotal = Args.size() == First + 3;
  if (HasTotal) {
    Names.Result = C.Names.fresh(ResultBindingPrefix);
    Names.Bind = "auto &" + Names.Result + " = " + C.text(Args[First + 2]) + "; ";
  }
  Names.Index = Name(0, "hpp_i");
  // A generic lambda's `auto` index is the API's index type; its `auto&`
  // partial takes the total's type.
  // (Clang spells a generic lambda's invented parameter types `auto`.)
  auto IsAuto = [&](QualType T) { return C.typeText(T).find("auto") != std::string::npos; };

  QualType IndexType = B.Params[0]->getType();
  Names.IndexType = IsAuto(IndexType) ? "hpp::index_t" : C.typeText(IndexType);
  Names.Partial = Name(1, "hpp_partial");
  Names.Type = C.typeText(B.Params[1]->getType());
  if (IsAuto(B.Params[1]->getType())) {
    // (The serial header requires the total then.)
    if (!HasTotal) {
      C.fail(B.Params[1]->getLocation(),
             "a scan whose partial is 'auto' without a total to give its type");
      return std::nullopt;
    }
    Names.Type = "std::remove_reference_t<decltype(" + Names.Result + ")>";
  }
  Names.Final = Name(2, "hpp_final");
  QualType PT = B.Params[1]->getType().getNonReferenceType();
  bool Integral = !IsAuto(PT) && !PT->isDependentType() && PT->isIntegralOrEnumerationType();
  Names.Start = Integral ? "{}" : " = static_cast<" + Names.Type + ">(-0.0)";
  return Names;
}

auto ScanLowering::readBody(const CallExpr *CE, const Body &B, const Expr *BodyArg)
    -> std::optional<ScanBody> {
  ScanBody Text;
  if (B.Lambda) {
    if (!lowerReturns(C, B.Stmt) || !renameLambdaParams(C, B))
      return std::nullopt;
    // The second copy of the body, with its returns already made continues,
    // keeps the user's line numbers.
    Text.Text =
        "\n" + C.Edit.lineDirective(B.Stmt->getBeginLoc()) + "\n" +
        C.Edit.rewrittenText(B.Stmt->getBeginLoc(), B.Stmt->getRBracLoc().getLocWithOffset(1));
    return Text;
  }
  Text.Functor = "const auto " + B.Var + " = " + C.text(BodyArg) + "; ";
  std::optional<std::string> Copy =
      Inliner.inlineBody(CE, B, [](LoweringContext &) { return true; });
  if (!Copy)
    return std::nullopt;
  Text.Text = *Copy + "\n";
  return Text;
}

void ScanLowering::emit(const Stmt *S, const Space &Sp, const Body &B, const ScanNames &N,
                        const ScanBody &Text, StringRef Label) {
  std::string Pragma = loopDirective(Sp) + streamClause(Sp) + nameClause(Sp, Label) +
                       " reduction(inscan, +: " + N.Partial + ")";
  // `T v{};`, not `T v = T();`: a functional cast cannot name a type of
  // several words (`long long()`).
  std::string Open = formatv("{{ {8}{0} {1}{{};{2}for ({3} {4} = {5}; {4} < {6}; ++{4}) "
                             "{{\n{{ {0} hpp_prefix = {1}; {{ {0} {1} = hpp_prefix; const bool "
                             "{7} = true; ",
                             N.Type, N.Partial, C.pragmaAt(S->getBeginLoc(), Pragma), N.IndexType,
                             N.Index, Sp.Lower[0], Sp.Upper[0], N.Final, N.Bind + Text.Functor);
  if (B.Functor)
    Open += Text.Text + C.Edit.lineDirective(S->getBeginLoc()) + "\n";
  std::string Close = formatv(" } }\n#pragma hpp scan exclusive({0})\n{{ {1} hpp_part; {{ {1} "
                              "{0}{4}; const bool {2} = false; {3} hpp_part = {0}; } {0} += "
                              "hpp_part; }\n}",
                              N.Partial, N.Type, N.Final, Text.Text, N.Start);
  if (!N.Result.empty())
    Close += formatv(" {0} = {1};", N.Result, N.Partial).str();
  Close += " }";
  SourceLocation Begin = S->getBeginLoc(), End = getEndOfStmt(S, C.Ctx);
  if (B.Functor) {
    C.apply(C.Edit.replace(Begin, End, Open + Close), Begin);
    return;
  }
  C.apply(C.Edit.replace(Begin, B.Stmt->getLBracLoc(), Open), Begin);
  C.apply(C.Edit.replace(B.Stmt->getRBracLoc().getLocWithOffset(1), End, Close), Begin);
}

} // namespace api
} // namespace hpp
