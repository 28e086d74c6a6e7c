//===- Translator.cpp - Translate annotated C++ for one backend -----------===//
///
/// \file
/// Runs Clang on the input: once to lower its parallel_* calls when it may
/// have some, then with the translation consumer (TranslationConsumer.cpp).
///
//===----------------------------------------------------------------------===//

#include "hppc/Translator.h"
#include "Backend/Emitter.h"
#include "Basic/Diagnostics.h"
#include "Driver/PreambleParse.h"
#include "Driver/TranslationConsumer.h"
#include "Driver/UserLineDiagnostics.h"
#include "Frontend/Api/ApiLowering.h"
#include "clang/AST/ASTConsumer.h"
#include "clang/Basic/FileManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"
#include "clang/Lex/Pragma.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/VirtualFileSystem.h"
#include "llvm/Support/Path.h"

using namespace clang;
using namespace llvm;

namespace hpp {

namespace {

struct LowerResult {
  bool Failed = false;
  bool Verified = false;
  std::optional<std::string> Text;
  /// hppc's own warnings of a quiet lowering, formatted as Clang prints
  /// them (LoweringWarnings).
  std::string Warnings;
};

/// The quiet lowering's consumer. It drops Clang's diagnostics, which the
/// translation's parse of the lowered text reports again, and keeps
/// hppc's own warnings (custom diagnostics) with their notes as text: the
/// lowering reports them in this parse only, and would otherwise never be
/// shown for a file that translates.
class LoweringWarnings : public DiagnosticConsumer {
public:
  LoweringWarnings() : OS(Text), Printer(OS, Options.get()) {}

  void BeginSourceFile(const LangOptions &LO, const Preprocessor *PP) override {
    Printer.BeginSourceFile(LO, PP);
  }
  void EndSourceFile() override { Printer.EndSourceFile(); }
  // Counts nothing (the base class is not called): the parse would end
  // with "N warnings generated" before the kept text is printed.
  void HandleDiagnostic(DiagnosticsEngine::Level Level, const Diagnostic &Info) override {
    if (Level != DiagnosticsEngine::Note)
      Kept = Level == DiagnosticsEngine::Warning && Info.getID() >= diag::DIAG_UPPER_LIMIT;
    if (Kept)
      Printer.HandleDiagnostic(Level, Info);
  }
  /// What was kept; a lowering parse run again (a preamble that did not
  /// fit) starts over.
  std::string take() {
    OS.flush();
    return std::exchange(Text, std::string());
  }
  void forget() {
    OS.flush();
    Text.clear();
  }

private:
  IntrusiveRefCntPtr<DiagnosticOptions> Options = new DiagnosticOptions();
  std::string Text;
  raw_string_ostream OS;
  TextDiagnosticPrinter Printer;
  bool Kept = false; ///< whether the notes that follow belong to a kept warning
};

/// Parses the file once to rewrite its parallel_* calls.
class LowerAction : public ASTFrontendAction {
public:
  LowerAction(LowerResult &Result, bool SkipLibraryBodies)
      : Result(Result), SkipLibraryBodies(SkipLibraryBodies) {}

  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI,
                                                 StringRef InFile) override {
    Diags = std::make_unique<Diagnoser>(CI.getDiagnostics());
    // The pragmas are read later, from the lowered text.
    CI.getPreprocessor().AddPragmaHandler(new EmptyPragmaHandler("hpp"));
    // The consumer picks which bodies (shouldSkipFunctionBody).
    CI.getFrontendOpts().SkipFunctionBodies = SkipLibraryBodies;
    return std::make_unique<Consumer>(*this);
  }

private:
  class Consumer : public ASTConsumer {
  public:
    explicit Consumer(LowerAction &A) : A(A) {}

    void Initialize(ASTContext &Ctx) override { SM = &Ctx.getSourceManager(); }

