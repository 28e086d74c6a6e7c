//===- StatementScope.h - Clang re-entered at one statement ----*- C++ -*-===//
///
/// \file
/// Clause arguments (`team_size(n)`, `stream(s)`, `map(to: a[lo:len])`) are
/// copied into generated code that evaluates them where the annotated
/// statement is. To check them before that, analysis parses each one with
/// Clang's parser and Sema re-entered at the statement's scope, after the
/// translation unit is parsed.
///
//===----------------------------------------------------------------------===//

#ifndef HPP_ANALYSIS_STATEMENTSCOPE_H
#define HPP_ANALYSIS_STATEMENTSCOPE_H

#include "clang/Parse/Parser.h"
#include "clang/Sema/EnterExpressionEvaluationContext.h"
#include "clang/Sema/Sema.h"
#include <memory>

namespace hpp {

class Diagnoser;

/// A lambda introducer among \p Toks: a `[` that does not follow an
/// operand, so it does not subscript.
bool hasLambda(llvm::ArrayRef<clang::Token> Toks);

/// Clang's parser and Sema, re-entered after the translation unit at the
/// scope of one statement: a scope per enclosing namespace and class (with
/// their template parameters) and one for the function, holding the local
/// declarations visible at the statement. Clause expressions are parsed
/// in an unevaluated context: they only need their types and constant
/// values, and nothing is captured or instantiated for code that hppc
/// copies as text.
class StatementScope {
public:
  /// \p Inner: the innermost function around \p At.
  StatementScope(clang::Sema &S, const clang::Stmt *At, clang::FunctionDecl *Inner);
  ~StatementScope();
  StatementScope(const StatementScope &) = delete;
  StatementScope &operator=(const StatementScope &) = delete;

  /// Parses \p Toks as one expression; null after Clang or this function
  /// reported why not.
  clang::Expr *parse(llvm::ArrayRef<clang::Token> Toks, llvm::StringRef ClauseName,
                     Diagnoser &Diags);

private:
  /// The parser of the translation unit when it is still alive, else one
  /// made here: the preprocessor takes one parser's pragma handlers.
  static clang::Parser &parser(clang::Sema &S, std::unique_ptr<clang::Parser> &Own);
  clang::Scope *enter(unsigned Flags, clang::DeclContext *Entity);

  clang::Sema &S;
  std::unique_ptr<clang::Parser> Own;
  clang::Parser &P;
  unsigned Entered = 0;
  clang::Scope *SavedTU;
  clang::Sema::ContextRAII Context;
  clang::EnterExpressionEvaluationContext Unevaluated;
};

} // namespace hpp

#endif // HPP_ANALYSIS_STATEMENTSCOPE_H
