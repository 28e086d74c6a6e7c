//===- CompileDatabase.cpp - A file's flags from compile_commands.json ----===//
///
/// \file
/// `hppc translate -p BUILD_DIR FILE`, as every LibTooling tool reads it:
/// the flags the build compiles FILE with become the translation's parse
/// flags. The compiler, the inputs, the output, the mode and dependency
/// flags are left out (the translation has its own; CompilerCommand
/// classifies them as for hppc++); relative paths keep their meaning
/// through -working-directory.
///
//===----------------------------------------------------------------------===//

#include "Driver/CompilerCommand.h"
#include "hppc/Translator.h"
#include "clang/Tooling/JSONCompilationDatabase.h"
#include "llvm/Support/Path.h"

using namespace llvm;

namespace hpp {

Expected<std::vector<std::string>> getDatabaseArguments(StringRef BuildDir, StringRef File) {
  SmallString<256> Path(BuildDir);
  sys::path::append(Path, "compile_commands.json");
  if (!sys::fs::exists(Path))
    return createStringError(inconvertibleErrorCode(), "no compile_commands.json in '" +
                                                           BuildDir + "'");
  std::string Message;
  std::unique_ptr<clang::tooling::CompilationDatabase> DB =
      clang::tooling::JSONCompilationDatabase::loadFromFile(
          Path, Message, clang::tooling::JSONCommandLineSyntax::AutoDetect);
  if (!DB)
    return createStringError(inconvertibleErrorCode(), "cannot read '" + Path + "': " + Message);
  SmallString<256> Absolute(File);
  sys::fs::make_absolute(Absolute);
  sys::path::remove_dots(Absolute, /*remove_dot_dot=*/true);
  std::vector<clang::tooling::CompileCommand> Commands = DB->getCompileCommands(Absolute);
  if (Commands.empty())
    return createStringError(inconvertibleErrorCode(),
                             "'" + File + "' is not in " + BuildDir + "/compile_commands.json");
  const clang::tooling::CompileCommand &C = Commands.front();
  // The same classification hppc++ uses: the build's inputs, output, mode
  // and dependency flags belong to its compile, not to the parse.
  ArrayRef<std::string> Line(C.CommandLine);
  Expected<CompilerCommand> Parsed = parseCompilerCommand(Line.drop_front());
  if (!Parsed)
    return Parsed.takeError();
  std::vector<std::string> Args{"-working-directory", C.Directory};
  for (const CommandArg &A : Parsed->Args)
    if ((A.Kind == CommandArg::Preprocess || A.Kind == CommandArg::Other) &&
        A.Words.front() != "--")
      Args.insert(Args.end(), A.Words.begin(), A.Words.end());
  return Args;
}

} // namespace hpp
