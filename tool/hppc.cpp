//===- hppc.cpp - The hpp translator's command line -----------------------===//
///
/// \file
/// `hppc translate` writes the translation of one file; `hppc config`
/// prints the flags that compile and link translated code. Called as
/// `hppc++` (a link to the same program) it is a compiler. Everything else
/// lives in the library; this file only reads options and writes files.
///
//===----------------------------------------------------------------------===//

#include "hppc/CompilerWrapper.h"
#include "hppc/KernelResources.h"
#include "hppc/Translator.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"
#include <string>
#include <vector>

using namespace llvm;

namespace {

const char *const Usage = R"(usage:
  hppc translate --backend=openmp|cuda|hip IN.cpp -o OUT [-p BUILD_DIR] [--report]
                 [--remarks] [--report-json FILE] [--host-memory-reachable]
                 [--pch-cache=DIR|off] [--format=none|llvm|file]
                 [-- CLANG-ARGS...]
  hppc config --backend=openmp|cuda|hip (--cflags | --libs | --prefix)
              [--managed-heap]
  hppc --version
)";

const char *const TranslateHelp = R"(usage: hppc translate --backend=BACKEND IN.cpp [options] [-- CLANG-ARGS...]

  --backend=openmp|cuda|hip  the backend to translate for (required)
  -o OUT                     write the translation to OUT ('-' or none: stdout);
                             written only when translation succeeds
  -p BUILD_DIR               take IN.cpp's flags from BUILD_DIR/compile_commands.json
  --report                   print the per-loop mapping report on stdout
  --remarks                  give the same report as remarks at the loops' lines
  --report-json FILE         write the same report as JSON
  --host-memory-reachable    GPU backends: the device reaches memory from new
                             and malloc (the managed heap, HMM), so regions
                             may use such pointers without a map
  --pch-cache=DIR|off        keep precompiled preambles in DIR, shared by the
                             files with the same #include lines and flags
                             (default: $HPP_PCH_CACHE, else off)
  --format=file|llvm|none    lay out the generated code in the style of the
                             .clang-format found from IN.cpp's directory
                             (file, the default; LLVM's where there is none),
                             in LLVM's, or not at all; the user's code and the
                             #line mapping stay as they are
  -- CLANG-ARGS...           arguments for the parse: -I, -D, -std=, ...
                             (-Xclang -verify checks expected diagnostics)
  --help                     this text
)";

int fail(const Twine &Message) {
  errs() << "hppc: error: " << Message << "\n";
  return 1;
}

std::string environmentOr(const char *Name, const char *Default) {
  std::optional<std::string> V = sys::Process::GetEnv(Name);
  return V && !V->empty() ? *V : std::string(Default);
}

/// The install prefix: the directory above the one holding hppc. The build
/// tree has the same layout.
std::string getPrefix(const char *Argv0) {
  static int Anchor;
  std::string Exe = sys::fs::getMainExecutable(Argv0, &Anchor);
  return sys::path::parent_path(sys::path::parent_path(Exe)).str();
}

int runConfig(ArrayRef<StringRef> Args, const char *Argv0) {
  std::optional<hpp::Backend> B;
  std::vector<StringRef> What;
  bool ManagedHeap = false;
  for (StringRef A : Args) {
    if (A.consume_front("--backend=")) {
      B = hpp::parseBackend(A);
      if (!B)
        return fail("unknown backend '" + A + "'");
    } else if (A == "--cflags" || A == "--libs" || A == "--prefix") {
      What.push_back(A);
    } else if (A == "--managed-heap") {
      ManagedHeap = true; // --libs then link malloc and new in managed memory
    } else {
      return fail("unknown option '" + A + "' for 'config'\n" + Usage);
    }
  }
  if (!B || What.empty())
    return fail(Twine("config needs --backend and one of --cflags, --libs, --prefix\n") + Usage);
  std::string Prefix = getPrefix(Argv0);
  // CUDA flags are for nvcc: the generated code uses device lambdas and
  // calls constexpr library functions from device code. HIP flags are for
  // clang, compiling for the AMD GPU recorded at configure time.
  std::string CFlags, Libs;
  switch (*B) {
  case hpp::Backend::CUDA:
    CFlags = " -std=c++17 --extended-lambda --expt-relaxed-constexpr";
    Libs = " -lhpprt_cuda -ldl";
    if (ManagedHeap)
      Libs = " -Xlinker --undefined=hpprt_managed_heap -lhpprt_cuda_managed_heap" + Libs;
    break;
  case hpp::Backend::HIP:
    CFlags = std::string(" -std=c++17 -x hip --offload-arch=") + HPP_DEFAULT_HIP_ARCH +
             " --rocm-device-lib-path=" + HPP_HIP_DEVICE_LIBS;
    Libs = " -lhpprt_hip -fuse-ld=lld --hip-link -lamdhip64 -ldl";
    if (ManagedHeap)
      Libs = " -Xlinker --undefined=hpprt_managed_heap -lhpprt_hip_managed_heap" + Libs;
    break;
  case hpp::Backend::OpenMP:
    CFlags = " -fopenmp";
    Libs = " -lhpprt_openmp -fopenmp -ldl";
    break;
  }
  std::vector<std::string> Out;
  for (StringRef W : What) {
    if (W == "--prefix")
      Out.push_back(Prefix);
    else if (W == "--cflags")
      Out.push_back("-I" + Prefix + "/include" + CFlags);
    else
      Out.push_back("-L" + Prefix + "/lib" + Libs);
  }
  for (size_t I = 0; I < Out.size(); ++I)
    outs() << (I ? " " : "") << Out[I];
  outs() << "\n";
  return 0;
}

