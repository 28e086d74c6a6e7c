//===- Recognition.h - Finding hpp's API in the AST -------------*- C++ -*-===//
///
/// \file
/// Calls are recognised by their declaration, not their spelling: a callee
/// is hpp's when it is declared so named in the top-level namespace `hpp`
/// (in a template, when one of the candidates is). So `using namespace hpp`,
/// using-declarations and calls in templates work, and a user's own
/// `parallel_for` does not match. Also here: the statement a call is, and
/// the wrappers that only forward their parameters to a parallel_* call.
///
//===----------------------------------------------------------------------===//

#ifndef HPP_FRONTEND_API_RECOGNITION_H
#define HPP_FRONTEND_API_RECOGNITION_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringSet.h"
#include <optional>

namespace hpp {
namespace api {

enum class ApiKind { None, For, Reduce, Scan, Single };

/// `hpp::NAME`, recognised by declaration.
bool isHppFunction(const clang::NamedDecl *D, llvm::StringRef Name);
bool calleeIs(const clang::CallExpr *CE, llvm::StringRef Name);
ApiKind apiKindOf(const clang::CallExpr *CE);
/// Looks through the wrappers Clang puts around temporaries and casts.
const clang::Expr *strip(const clang::Expr *E);
llvm::StringRef recordName(const clang::Expr *E);
/// Whether \p T names hpp::TeamMember (through references and const).
bool isTeamMemberType(clang::QualType T);
/// Whether \p E is a string literal (a label), possibly converted.
bool isStringLiteral(const clang::Expr *E);
/// The first declaration of \p RD, then of its bases (depth first), that
/// \p Match accepts.
const clang::Decl *findInClassOrBases(const clang::CXXRecordDecl *RD,
                                      llvm::function_ref<bool(const clang::Decl *)> Match);
/// The member function \p Name of \p RD or of a base, if any.
const clang::CXXMethodDecl *findMethod(const clang::CXXRecordDecl *RD, llvm::StringRef Name);
/// Every reference to \p D in \p S, lambda bodies included.
llvm::SmallVector<const clang::DeclRefExpr *, 8> refsTo(const clang::Stmt *S,
                                                        const clang::ValueDecl *D);

/// Every name \p E mentions: the declarations it refers to (macros and
/// templates included) and each identifier of its text \p Text. The
/// lowering declares loops and accumulators under a body's own parameter
/// names only where the policy mentions none of them (Space::Mentions).
llvm::StringSet<> mentionedNames(const clang::Expr *E, llvm::StringRef Text);

/// The statement a call is, and whether it is the unbraced body of an if,
/// a loop, a case or a label.
struct CallStatement {
  const clang::Stmt *S = nullptr;
  bool Unbraced = false;
};
/// std::nullopt when the call is part of a larger expression.
std::optional<CallStatement> statementOf(const clang::CallExpr *CE, clang::ASTContext &Ctx);

/// Whether every argument of \p CE is a parameter of the enclosing function
/// (or a label): the call inside a wrapper forwarding a policy and a body.
bool isForwarding(const clang::CallExpr *CE);

/// A call of a function that only forwards its parameters to a parallel_*
/// call: the API call it makes, with the outer call's arguments.
struct ForwardedCall {
  ApiKind Kind = ApiKind::None;
  llvm::SmallVector<const clang::Expr *, 6> Args;
};
std::optional<ForwardedCall> forwardedCall(const clang::CallExpr *CE);

} // namespace api
} // namespace hpp

#endif // HPP_FRONTEND_API_RECOGNITION_H
