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

} // namespace hpp

#endif // HPP_ANALYSIS_CLAUSECHECK_H
