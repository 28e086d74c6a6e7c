//===- PreambleParse.cpp - hppc's parses with a cached preamble PCH -------===//
///
/// \file
/// The preamble is built and used as Clang's PrecompiledPreamble does
/// (GeneratePreamble, then PrecompiledPreambleBytes with the PCH as the
/// implicit include), with hppc's own cache around it: the entry records
/// every path the build looked at, so a changed, added or removed header
/// makes it stale, and the dependencies the build's preprocessor reported,
/// so a parse with the PCH writes the same dependency file as one without.
///
//===----------------------------------------------------------------------===//

#include "Driver/PreambleParse.h"
#include "Basic/Diagnostics.h"
#include "Driver/PreambleCache.h"
#include "Frontend/Api/ApiLowering.h"
#include "clang/Basic/Version.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendActions.h"
#include "clang/Frontend/MultiplexConsumer.h"
#include "clang/Frontend/Utils.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/Pragma.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Lex/PreprocessorOptions.h"
#include "clang/Serialization/ASTWriter.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MD5.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"

using namespace clang;
using namespace llvm;

namespace hpp {

namespace {

/// Where the parse finds the PCH: a path only the in-memory overlay has.
constexpr llvm::StringLiteral PCHPath = "/__hpp_preamble__/preamble.pch";

/// Holds back every diagnostic: it only records that there was one. Not
/// counting them keeps CompilerInstance from printing "N warnings
/// generated".
class Recorder : public DiagnosticConsumer {
public:
  void HandleDiagnostic(DiagnosticsEngine::Level Level, const Diagnostic &) override {
    if (Level != DiagnosticsEngine::Ignored)
      Any = true;
  }
  bool Any = false;
};

/// Notes that a `#pragma hpp` (or `_Pragma("hpp ...")`) was seen: with
/// the PCH, the translation's pragma handler would not run on it.
class HppPragmaSeen : public EmptyPragmaHandler {
public:
  explicit HppPragmaSeen(bool &Seen) : EmptyPragmaHandler("hpp"), Seen(Seen) {}
  void HandlePragma(Preprocessor &PP, PragmaIntroducer Introducer, Token &Tok) override {
    Seen = true;
  }

private:
  bool &Seen;
};

/// Records the dependencies the preamble's preprocessor reports, every
/// call in order, to be replayed by the parses that use the PCH.
class DependencyRecorder : public DependencyCollector {
public:
  void maybeAddDependency(StringRef Filename, bool FromModule, bool IsSystem,
                          bool IsModuleFile, bool IsMissing) override {
    Recorded.push_back({Filename.str(), FromModule, IsSystem, IsModuleFile, IsMissing});
  }
  bool needSystemDependencies() override { return true; }
  std::vector<RecordedDependency> Recorded;
};

/// The PCH's writer, after the check the translation makes of the headers'
/// code (its parses with the PCH do not walk that code again).
class PreambleWriter : public PCHGenerator {
public:
  PreambleWriter(CompilerInstance &CI, std::shared_ptr<PCHBuffer> Buffer)
      : PCHGenerator(CI.getPreprocessor(), CI.getModuleCache(), "", /*isysroot=*/"",
                     std::move(Buffer), ArrayRef<std::shared_ptr<ModuleFileExtension>>()),
        Diags(CI.getDiagnostics()) {}

  void HandleTranslationUnit(ASTContext &Ctx) override {
    warnApiCallsInHeaders(Ctx, Diags);
    PCHGenerator::HandleTranslationUnit(Ctx);
  }

private:
  Diagnoser Diags;
};

/// Builds the preamble PCH into a buffer (PrecompilePreambleAction's shape:
/// a prefix translation unit, no file written).
class BuildPreambleAction : public ASTFrontendAction {
public:
  BuildPreambleAction(std::shared_ptr<PCHBuffer> Buffer, bool &PragmaSeen)
      : Buffer(std::move(Buffer)), PragmaSeen(PragmaSeen) {}

  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI, StringRef) override {
    std::string Sysroot;
    if (!GeneratePCHAction::ComputeASTConsumerArguments(CI, Sysroot))
      return nullptr;
    CI.getPreprocessor().AddPragmaHandler(new HppPragmaSeen(PragmaSeen));
    return std::make_unique<PreambleWriter>(CI, Buffer);
  }
  bool hasCodeCompletionSupport() const override { return false; }
  bool hasASTFileSupport() const override { return false; }
  TranslationUnitKind getTranslationUnitKind() override { return TU_Prefix; }

private:
  std::shared_ptr<PCHBuffer> Buffer;
  bool &PragmaSeen;
};

/// Replays the preamble's dependencies into the parse's dependency file
/// right after the main file's own, where a parse without the PCH reports
/// them.
class ReplayDependencies : public PPCallbacks {
public:
  ReplayDependencies(const SourceManager &SM, DependencyCollector &To,
                     const PreambleEntry &E)
      : SM(SM), To(To), E(E) {}

