//===- hppc-front.cpp - hppc++'s front: pass plain compiles through -------===//
///
/// \file
/// `hppc++` runs once per file of a build, and most files of a project
/// that adopts hpp one loop at a time have no annotations. This program
/// is `hppc++`: plain C++17 and POSIX, it does not link LLVM or Clang, so
/// starting it costs about as much as starting any small program. It reads
/// the command line just enough to find the sources and the mode, scans
/// the sources with the wrapper's own test (hppc/CommandWords.h), and when
/// nothing needs hpp it execs the underlying compiler with the arguments
/// as given, minus hpp's options. Everything else (a translation, a link,
/// which gets the runtime, a response file, a report, a bad option) is
/// handed unchanged to the full wrapper in hppc, which decides it all
/// again: the front only ever takes the path the wrapper would take.
///
//===----------------------------------------------------------------------===//

#include "hppc/CommandWords.h"
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <string_view>
#include <sys/stat.h>
#include <unistd.h>
#include <vector>

namespace {

/// The front's view of one command line.
struct Call {
  std::string Compiler;          ///< a launcher's first argument, or empty
  std::vector<std::string> Args; ///< without hpp's own options
  bool NeedsWrapper = false;     ///< hand it to hppc, which knows more
};

bool isExecutableFile(const std::string &Path) {
  struct stat St;
  return access(Path.c_str(), R_OK | X_OK) == 0 && stat(Path.c_str(), &St) == 0 &&
         S_ISREG(St.st_mode);
}

bool isOnPath(std::string_view Name) {
  const char *Path = std::getenv("PATH");
  if (!Path)
    return false;
  std::string_view Dirs(Path);
  while (!Dirs.empty()) {
    size_t Colon = Dirs.find(':');
    std::string_view Dir = Dirs.substr(0, Colon);
    Dirs = Colon == std::string_view::npos ? std::string_view() : Dirs.substr(Colon + 1);
    if (Dir.empty())
      continue;
    if (isExecutableFile(std::string(Dir) + "/" + std::string(Name)))
      return true;
  }
  return false;
}

/// As Driver/CompilerCommand.cpp decides a launcher call: the first word
/// names an executable that is not an input of the compile.
bool looksLikeCompiler(std::string_view Word) {
  if (Word.empty() || Word[0] == '-' || Word[0] == '@' || hpp::isCXXSourcePath(Word))
    return false;
  for (std::string_view Ext : {".o", ".a", ".so", ".c"})
    if (Word.size() >= Ext.size() && Word.substr(Word.size() - Ext.size()) == Ext &&
        Word.find('/', Word.size() - Ext.size()) == std::string_view::npos)
      return false;
  if (Word.find('/') != std::string_view::npos)
    return isExecutableFile(std::string(Word));
  return isOnPath(Word);
}

bool readFile(const std::string &Path, std::string &Text) {
  FILE *F = std::fopen(Path.c_str(), "rb");
  if (!F)
    return false;
  char Buffer[65536];
  size_t N;
  while ((N = std::fread(Buffer, 1, sizeof Buffer, F)) > 0)
    Text.append(Buffer, N);
  std::fclose(F);
  return true;
}

bool hasAnnotations(const std::string &Path) {
  std::string Text;
  return readFile(Path, Text) && hpp::hasAnnotationText(Text);
}

/// Whether a backend name is one the wrapper accepts for a pass-through.
bool isPassThroughBackend(std::string_view Name) {
  return Name == "openmp" || Name == "cuda";
}

Call classify(int Argc, char **Argv) {
  Call C;
  int I = 1;
  if (I < Argc && looksLikeCompiler(Argv[I]))
    C.Compiler = Argv[I++];
  bool Compile = false, DepsOnly = false, AnyInput = false;
  std::vector<std::string> Sources;
  std::string Language;
  for (; I < Argc; ++I) {
    std::string_view W = Argv[I];
    if (hpp::isWrapperOption(W)) {
      // The options a pass-through ignores; anything else (a report, an
      // unknown --hpp- option) is the wrapper's to handle.
      if (W == "--keep" || W == "-save-temps" || W == "--save-temps" ||
          W == "--hpp-managed-heap") // a link option; links go to the wrapper
        continue;
      if (W.substr(0, 14) == "--hpp-backend=" && isPassThroughBackend(W.substr(14)))
        continue;
      C.NeedsWrapper = true;
      return C;
    }
    if (!W.empty() && W[0] == '@') {
      C.NeedsWrapper = true; // the wrapper expands response files
      return C;
    }
    C.Args.emplace_back(W);
    if (hpp::takesSeparateValue(W)) {
      if (I + 1 == Argc) {
        C.NeedsWrapper = true; // for its error message
        return C;
      }
      C.Args.emplace_back(Argv[++I]);
      if (W == "-x")
        Language = Argv[I];
      continue;
    }
    if (W.size() > 2 && W.substr(0, 2) == "-x")
      Language = W.substr(2);
    else if (W == "-c" || W == "-E" || W == "-S" || W == "-fsyntax-only")
      Compile = true;
    else if (W == "-M" || W == "-MM")
      DepsOnly = true;
    else if (W == "-" || (!W.empty() && W[0] != '-')) {
      AnyInput = true;
      bool Source = W != "-" && (Language.empty() || Language == "none"
                                     ? hpp::isCXXSourcePath(W)
                                     : Language == "c++" || Language == "cu" ||
                                           Language == "cuda");
      if (Source)
        Sources.emplace_back(W);
    }
  }
  // A link gets the runtime; only the wrapper adds it.
  if (!Compile && !DepsOnly && AnyInput) {
    C.NeedsWrapper = true;
    return C;
  }
  // The wrapper writes only dependencies, even for annotated files.
  if (DepsOnly)
    return C;
  for (const std::string &S : Sources)
    if (hasAnnotations(S)) {
      C.NeedsWrapper = true;
      return C;
    }
  return C;
}

/// The directory holding this program, where hppc lives too.
std::string selfDirectory() {
  std::string Path(4096, '\0');
  ssize_t N = readlink("/proc/self/exe", Path.data(), Path.size());
  if (N <= 0)
    return std::string();
  Path.resize(static_cast<size_t>(N));
  size_t Slash = Path.find_last_of('/');
  return Slash == std::string::npos ? std::string() : Path.substr(0, Slash);
}

[[noreturn]] void execOrFail(const std::string &Program, const std::vector<std::string> &Args,
                             const char *NotFound) {
  std::vector<char *> Argv;
  for (const std::string &A : Args)
    Argv.push_back(const_cast<char *>(A.c_str()));
  Argv.push_back(nullptr);
  if (Program.find('/') != std::string::npos)
    execv(Program.c_str(), Argv.data());
  else
    execvp(Program.c_str(), Argv.data());
  if (errno == ENOENT)
    std::fprintf(stderr, "hppc++: error: cannot find '%s'%s\n", Program.c_str(), NotFound);
  else
    std::fprintf(stderr, "hppc++: error: cannot run '%s': %s\n", Program.c_str(),
                 std::strerror(errno));
  std::exit(1);
}

/// A set, non-empty environment variable, or \p Default.
std::string fromEnvironment(const char *Name, const char *Default) {
  const char *V = std::getenv(Name);
  return V && *V ? V : Default;
}

} // namespace

