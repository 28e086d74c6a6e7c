//===- LoweringContext.h - What the parts of the lowering share -*- C++ -*-===//
///
/// \file
/// The state every part of the parallel_* lowering works through: the AST,
/// the editor of the text being lowered, the diagnostics and the counter of
/// generated names. The main file is lowered in one context; a functor body
/// copied to a call is lowered in a context of its own (a fresh editor, so
/// that the class keeps its text and each launch gets its own copy) that
/// draws from the same counter.
///
//===----------------------------------------------------------------------===//

#ifndef HPP_FRONTEND_API_LOWERINGCONTEXT_H
#define HPP_FRONTEND_API_LOWERINGCONTEXT_H

#include "Basic/Diagnostics.h"
#include "Basic/SourceEditor.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "llvm/Support/Error.h"
#include <string>

namespace hpp {
namespace api {

/// Generated names (`hpp_acc3`) are numbered once per file: a functor body
/// copied to a call takes its numbers after the call's, so that its names
/// cannot meet the call's.
class NameCounter {
public:
  std::string fresh(llvm::StringRef Base) { return Base.str() + std::to_string(Next++); }

private:
  unsigned Next = 0;
};

struct LoweringContext {
  LoweringContext(clang::ASTContext &Ctx, Diagnoser &Diags, NameCounter &Names);

  void fail(clang::SourceLocation Loc, llvm::StringRef What) {
    Diags.report(Loc, Diag::err_api_not_lowered) << What;
  }
  void apply(llvm::Error E, clang::SourceLocation Loc) {
    if (E)
      reportEditError(std::move(E), Loc, Diags, Ctx);
  }
  /// The text of \p E with the edits made so far (an argument may hold a
  /// `t.league_rank()` already lowered).
  std::string text(const clang::Expr *E) const;
  /// Just past the last token of an expression inside a larger one.
  clang::SourceLocation endOf(const clang::Expr *E) const;
  std::string typeText(clang::QualType T) const;
  /// \p Pragma on a line of its own that reports as \p Loc's line (the
  /// call's, not the line after it).
  std::string pragmaAt(clang::SourceLocation Loc, llvm::StringRef Pragma) const {
    return "\n" + Edit.lineDirective(SM.getExpansionLoc(Loc)) + "\n" + Pragma.str() + "\n";
  }
  /// The first parent of \p E of type T, looking through the nodes Clang
  /// wraps temporaries and conversions in.
  template <class T, class N> const T *parentOf(const N *E) const;

  clang::ASTContext &Ctx;
  const clang::SourceManager &SM;
  SourceEditor Edit;
  Diagnoser &Diags;
  NameCounter &Names;
};

template <class T, class N> const T *LoweringContext::parentOf(const N *E) const {
  clang::DynTypedNodeList Parents = Ctx.getParents(*E);
  while (Parents.size() == 1) {
    if (const T *Found = Parents[0].template get<T>())
      return Found;
    const clang::Expr *Wrapper = Parents[0].template get<clang::Expr>();
    if (!Wrapper ||
        !(llvm::isa<clang::ImplicitCastExpr>(Wrapper) ||
          llvm::isa<clang::MaterializeTemporaryExpr>(Wrapper) ||
          llvm::isa<clang::CXXBindTemporaryExpr>(Wrapper) ||
          llvm::isa<clang::ExprWithCleanups>(Wrapper) || llvm::isa<clang::ParenExpr>(Wrapper)))
      return nullptr;
    Parents = Ctx.getParents(*Wrapper);
  }
  return nullptr;
}

} // namespace api
} // namespace hpp

#endif // HPP_FRONTEND_API_LOWERINGCONTEXT_H