  void LexedFileChanged(FileID FID, LexedFileChangeReason Reason, SrcMgr::CharacteristicKind,
                        FileID, SourceLocation) override {
    if (Done || Reason != LexedFileChangeReason::EnterFile || FID != SM.getMainFileID())
      return;
    Done = true;
    for (const RecordedDependency &D : E.Dependencies)
      if (D.File != E.MainFile)
        To.maybeAddDependency(D.File, D.FromModule, D.IsSystem, D.IsModuleFile, D.IsMissing);
  }

private:
  const SourceManager &SM;
  DependencyCollector &To;
  const PreambleEntry &E;
  bool Done = false;
};

/// Limits the translation's walks over the translation unit (and the parent
/// map) to the declarations this parse read: without it each walk would
/// read every declaration and body of the PCH back, which costs most of
/// what the PCH saves. What lies in the PCH is the headers' code: the
/// translation looks at the main file's statements (regions, API calls)
/// and their parents, all outside it; its one walk over the headers,
/// warnApiCallsInHeaders, runs on the PCH's build, where a warning makes
/// the preamble unusable.
class ParsedDeclsOnly : public ASTConsumer {
public:
  void HandleTranslationUnit(ASTContext &Ctx) override {
    std::vector<Decl *> Scope;
    for (Decl *D : Ctx.getTranslationUnitDecl()->noload_decls())
      if (!D->isFromASTFile())
        Scope.push_back(D);
    Ctx.setTraversalScope(Scope);
  }
};

/// Runs the parse's action with the dependency file written by a generator
/// of its own: Clang's would also list the PCH's inputs, from the AST
/// reader, in another order.
class WithDependencies : public WrapperFrontendAction {
public:
  WithDependencies(std::unique_ptr<FrontendAction> Action, DependencyOutputOptions Opts,
                   const PreambleEntry &E)
      : WrapperFrontendAction(std::move(Action)), Opts(std::move(Opts)), E(E) {}

  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI,
                                                 StringRef InFile) override {
    std::unique_ptr<ASTConsumer> Inner = WrapperFrontendAction::CreateASTConsumer(CI, InFile);
    if (!Inner)
      return nullptr;
    std::vector<std::unique_ptr<ASTConsumer>> Both;
    Both.push_back(std::make_unique<ParsedDeclsOnly>());
    Both.push_back(std::move(Inner));
    return std::make_unique<MultiplexConsumer>(std::move(Both));
  }

  bool BeginSourceFileAction(CompilerInstance &CI) override {
    if (!WrapperFrontendAction::BeginSourceFileAction(CI))
      return false;
    if (Opts.OutputFile.empty())
      return true;
    Preprocessor &PP = CI.getPreprocessor();
    Generator = std::make_unique<DependencyFileGenerator>(Opts);
    // Callbacks added later run first: the generator sees the main file
    // before the replay adds the headers.
    PP.addPPCallbacks(std::make_unique<ReplayDependencies>(CI.getSourceManager(), *Generator, E));
    Generator->attachToPreprocessor(PP);
    return true;
  }

private:
  DependencyOutputOptions Opts;
  const PreambleEntry &E;
  std::unique_ptr<DependencyFileGenerator> Generator;
};

