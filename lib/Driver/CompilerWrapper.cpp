//===- CompilerWrapper.cpp - hppc++, hpp as a compiler --------------------===//
///
/// \file
/// One compiler call becomes, per C++ source: the underlying compiler on
/// the file as it is (no annotations), or translate + compile the
/// translation (annotations); then, for a link, one link with hpp's
/// runtime added. Generated files get unique temporary names (parallel
/// builds compile many files at once) or, with --keep, sit beside the
/// object. Dependency files are written for the user's file by the
/// translation's parse, so they name the real target and every header the
/// translation read.
///
//===----------------------------------------------------------------------===//

#include "hppc/CompilerWrapper.h"
#include "Driver/CompilerCommand.h"
#include "hppc/CommandWords.h"
#include "hppc/KernelResources.h"
#include "hppc/Translator.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FileUtilities.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/StringSaver.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace hpp {
namespace {

int fail(const Twine &Message) {
  errs() << "hppc++: error: " << Message << "\n";
  return 1;
}

std::string fromEnvironment(const char *Name, StringRef Default) {
  if (std::optional<std::string> V = sys::Process::GetEnv(Name))
    if (!V->empty())
      return *V;
  return Default.str();
}

/// Whether \p Path holds anything hppc translates (hppc/CommandWords.h:
/// the front program decides with the same test).
bool hasAnnotations(StringRef Path) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> Buffer = MemoryBuffer::getFile(Path);
  if (!Buffer)
    return false; // The compiler reports the missing file.
  return hasAnnotationText(std::string_view((*Buffer)->getBuffer()));
}

/// The preamble PCH cache: HPP_PCH_CACHE (a directory, or "off"), else
/// ccache's place: $XDG_CACHE_HOME/hpp/pch or ~/.cache/hpp/pch. Shared by
/// every build of the user's, as the PCH of one preamble serves every file
/// that has it with the same flags; empty (no cache) without a home.
std::string pchCacheDir() {
  std::string Env = fromEnvironment("HPP_PCH_CACHE", "");
  if (Env == "off" || Env == "0")
    return "";
  if (!Env.empty())
    return Env;
  SmallString<256> Dir;
  if (std::optional<std::string> XDG = sys::Process::GetEnv("XDG_CACHE_HOME");
      XDG && sys::path::is_absolute(*XDG))
    Dir = *XDG;
  else if (sys::path::home_directory(Dir))
    sys::path::append(Dir, ".cache");
  else
    return "";
  sys::path::append(Dir, "hpp", "pch");
  return Dir.str().str();
}

class Wrapper {
public:
  Wrapper(CompilerCommand C, const WrapperSettings &S) : C(std::move(C)), S(S) {}
  int run();

private:
  /// Runs Program; with \p Stderr, its standard error goes to that file.
  int runTool(StringRef Program, const std::vector<std::string> &Args,
              std::optional<StringRef> Stderr = std::nullopt);
  /// nvcc on a translation with -Xptxas -v: ptxas' lines become the
  /// report's kernel resources, every other line goes to stderr as nvcc
  /// wrote it.
  int compileCUDAWithResources(std::vector<std::string> NV, std::string &Ptxas);
  int writeReportJSON(StringRef JSON);
  std::vector<std::string> runtimeLinkFlags() const;
  /// Compiles one source to \p Object; \p Annotated says how.
  int compileSource(const CommandArg &Source, StringRef Object, bool Annotated);
  int translateAndCompile(const CommandArg &Source, StringRef Object);
  /// The translation's parse writes the dependency file: it read every
  /// file the compile depends on (a second preprocessor run would cost as
  /// much again).
  std::vector<std::string> dependencyArgs(StringRef Object) const;
  /// The arguments every compile of the command shares.
  std::vector<std::string> sharedCompileArgs() const;
  std::vector<std::string> forNVCC(const std::vector<std::string> &Args) const;

  CompilerCommand C;
  const WrapperSettings &S;
  Backend Target = Backend::OpenMP;
  std::string HostCXX, NVCC, CUDAArch, HIPArch;
  bool Report = false;
  bool ManagedHeap = false;
  std::vector<std::string> Temporaries;
};

