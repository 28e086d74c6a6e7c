//===- MapAnalysis.h - map items, data constructs, implicit maps -*- C++ -*-===//
///
/// \file
/// The items of `map`, `host` and `device` clauses are expressions of the
/// user's scope (a pointer with a section `p[lo:len]`, an array, a
/// std::vector, a scalar); this unit parses each in the scope of the
/// annotated statement, decides how it is mapped (IR/Region.h MapEntry)
/// and refuses what cannot be mapped: a pointer without a section,
/// a section of a scalar, `from` into const data, a negative constant
/// length, inner sections that are not whole rows. It also maps the
/// containers a region captures without a clause (SPEC §3: implicit maps).
///
//===----------------------------------------------------------------------===//

#ifndef HPP_ANALYSIS_MAPANALYSIS_H
#define HPP_ANALYSIS_MAPANALYSIS_H

#include "Analysis/AnalysisContext.h"

namespace hpp {

/// Appends the items of \p D's map/host/device clauses, checked in the
/// scope of \p At, to \p Out. False after reporting an error.
bool analyzeMapItems(AnalysisContext &AC, const Directive &D, const clang::Stmt *At,
                     llvm::SmallVectorImpl<MapEntry> &Out);

/// Adds to the root's Maps every std::vector or std::array the region
/// captures that no clause maps: `to` when the region only reads it,
/// `tofrom` otherwise. Backends that share memory with the host ignore
/// them.
void addImplicitMaps(Region &R, clang::ASTContext &Ctx);

} // namespace hpp

#endif // HPP_ANALYSIS_MAPANALYSIS_H