/// Whether \p Preamble holds only `#include "..."` / `#include <...>` lines
/// and comments: then nothing of the main file lies in the PCH but the
/// include lines (no macro, conditional, `#line` or pragma of its own).
bool onlyIncludes(StringRef Preamble, const LangOptions &LO) {
  // The lexer stops at a null character, which ends a std::string.
  std::string Text = Preamble.str();
  Lexer L(SourceLocation(), LO, Text.data(), Text.data(), Text.data() + Text.size());
  Token T;
  L.LexFromRawLexer(T);
  while (T.isNot(tok::eof)) {
    if (T.isNot(tok::hash) || !T.isAtStartOfLine())
      return false;
    L.LexFromRawLexer(T);
    if (T.isNot(tok::raw_identifier) || T.getRawIdentifier() != "include" ||
        T.isAtStartOfLine())
      return false;
    L.LexFromRawLexer(T);
    if (T.isAtStartOfLine())
      return false;
    if (T.is(tok::less)) {
      do {
        L.LexFromRawLexer(T);
        if (T.isAtStartOfLine() || T.is(tok::eof))
          return false;
      } while (T.isNot(tok::greater));
    } else if (T.isNot(tok::string_literal)) {
      return false;
    }
    L.LexFromRawLexer(T);
    if (T.isNot(tok::eof) && !T.isAtStartOfLine())
      return false;
  }
  return true;
}

/// Why \p Inv cannot take a preamble; empty when it can.
std::string whyNot(const CompilerInvocation &Inv) {
  const FrontendOptions &F = Inv.getFrontendOpts();
  const PreprocessorOptions &PP = Inv.getPreprocessorOpts();
  if (F.Inputs.size() != 1 || !F.Inputs[0].isFile() || F.Inputs[0].getFile() == "-")
    return "input";
  if (!PP.Includes.empty() || !PP.MacroIncludes.empty() || !PP.ImplicitPCHInclude.empty())
    return "-include";
  if (!PP.RemappedFiles.empty() || !PP.RemappedFileBuffers.empty())
    return "remapped files";
  if (Inv.getDiagnosticOpts().VerifyDiagnostics)
    return "-verify";
  if (Inv.getDependencyOutputOpts().AddMissingHeaderDeps)
    return "-MG";
  if (Inv.getLangOpts().Modules)
    return "modules";
  return "";
}

/// The absolute path of \p Path, as the parse's file system resolves it.
std::string absolute(vfs::FileSystem &FS, StringRef Path) {
  SmallString<256> P(Path);
  FS.makeAbsolute(P);
  return P.str().str();
}

/// The cache key: everything the PCH's content depends on except the
/// files it read (those are checked by isCurrent).
std::string keyOf(const CompilerInvocation &Inv, StringRef MainFile, StringRef Preamble,
                  bool EndsAtStartOfLine, vfs::FileSystem &FS) {
  CompilerInvocation K(Inv);
  // What differs between hppc's two parses, or between the files of a
  // project, and does not reach the PCH.
  K.getFrontendOpts().Inputs.clear();
  K.getFrontendOpts().SkipFunctionBodies = false;
  K.getFrontendOpts().ProgramAction = frontend::ParseSyntaxOnly;
  K.getDependencyOutputOpts() = DependencyOutputOptions();
  K.getCodeGenOpts().MainFileName.clear();
  MD5 Hash;
  auto Add = [&](StringRef S) {
    Hash.update(S);
    Hash.update(StringRef("\0", 1));
  };
  Add("hpp-preamble 1");
  Add(getClangFullVersion());
  // hppc itself: a rebuilt hppc may write or read PCHs differently.
  static int Anchor;
  std::string Exe = sys::fs::getMainExecutable(nullptr, &Anchor);
  Add(Exe);
  sys::fs::file_status S;
  if (!sys::fs::status(Exe, S)) {
    Add(std::to_string(S.getSize()));
    Add(std::to_string(S.getLastModificationTime().time_since_epoch().count()));
  }
  if (ErrorOr<std::string> CWD = FS.getCurrentWorkingDirectory())
    Add(*CWD);
  // Quoted includes are looked up beside the file first.
  Add(sys::path::parent_path(absolute(FS, MainFile)));
  for (const std::string &A : K.getCC1CommandLine())
    Add(A);
  Add(Preamble);
  Add(EndsAtStartOfLine ? "1" : "0");
  MD5::MD5Result R;
  Hash.final(R);
  return R.digest().str().str();
}