int Wrapper::runTool(StringRef Program, const std::vector<std::string> &Args,
                     std::optional<StringRef> Stderr) {
  std::string Path = Program.str();
  if (!Program.contains('/')) {
    ErrorOr<std::string> Found = sys::findProgramByName(Program);
    if (!Found)
      return fail("cannot find '" + Program + "' (set HPP_CXX / HPP_NVCC)");
    Path = *Found;
  }
  std::vector<StringRef> Argv{Program};
  Argv.insert(Argv.end(), Args.begin(), Args.end());
  if (sys::Process::GetEnv("HPP_WRAPPER_VERBOSE")) {
    errs() << "hppc++:";
    for (StringRef A : Argv)
      errs() << " " << A;
    errs() << "\n";
  }
  std::string Message;
  std::optional<StringRef> Redirects[] = {std::nullopt, std::nullopt, Stderr};
  int Status = sys::ExecuteAndWait(Path, Argv, std::nullopt,
                                   Stderr ? ArrayRef(Redirects) : ArrayRef<std::optional<StringRef>>(),
                                   0, 0, &Message);
  if (Status < 0)
    return fail("cannot run '" + Path + "': " + Message);
  return Status;
}

/// The library directories nvcc itself links with: `nvcc --dryrun` prints
/// its profile's LIBRARIES line ("-L.../targets/x86_64-linux/lib" ...),
/// which is right for every layout a toolkit comes in (the run file's
/// /usr/local/cuda, Debian's /usr/lib/nvidia-cuda-toolkit, pip wheels),
/// where guessing from nvcc's path is not. Empty when nvcc cannot be run.
static std::vector<std::string> nvccLibraryDirs(StringRef NVCCPath) {
  SmallString<128> Output;
  if (sys::fs::createTemporaryFile("hpp-nvcc-dryrun", "txt", Output))
    return {};
  FileRemover RemoveOutput(Output);
  std::vector<StringRef> Argv{NVCCPath, "--dryrun", "-x", "cu", "/dev/null",
                              "-o", "/dev/null"};
  std::optional<StringRef> Redirects[] = {std::nullopt, StringRef(Output),
                                          StringRef(Output)};
  if (sys::ExecuteAndWait(NVCCPath, Argv, std::nullopt, Redirects) != 0)
    return {};
  ErrorOr<std::unique_ptr<MemoryBuffer>> Text = MemoryBuffer::getFile(Output);
  if (!Text)
    return {};
  std::vector<std::string> Dirs;
  SmallVector<StringRef, 0> Lines;
  (*Text)->getBuffer().split(Lines, '\n');
  for (StringRef Line : Lines) {
    if (!Line.consume_front("#$ LIBRARIES="))
      continue;
    SmallVector<StringRef, 4> Words;
    Line.split(Words, ' ', -1, /*KeepEmpty=*/false);
    for (StringRef Word : Words) {
      StringRef Option = Word.trim('"');
      if (Option.consume_front("-L"))
        Dirs.push_back(Option.str());
    }
  }
  return Dirs;
}

/// How a link finds the CUDA runtime that goes with \p NVCC: the shared
/// libcudart where the toolkit has it, otherwise the static one with the
/// system libraries nvcc's own links add. nvcc is found on PATH when it has
/// no directory. Its library directories come from nvcc, then from the
/// toolkit root above a symbolic link's target (/usr/bin/nvcc ->
/// /usr/local/cuda-13.0/bin/nvcc). With none of them, plain -lcudart leaves
/// it to the linker's search path.
static std::vector<std::string> cudaRuntimeLinkFlags(StringRef NVCC) {
  std::string Program = NVCC.str();
  if (!sys::path::has_parent_path(Program))
    if (ErrorOr<std::string> Found = sys::findProgramByName(Program))
      Program = *Found;
  std::vector<std::string> Dirs = nvccLibraryDirs(Program);
  SmallString<256> Real;
  if (sys::fs::real_path(Program, Real))
    Real = Program;
  SmallString<256> Root = sys::path::parent_path(sys::path::parent_path(Real));
  for (StringRef Sub : {"lib64", "lib", "targets/x86_64-linux/lib", "targets/sbsa-linux/lib"}) {
    SmallString<256> Dir = Root;
    sys::path::append(Dir, Sub);
    Dirs.push_back(Dir.str().str());
  }
  auto Has = [](StringRef Dir, StringRef Lib) {
    SmallString<256> File = Dir;
    sys::path::append(File, Lib);
    return sys::fs::exists(File);
  };
  for (const std::string &Dir : Dirs)
    if (Has(Dir, "libcudart.so"))
      return {"-L" + Dir, "-lcudart"};
  for (const std::string &Dir : Dirs)
    if (Has(Dir, "libcudart_static.a"))
      return {"-L" + Dir, "-lcudart_static", "-lrt", "-lpthread"};
  return {"-lcudart"};
}