int main(int Argc, char **Argv) {
  // The backend matters to a pass-through only when it is not one the
  // wrapper accepts: then the wrapper reports it.
  const char *Env = std::getenv("HPP_BACKEND");
  bool BackendOK = Env ? isPassThroughBackend(Env) : isPassThroughBackend(HPP_DEFAULT_BACKEND);
  Call C = classify(Argc, Argv);
  if (C.NeedsWrapper || !BackendOK) {
    // hppc is the wrapper when called by this name.
    std::string Dir = selfDirectory();
    std::vector<std::string> Args{Dir + "/hppc++"};
    Args.insert(Args.end(), Argv + 1, Argv + Argc);
    execOrFail(Dir + "/hppc", Args, " (hppc++ needs hppc beside it)");
  }
  std::string Compiler =
      !C.Compiler.empty() ? C.Compiler : fromEnvironment("HPP_CXX", HPP_DEFAULT_CXX);
  std::vector<std::string> Args{Compiler};
  Args.insert(Args.end(), C.Args.begin(), C.Args.end());
  if (std::getenv("HPP_WRAPPER_VERBOSE")) {
    std::string Line = "hppc++:";
    for (const std::string &A : Args)
      Line += " " + A;
    std::fprintf(stderr, "%s\n", Line.c_str());
  }
  execOrFail(Compiler, Args, " (set HPP_CXX / HPP_NVCC)");
}