void log(PreambleUse Use, StringRef Why, StringRef Input) {
  std::optional<std::string> Path = sys::Process::GetEnv("HPP_PCH_LOG");
  if (!Path || Path->empty())
    return;
  std::error_code EC;
  raw_fd_ostream OS(*Path, EC, sys::fs::CD_OpenAlways, sys::fs::FA_Write, sys::fs::OF_Append);
  if (EC)
    return;
  static const char *const Names[] = {"plain", "hit", "built", "retried"};
  OS << Names[static_cast<int>(Use)] << " " << Input << (Why.empty() ? "" : " (") << Why
     << (Why.empty() ? "" : ")") << "\n";
}

/// A parse without a preamble: FrontendActionFactory::runInvocation.
bool runPlain(std::shared_ptr<CompilerInvocation> Inv, FileManager *Files,
              std::shared_ptr<PCHContainerOperations> Ops, DiagnosticConsumer *Diags,
              std::unique_ptr<FrontendAction> Action) {
  CompilerInstance CI(std::move(Ops));
  CI.setInvocation(std::move(Inv));
  CI.setFileManager(Files);
  CI.createDiagnostics(Diags, /*ShouldOwnClient=*/false);
  if (!CI.hasDiagnostics())
    return false;
  CI.createSourceManager(*Files);
  bool OK = CI.ExecuteAction(*Action);
  Files->clearStatCache();
  return OK;
}

/// Builds the entry for the preamble \p Preamble of \p MainFile.
std::shared_ptr<PreambleEntry> buildEntry(const CompilerInvocation &Inv,
                                          IntrusiveRefCntPtr<vfs::FileSystem> FS,
                                          std::shared_ptr<PCHContainerOperations> Ops,
                                          StringRef MainFile, StringRef Preamble) {
  auto Build = std::make_shared<CompilerInvocation>(Inv);
  FrontendOptions &F = Build->getFrontendOpts();
  F.ProgramAction = frontend::GeneratePCH;
  F.OutputFile.clear();
  F.SkipFunctionBodies = false;
  PreprocessorOptions &PP = Build->getPreprocessorOpts();
  PP.PrecompiledPreambleBytes = {0, false};
  PP.GeneratePreamble = true;
  Build->getDependencyOutputOpts() = DependencyOutputOptions();
  Build->getLangOpts().CompilingPCH = true;

  // The preamble stands in for the file, remapped as PrecompiledPreamble
  // does: the PCH then holds its text, and its reader checks no file's
  // size against it (the file is longer than its preamble).
  PP.addRemappedFile(MainFile, MemoryBuffer::getMemBufferCopy(Preamble, MainFile).release());
  PP.RetainRemappedFileBuffers = false;
  // What the build stats is recorded.
  auto Recording = makeIntrusiveRefCnt<RecordingFileSystem>(FS);

  CompilerInstance CI(std::move(Ops));
  CI.setInvocation(std::move(Build));
  Recorder Diags;
  CI.createDiagnostics(&Diags, /*ShouldOwnClient=*/false);
  auto Files = makeIntrusiveRefCnt<FileManager>(CI.getFileSystemOpts(), Recording);
  CI.setFileManager(Files.get());
  CI.createSourceManager(*Files);
  auto Deps = std::make_shared<DependencyRecorder>();
  CI.addDependencyCollector(Deps);
  auto Buffer = std::make_shared<PCHBuffer>();
  bool PragmaSeen = false;
  BuildPreambleAction Action(Buffer, PragmaSeen);
  bool OK = CI.ExecuteAction(Action);

  auto E = std::make_shared<PreambleEntry>();
  E->Usable = OK && !Diags.Any && !PragmaSeen && Buffer->IsComplete && !Buffer->Data.empty();
  E->MainFile = F.Inputs[0].getFile().str();
  E->Paths = Recording->takePaths();
  // The file itself was the preamble's text, which the PCH holds.
  E->Paths.erase(MainFile);
  E->Paths.erase(absolute(*FS, MainFile));
  E->Dependencies = std::move(Deps->Recorded);
  if (E->Usable) {
    E->Owned.assign(Buffer->Data.begin(), Buffer->Data.end());
    E->PCH = E->Owned;
  }
  return E;
}