std::vector<std::string> Wrapper::runtimeLinkFlags() const {
  std::vector<std::string> Flags{"-L" + S.Prefix + "/lib"};
  // The managed heap comes first, so the GPU runtime's libraries after it
  // resolve its calls; -u takes its object from the archive even when
  // nothing before it calls malloc or new. Host memory needs no heap: the
  // OpenMP backend accepts the option and links nothing.
  if (ManagedHeap && Target != Backend::OpenMP)
    Flags.insert(Flags.end(), {"-Xlinker", "--undefined=hpprt_managed_heap",
                               Target == Backend::CUDA ? "-lhpprt_cuda_managed_heap"
                                                       : "-lhpprt_hip_managed_heap"});
  if (Target == Backend::CUDA) {
    Flags.push_back("-lhpprt_cuda");
    std::vector<std::string> CUDART = cudaRuntimeLinkFlags(NVCC);
    Flags.insert(Flags.end(), CUDART.begin(), CUDART.end());
    Flags.push_back("-ldl");
  } else if (Target == Backend::HIP) {
    // clang links HIP objects (--hip-link bundles device code) with lld.
    Flags.insert(Flags.end(),
                 {"-lhpprt_hip", "-fuse-ld=lld", "--hip-link", "-lamdhip64", "-ldl"});
  } else {
    Flags.insert(Flags.end(), {"-lhpprt_openmp", "-fopenmp", "-ldl"});
  }
  return Flags;
}

std::vector<std::string> Wrapper::sharedCompileArgs() const {
  return C.words([](const CommandArg &A) {
    return A.Kind == CommandArg::Preprocess || A.Kind == CommandArg::Other;
  });
}

/// nvcc takes the common flags itself and the host compiler's through
/// -Xcompiler.
std::vector<std::string> Wrapper::forNVCC(const std::vector<std::string> &Args) const {
  std::vector<std::string> Out;
  for (size_t I = 0; I < Args.size(); ++I) {
    StringRef A = Args[I];
    if (A.starts_with("-std=")) {
      Out.push_back(nvccStandardFlag(A));
      continue;
    }
    bool Own = A.starts_with("-I") || A.starts_with("-D") || A.starts_with("-U") ||
               A.starts_with("-O") || A == "-g" ||
               A == "-isystem" || A == "-include" || A.starts_with("-L") ||
               A.starts_with("-l");
    if (Own) {
      Out.push_back(A.str());
      // Flags whose value is the next word keep it.
      if ((A == "-I" || A == "-D" || A == "-U" || A == "-isystem" || A == "-include" ||
           A == "-L" || A == "-l") &&
          I + 1 < Args.size())
        Out.push_back(Args[++I]);
      continue;
    }
    Out.push_back("-Xcompiler");
    Out.push_back(A.str());
  }
  return Out;
}

std::vector<std::string> Wrapper::dependencyArgs(StringRef Object) const {
  if (!C.WriteDependencies)
    return {};
  std::string DepFile = C.DependencyFile;
  if (DepFile.empty()) {
    SmallString<128> P(Object);
    sys::path::replace_extension(P, ".d");
    DepFile = P.str().str();
  }
  std::vector<std::string> Args{C.SystemHeadersInDependencies ? "-MD" : "-MMD", "-MF", DepFile};
  if (C.PhonyTargets)
    Args.push_back("-MP");
  if (C.DependencyTargets.empty())
    Args.insert(Args.end(), {"-MT", Object.str()});
  // -MQ targets are quoted already.
  for (const std::string &T : C.DependencyTargets)
    Args.insert(Args.end(), {"-MT", T});
  return Args;
}

