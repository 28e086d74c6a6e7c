//===- CompilerCommand.cpp - A compiler command line, classified ----------===//

#include "Driver/CompilerCommand.h"
#include "hppc/CommandWords.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"

using namespace llvm;

namespace hpp {
namespace {

bool isPreprocessFlag(StringRef Flag) {
  for (StringRef P : {"-I", "-isystem", "-iquote", "-idirafter", "-include", "-imacros", "-D",
                      "-U", "-std=", "-nostdinc"})
    if (Flag.starts_with(P))
      return true;
  return false;
}

/// The last word quoted for Make, as -MQ does.
std::string quoteForMake(StringRef Target) {
  std::string Out;
  for (char C : Target) {
    if (C == '$')
      Out += '$';
    else if (C == ' ' || C == '#')
      Out += '\\';
    Out += C;
  }
  return Out;
}

/// Whether the first word of a call is the compiler a launcher runs.
bool looksLikeCompiler(StringRef Word) {
  if (Word.starts_with("-") || Word.starts_with("@") || isCXXSourcePath(Word))
    return false;
  StringRef Ext = sys::path::extension(Word);
  if (Ext == ".o" || Ext == ".a" || Ext == ".so" || Ext == ".c")
    return false;
  if (Word.contains('/'))
    return sys::fs::can_execute(Word);
  return static_cast<bool>(sys::findProgramByName(Word));
}

} // namespace

bool isCXXSourcePath(StringRef Path) { return hpp::isCXXSourcePath(std::string_view(Path)); }

std::string nvccStandardFlag(StringRef Std) {
  if (Std.consume_front("-std=gnu++"))
    return ("-std=c++" + Std).str();
  return Std.str();
}

bool CompilerCommand::hasSources() const {
  for (const CommandArg &A : Args)
    if (A.Kind == CommandArg::Source)
      return true;
  return false;
}

Expected<CompilerCommand> parseCompilerCommand(ArrayRef<std::string> Words) {
  CompilerCommand C;
  size_t I = 0;
  if (!Words.empty() && looksLikeCompiler(Words[0]))
    C.Launcher = Words[I++];
  bool SawCompile = false, SawPreprocess = false, SawAssemble = false;
  bool SawDepsOnly = false, SawSyntaxOnly = false;
  std::string Language; // -x
  for (; I < Words.size(); ++I) {
    StringRef W = Words[I];
    CommandArg A;
    A.Words.push_back(W.str());
    // hpp's own options never reach the compiler.
    if (W.consume_front("--hpp-backend=")) {
      C.Target = parseBackend(W);
      if (!C.Target)
        return createStringError(inconvertibleErrorCode(), "unknown backend '" + W + "'");
      continue;
    }
    if (W == "--keep" || W == "-save-temps" || W == "--save-temps") {
      C.KeepGenerated = true;
      continue;
    }
    if (W == "--hpp-report") {
      C.Report = true;
      continue;
    }
    if (W == "--hpp-managed-heap") {
      C.ManagedHeap = true;
      continue;
    }
    if (W == "--hpp-host-memory-reachable") {
      C.HostMemoryReachable = true;
      continue;
    }
    if (W.consume_front("--hpp-report-json=")) {
      C.ReportJSON = W.str();
      continue;
    }
    if (W.starts_with("--hpp-"))
      return createStringError(inconvertibleErrorCode(), "unknown option '" + W + "'");

    bool Separate = takesSeparateValue(std::string_view(W));
    if (Separate) {
      if (I + 1 == Words.size())
        return createStringError(inconvertibleErrorCode(),
                                 "argument to '" + W + "' is missing");
      A.Words.push_back(Words[++I]);
    }
    StringRef Value = Separate ? StringRef(A.Words[1]) : StringRef();
    if (W == "-o" || (W.starts_with("-o") && !Separate && W.size() > 2 && W != "-openmp")) {
      A.Kind = CommandArg::Output;
      C.OutputPath = Separate ? Value.str() : W.drop_front(2).str();
    } else if (W == "-x" || (W.starts_with("-x") && W.size() > 2 && !Separate)) {
      A.Kind = CommandArg::LanguageFlag;
      Language = Separate ? Value.str() : W.drop_front(2).str();
    } else if (W == "-c") {
      A.Kind = CommandArg::CompileFlag;
      SawCompile = true;
    } else if (W == "-E") {
      SawPreprocess = true;
    } else if (W == "-S") {
      SawAssemble = true;
    } else if (W == "-fsyntax-only") {
      SawSyntaxOnly = true;
    } else if (W == "-M" || W == "-MM") {
      SawDepsOnly = true;
      C.SystemHeadersInDependencies = W == "-M";
    } else if (W == "-MD" || W == "-MMD") {
      A.Kind = CommandArg::Dependency;
      C.WriteDependencies = true;
      C.SystemHeadersInDependencies = W == "-MD";
    } else if (W == "-MP") {
      A.Kind = CommandArg::Dependency;
      C.PhonyTargets = true;
    } else if (W == "-MF" || W.starts_with("-MF")) {
      A.Kind = CommandArg::Dependency;
      C.DependencyFile = Separate ? Value.str() : W.drop_front(3).str();
    } else if (W == "-MT" || W.starts_with("-MT") || W == "-MQ" || W.starts_with("-MQ")) {
      A.Kind = CommandArg::Dependency;
      std::string T = Separate ? Value.str() : W.drop_front(3).str();
      C.DependencyTargets.push_back(W.starts_with("-MQ") ? quoteForMake(T) : T);
    } else if (isPreprocessFlag(W)) {
      A.Kind = CommandArg::Preprocess;
    } else if (!W.starts_with("-") || W == "-") {
      bool Source = W != "-" && (Language.empty() || Language == "none"
                                     ? isCXXSourcePath(W)
                                     : Language == "c++" || Language == "cu" ||
                                           Language == "cuda");
      A.Kind = Source ? CommandArg::Source : CommandArg::OtherInput;
      if (Language != "none")
        A.Language = Language;
    }
    C.Args.push_back(std::move(A));
  }
  // When -M/-MM come with -MD-style flags the compiler writes only the
  // dependencies; the same holds here.
  if (SawDepsOnly)
    C.Mode = CompileMode::Dependencies;
  else if (SawPreprocess)
    C.Mode = CompileMode::Preprocess;
  else if (SawSyntaxOnly)
    C.Mode = CompileMode::SyntaxOnly;
  else if (SawAssemble)
    C.Mode = CompileMode::Assemble;
  else if (SawCompile)
    C.Mode = CompileMode::Compile;
  return C;
}

} // namespace hpp