int runTranslate(ArrayRef<StringRef> Args, const char *Argv0) {
  hpp::TranslateOptions Opts;
  std::optional<hpp::Backend> B;
  std::string Output, ReportJSON, BuildDir;
  std::optional<std::string> PCHCache;
  bool Report = false;
  for (size_t I = 0; I < Args.size(); ++I) {
    StringRef A = Args[I];
    if (A == "--") {
      for (++I; I < Args.size(); ++I)
        Opts.CompilerArgs.push_back(Args[I].str());
      break;
    }
    if (A == "--help" || A == "-h") {
      outs() << TranslateHelp;
      return 0;
    }
    if (A.consume_front("--backend=")) {
      B = hpp::parseBackend(A);
      if (!B)
        return fail("unknown backend '" + A + "'");
    } else if (A == "-o" && I + 1 < Args.size()) {
      Output = Args[++I].str();
    } else if (A == "-p" && I + 1 < Args.size()) {
      BuildDir = Args[++I].str();
    } else if (A == "--report") {
      Report = true;
    } else if (A == "--remarks") {
      Opts.Remarks = true;
    } else if (A == "--host-memory-reachable") {
      Opts.HostMemoryReachable = true;
    } else if (A.consume_front("--pch-cache=")) {
      PCHCache = A.str();
    } else if (A.consume_front("--format=")) {
      std::optional<hpp::FormatChoice> F = hpp::parseFormatChoice(A);
      if (!F)
        return fail("unknown --format '" + A + "' (none, llvm or file)");
      Opts.Format = *F;
    } else if (A == "--report-json" && I + 1 < Args.size()) {
      ReportJSON = Args[++I].str();
    } else if (A.consume_front("--report-json=")) {
      ReportJSON = A.str();
    } else if (A.starts_with("-")) {
      return fail("unknown option '" + A + "'\n" + Usage);
    } else if (Opts.InputPath.empty()) {
      Opts.InputPath = A.str();
    } else {
      return fail("more than one input file");
    }
  }
  if (!B)
    return fail(Twine("missing --backend\n") + Usage);
  if (Opts.InputPath.empty())
    return fail(Twine("missing input file\n") + Usage);
  // One line of ours rather than the three Clang's driver would print.
  if (Opts.InputPath != "-" && !sys::fs::exists(Opts.InputPath))
    return fail("no such file: '" + Opts.InputPath + "'");
  if (!BuildDir.empty()) {
    Expected<std::vector<std::string>> DBArgs = hpp::getDatabaseArguments(BuildDir, Opts.InputPath);
    if (!DBArgs)
      return fail(toString(DBArgs.takeError()));
    // The database's flags first: those after `--` may override them.
    Opts.CompilerArgs.insert(Opts.CompilerArgs.begin(), DBArgs->begin(), DBArgs->end());
    SmallString<256> Absolute(Opts.InputPath);
    sys::fs::make_absolute(Absolute);
    Opts.InputPath = Absolute.str().str();
  }
  Opts.Target = *B;
  if (!PCHCache)
    PCHCache = environmentOr("HPP_PCH_CACHE", "");
  if (*PCHCache != "off" && *PCHCache != "0")
    Opts.PCHCache = *PCHCache;
  Opts.ResourceDir = HPP_CLANG_RESOURCE_DIR;
  Opts.IncludeDirs.push_back(getPrefix(Argv0) + "/include");
  bool Verify = false;
  for (const std::string &A : Opts.CompilerArgs)
    Verify |= A == "-verify" || StringRef(A).starts_with("-verify=");

  Expected<hpp::TranslationResult> R = hpp::translateFile(Opts);
  if (!R)
    return fail(toString(R.takeError()));
  if (!R->FormatWarning.empty())
    errs() << "hppc: warning: " << R->FormatWarning << "\n";
  // What ptxas makes of the kernels, where nvcc can tell: asked once, for
  // both reports.
  bool Resources = *B == hpp::Backend::CUDA && R->Succeeded && !Verify &&
                   (Report || !ReportJSON.empty());
  const std::string Arch = environmentOr("HPP_CUDA_ARCH", HPP_DEFAULT_CUDA_ARCH);
  std::vector<hpp::KernelResources> Kernels;
  std::string KernelsUnavailable;
  if (Resources) {
    const std::string NVCC = environmentOr("HPP_NVCC", HPP_DEFAULT_NVCC);
    Expected<std::vector<hpp::KernelResources>> Q = hpp::queryKernelResources(
        NVCC, Arch, R->Output, hpp::kernelResourceFlags(Opts.CompilerArgs, Opts.IncludeDirs));
    if (Q)
      Kernels = std::move(*Q);
    else
      KernelsUnavailable = toString(Q.takeError());
  }
  auto KernelQuery = [&]() -> Expected<std::vector<hpp::KernelResources>> {
    if (!KernelsUnavailable.empty())
      return createStringError(inconvertibleErrorCode(), KernelsUnavailable);
    return Kernels;
  };
  if (Report) {
    outs() << R->ReportText;
    if (Resources)
      outs() << hpp::renderKernelResources(KernelQuery(), Arch);
  }
  if (!ReportJSON.empty()) {
    std::string JSON = R->ReportJSON;
    if (Resources) {
      Expected<std::string> With = hpp::addKernelResourcesToJSON(JSON, KernelQuery(), Arch);
      if (!With)
        return fail(toString(With.takeError()));
      JSON = std::move(*With);
    }
    if (Error E = writeToOutput(ReportJSON, [&](raw_ostream &OS) {
          OS << JSON;
          return Error::success();
        }))
      return fail(toString(std::move(E)));
  }
  // Under -verify the expected diagnostics are the point of the run.
  if (Verify)
    return R->ClangSucceeded ? 0 : 1;
  if (!R->Succeeded)
    return 1;
  if (Output.empty())
    Output = "-";
  if (Error E = writeToOutput(Output, [&](raw_ostream &OS) {
        OS << R->Output;
        return Error::success();
      }))
    return fail(toString(std::move(E)));
  return 0;
}

