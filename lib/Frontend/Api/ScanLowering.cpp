//===- ScanLowering.cpp - parallel_scan as an inscan loop -----------------===//
//
// Part of the parallel_* lowering; see Lowerer.h.
//
//===----------------------------------------------------------------------===//

#include "Frontend/Api/Lowerer.h"
#include "Basic/ASTUtils.h"
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
///     { T hpp_part; { T partial = T(); const bool final = false; body hpp_part = partial; }
///       partial += hpp_part; }
///   }
void Lowerer::lowerScan(const CallExpr *CE, const Stmt *S, unsigned First,
                        StringRef Label) {
  std::optional<Space> Read = numArgs() < First + 2 ? std::nullopt : PolicyReader(C).read(arg(First));
  if (!Read || Read->K == Space::Team || Read->Lower.size() != 1) {
    fail(CE->getBeginLoc(), "a parallel_scan whose range is not a count, a RangePolicy or a "
                            "nested range written in the call");
    return;
  }
  // The body: (index, partial, final) after the policy's work tag. A
  // functor's operator() body is copied here, as a team functor's is: the
  // input phase must see what the body writes (only under `final`).
  const Space &Sp = *Read;
  std::optional<Body> B = BodyReader(C).read(arg(First + 1), Sp, 2, /*Inline=*/true);
  if (!B)
    return;
  if (!B->Operator || B->Params.size() != 3) {
    fail(arg(First + 1)->getBeginLoc(),
         "a parallel_scan body that is not a lambda or functor taking (index, partial, final)");
    return;
  }
  // A lambda's parameters keep their names; a copied functor body's take
  // generated ones, which cannot meet the call's names.
  auto Name = [&](unsigned I, StringRef Base) {
    StringRef N = B->Params[I]->getName();
    if (B->Lambda && !N.empty())
      return N.str();
    std::string Generated = C.Names.fresh(Base);
    if (!B->Lambda)
      B->Renames.push_back({B->Params[I], Generated});
    return Generated;
  };
  // The total is bound first: the partial may have its name.
  std::string Bind, Result;
  if (numArgs() == First + 3) {
    Result = C.Names.fresh("hpp_result");
    Bind = "auto &" + Result + " = " + text(arg(First + 2)) + "; ";
  }
  std::string Index = Name(0, "hpp_i");
  // A generic lambda's `auto` index is the API's index type; its `auto&`
  // partial takes the total's type.
  // (Clang spells a generic lambda's invented parameter types `auto`.)
  auto IsAuto = [&](QualType T) { return typeText(T).find("auto") != std::string::npos; };

  std::string IndexType =
      IsAuto(B->Params[0]->getType()) ? "hpp::index_t" : typeText(B->Params[0]->getType());
  std::string Partial = Name(1, "hpp_partial");
  std::string Type = typeText(B->Params[1]->getType());
  if (IsAuto(B->Params[1]->getType())) {
    // (The serial header requires the total then.)
    if (numArgs() != First + 3) {
      fail(B->Params[1]->getLocation(),
           "a scan whose partial is 'auto' without a total to give its type");
      return;
    }
    Type = "std::remove_reference_t<decltype(" + Result + ")>";
  }
  std::string Final = Name(2, "hpp_final");
  std::string Functor, BodyText;
  if (B->Lambda) {
    if (!lowerReturns(C, B->Stmt))
      return;
    // The second copy of the body, with its returns already made continues,
    // keeps the user's line numbers.
    BodyText = "\n" + Edit.lineDirective(B->Stmt->getBeginLoc()) + "\n" +
               Edit.rewrittenText(B->Stmt->getBeginLoc(),
                                  B->Stmt->getRBracLoc().getLocWithOffset(1));
  } else {
    Functor = "const auto " + B->Var + " = " + text(arg(First + 1)) + "; ";
    std::optional<std::string> Copy =
        inlineFunctor(CE, *B, [](Lowerer &) { return true; });
    if (!Copy)
      return;
    BodyText = *Copy + "\n";
  }
  std::string Pragma = Sp.K == Space::Nested ? "#pragma hpp " + Sp.Level : "#pragma hpp parallel";
  if (!Sp.StreamText.empty())
    Pragma += " stream(" + Sp.StreamText + ")";
  if (!Label.empty() && Sp.K != Space::Nested)
    Pragma += " name(\"" + Label.str() + "\")";
  Pragma += " reduction(inscan, +: " + Partial + ")";
  std::string Open = formatv("{{ {8}{0} {1} = {0}();{2}for ({3} {4} = {5}; {4} < {6}; ++{4}) "
                             "{{\n{{ {0} hpp_prefix = {1}; {{ {0} {1} = hpp_prefix; const bool "
                             "{7} = true; ",
                             Type, Partial, pragmaAt(S->getBeginLoc(), Pragma), IndexType, Index,
                             Sp.Lower[0], Sp.Upper[0], Final, Bind + Functor);
  if (B->Functor)
    Open += BodyText + Edit.lineDirective(S->getBeginLoc()) + "\n";
  std::string Close = formatv(" } }\n#pragma hpp scan exclusive({0})\n{{ {1} hpp_part; {{ {1} "
                              "{0} = {1}(); const bool {2} = false; {3} hpp_part = {0}; } {0} += "
                              "hpp_part; }\n}",
                              Partial, Type, Final, BodyText);
  if (!Result.empty())
    Close += formatv(" {0} = {1};", Result, Partial).str();
  Close += " }";
  if (B->Functor) {
    apply(Edit.replace(S->getBeginLoc(), getEndOfStmt(S, Ctx), Open + Close), S->getBeginLoc());
    return;
  }
  apply(Edit.replace(S->getBeginLoc(), B->Stmt->getLBracLoc(), Open), S->getBeginLoc());
  apply(Edit.replace(B->Stmt->getRBracLoc().getLocWithOffset(1), getEndOfStmt(S, Ctx), Close),
        S->getBeginLoc());
}

} // namespace api
} // namespace hpp
