//===- SourceEditor.h - Edit the user's source in place ---------*- C++ -*-===//
///
/// \file
/// One Rewriter per translation unit, wrapped so that every generated
/// block keeps the user's code after it on its original line numbers
/// (`#line`), and so that edits inside macro expansions are refused rather
/// than made wrong.
///
//===----------------------------------------------------------------------===//

#ifndef HPP_BASIC_SOURCEEDITOR_H
#define HPP_BASIC_SOURCEEDITOR_H

#include "clang/AST/ASTContext.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Rewrite/Core/Rewriter.h"
#include "llvm/Support/Error.h"
#include <string>

namespace hpp {

/// An edit that would fall inside a macro's expansion: hppc edits the
/// file, so it can put text around a whole macro invocation but not into
/// the code one produces. Carries where, so that the diagnostic can point
/// at the invocation and name the macro.
class MacroEditError : public llvm::ErrorInfo<MacroEditError> {
public:
  static char ID;
  explicit MacroEditError(clang::SourceLocation Loc) : Loc(Loc) {}
  /// The location inside the expansion (a macro location), for the note
  /// naming the macro.
  clang::SourceLocation Loc;
  void log(llvm::raw_ostream &OS) const override;
  std::error_code convertToErrorCode() const override {
    return llvm::inconvertibleErrorCode();
  }
};

class Diagnoser;

/// Reports \p E, an edit that failed, as the refusal of the region at
/// \p Loc; a MacroEditError adds a note naming the macro at its invocation.
void reportEditError(llvm::Error E, clang::SourceLocation Loc, Diagnoser &Diags,
                     const clang::ASTContext &Ctx);

class SourceEditor {
public:
  SourceEditor(clang::ASTContext &Ctx, llvm::StringRef FileName);

  /// Replaces the characters [Begin, End) with \p Text. When \p Text has
  /// line breaks, a `#line` directive follows it so that the user's text
  /// after End keeps its line number.
  llvm::Error replace(clang::SourceLocation Begin, clang::SourceLocation End,
                      llvm::StringRef Text);
  /// Replaces the token range \p R with one line of text, padded with line
  /// breaks to keep the following lines in place.
  llvm::Error replaceTokens(clang::SourceRange R, llvm::StringRef Text);
  /// Inserts \p Text at \p Loc, after anything already inserted there.
  llvm::Error insert(clang::SourceLocation Loc, llvm::StringRef Text);
  /// Inserts \p Text at \p Loc, before anything already inserted there.
  llvm::Error insertBefore(clang::SourceLocation Loc, llvm::StringRef Text);

  /// The file characters of statements \p First through \p Last (\p First
  /// alone when null), `;` included, to edit around as a whole; a
  /// MacroEditError when a macro expansion also produces code outside them.
  llvm::Expected<clang::CharSourceRange>
  stmtRange(const clang::Stmt *First, const clang::Stmt *Last = nullptr) const;

  /// Replaces statement \p S, `;` included, with \p Text.
  llvm::Error replaceStmt(const clang::Stmt *S, llvm::StringRef Text);
  /// Inserts \p Text just after statement \p S and its `;`.
  llvm::Error insertAfterStmt(const clang::Stmt *S, llvm::StringRef Text);
  /// Puts \p Before and \p After around statements \p First through
  /// \p Last.
  llvm::Error wrapStmts(const clang::Stmt *First, const clang::Stmt *Last,
                        llvm::StringRef Before, llvm::StringRef After);

  /// `#line N "file"` naming the line of \p Loc.
  std::string lineDirective(clang::SourceLocation Loc) const;
  std::string lineDirective(unsigned Line) const;
  /// The text of [Begin, End) with the edits made so far.
  std::string rewrittenText(clang::SourceLocation Begin,
                            clang::SourceLocation End) const;
  /// The user's text of [Begin, End), as written.
  std::string originalText(clang::SourceLocation Begin,
                           clang::SourceLocation End) const;
  unsigned line(clang::SourceLocation Loc) const;
  /// Leading whitespace of the line holding \p Loc.
  std::string indentOf(clang::SourceLocation Loc) const;

  /// Prefixes every line of \p Text but the first (which goes where the
  /// replaced text started) and preprocessor directives.
  static std::string indentBlock(llvm::StringRef Text, llvm::StringRef Indent);

  /// The rewritten main file.
  std::string result() const;
  llvm::StringRef fileName() const { return FileName; }
  clang::ASTContext &context() { return Ctx; }

private:
  llvm::Error checkEditable(clang::SourceLocation Loc) const;
  /// Adds the `#line` resynchronisation to multi-line \p Text that
  /// replaces [Begin, Loc) (or is inserted at Begin == Loc).
  std::string withResync(llvm::StringRef Text, clang::SourceLocation Begin,
                         clang::SourceLocation Loc) const;
  bool restOfLineIsBlank(clang::SourceLocation Loc) const;
  /// Whether only blanks precede \p Loc on its line.
  bool atLineStart(clang::SourceLocation Loc) const;

  clang::ASTContext &Ctx;
  clang::Rewriter Rewrite;
  std::string FileName;
};

} // namespace hpp

#endif // HPP_BASIC_SOURCEEDITOR_H