int Wrapper::translateAndCompile(const CommandArg &Source, StringRef Object) {
  StringRef Input = Source.Words.back();
  TranslateOptions Opts;
  Opts.Target = Target;
  Opts.InputPath = Input.str();
  Opts.CompilerArgs = C.words([](const CommandArg &A) { return A.Kind == CommandArg::Preprocess; });
  Opts.ResourceDir = S.ResourceDir;
  Opts.IncludeDirs.push_back(S.Prefix + "/include");
  // The report comes as remarks at the user's lines, among the compiler's
  // own diagnostics, as -Minfo=accel does.
  Opts.Remarks = Report;
  // With the managed heap, new and malloc give managed memory.
  Opts.HostMemoryReachable = C.HostMemoryReachable || ManagedHeap;
  Opts.DependencyArgs = dependencyArgs(Object);
  Opts.PCHCache = pchCacheDir();
  Expected<TranslationResult> R = translateFile(Opts);
  if (!R)
    return fail(toString(R.takeError()));
  // A CUDA compile adds the kernels' resources to the JSON report after
  // nvcc has run; everything else writes it now.
  const bool JSONAfterCompile = Target == Backend::CUDA && R->Succeeded;
  if (!C.ReportJSON.empty() && !JSONAfterCompile)
    if (int Status = writeReportJSON(R->ReportJSON))
      return Status;
  if (!R->Succeeded) {
    // As compilers do: a failed compile leaves no object behind.
    sys::fs::remove(Object);
    return 1;
  }

  StringRef Extension = Target == Backend::CUDA ? "cu" : Target == Backend::HIP ? "hip" : "cpp";
  SmallString<256> Generated;
  if (C.KeepGenerated) {
    Generated = Object;
    sys::path::replace_extension(Generated, ".hpp." + Extension);
  } else {
    if (std::error_code EC = sys::fs::createTemporaryFile(
            "hpp-" + sys::path::stem(Input), Extension, Generated))
      return fail("cannot create a temporary file: " + EC.message());
    Temporaries.push_back(Generated.str().str());
  }
  {
    std::error_code EC;
    raw_fd_ostream OS(Generated, EC);
    if (EC)
      return fail("cannot write '" + Generated + "': " + EC.message());
    OS << R->Output;
  }

  std::vector<std::string> Args = sharedCompileArgs();
  int Status;
  if (Target == Backend::CUDA) {
    std::vector<std::string> NV{"-arch=" + CUDAArch, "--extended-lambda",
                                "--expt-relaxed-constexpr", "-I" + S.Prefix + "/include"};
    std::vector<std::string> User = forNVCC(Args);
    // C++17 at least (the generated code needs it), unless the user chose.
    if (llvm::none_of(User, [](StringRef A) { return A.starts_with("-std="); }))
      NV.push_back("-std=c++17");
    NV.insert(NV.end(), User.begin(), User.end());
    NV.insert(NV.end(), {"-x", "cu", "-c", Generated.str().str(), "-o", Object.str()});
    if (!Report && C.ReportJSON.empty())
      return runTool(NVCC, NV);
    std::string Ptxas;
    Status = compileCUDAWithResources(NV, Ptxas);
    if (Status == 0 && Report)
      errs() << Input << ": " << renderKernelResources(parsePtxasInfo(Ptxas), CUDAArch);
    if (!C.ReportJSON.empty()) {
      Expected<std::vector<KernelResources>> Kernels =
          Status == 0 ? Expected<std::vector<KernelResources>>(parsePtxasInfo(Ptxas))
                      : createStringError(inconvertibleErrorCode(), "nvcc failed");
      Expected<std::string> JSON =
          addKernelResourcesToJSON(R->ReportJSON, std::move(Kernels), CUDAArch);
      if (!JSON)
        return fail(toString(JSON.takeError()));
      if (int Written = writeReportJSON(*JSON))
        return Written;
    }
  } else if (Target == Backend::HIP) {
    // The host compiler must be clang: it compiles HIP for AMD GPUs.
    if (llvm::none_of(Args, [](StringRef A) { return A.starts_with("-std="); }))
      Args.push_back("-std=c++17");
    Args.insert(Args.end(), {"-I" + S.Prefix + "/include", "-x", "hip",
                             "--offload-arch=" + HIPArch,
                             "--rocm-device-lib-path=" + S.HIPDeviceLibs, "-c",
                             Generated.str().str(), "-o", Object.str()});
    Status = runTool(HostCXX, Args);
  } else {
    Args.insert(Args.end(), {"-I" + S.Prefix + "/include", "-fopenmp", "-x", "c++", "-c",
                             Generated.str().str(), "-o", Object.str()});
    Status = runTool(HostCXX, Args);
  }
  return Status;
}

