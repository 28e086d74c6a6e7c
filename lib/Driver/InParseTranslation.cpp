//===- InParseTranslation.cpp - Translate inside a compiler's parse -------===//
///
/// \file
/// The Clang plugin's translation. A file without parallel_* calls is
/// translated by the consumer hppc uses, on the compiler's own AST. A file
/// with them takes hppc's two steps: the compiler's parse lowers the calls,
/// and a second parse of the lowered text, made from a copy of the
/// compiler's invocation, translates it.
///
//===----------------------------------------------------------------------===//

#include "hppc/InParseTranslation.h"
#include "Backend/Emitter.h"
#include "Basic/Diagnostics.h"
#include "Driver/TranslationConsumer.h"
#include "Driver/UserLineDiagnostics.h"
#include "Frontend/Api/ApiLowering.h"
#include "clang/AST/ASTConsumer.h"
#include "clang/Basic/DiagnosticIDs.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Lex/Pragma.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Lex/PreprocessorOptions.h"
#include "llvm/Support/MemoryBuffer.h"

using namespace clang;
using namespace llvm;

namespace hpp {

namespace {

/// Marks the invocation of the second parse: a plugin action name that no
/// plugin has (the parse runs this library's action, not a plugin's).
constexpr llvm::StringLiteral InnerParseName = "hpp-inner-parse";

/// Gives the diagnostics of the second parse to the compiler's engine, at
/// the same file, line and column there (the lowered text keeps the user's
/// lines with `#line`). Clang's own warnings are dropped: the compiler's
/// parse of the original text has given them already.
class ForwardToCompiler : public DiagnosticConsumer {
public:
  explicit ForwardToCompiler(CompilerInstance &Compiler) : Compiler(Compiler) {}

  void HandleDiagnostic(DiagnosticsEngine::Level Level,
                        const Diagnostic &Info) override {
    DiagnosticConsumer::HandleDiagnostic(Level, Info);
    if (Level != DiagnosticsEngine::Note)
      Forwarding = Info.getID() >= diag::DIAG_UPPER_LIMIT ||
                   Level >= DiagnosticsEngine::Error;
    if (!Forwarding)
      return;
    SmallString<256> Message;
    Info.FormatDiagnostic(Message);
    DiagnosticsEngine &Target = Compiler.getDiagnostics();
    Target.Report(mapLocation(Info), Target.getCustomDiagID(Level, "%0")) << Message;
  }

private:
  SourceLocation mapLocation(const Diagnostic &Info) const {
    if (!Info.hasSourceManager() || Info.getLocation().isInvalid())
      return {};
    PresumedLoc P = Info.getSourceManager().getPresumedLoc(Info.getLocation());
    if (P.isInvalid())
      return {};
    SourceManager &To = Compiler.getSourceManager();
    FileID Main = To.getMainFileID();
    if (To.getFileEntryRefForID(Main)->getName() == P.getFilename()) {
      // The column of the same token in the user's line (the lowered line
      // may have more text before it).
      bool Invalid = false;
      std::optional<StringRef> Original =
          sourceLine(To.getBufferData(Main, &Invalid), P.getLine());
      const unsigned Col =
          Invalid || !Original
              ? P.getColumn()
              : originalColumn(Info.getSourceManager(), Info.getLocation(), P.getColumn(),
                               *Original);
      return To.translateLineCol(Main, P.getLine(), Col);
    }
    if (auto File = To.getFileManager().getOptionalFileRef(P.getFilename()))
      return To.translateFileLineCol(*File, P.getLine(), P.getColumn());
    return {};
  }

  CompilerInstance &Compiler;
  /// Whether the last diagnostic that was not a note was forwarded: its
  /// notes follow it.
  bool Forwarding = false;
};

/// A `-DNAME=VALUE` of the backend's parse arguments, as a definition.
std::string toDefine(StringRef Arg) {
  Arg.consume_front("-D");
  auto [Name, Value] = Arg.split('=');
  return ("#define " + Name + " " + Value + "\n").str();
}

/// Lowers the parallel_* calls of the compiler's parse, then translates the
/// lowered text in a parse of its own.
class LoweringConsumer : public ASTConsumer {
public:
  LoweringConsumer(CompilerInstance &CI, Backend Target,
                   std::vector<std::string> ParseArgs, TranslationDone Done)
      : Compiler(CI), Target(Target), ParseArgs(std::move(ParseArgs)),
        Done(std::move(Done)), Diags(CI.getDiagnostics()) {
    // The pragmas are read by the second parse, from the lowered text.
    CI.getPreprocessor().AddPragmaHandler(new EmptyPragmaHandler("hpp"));
  }

