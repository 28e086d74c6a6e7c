//===- ClauseCheck.h - Clause expressions checked in the user's scope -*- C++ -*-===//
///
/// \file
/// The expression arguments of a loop's clauses (`league`, `team_size`,
/// `vector_length`, `stream`, `tile`) are copied into generated code that
/// evaluates them on the host before the region, in the scope of the
/// annotated statement. This unit parses each one with Clang in that scope
/// after the translation unit is parsed, so that an undeclared name, a
/// string or an out-of-range constant is an error at the argument instead
/// of a compile error in the generated file.
///
//===----------------------------------------------------------------------===//

#ifndef HPP_ANALYSIS_CLAUSECHECK_H
#define HPP_ANALYSIS_CLAUSECHECK_H

#include "Analysis/AnalysisContext.h"

namespace hpp {

/// Checks the expression clauses of loop directive \p D, which annotates
/// \p Loop (as written: in a template, the pattern), and fills \p Shape
/// when given. False after reporting an error.
bool checkClauseExpressions(AnalysisContext &AC, const Directive &D, const clang::Stmt *Loop,
                            ConstantShape *Shape = nullptr);

/// Checks the sizes of clause `tile` (\p Tile; \p Sizes as
/// checkClauseExpressions found them) on a loop over \p Collapsed loops:
/// one size per loop, and the two innermost, a GPU block of rows x
/// columns, at most 1024 threads. Sizes that depend on a template
/// parameter are the runtime's to check. False after reporting an error.
bool checkTileSizes(AnalysisContext &AC, const Clause &Tile, llvm::ArrayRef<long long> Sizes,
                    unsigned Collapsed);

} // namespace hpp

#endif // HPP_ANALYSIS_CLAUSECHECK_H
