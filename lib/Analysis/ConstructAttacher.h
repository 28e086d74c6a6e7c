//===- ConstructAttacher.h - A directive on its statement -------*- C++ -*-===//
///
/// \file
/// Turns a parsed directive into a construct on the statement that follows
/// it: a canonical loop (with its collapsed dimensions and launch clauses), a
/// scratch array declaration, an atomic update, a single, a data region, or a
/// stand-alone barrier, scan separator or data directive. Records the directive and the statement of each
/// construct in the AnalysisContext.
///
//===----------------------------------------------------------------------===//

#ifndef HPP_ANALYSIS_CONSTRUCTATTACHER_H
#define HPP_ANALYSIS_CONSTRUCTATTACHER_H

#include "Analysis/AnalysisContext.h"

namespace hpp {

class ConstructAttacher : public AnalysisUnit {
public:
  explicit ConstructAttacher(AnalysisContext &AC) : AnalysisUnit(AC) {}

  /// The construct \p D annotates, or null after reporting why there is
  /// none.
  std::unique_ptr<Construct> attach(Directive &D);

private:
  bool attachLoop(Construct &C, const clang::Stmt *S);
  bool attachScratch(Construct &C, const clang::Stmt *S);
  bool attachAtomic(Construct &C, const clang::Stmt *S);
  bool attachDataDirective(Construct &C, const Directive &D);
};

} // namespace hpp

#endif // HPP_ANALYSIS_CONSTRUCTATTACHER_H
