//===- InParseTranslation.h - Translate inside a compiler's parse -*- C++ -*-===//
///
/// \file
/// The library's entry point for the Clang plugin: the translation of the
/// file a compiler is parsing anyway, through the same consumer hppc uses
/// for its own parse, so that both write the same text and report the same
/// diagnostics.
///
//===----------------------------------------------------------------------===//

#ifndef HPPC_INPARSETRANSLATION_H
#define HPPC_INPARSETRANSLATION_H

#include "hppc/Translator.h"
#include <functional>
#include <memory>

namespace clang {
class ASTConsumer;
class CompilerInstance;
} // namespace clang

namespace hpp {

/// Receives the translation of a parse once it is done; Succeeded is false
/// when an error was reported (then Output must not be used).
using TranslationDone = std::function<void(TranslationResult &)>;

/// Translates the main file of the parse \p CI is about to run (call it from
/// a plugin's CreateASTConsumer). The backend's parse macros are added to
/// that parse; diagnostics go to \p CI's engine. A file that calls
/// parallel_* is lowered from this parse's AST and the lowered text parsed
/// once more, as hppc does; that parse reports only hpp's diagnostics and
/// errors, clang's warnings having been given by the first.
llvm::Expected<std::unique_ptr<clang::ASTConsumer>>
createInParseTranslation(clang::CompilerInstance &CI, Backend Target, TranslationDone Done);

/// Whether \p CI runs the second parse of a file that calls parallel_*:
/// the plugin, registered in that process, must stay out of it.
bool isInnerParse(const clang::CompilerInstance &CI);

} // namespace hpp

#endif // HPPC_INPARSETRANSLATION_H
