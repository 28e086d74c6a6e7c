//===- StmtLocator.h - Find the statement a pragma applies to ---*- C++ -*-===//
///
/// \file
/// Pragmas are recorded by location while parsing; this index maps a
/// location to the statement that starts right after it, both in the code
/// as written and in every template instantiation of it (instantiated
/// statements keep the locations of their pattern).
///
//===----------------------------------------------------------------------===//

#ifndef HPP_ANALYSIS_STMTLOCATOR_H
#define HPP_ANALYSIS_STMTLOCATOR_H

#include "clang/AST/ASTContext.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/SmallVector.h"
#include <vector>

namespace hpp {

struct LocatedStmt {
  /// The statement as written (in a template: the pattern).
  const clang::Stmt *Written = nullptr;
  const clang::FunctionDecl *Function = nullptr;
  /// The same statement in each instantiation of an enclosing template.
  llvm::SmallVector<const clang::Stmt *, 2> Instances;
};

class StmtLocator {
public:
  /// \p Skipped: the conditional blocks the preprocessor skipped.
  explicit StmtLocator(clang::ASTContext &Ctx,
                       llvm::ArrayRef<clang::SourceRange> Skipped = {});

  /// The outermost statement starting after \p Loc with only whitespace,
  /// comments, conditional directives (`#if` ... `#endif`) and skipped
  /// conditional blocks between; null if there is none.
  const LocatedStmt *findStmtAfter(clang::SourceLocation Loc) const;

  /// The innermost compound statement containing \p Loc and the index of
  /// its first child starting after \p Loc.
  const clang::CompoundStmt *findEnclosingCompound(clang::SourceLocation Loc,
                                                   unsigned &ChildIndex) const;

  /// Whether \p Loc is inside some function body.
  bool isInFunctionBody(clang::SourceLocation Loc) const;

private:
  struct Entry {
    unsigned Offset;
    LocatedStmt Stmt;
  };
  struct Compound {
    unsigned Begin, End;
    const clang::CompoundStmt *S;
  };
  friend class StmtIndexer;
  clang::ASTContext &Ctx;
  std::vector<Entry> Entries;
  std::vector<Compound> Compounds;
  std::vector<std::pair<unsigned, unsigned>> Bodies;
  /// Skipped conditional blocks of the main file, as [begin, end) offsets.
  std::vector<std::pair<unsigned, unsigned>> SkippedBlocks;
};

} // namespace hpp

#endif // HPP_ANALYSIS_STMTLOCATOR_H
