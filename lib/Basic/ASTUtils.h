//===- ASTUtils.h - Small AST helpers shared by the analyses ----*- C++ -*-===//

#ifndef HPP_BASIC_ASTUTILS_H
#define HPP_BASIC_ASTUTILS_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/Basic/SourceManager.h"
#include <string>

namespace clang {
class CXXThrowExpr;
class CXXTryStmt;
} // namespace clang

namespace hpp {

/// The user's text for a token range, as written.
std::string getSourceText(clang::SourceRange R, const clang::ASTContext &Ctx);
/// getSourceText for a diagnostic that quotes code: in a functor body the
/// parallel_* lowering copied to its call, a member reached through the
/// functor's copy (`hpp_functor0.x(i)`) reads as the functor's body
/// writes it (`x(i)`).
std::string diagnosticText(clang::SourceRange R, const clang::ASTContext &Ctx);

/// The location just past the last character of \p S, including the `;`
/// that ends an expression, declaration or jump statement. When \p S ends
/// inside a macro expansion that holds more code, the end of that
/// expansion: an extent for comparing positions, not a place to edit (see
/// getStmtFileRange).
clang::SourceLocation getEndOfStmt(const clang::Stmt *S,
                                   const clang::ASTContext &Ctx);

/// The characters of the file that statements \p First through \p Last
/// (with the `;` ending the last) come from, or an invalid range when no
/// such range holds them and nothing else: one begins or ends inside a
/// macro expansion that produces other code as well. A whole macro
/// invocation, or file text with macro invocations inside, maps.
clang::CharSourceRange getStmtFileRange(const clang::Stmt *First,
                                        const clang::Stmt *Last,
                                        const clang::ASTContext &Ctx);

/// The characters of the file expression \p E comes from (a macro
/// invocation as a whole where E is one), or an invalid range when E is
/// only part of a macro's expansion.
clang::CharSourceRange getExprFileRange(const clang::Expr *E,
                                        const clang::ASTContext &Ctx);

/// The name of the outermost macro whose expansion produced \p Loc (the
/// one invoked in the file), or "" for file text.
llvm::StringRef getOutermostMacroName(clang::SourceLocation Loc,
                                      const clang::ASTContext &Ctx);

/// The variable \p E names, looking through parentheses and implicit casts.
const clang::VarDecl *getReferencedVar(const clang::Expr *E);

/// Whether \p A and \p B are the same expression, parentheses and
/// implicit conversions around them aside: the same structure naming the
/// same declarations (Stmt::Profile).
bool isSameExpr(const clang::Expr *A, const clang::Expr *B, const clang::ASTContext &Ctx);

/// Whether \p Inner is \p Outer or one of its descendants.
bool isPartOf(const clang::Stmt *Inner, const clang::Stmt *Outer);

/// Whether \p Loc lies inside \p R (both in the main file).
bool rangeContains(clang::SourceRange R, clang::SourceLocation Loc,
                   const clang::SourceManager &SM);

/// The spelling of \p T for generated code in the scope of the user's
/// statement.
std::string getTypeName(clang::QualType T, const clang::ASTContext &Ctx);

unsigned getLine(clang::SourceLocation Loc, const clang::SourceManager &SM);

/// Whether \p T is a specialisation of hpp::View (through typedefs and
/// references): a handle whose data() the runtime checks and into which a
/// parallel_reduce can deliver its result.
bool isHppView(clang::QualType T);

/// The element type of \p T when it is an hpp::View of rank \p Rank (as
/// isHppView), else a null type.
clang::QualType hppViewElement(clang::QualType T, unsigned Rank);

/// Whether a copy of \p T made on the host can be used on a device: \p T is
/// trivially copyable, an hpp::View or hpp::UniqueToken (handles whose
/// reference counts are host-only), or a class with implicit copy and
/// destruction whose bases and fields all are. The rule for *this, functors
/// and reducers that regions copy into a kernel.
bool isDeviceCopyable(clang::QualType T, const clang::ASTContext &Ctx);

/// The parallel_* lowering names its copy of a functor body `hpp_functor<N>`
/// (the region captures it); diagnostics call it "the functor" by its type.
inline constexpr llvm::StringLiteral FunctorCopyPrefix = "hpp_functor";
bool isFunctorCopy(const clang::VarDecl *V);

/// The parallel_* lowering binds a call's result (a variable, a View) to a
/// reference `hpp_result<N>`; the report names it by what it is bound to.
inline constexpr llvm::StringLiteral ResultBindingPrefix = "hpp_result";
bool isResultBinding(const clang::VarDecl *V);

/// The copy of pattern variable \p P in the function that contains
/// instantiated statement \p Inst (instantiated declarations keep their
/// pattern's location), or null.
const clang::VarDecl *findInstantiatedVar(const clang::VarDecl *P, const clang::Stmt *Inst,
                                          clang::ASTContext &Ctx);

/// Whether a handler of \p Try catches what \p Throw throws: `catch (...)`,
/// the thrown type, or a base class of it. A rethrow (`throw;`) is caught
/// only by `catch (...)`.
bool catchesThrow(const clang::CXXTryStmt &Try, const clang::CXXThrowExpr &Throw);

/// The innermost function around a statement (a lambda's call operator
/// included) and the outermost one.
struct EnclosingFunctions {
  clang::FunctionDecl *Inner = nullptr;
  clang::FunctionDecl *Outer = nullptr;
};
EnclosingFunctions enclosingFunctions(const clang::Stmt *S, clang::ASTContext &Ctx);

} // namespace hpp

#endif // HPP_BASIC_ASTUTILS_H
