//===- TranslatorTestSupport.h - Parse and analyse snippets -----*- C++ -*-===//
///
/// \file
/// A Snippet parses a piece of C++ the way the translator's TranslateAction
/// does (the `hpp` pragma handler installed, the same Clang command line)
/// and, unless asked not to, runs buildRegions() on its directives. The
/// compiler instance stays alive as long as the Snippet, because the model
/// and the directives point into its AST. Every diagnostic is recorded with
/// its level and line, so that tests can say "this error at that line".
///
//===----------------------------------------------------------------------===//

#ifndef HPP_UNITTESTS_TRANSLATORTESTSUPPORT_H
#define HPP_UNITTESTS_TRANSLATORTESTSUPPORT_H

#include "Basic/Diagnostics.h"
#include "Basic/Directive.h"
#include "IR/Region.h"
#include "clang/Basic/Diagnostic.h"
#include "llvm/ADT/StringRef.h"
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace clang {
class ASTContext;
class CompilerInstance;
class ForStmt;
class FrontendAction;
class Sema;
class Stmt;
class VarDecl;
} // namespace clang

namespace hpp {
namespace test {

struct DiagRecord {
  clang::DiagnosticsEngine::Level Level;
  /// The file's name when it is not the snippet, else empty.
  std::string File;
  unsigned Line = 0;
  unsigned Column = 0;
  std::string Message;
};

struct SnippetOptions {
  /// Run buildRegions() after the parse. Off for the parser's tests and for
  /// units a test calls itself.
  bool Analyze = true;
  /// More Clang arguments (`-DNAME`, `-std=c++20`, ...).
  std::vector<std::string> Args;
  /// Files beside the snippet, reachable with `#include "name"`.
  std::vector<std::pair<std::string, std::string>> Files;
};

/// \p Code with the first \p Hole replaced by \p Text: one snippet, several
/// variants.
std::string substitute(llvm::StringRef Code, llvm::StringRef Hole, llvm::StringRef Text);

/// Options that stop after the parse: directives and diagnostics, no model.
SnippetOptions parseOnly();

class Snippet {
public:
  explicit Snippet(llvm::StringRef Code, SnippetOptions Opts = {});
  ~Snippet();
  Snippet(const Snippet &) = delete;
  Snippet &operator=(const Snippet &) = delete;

  /// Whether Clang parsed the code without an error of its own; hpp's
  /// errors do not count.
  bool compiled() const { return Compiled; }

  std::vector<Directive> &directives() { return Directives; }
  TranslationModel &model() { return Model; }
  const Region &region(size_t I) const { return Model.Regions.at(I); }
  clang::ASTContext &context();
  clang::Sema &sema();
  Diagnoser &diagnoser() { return *Diags; }

  const std::vector<DiagRecord> &diagnostics() const { return Records; }
  /// "LINE: message" for each error, in the order reported.
  std::vector<std::string> errors() const;
  /// The same for warnings.
  std::vector<std::string> warnings() const;
  /// Messages of the notes, in order.
  std::vector<std::string> notes() const;

  /// The line of the first occurrence of \p Text in the snippet (a failure
  /// of the calling test when there is none).
  unsigned lineOf(llvm::StringRef Text) const;
  /// The column of the first occurrence of \p Text on its line.
  unsigned columnOf(llvm::StringRef Text) const;
  /// "LINE: Message" with the line of \p Text: an element of errors().
  std::string at(llvm::StringRef Text, llvm::StringRef Message) const;

  unsigned line(clang::SourceLocation Loc) const;
  unsigned column(clang::SourceLocation Loc) const;
  /// The source text of \p R as written.
  std::string text(clang::SourceRange R);

  /// The statement a directive annotates (the one right after its line).
  const clang::Stmt *stmtAfter(const Directive &D);
  const clang::ForStmt *loopAfter(const Directive &D);
  /// The first variable or parameter called \p Name in the snippet.
  const clang::VarDecl *var(llvm::StringRef Name);

private:
  class Action;
  class KeepAlive;

  std::string Code;
  bool Compiled = false;
  bool Analyze;
  /// Declared before the compiler, which reports to them until it is gone.
  std::unique_ptr<clang::DiagnosticConsumer> Recorder;
  std::vector<DiagRecord> Records;
  std::vector<Directive> Directives;
  TranslationModel Model;
  std::unique_ptr<clang::CompilerInstance> Compiler;
  std::unique_ptr<clang::FrontendAction> FrontendAct;
  std::unique_ptr<Diagnoser> Diags;
};

/// The names of the functions a region calls, in the model's order.
std::vector<std::string> callNames(const Region &R);
/// The names of a region's captures, in order of first use.
std::vector<std::string> captureNames(const Region &R);

/// A Snippet of \p Code, which must compile (hpp's own errors aside): a
/// failure of the calling test otherwise.
std::unique_ptr<Snippet> compile(llvm::StringRef Code, SnippetOptions Opts = {});

} // namespace test
} // namespace hpp

#endif // HPP_UNITTESTS_TRANSLATORTESTSUPPORT_H