    /// The lowering reads no body outside the main file except a wrapper's
    /// that forwards to a parallel_* call (Recognition.cpp), so the bodies
    /// of system headers whose text names no API function are skipped:
    /// they are most of a parse of <vector> or <string>, and the
    /// translation's own parse reads them all, reporting their errors.
    bool shouldSkipFunctionBody(Decl *D) override {
      SourceLocation Loc = SM->getExpansionLoc(D->getLocation());
      if (!SM->isInSystemHeader(Loc))
        return false;
      auto [It, Inserted] = NamesApi.try_emplace(SM->getFileID(Loc), true);
      if (Inserted)
        It->second = mayCallApi(SM->getBufferData(It->first));
      return !It->second;
    }

    void HandleTranslationUnit(ASTContext &Ctx) override {
      if (A.Diags->hasErrors()) {
        A.Result.Failed = true;
        return;
      }
      A.Result.Text = lowerApiCalls(Ctx, *A.Diags);
      A.Result.Failed = A.Diags->hasErrors();
    }

  private:
    LowerAction &A;
    const SourceManager *SM = nullptr;
    /// Per header: whether its text may name an API function.
    DenseMap<FileID, bool> NamesApi;
  };

  LowerResult &Result;
  bool SkipLibraryBodies;
  std::unique_ptr<Diagnoser> Diags;
};

/// Runs the lowering. With \p Quiet, diagnostics are not shown and -verify
/// is off (the expectations are about the whole translation), and system
/// headers' bodies are skipped: a quiet parse that fails is run again, not
/// quiet and whole, so the errors shown are those of a full parse.
LowerResult lowerFile(std::vector<std::string> CommandLine, bool Quiet,
                      IntrusiveRefCntPtr<vfs::FileSystem> FS, StringRef PCHCache) {
  LowerResult Result;
  if (Quiet)
    llvm::erase_if(CommandLine, [](const std::string &A) {
      return A == "-verify" || StringRef(A).starts_with("-verify=");
    });
  LoweringWarnings Warnings;
  PreambleParseOptions P;
  // The loud lowering shows the errors of a failed quiet one: it is plain.
  P.CacheDir = Quiet ? PCHCache.str() : "";
  P.DiagnosticsShown = false;
  Result.Verified = runParse(
                        CommandLine, FS,
                        [&] {
                          Result = LowerResult();
                          Warnings.forget();
                          return std::make_unique<LowerAction>(Result,
                                                               /*SkipLibraryBodies=*/Quiet);
                        },
                        Quiet ? &Warnings : nullptr, P)
                        .Succeeded;
  Result.Warnings = Warnings.take();
  return Result;
}

/// The file system the parses see: the real one, in which \p Text, when
/// given, stands in for the file \p InputPath.
IntrusiveRefCntPtr<vfs::FileSystem> overlayInput(StringRef InputPath,
                                                 const std::optional<std::string> &Text) {
  auto Overlay = makeIntrusiveRefCnt<vfs::OverlayFileSystem>(vfs::getRealFileSystem());
  if (Text) {
    auto Memory = makeIntrusiveRefCnt<vfs::InMemoryFileSystem>();
    SmallString<256> Path(InputPath);
    sys::fs::make_absolute(Path);
    Memory->addFile(Path, 0, MemoryBuffer::getMemBufferCopy(*Text, Path));
    Overlay->pushOverlay(Memory);
  }
  return Overlay;
}

} // namespace