int Wrapper::compileSource(const CommandArg &Source, StringRef Object, bool Annotated) {
  if (Annotated)
    return translateAndCompile(Source, Object);
  std::vector<std::string> Args = C.words([](const CommandArg &A) {
    return A.Kind == CommandArg::Preprocess || A.Kind == CommandArg::Other ||
           A.Kind == CommandArg::Dependency;
  });
  if (!Source.Language.empty())
    Args.insert(Args.end(), {"-x", Source.Language});
  Args.insert(Args.end(), {"-c", Source.Words.back(), "-o", Object.str()});
  return runTool(HostCXX, Args);
}

int Wrapper::writeReportJSON(StringRef JSON) {
  std::error_code EC;
  raw_fd_ostream OS(C.ReportJSON, EC);
  if (EC)
    return fail("cannot write '" + C.ReportJSON + "': " + EC.message());
  OS << JSON;
  return 0;
}

/// nvcc with ptxas' resource lines (-Xptxas -v) collected into \p Ptxas
/// instead of shown; nvcc's other output reaches the user.
int Wrapper::compileCUDAWithResources(std::vector<std::string> NV, std::string &Ptxas) {
  SmallString<128> Log;
  if (std::error_code EC = sys::fs::createTemporaryFile("hpp-nvcc", "txt", Log))
    return fail("cannot create a temporary file: " + EC.message());
  Temporaries.push_back(Log.str().str());
  NV.insert(NV.begin(), {"-Xptxas", "-v"});
  const int Status = runTool(NVCC, NV, StringRef(Log));
  ErrorOr<std::unique_ptr<MemoryBuffer>> Text = MemoryBuffer::getFile(Log);
  if (!Text)
    return Status;
  SmallVector<StringRef, 0> Lines;
  (*Text)->getBuffer().split(Lines, '\n');
  for (StringRef Line : Lines) {
    if (Line.starts_with("ptxas info") || (Line.starts_with("    ") && Line.contains("bytes stack frame")))
      (Ptxas += Line.str()) += '\n';
    else if (!Line.empty())
      errs() << Line << "\n";
  }
  return Status;
}

/// The object a compile without -o writes: the source's stem in the
/// current directory.
std::string defaultObject(StringRef Source) {
  return (sys::path::stem(Source) + ".o").str();
}

