//===- TranslationConsumer.h - Translate the AST of one parse ---*- C++ -*-===//
///
/// \file
/// The translation of a parse, from the pragma handler to the generated
/// text: shared by hppc's own parse (translateFile) and by the parse of a
/// compiler that loaded the Clang plugin (createInParseTranslation).
///
//===----------------------------------------------------------------------===//

#ifndef HPP_DRIVER_TRANSLATIONCONSUMER_H
#define HPP_DRIVER_TRANSLATIONCONSUMER_H

#include "Analysis/DeviceRestrictions.h"
#include "hppc/InParseTranslation.h"
#include "hppc/Translator.h"
#include "clang/Frontend/FrontendAction.h"

namespace hpp {

/// Call before \p CI parses (from CreateASTConsumer): installs hpp's pragma
/// handler and the preprocessor callbacks on \p CI's preprocessor now; the
/// consumer translates the main file once the AST is complete and hands
/// the result to \p Done. The file is taken as it was parsed: parallel_*
/// calls must have been lowered already. With \p Remarks the report is
/// also given as remarks at the user's lines. \p Format lays out the
/// generated lines.
llvm::Expected<std::unique_ptr<clang::ASTConsumer>>
createTranslationConsumer(clang::CompilerInstance &CI, Backend Target, bool Remarks,
                          TranslationDone Done, const DeviceAssumptions &Assume = {},
                          FormatChoice Format = FormatChoice::File);

/// A syntax-only action that translates through createTranslationConsumer
/// and stores the result in \p Result.
std::unique_ptr<clang::FrontendAction>
createTranslateAction(Backend Target, bool Remarks, TranslationResult &Result,
                      const DeviceAssumptions &Assume = {},
                      FormatChoice Format = FormatChoice::File);

} // namespace hpp

#endif // HPP_DRIVER_TRANSLATIONCONSUMER_H