Expected<TranslationResult> translateFile(const TranslateOptions &Opts) {
  Expected<std::unique_ptr<Emitter>> Backend = createEmitter(Opts.Target);
  if (!Backend)
    return Backend.takeError();
  // Run-time sized scratch arrays are declared as VLAs, an extension every
  // C++ compiler hpp supports; users may turn the warning back on.
  std::vector<std::string> CommandLine = {"hppc-clang", "-fsyntax-only",
                                          "-Wno-vla-cxx-extension"};
  if (!Opts.ResourceDir.empty()) {
    CommandLine.push_back("-resource-dir=" + Opts.ResourceDir);
    // The driver looks for GCC's headers next to its own directory: named
    // without one it finds them under "/..", a path that reaches them only
    // through /lib -> usr/lib and that Ninja cannot stat once it has folded
    // the "..". The clang beside the resource directory (LLVM/lib/clang/N)
    // is LLVM/bin/clang: the parse then sees the headers as clang does.
    SmallString<256> Driver(Opts.ResourceDir);
    for (int I = 0; I < 3; ++I)
      sys::path::remove_filename(Driver);
    sys::path::append(Driver, "bin", "hppc-clang");
    CommandLine.front() = Driver.str().str();
  }
  CommandLine.insert(CommandLine.end(), Opts.CompilerArgs.begin(),
                     Opts.CompilerArgs.end());
  for (const std::string &Dir : Opts.IncludeDirs)
    CommandLine.push_back("-I" + Dir);
  for (const std::string &Arg : (*Backend)->parseArguments())
    CommandLine.push_back(Arg);
  // Without carets Clang does not print its "N errors generated" either.
  if (!Opts.PrintDiagnostics)
    CommandLine.push_back("-fno-caret-diagnostics");
  CommandLine.push_back("-x");
  CommandLine.push_back("c++");
  CommandLine.push_back(Opts.InputPath);

  // The parallel_* front end first rewrites API calls into annotated loops
  // (in memory); the pragma front end then reads that text. Files in which
  // the front end sees no API call (mayCallApi) are parsed once.
  IntrusiveRefCntPtr<vfs::FileSystem> InputFS = overlayInput(Opts.InputPath, Opts.InputText);
  std::optional<std::string> Lowered;
  std::string Original;
  if (auto Buffer = InputFS->getBufferForFile(Opts.InputPath)) {
    Original = (*Buffer)->getBuffer().str();
    if (mayCallApi((*Buffer)->getBuffer())) {
      // Quietly first: the translation's own parse reports the warnings.
      LowerResult Lower = lowerFile(CommandLine, /*Quiet=*/true, InputFS, Opts.PCHCache);
      if (Lower.Failed) {
        // Again, to show the errors (or check them against -verify).
        TranslationResult Result;
        Result.ClangSucceeded =
            Opts.PrintDiagnostics &&
            lowerFile(CommandLine, /*Quiet=*/false, InputFS, Opts.PCHCache).Verified;
        return Result;
      }
      Lowered = std::move(Lower.Text);
      // Before the translation's own diagnostics, which follow the lowering.
      if (Opts.PrintDiagnostics)
        errs() << Lower.Warnings;
    }
  }

  TranslationResult Result;
  // Only this parse writes the dependency file: it reads what the lowering
  // read, under the same names.
  CommandLine.insert(CommandLine.begin() + 1, Opts.DependencyArgs.begin(),
                     Opts.DependencyArgs.end());
  // The base consumer counts diagnostics and prints nothing. Diagnostics
  // in lowered text are shown at the lines the user wrote.
  DiagnosticConsumer Silent;
  std::unique_ptr<DiagnosticConsumer> UserLines;
  if (Lowered && Opts.PrintDiagnostics)
    UserLines = createUserLinePrinter(errs(), Opts.InputPath, std::move(Original));
  PreambleParseOptions P;
  P.CacheDir = Opts.PCHCache;
  // Remarks are diagnostics: a parse with them would always run again.
  P.Allowed = !Opts.Remarks;
  P.DiagnosticsShown = Opts.PrintDiagnostics;
  // The lowered text stands in for the input file, under its name.
  Result.ClangSucceeded =
      runParse(
          CommandLine, Lowered ? overlayInput(Opts.InputPath, Lowered) : InputFS,
          [&] {
            Result = TranslationResult();
            return createTranslateAction(Opts.Target, Opts.Remarks, Result,
                                         DeviceAssumptions{Opts.HostMemoryReachable},
                                         Opts.Format);
          },
          Opts.PrintDiagnostics ? UserLines.get() : &Silent, P)
          .Succeeded;
  Result.Succeeded &= Result.ClangSucceeded;
  return Result;
}

} // namespace hpp
