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
#include <optional>
#include <string>
#include <vector>

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

/// A half-open range of characters [Begin, End) in a text.
struct TextRange {
  size_t Begin = 0;
  size_t End = 0;
};

/// The rewritten file, and which of its characters are not generated: the
/// user's text, and copies of it placed under a `#line` (`userCopy`).
/// Whatever lays out the generated text (the formatter) must leave those
/// characters as they are and keep them on their lines.
struct EditedText {
  std::string Text;
  /// Sorted and disjoint.
  std::vector<TextRange> Kept;
};

/// Whether [Begin, End) of a text whose kept ranges are \p Kept (sorted,
/// disjoint) holds no kept character.
bool noneKept(const std::vector<TextRange> &Kept, size_t Begin, size_t End);

/// Reports \p E, an edit that failed, as the refusal of the region at
/// \p Loc; a MacroEditError adds a note naming the macro at its invocation.
void reportEditError(llvm::Error E, clang::SourceLocation Loc, Diagnoser &Diags,
                     const clang::ASTContext &Ctx);

/// The line a `#line N "file"` directive names and its file (empty when it
/// names none), or nothing when \p Line is not such a directive.
std::optional<std::pair<unsigned, llvm::StringRef>> parseLineDirective(llvm::StringRef Line);

class SourceEditor {
public:
  SourceEditor(clang::ASTContext &Ctx, llvm::StringRef FileName);

  /// Replaces the characters [Begin, End) with \p Text. When \p Text has
  /// line breaks, a `#line` directive follows it so that the user's text
  /// after End keeps its line number.
  llvm::Error replace(clang::SourceLocation Begin, clang::SourceLocation End,
                      llvm::StringRef Text);
  /// Replaces the token range \p R (a loop header) with \p Text on lines
  /// of its own, the user's text after the range under a `#line`.
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
  /// \p Last, inside any text inserted around them before.
  llvm::Error wrapStmts(const clang::Stmt *First, const clang::Stmt *Last,
                        llvm::StringRef Before, llvm::StringRef After);

  /// \p Text, a copy of the user's text at \p Loc (a clause's expression,
  /// a loop body run on a second path), with a `#line` naming Loc's line
  /// before it: as user text, it keeps its layout and its line.
  static std::string userCopy(llvm::StringRef LineDirective, llvm::StringRef Text);
  std::string userCopy(clang::SourceLocation Loc, llvm::StringRef Text) const {
    return userCopy(lineDirective(Loc), Text);
  }

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
  /// The user's line before \p Loc with every character but tabs made a
  /// blank: text put after it starts at Loc's column.
  std::string blanksBefore(clang::SourceLocation Loc) const;

  /// Prefixes every line of \p Text but the first (which goes where the
  /// replaced text started), preprocessor directives and the lines of
  /// copies of the user's text (userCopy), which keep their layout.
  static std::string indentBlock(llvm::StringRef Text, llvm::StringRef Indent);

  /// The rewritten main file (what the lowering parses again).
  std::string result() const;
  /// The rewritten main file for output: the user's characters located,
  /// copies' marks removed, and a `#line` followed by what is left of a
  /// user's line holding only blanks naming the next line instead.
  EditedText finish() const;
  llvm::StringRef fileName() const { return FileName; }
  clang::ASTContext &context() { return Ctx; }

private:
  llvm::Error checkEditable(clang::SourceLocation Loc) const;
  /// Adds the `#line` resynchronisation to multi-line \p Text that
  /// replaces [Begin, Loc) (or is inserted at Begin == Loc).
  std::string withResync(llvm::StringRef Text, clang::SourceLocation Begin,
                         clang::SourceLocation Loc) const;
  /// The text from \p Loc to the end of its line.
  llvm::StringRef restOfLine(clang::SourceLocation Loc) const;
  /// Loc's buffer, and where Loc's line starts in it and where Loc is.
  struct LinePosition {
    llvm::StringRef Buffer;
    size_t Start, Offset;
  };
  LinePosition linePosition(clang::SourceLocation Loc) const;
  bool restOfLineIsBlank(clang::SourceLocation Loc) const;
  /// Whether only blanks precede \p Loc on its line.
  bool atLineStart(clang::SourceLocation Loc) const;

  void noteRemoved(clang::SourceLocation Begin, clang::SourceLocation End);
  void noteInsert(clang::SourceLocation Loc);

  clang::ASTContext &Ctx;
  clang::Rewriter Rewrite;
  std::string FileName;
  /// Offsets in the main file of the edits: the user's text is what lies
  /// outside the removed ranges, in pieces between the edit points.
  std::vector<TextRange> Removed;
  std::vector<size_t> EditPoints;
};

} // namespace hpp

#endif // HPP_BASIC_SOURCEEDITOR_H
