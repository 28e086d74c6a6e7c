//===- AnalysisContext.cpp - What the analysis units of a file share ------===//

#include "Analysis/AnalysisContext.h"
#include "Basic/Diagnostics.h"
#include "clang/Sema/Sema.h"

using namespace clang;

namespace hpp {

AnalysisContext::AnalysisContext(Sema &S, Diagnoser &Diags, ArrayRef<SourceRange> Skipped)
    : S(S), Ctx(S.getASTContext()), SM(Ctx.getSourceManager()), Diags(Diags),
      Locator(Ctx, Skipped) {}

AnalysisUnit::AnalysisUnit(AnalysisContext &AC)
    : AC(AC), Ctx(AC.Ctx), SM(AC.SM), Diags(AC.Diags) {}

unsigned AnalysisUnit::offset(SourceLocation L) const {
  return SM.getFileOffset(SM.getExpansionLoc(L));
}

Span AnalysisUnit::spanOf(const Construct &C) const {
  return {offset(C.Range.getBegin()), offset(C.Range.getEnd())};
}

bool AnalysisUnit::inside(const Construct &C, SourceLocation L) const {
  return spanOf(C).contains(offset(L));
}

const Directive &AnalysisUnit::dir(const Construct &C) const {
  const Directive *D = AC.DirectiveOf.lookup(&C);
  assert(D && "construct without a directive");
  return *D;
}

void AnalysisUnit::notePragma(const Construct &C) const {
  if (C.Pragma.isValid())
    Diags.report(C.Pragma.KindLoc, Diag::note_loop_pragma) << C.Pragma.Spelling;
}

} // namespace hpp
