//===- CompileDatabase.cpp - A file's flags from compile_commands.json ----===//
///
/// \file
/// `hppc translate -p BUILD_DIR FILE`, as every LibTooling tool reads it:
/// the flags the build compiles FILE with become the translation's parse
/// flags. The compiler, the input, the output and the mode flags are left
/// out (the translation has its own); relative paths keep their meaning
/// through -working-directory.
///
//===----------------------------------------------------------------------===//

#include "hppc/Translator.h"
#include "clang/Tooling/JSONCompilationDatabase.h"
#include "llvm/ADT/StringSwitch.h"
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
  std::vector<std::string> Args{"-working-directory", C.Directory};
  const std::vector<std::string> &Line = C.CommandLine;
  for (size_t I = 1; I < Line.size(); ++I) {
    StringRef A = Line[I];
    // The output and what names it, the mode, and dependency files belong
    // to the build's compile, not to the translation's parse.
    if (A == "-o" || A == "-MF" || A == "-MT" || A == "-MQ") {
      ++I;
      continue;
    }
    bool Drop = StringSwitch<bool>(A)
                    .Cases("-c", "-MD", "-MMD", "-MP", "--", true)
                    .Default(A.starts_with("-o") || A.starts_with("-MF") ||
                             A.starts_with("-MT") || A.starts_with("-MQ"));
    if (Drop || A == C.Filename || sys::path::filename(A) == sys::path::filename(C.Filename))
      continue;
    Args.push_back(A.str());
  }
  return Args;
}

} // namespace hpp
