//===- ApiScan.cpp - parallel_scan as an inscan loop ----------------------===//
//
// Part of the parallel_* lowering; see ApiLowerer.h.
//
//===----------------------------------------------------------------------===//

#include "Frontend/ApiLowerer.h"
#include "Analysis/ASTUtils.h"
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
  Space Sp;
  if (numArgs() < First + 2 || !parseSpace(arg(First), Sp) ||
      Sp.K == Space::Team || Sp.Lower.size() != 1) {
    fail(CE->getBeginLoc(), "a parallel_scan whose range is not a count, a RangePolicy or a "
                            "nested range written in the call");
    return;
  }
  const auto *LE = dyn_cast<LambdaExpr>(strip(arg(First + 1)));
  if (!LE || LE->getCallOperator()->getNumParams() != 3) {
    fail(arg(First + 1)->getBeginLoc(),
         "a parallel_scan body that is not a lambda taking (index, partial, final)");
    return;
  }
  const CXXMethodDecl *Op = LE->getCallOperator();
  std::string Index = Op->getParamDecl(0)->getName().str();
  std::string IndexType = typeText(Op->getParamDecl(0)->getType());
  std::string Partial = Op->getParamDecl(1)->getName().str();
  std::string Type = typeText(Op->getParamDecl(1)->getType());
  std::string Final = Op->getParamDecl(2)->getName().str();
  if (!lowerReturns(LE->getBody()))
    return;
  const auto *Body = cast<CompoundStmt>(LE->getBody());
  // The second copy of the body, with its returns already made continues,
  // keeps the user's line numbers.
  std::string BodyText = "\n" + Edit.lineDirective(Body->getBeginLoc()) + "\n" +
                         Edit.rewrittenText(Body->getBeginLoc(),
                                            Body->getRBracLoc().getLocWithOffset(1));
  std::string Pragma = Sp.K == Space::Nested ? "#pragma hpp " + Sp.Level : "#pragma hpp parallel";
  if (!Sp.StreamText.empty())
    Pragma += " stream(" + Sp.StreamText + ")";
  if (!Label.empty() && Sp.K != Space::Nested)
    Pragma += " name(\"" + Label.str() + "\")";
  Pragma += " reduction(inscan, +: " + Partial + ")";
  std::string Open = formatv("{{ {0} {1} = {0}();{2}for ({3} {4} = {5}; {4} < {6}; ++{4}) "
                             "{{\n{{ {0} hpp_prefix = {1}; {{ {0} {1} = hpp_prefix; const bool "
                             "{7} = true; ",
                             Type, Partial, pragmaAt(S->getBeginLoc(), Pragma), IndexType, Index,
                             Sp.Lower[0], Sp.Upper[0], Final);
  std::string Close = formatv(" } }\n#pragma hpp scan exclusive({0})\n{{ {1} hpp_part; {{ {1} "
                              "{0} = {1}(); const bool {2} = false; {3} hpp_part = {0}; } {0} += "
                              "hpp_part; }\n}",
                              Partial, Type, Final, BodyText);
  if (numArgs() == First + 3)
    Close += formatv(" {0} = {1};", text(arg(First + 2)), Partial).str();
  Close += " }";
  apply(Edit.replace(S->getBeginLoc(), Body->getLBracLoc(), Open), S->getBeginLoc());
  apply(Edit.replace(Body->getRBracLoc().getLocWithOffset(1), getEndOfStmt(S, Ctx), Close),
        S->getBeginLoc());
}

} // namespace api
} // namespace hpp