  void HandleTranslationUnit(ASTContext &Ctx) override {
    TranslationResult Result;
    if (Diags.hasErrors())
      return Done(Result);
    std::optional<std::string> Lowered = lowerApiCalls(Ctx, Diags);
    if (Diags.hasErrors())
      return Done(Result);
    translateLowered(Lowered, Result);
    Done(Result);
  }

private:
  void translateLowered(const std::optional<std::string> &Lowered,
                        TranslationResult &Result);

  CompilerInstance &Compiler;
  Backend Target;
  std::vector<std::string> ParseArgs;
  TranslationDone Done;
  Diagnoser Diags;
};

void LoweringConsumer::translateLowered(const std::optional<std::string> &Lowered,
                                        TranslationResult &Result) {
  auto Invocation = std::make_shared<CompilerInvocation>(Compiler.getInvocation());
  // Only a parse: no plugin (this one again), output or dependency file.
  FrontendOptions &Frontend = Invocation->getFrontendOpts();
  Frontend.ProgramAction = frontend::ParseSyntaxOnly;
  Frontend.AddPluginActions.clear();
  Frontend.Plugins.clear();
  Frontend.PluginArgs.clear();
  Frontend.OutputFile.clear();
  Frontend.ActionName = InnerParseName.str();
  Invocation->getDependencyOutputOpts() = DependencyOutputOptions();
  // The compiler's engine checks -verify and counts; no "N warnings
  // generated" from this one.
  Invocation->getDiagnosticOpts().VerifyDiagnostics = false;
  Invocation->getDiagnosticOpts().ShowCarets = false;
  PreprocessorOptions &PP = Invocation->getPreprocessorOpts();
  for (StringRef Arg : ParseArgs)
    if (Arg.consume_front("-D"))
      PP.addMacroDef(Arg);
  if (Lowered) {
    StringRef Main = Frontend.Inputs.front().getFile();
    PP.addRemappedFile(Main, MemoryBuffer::getMemBufferCopy(*Lowered, Main).release());
    PP.RetainRemappedFileBuffers = false;
  }

  CompilerInstance Second(Compiler.getPCHContainerOperations());
  Second.setInvocation(std::move(Invocation));
  Second.createDiagnostics(new ForwardToCompiler(Compiler), /*ShouldOwnClient=*/true);
  std::unique_ptr<FrontendAction> Action = createTranslateAction(Target, /*Remarks=*/false, Result);
  Result.ClangSucceeded = Second.ExecuteAction(*Action);
  Result.Succeeded &= Result.ClangSucceeded;
}

} // namespace

bool isInnerParse(const CompilerInstance &CI) {
  return CI.getFrontendOpts().ActionName == InnerParseName;
}

Expected<std::unique_ptr<ASTConsumer>>
createInParseTranslation(CompilerInstance &CI, Backend Target, TranslationDone Done) {
  Expected<std::unique_ptr<Emitter>> Backend = createEmitter(Target);
  if (!Backend)
    return Backend.takeError();
  std::vector<std::string> ParseArgs = (*Backend)->parseArguments();
  // The compiler's preprocessor exists but has not entered the main file:
  // the backend's macros still reach the whole parse.
  Preprocessor &PP = CI.getPreprocessor();
  std::string Predefines = PP.getPredefines();
  for (StringRef Arg : ParseArgs)
    if (Arg.starts_with("-D"))
      Predefines += toDefine(Arg);
  PP.setPredefines(Predefines);

  const FrontendInputFile &Input = CI.getFrontendOpts().Inputs.front();
  bool CallsApi = false;
  if (Input.isBuffer())
    CallsApi = mayCallApi(Input.getBuffer().getBuffer());
  else if (Input.getFile() == "-")
    // Standard input cannot be read twice; such a file is not lowered.
    CallsApi = false;
  else if (auto Buffer = CI.getFileManager().getBufferForFile(Input.getFile()))
    CallsApi = mayCallApi((*Buffer)->getBuffer());
  if (!CallsApi)
    return createTranslationConsumer(CI, Target, /*Remarks=*/false, std::move(Done));
  return std::make_unique<LoweringConsumer>(CI, Target, std::move(ParseArgs),
                                            std::move(Done));
}

} // namespace hpp