int runWrapper(int argc, const char **argv) {
  hpp::WrapperSettings S;
  S.Prefix = getPrefix(argv[0]);
  S.ResourceDir = HPP_CLANG_RESOURCE_DIR;
  S.DefaultBackend = *hpp::parseBackend(HPP_DEFAULT_BACKEND);
  S.CXX = HPP_DEFAULT_CXX;
  S.NVCC = HPP_DEFAULT_NVCC;
  S.CUDAArch = HPP_DEFAULT_CUDA_ARCH;
  S.HIPArch = HPP_DEFAULT_HIP_ARCH;
  S.HIPDeviceLibs = HPP_HIP_DEVICE_LIBS;
  return hpp::runCompilerWrapper(std::vector<std::string>(argv + 1, argv + argc), S);
}

} // namespace

int main(int argc, const char **argv) {
  InitLLVM X(argc, argv);
  if (sys::path::filename(argv[0]) == "hppc++")
    return runWrapper(argc, argv);
  std::vector<StringRef> Args(argv + 1, argv + argc);
  if (Args.empty())
    return fail(Twine("missing command\n") + Usage);
  StringRef Command = Args.front();
  ArrayRef<StringRef> Rest = ArrayRef<StringRef>(Args).drop_front();
  if (Command == "translate")
    return runTranslate(Rest, argv[0]);
  if (Command == "config")
    return runConfig(Rest, argv[0]);
  if (Command == "--version") {
    outs() << "hppc " << HPP_VERSION << " (LLVM/Clang " << LLVM_VERSION_STRING
           << ")\n";
    return 0;
  }
  if (Command == "--help" || Command == "-h") {
    outs() << Usage;
    return 0;
  }
  return fail("unknown command '" + Command + "'\n" + Usage);
}