/// Whether a file the entry's build read changed in the last two seconds:
/// an edit in the same clock tick as the build, keeping the size, would not
/// change what isCurrent compares, so such an entry is not kept (ccache
/// does the same with its "too new" files).
bool hasNewFiles(const PreambleEntry &E) {
  int64_t Now = std::chrono::duration_cast<std::chrono::nanoseconds>(
                    std::chrono::system_clock::now().time_since_epoch())
                    .count();
  for (const auto &P : E.Paths)
    if (P.second.K == ObservedPath::File && P.second.MTime > Now - 2'000'000'000)
      return true;
  return false;
}

/// Entries checked or built by this process (hppc's two parses of a file
/// share one).
StringMap<std::shared_ptr<PreambleEntry>> &entries() {
  static StringMap<std::shared_ptr<PreambleEntry>> Entries;
  return Entries;
}

class PreambleToolAction : public tooling::ToolAction {
public:
  PreambleToolAction(std::function<std::unique_ptr<FrontendAction>()> MakeAction,
                     const PreambleParseOptions &Opts)
      : MakeAction(std::move(MakeAction)), Opts(Opts) {}

  bool runInvocation(std::shared_ptr<CompilerInvocation> Inv, FileManager *Files,
                     std::shared_ptr<PCHContainerOperations> Ops,
                     DiagnosticConsumer *Diags) override;

  ParseOutcome Outcome;

private:
  /// The entry for \p Inv's preamble, or why there is none to use.
  std::shared_ptr<PreambleEntry> getEntry(const CompilerInvocation &Inv, FileManager &Files,
                                          std::shared_ptr<PCHContainerOperations> Ops,
                                          PreambleBounds &Bounds, std::string &Why);
  bool runWithPreamble(const CompilerInvocation &Inv, FileManager &Files,
                       std::shared_ptr<PCHContainerOperations> Ops,
                       const PreambleEntry &E, PreambleBounds Bounds,
                       DiagnosticConsumer *Diags, bool &Succeeded);

  std::function<std::unique_ptr<FrontendAction>()> MakeAction;
  const PreambleParseOptions &Opts;
};

std::shared_ptr<PreambleEntry>
PreambleToolAction::getEntry(const CompilerInvocation &Inv, FileManager &Files,
                             std::shared_ptr<PCHContainerOperations> Ops,
                             PreambleBounds &Bounds, std::string &Why) {
  Why = whyNot(Inv);
  if (!Why.empty())
    return nullptr;
  StringRef MainFile = Inv.getFrontendOpts().Inputs[0].getFile();
  vfs::FileSystem &FS = Files.getVirtualFileSystem();
  ErrorOr<std::unique_ptr<MemoryBuffer>> Text = FS.getBufferForFile(MainFile);
  if (!Text) {
    Why = "unreadable input";
    return nullptr;
  }
  Bounds = Lexer::ComputePreamble((*Text)->getBuffer(), Inv.getLangOpts());
  StringRef Preamble = (*Text)->getBuffer().take_front(Bounds.Size);
  if (Bounds.Size == 0) {
    Why = "no preamble";
    return nullptr;
  }
  if (!onlyIncludes(Preamble, Inv.getLangOpts())) {
    Why = "preamble has more than #include lines";
    return nullptr;
  }
  std::string Key = keyOf(Inv, MainFile, Preamble, Bounds.PreambleEndsAtStartOfLine, FS);
  std::shared_ptr<PreambleEntry> &E = entries()[Key];
  if (!E) {
    if (std::optional<PreambleEntry> Loaded = loadEntry(Opts.CacheDir, Key))
      if (isCurrent(*Loaded, FS)) {
        E = std::make_shared<PreambleEntry>(std::move(*Loaded));
        Outcome.Use = PreambleUse::Hit;
      }
  } else {
    Outcome.Use = PreambleUse::Hit;
  }
  if (!E) {
    E = buildEntry(Inv, Files.getVirtualFileSystemPtr(), Ops, MainFile, Preamble);
    Outcome.Use = PreambleUse::Built;
    // A cache that cannot be written costs the next compile a build.
    if (!hasNewFiles(*E))
      consumeError(storeEntry(Opts.CacheDir, Key, *E));
  }
  if (!E->Usable) {
    Why = "preamble has diagnostics, errors or #pragma hpp";
    return nullptr;
  }
  return E;
}

/// Returns false when the parse must be run again without the preamble.
bool PreambleToolAction::runWithPreamble(const CompilerInvocation &Inv, FileManager &Files,
                                         std::shared_ptr<PCHContainerOperations> Ops,
                                         const PreambleEntry &E, PreambleBounds Bounds,
                                         DiagnosticConsumer *Diags, bool &Succeeded) {
  auto Use = std::make_shared<CompilerInvocation>(Inv);
  PreprocessorOptions &PP = Use->getPreprocessorOpts();
  PP.ImplicitPCHInclude = PCHPath.str();
  PP.PrecompiledPreambleBytes = {Bounds.Size, Bounds.PreambleEndsAtStartOfLine};
  // The PCH holds the predefines. The reader's own checks would refuse a
  // parse without them (as for PrecompiledPreamble, which turns them off
  // too); the entry was checked against every path its build looked at,
  // and its key covers the options.
  PP.UsePredefines = false;
  PP.DisablePCHOrModuleValidation = DisableValidationForModuleKind::PCH;
  DependencyOutputOptions DepOpts = Use->getDependencyOutputOpts();
  Use->getDependencyOutputOpts() = DependencyOutputOptions();

  auto Overlay = makeIntrusiveRefCnt<vfs::OverlayFileSystem>(Files.getVirtualFileSystemPtr());
  auto Memory = makeIntrusiveRefCnt<vfs::InMemoryFileSystem>();
  Memory->addFileNoOwn(PCHPath, 0, MemoryBufferRef(E.PCH, PCHPath));
  Overlay->pushOverlay(Memory);
  auto PCHFiles = makeIntrusiveRefCnt<FileManager>(Files.getFileSystemOpts(), Overlay);

  CompilerInstance CI(std::move(Ops));
  CI.setInvocation(std::move(Use));
  CI.setFileManager(PCHFiles.get());
  Recorder Held;
  CI.createDiagnostics(Opts.DiagnosticsShown ? &Held : Diags, /*ShouldOwnClient=*/false);
  CI.createSourceManager(*PCHFiles);
  WithDependencies Action(MakeAction(), std::move(DepOpts), E);
  Succeeded = CI.ExecuteAction(Action);
  // Anything reported (a warning, a remark, an error): the plain parse
  // reports it, with the include stacks and text of a parse without the PCH.
  return !Held.Any;
}

bool PreambleToolAction::runInvocation(std::shared_ptr<CompilerInvocation> Inv,
                                       FileManager *Files,
                                       std::shared_ptr<PCHContainerOperations> Ops,
                                       DiagnosticConsumer *Diags) {
  StringRef Input = Inv->getFrontendOpts().Inputs.empty()
                        ? StringRef()
                        : Inv->getFrontendOpts().Inputs[0].getFile();
  std::string Why = Opts.CacheDir.empty() ? "no cache" : !Opts.Allowed ? "not for this parse" : "";
  if (Why.empty()) {
    PreambleBounds Bounds(0, false);
    if (std::shared_ptr<PreambleEntry> E = getEntry(*Inv, *Files, Ops, Bounds, Why)) {
      bool Succeeded = false;
      if (runWithPreamble(*Inv, *Files, Ops, *E, Bounds, Diags, Succeeded)) {
        log(Outcome.Use, "", Input);
        return Succeeded;
      }
      Outcome.Use = PreambleUse::Retried;
      Why = "the parse reported diagnostics";
    }
  }
  Outcome.Why = Why;
  log(Outcome.Use, Why, Input);
  return runPlain(std::move(Inv), Files, std::move(Ops), Diags, MakeAction());
}

} // namespace

ParseOutcome runParse(const std::vector<std::string> &CommandLine,
                      IntrusiveRefCntPtr<vfs::FileSystem> FS,
                      std::function<std::unique_ptr<FrontendAction>()> MakeAction,
                      DiagnosticConsumer *Diags, const PreambleParseOptions &Opts) {
  auto Files = makeIntrusiveRefCnt<FileManager>(FileSystemOptions(), FS);
  PreambleToolAction Action(std::move(MakeAction), Opts);
  tooling::ToolInvocation Invocation(CommandLine, &Action, Files.get(),
                                     std::make_shared<PCHContainerOperations>());
  if (Diags)
    Invocation.setDiagnosticConsumer(Diags);
  Action.Outcome.Succeeded = Invocation.run();
  return Action.Outcome;
}

} // namespace hpp
