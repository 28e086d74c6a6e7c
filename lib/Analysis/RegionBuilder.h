//===- RegionBuilder.h - From directives to the region model ----*- C++ -*-===//
///
/// \file
/// Attaches every parsed directive to the statement it annotates, nests the
/// resulting constructs, proves each region legal (canonical loops, nesting
/// order, no branch out, no races, scratch and scan rules) and fills the
/// backend-neutral model. Errors are reported at the user's line with a
/// note at the pragma.
///
//===----------------------------------------------------------------------===//

#ifndef HPP_ANALYSIS_REGIONBUILDER_H
#define HPP_ANALYSIS_REGIONBUILDER_H

#include "Basic/Directive.h"
#include "IR/Region.h"
#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/ArrayRef.h"
#include <vector>

namespace clang {
class Sema;
}

namespace hpp {

class Diagnoser;

/// \p S resolves the names of user-defined reductions after the parse;
/// \p Skipped are the conditional blocks the preprocessor skipped, which may
/// stand between a pragma and its statement.
TranslationModel buildRegions(clang::Sema &S, std::vector<Directive> &Directives,
                              Diagnoser &Diags,
                              llvm::ArrayRef<clang::SourceRange> Skipped = {});

} // namespace hpp

#endif // HPP_ANALYSIS_REGIONBUILDER_H
