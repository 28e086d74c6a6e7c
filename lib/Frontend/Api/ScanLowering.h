//===- ScanLowering.h - parallel_scan as an inscan loop ---------*- C++ -*-===//
///
/// \file
/// parallel_scan(range, body, [total]) as a loop with an exclusive
/// `#pragma hpp scan` whose two phases are two copies of the body (see
/// ScanLowering.cpp). A lambda's body stays in place for the scan phase and
/// is copied once for the input phase; a functor's operator() body is
/// copied for both.
///
//===----------------------------------------------------------------------===//

#ifndef HPP_FRONTEND_API_SCANLOWERING_H
#define HPP_FRONTEND_API_SCANLOWERING_H

#include "Frontend/Api/BodyReader.h"
#include "Frontend/Api/FunctorInliner.h"
#include "Frontend/Api/LoweringContext.h"
#include "Frontend/Api/PolicyReader.h"
#include <optional>
#include <string>

namespace hpp {
namespace api {

class ScanLowering {
public:
  ScanLowering(LoweringContext &C, FunctorInliner &Inliner) : C(C), Inliner(Inliner) {}

  /// Lowers the scan \p CE, statement \p S, whose policy is argument
  /// \p First of \p Args (after the label \p Label, if any).
  void lower(const clang::CallExpr *CE, llvm::ArrayRef<const clang::Expr *> Args,
             const clang::Stmt *S, unsigned First, llvm::StringRef Label);

private:
  /// What the lowered loop declares.
  struct ScanNames {
    std::string Bind, Result; // the total, when there is one
    std::string Index, IndexType, Partial, Type, Final;
    /// How the input phase's partial is initialised: `{}` for an integer
    /// type, `= static_cast<T>(-0.0)` otherwise (ScanLowering.cpp says why).
    std::string Start;
  };
  /// The body as text, and the functor's local copy it uses.
  struct ScanBody {
    std::string Functor, Text;
  };

  /// Whether the partial combines as the lowering combines it (`+=` from
  /// zero); if not, the call is refused.
  bool checkCombine(const Body &B, llvm::ArrayRef<const clang::Expr *> Args, unsigned First);
  std::optional<ScanNames> readNames(Body &B, llvm::ArrayRef<const clang::Expr *> Args,
                                     unsigned First, const Space &Sp);
  std::optional<ScanBody> readBody(const clang::CallExpr *CE, const Body &B,
                                   const clang::Expr *BodyArg);
  void emit(const clang::Stmt *S, const Space &Sp, const Body &B, const ScanNames &N,
            const ScanBody &Text, llvm::StringRef Label);

  LoweringContext &C;
  FunctorInliner &Inliner;
};

} // namespace api
} // namespace hpp

#endif // HPP_FRONTEND_API_SCANLOWERING_H