int Wrapper::run() {
  if (C.Target)
    Target = *C.Target;
  else if (std::optional<std::string> Env = sys::Process::GetEnv("HPP_BACKEND")) {
    std::optional<Backend> B = parseBackend(*Env);
    if (!B)
      return fail("HPP_BACKEND names an unknown backend '" + *Env + "'");
    Target = *B;
  } else {
    Target = S.DefaultBackend;
  }
  HostCXX = !C.Launcher.empty() ? C.Launcher : fromEnvironment("HPP_CXX", S.CXX);
  NVCC = fromEnvironment("HPP_NVCC", S.NVCC);
  CUDAArch = fromEnvironment("HPP_CUDA_ARCH", S.CUDAArch);
  HIPArch = fromEnvironment("HPP_HIP_ARCH", S.HIPArch);
  Report = C.Report || fromEnvironment("HPP_REPORT", "0") == "1";
  ManagedHeap = C.ManagedHeap || fromEnvironment("HPP_MANAGED_HEAP", "0") == "1";

  std::vector<const CommandArg *> Sources;
  std::vector<bool> Annotated;
  bool AnyAnnotated = false, AnyInput = false;
  for (const CommandArg &A : C.Args) {
    AnyInput |= A.Kind == CommandArg::Source || A.Kind == CommandArg::OtherInput;
    if (A.Kind != CommandArg::Source)
      continue;
    Sources.push_back(&A);
    Annotated.push_back(hasAnnotations(A.Words.back()));
    AnyAnnotated |= Annotated.back();
  }

  // Nothing to translate: the compiler runs on the command as given (a
  // link gets the runtime). Objects are then those of the plain compiler.
  if (!AnyAnnotated || C.Mode == CompileMode::Dependencies) {
    std::vector<std::string> Args = C.words([](const CommandArg &) { return true; });
    if (C.Mode == CompileMode::Link && AnyInput) {
      std::vector<std::string> Runtime = runtimeLinkFlags();
      Args.insert(Args.end(), Runtime.begin(), Runtime.end());
    }
    return runTool(HostCXX, Args);
  }
  for (size_t I = 0; I < Sources.size(); ++I) {
    if (!Annotated[I])
      continue;
    if (C.Mode == CompileMode::Preprocess || C.Mode == CompileMode::Assemble)
      return fail(Twine(C.Mode == CompileMode::Preprocess ? "-E" : "-S") +
                  " is not supported on '" + Sources[I]->Words.back() +
                  "', which has hpp annotations: use 'hppc translate' to see the translation");
  }
  if (C.Mode != CompileMode::Link && Sources.size() > 1 && !C.OutputPath.empty())
    return fail("cannot specify -o with -c and several input files");

  int Status = 0;
  std::vector<std::string> Objects;
  for (size_t I = 0; I < Sources.size() && Status == 0; ++I) {
    std::string Object;
    if (C.Mode == CompileMode::Link) {
      SmallString<256> Temp;
      if (std::error_code EC = sys::fs::createTemporaryFile(
              "hpp-" + sys::path::stem(Sources[I]->Words.back()), "o", Temp))
        return fail("cannot create a temporary file: " + EC.message());
      Object = Temp.str().str();
      Temporaries.push_back(Object);
    } else {
      Object = C.OutputPath.empty() ? defaultObject(Sources[I]->Words.back()) : C.OutputPath;
    }
    Status = compileSource(*Sources[I], Object, Annotated[I]);
    Objects.push_back(Object);
  }
  if (Status == 0 && C.Mode == CompileMode::Link) {
    // The link sees the objects where the sources were.
    std::vector<std::string> Args;
    size_t Next = 0;
    for (const CommandArg &A : C.Args) {
      if (A.Kind == CommandArg::Source)
        Args.push_back(Objects[Next++]);
      else if (A.Kind != CommandArg::Dependency && A.Kind != CommandArg::LanguageFlag)
        Args.insert(Args.end(), A.Words.begin(), A.Words.end());
    }
    std::vector<std::string> Runtime = runtimeLinkFlags();
    Args.insert(Args.end(), Runtime.begin(), Runtime.end());
    Status = runTool(HostCXX, Args);
  }
  for (const std::string &T : Temporaries)
    sys::fs::remove(T);
  return Status;
}

} // namespace

int runCompilerWrapper(const std::vector<std::string> &Args, const WrapperSettings &Settings) {
  // Response files (@file), as GCC and Clang read them.
  BumpPtrAllocator Alloc;
  StringSaver Saver(Alloc);
  SmallVector<const char *, 64> Argv;
  for (const std::string &A : Args)
    Argv.push_back(Saver.save(A).data());
  if (!cl::ExpandResponseFiles(Saver, cl::TokenizeGNUCommandLine, Argv))
    return fail("cannot read a response file");
  std::vector<std::string> Expanded(Argv.begin(), Argv.end());
  Expected<CompilerCommand> C = parseCompilerCommand(Expanded);
  if (!C)
    return fail(toString(C.takeError()));
  return Wrapper(std::move(*C), Settings).run();
}

} // namespace hpp
