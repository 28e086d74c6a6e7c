//===- AnalysisContext.h - What the analysis units of a file share -*- C++ -*-===//
///
/// \file
/// The region builder runs several analysis units over each region
/// (attaching directives, legality, reductions, scratch, scans, captures).
/// They share the AST, the diagnostics, the statement index, and two facts
/// about each construct that the model itself does not keep: the directive
/// it was built from (its clauses) and the statement it annotates with that
/// statement's copies in template instantiations. Each unit derives from
/// AnalysisUnit for these and keeps any other state it needs to itself.
///
//===----------------------------------------------------------------------===//

#ifndef HPP_ANALYSIS_ANALYSISCONTEXT_H
#define HPP_ANALYSIS_ANALYSISCONTEXT_H

#include "Analysis/StmtLocator.h"
#include "Basic/Directive.h"
#include "IR/Region.h"
#include "llvm/ADT/DenseMap.h"

namespace clang {
class Sema;
}

namespace hpp {

class Diagnoser;

/// Offsets in the main file, for containment tests between constructs.
struct Span {
  unsigned Begin = 0, End = 0;
  bool contains(unsigned Offset) const { return Begin <= Offset && Offset < End; }
};

struct AnalysisContext {
  AnalysisContext(clang::Sema &S, Diagnoser &Diags,
                  llvm::ArrayRef<clang::SourceRange> Skipped = {});

  clang::Sema &S;
  clang::ASTContext &Ctx;
  const clang::SourceManager &SM;
  Diagnoser &Diags;
  StmtLocator Locator;
  /// The directive of each construct built from one (inserted barriers
  /// have none).
  llvm::DenseMap<const Construct *, const Directive *> DirectiveOf;
  /// The statement each construct was attached to, with its instances.
  llvm::DenseMap<const Construct *, const LocatedStmt *> Located;
};

/// The base of each analysis unit: access to the shared context and the
/// source-position helpers every unit uses.
class AnalysisUnit {
protected:
  explicit AnalysisUnit(AnalysisContext &AC);

  unsigned offset(clang::SourceLocation L) const;
  Span spanOf(const Construct &C) const;
  bool inside(const Construct &C, clang::SourceLocation L) const;
  /// The directive \p C was attached from; not for inserted barriers.
  const Directive &dir(const Construct &C) const;
  /// A note at \p C's pragma, after an error about its code.
  void notePragma(const Construct &C) const;

  AnalysisContext &AC;
  clang::ASTContext &Ctx;
  const clang::SourceManager &SM;
  Diagnoser &Diags;
};

} // namespace hpp

#endif // HPP_ANALYSIS_ANALYSISCONTEXT_H
