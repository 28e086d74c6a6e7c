//===- GeneratedFormat.h - Lay out the generated code -----------*- C++ -*-===//
///
/// \file
/// Formats the lines hppc generated with clang's Format library, in the
/// user's style, leaving the user's text and every line mapping as they
/// are: users open the translation to tune it, and their compiler and
/// debugger must still point at their lines.
///
//===----------------------------------------------------------------------===//

#ifndef HPP_DRIVER_GENERATEDFORMAT_H
#define HPP_DRIVER_GENERATEDFORMAT_H

#include "Basic/SourceEditor.h"
#include "hppc/Translator.h"
#include "clang/Format/Format.h"
#include <string>

namespace hpp {

struct FormattedText {
  std::string Text;
  /// Where the kept text is in Text.
  std::vector<TextRange> Kept;
  /// Runs of generated lines left as emitted because laying them out
  /// would have moved a user's line.
  unsigned RunsLeft = 0;
};

/// The style for \p Choice: the `.clang-format` above \p InputPath (File;
/// LLVM where there is none or it cannot be read, saying why in
/// \p Warning), or LLVM's; with the passes that change more than layout
/// (braces, qualifiers, include and using sorting) turned off.
clang::format::FormatStyle generatedCodeStyle(FormatChoice Choice, llvm::StringRef InputPath,
                                              std::string &Warning);

/// Formats the generated lines of \p In with \p Style: each run of them
/// (with the copies of user text inside it, which stay as they are) as a
/// piece of code of its own, indented as the emitter indented it. The
/// kept text is never changed; a run is laid out only if every kept text
/// stays on the line its `#line` gives it, and a kept text that starts its
/// line still starts it.
FormattedText formatGenerated(const EditedText &In, const clang::format::FormatStyle &Style,
                              llvm::StringRef FileName);

} // namespace hpp

#endif // HPP_DRIVER_GENERATEDFORMAT_H
