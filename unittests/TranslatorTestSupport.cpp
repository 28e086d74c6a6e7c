//===- TranslatorTestSupport.cpp - Parse and analyse snippets -------------===//

#include "TranslatorTestSupport.h"
#include "Analysis/RegionBuilder.h"
#include "Analysis/StmtLocator.h"
#include "Basic/ASTUtils.h"
#include "Frontend/PragmaCollector.h"
#include "clang/AST/ASTConsumer.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/VirtualFileSystem.h"
#include "gtest/gtest.h"

using namespace clang;
using namespace llvm;

namespace hpp {
namespace test {
namespace {

/// Where the snippet and its extra files live, in memory.
constexpr StringRef SnippetDir = "/hpp-unittests";
constexpr StringRef SnippetPath = "/hpp-unittests/input.cpp";

class RecordingConsumer : public DiagnosticConsumer {
public:
  explicit RecordingConsumer(std::vector<DiagRecord> &Out) : Out(Out) {}

  void HandleDiagnostic(DiagnosticsEngine::Level Level, const Diagnostic &Info) override {
    DiagnosticConsumer::HandleDiagnostic(Level, Info);
    DiagRecord R{Level, "", 0, 0, ""};
    SmallString<128> Text;
    Info.FormatDiagnostic(Text);
    R.Message = Text.str().str();
    if (Info.hasSourceManager() && Info.getLocation().isValid()) {
      const SourceManager &SM = Info.getSourceManager();
      PresumedLoc P = SM.getPresumedLoc(SM.getExpansionLoc(Info.getLocation()));
      R.Line = P.getLine();
      R.Column = P.getColumn();
      if (StringRef(P.getFilename()) != SnippetPath)
        R.File = sys::path::filename(P.getFilename()).str();
    }
    Out.push_back(std::move(R));
  }

private:
  std::vector<DiagRecord> &Out;
};

/// Finds the first variable of a name in the main file.
class VarFinder : public RecursiveASTVisitor<VarFinder> {
public:
  VarFinder(StringRef Name, const SourceManager &SM) : Name(Name), SM(SM) {}
  bool VisitVarDecl(VarDecl *V) {
    if (V->getName() == Name && SM.isInMainFile(SM.getExpansionLoc(V->getLocation())))
      Found = V;
    return !Found;
  }
  const VarDecl *Found = nullptr;

private:
  StringRef Name;
  const SourceManager &SM;
};

/// "[FILE:]LINE: message" for the records of the levels \p Keep accepts.
std::vector<std::string> formatWhere(const std::vector<DiagRecord> &Records,
                                     function_ref<bool(DiagnosticsEngine::Level)> Keep) {
  std::vector<std::string> Out;
  for (const DiagRecord &R : Records)
    if (Keep(R.Level))
      Out.push_back((R.File.empty() ? "" : R.File + ":") + std::to_string(R.Line) + ": " +
                    R.Message);
  return Out;
}

} // namespace

/// What TranslateAction does up to the model: a Diagnoser, the pragma
/// handler, and buildRegions() once the translation unit is parsed.
class Snippet::Action : public ASTFrontendAction {
public:
  explicit Action(Snippet &S) : S(S) {}

  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI, StringRef) override {
    S.Diags = std::make_unique<Diagnoser>(CI.getDiagnostics());
    CI.getPreprocessor().AddPragmaHandler(new PragmaCollector(*S.Diags, S.Directives));
    return std::make_unique<Consumer>(S, CI);
  }

private:
  class Consumer : public ASTConsumer {
  public:
    Consumer(Snippet &S, CompilerInstance &CI) : S(S), CI(CI) {}
    void HandleTranslationUnit(ASTContext &) override {
      // As in the translator: a partial AST is never analysed.
      S.Compiled = !S.Diags->hasCompilerErrors();
      if (S.Compiled && S.Analyze)
        S.Model = buildRegions(CI.getSema(), S.Directives, *S.Diags);
    }

  private:
    Snippet &S;
    CompilerInstance &CI;
  };

  Snippet &S;
};

/// Runs the action like CompilerInstance::ExecuteAction, but without
/// EndSourceFile: the Snippet ends it when it is destroyed, so that the AST
/// and Sema outlive the parse.
class Snippet::KeepAlive : public tooling::ToolAction {
public:
  explicit KeepAlive(Snippet &S) : S(S) {}

  bool runInvocation(std::shared_ptr<CompilerInvocation> Invocation, FileManager *Files,
                     std::shared_ptr<PCHContainerOperations> PCHContainerOps,
                     DiagnosticConsumer *DiagConsumer) override {
    Invocation->getFrontendOpts().DisableFree = false;
    auto CI = std::make_unique<CompilerInstance>(std::move(PCHContainerOps));
    CI->setInvocation(std::move(Invocation));
    CI->setFileManager(Files);
    CI->createDiagnostics(DiagConsumer, /*ShouldOwnClient=*/false);
    CI->createSourceManager(*Files);
    if (!CI->createTarget())
      return false;
    auto Act = std::make_unique<Snippet::Action>(S);
    if (!Act->BeginSourceFile(*CI, CI->getFrontendOpts().Inputs[0]))
      return false;
    S.Compiler = std::move(CI);
    S.FrontendAct = std::move(Act);
    if (Error E = S.FrontendAct->Execute()) {
      consumeError(std::move(E));
      return false;
    }
    return true;
  }

private:
  Snippet &S;
};

std::string substitute(StringRef Code, StringRef Hole, StringRef Text) {
  size_t At = Code.find(Hole);
  if (At == StringRef::npos) {
    ADD_FAILURE() << "'" << Hole.str() << "' is not in the snippet";
    return Code.str();
  }
  return (Code.take_front(At) + Text + Code.drop_front(At + Hole.size())).str();
}

SnippetOptions parseOnly() {
  SnippetOptions Opts;
  Opts.Analyze = false;
  return Opts;
}

Snippet::Snippet(StringRef Code, SnippetOptions Opts)
    : Code(Code.str()), Analyze(Opts.Analyze),
      Recorder(std::make_unique<RecordingConsumer>(Records)) {
  // The translator's command line (lib/Driver/Translator.cpp).
  std::vector<std::string> CommandLine = {"hppc-clang",
                                          "-fsyntax-only",
                                          "-Wno-vla-cxx-extension",
                                          "-ferror-limit=0",
                                          "-resource-dir=" HPP_CLANG_RESOURCE_DIR,
                                          "-std=c++17"};
  CommandLine.insert(CommandLine.end(), Opts.Args.begin(), Opts.Args.end());
  CommandLine.push_back("-I" HPP_SOURCE_INCLUDE_DIR);
  CommandLine.insert(CommandLine.end(), {"-x", "c++", SnippetPath.str()});

  auto Memory = makeIntrusiveRefCnt<vfs::InMemoryFileSystem>();
  Memory->addFile(SnippetPath, 0, MemoryBuffer::getMemBufferCopy(this->Code, SnippetPath));
  for (const auto &[Name, Text] : Opts.Files) {
    std::string Path = (SnippetDir + "/" + Name).str();
    Memory->addFile(Path, 0, MemoryBuffer::getMemBufferCopy(Text, Path));
  }
  auto Overlay = makeIntrusiveRefCnt<vfs::OverlayFileSystem>(vfs::getRealFileSystem());
  Overlay->pushOverlay(Memory);
  auto Files = makeIntrusiveRefCnt<FileManager>(FileSystemOptions(), Overlay);
  KeepAlive Run(*this);
  tooling::ToolInvocation Invocation(CommandLine, &Run, Files.get(),
                                     std::make_shared<PCHContainerOperations>());
  Invocation.setDiagnosticConsumer(Recorder.get());
  if (!Invocation.run() || !FrontendAct)
    ADD_FAILURE() << "Clang did not run on the snippet";
}

Snippet::~Snippet() {
  if (FrontendAct)
    FrontendAct->EndSourceFile();
}

ASTContext &Snippet::context() { return Compiler->getASTContext(); }

Sema &Snippet::sema() { return Compiler->getSema(); }

std::vector<std::string> Snippet::errors() const {
  return formatWhere(Records,
                     [](DiagnosticsEngine::Level L) { return L >= DiagnosticsEngine::Error; });
}

std::vector<std::string> Snippet::warnings() const {
  return formatWhere(Records,
                     [](DiagnosticsEngine::Level L) { return L == DiagnosticsEngine::Warning; });
}

std::vector<std::string> Snippet::notes() const {
  std::vector<std::string> Out;
  for (const DiagRecord &R : Records)
    if (R.Level == DiagnosticsEngine::Note)
      Out.push_back(R.Message);
  return Out;
}

unsigned Snippet::lineOf(StringRef Text) const {
  size_t Pos = StringRef(Code).find(Text);
  if (Pos == StringRef::npos) {
    ADD_FAILURE() << "'" << Text.str() << "' is not in the snippet";
    return 0;
  }
  return StringRef(Code).take_front(Pos).count('\n') + 1;
}

unsigned Snippet::columnOf(StringRef Text) const {
  size_t Pos = StringRef(Code).find(Text);
  if (Pos == StringRef::npos) {
    ADD_FAILURE() << "'" << Text.str() << "' is not in the snippet";
    return 0;
  }
  size_t LineStart = StringRef(Code).take_front(Pos).rfind('\n');
  return LineStart == StringRef::npos ? Pos + 1 : Pos - LineStart;
}

std::string Snippet::at(StringRef Text, StringRef Message) const {
  return std::to_string(lineOf(Text)) + ": " + Message.str();
}

unsigned Snippet::line(SourceLocation Loc) const {
  return getLine(Loc, Compiler->getSourceManager());
}

unsigned Snippet::column(SourceLocation Loc) const {
  const SourceManager &SM = Compiler->getSourceManager();
  return SM.getPresumedLoc(SM.getExpansionLoc(Loc)).getColumn();
}

std::string Snippet::text(SourceRange R) { return getSourceText(R, context()); }

const Stmt *Snippet::stmtAfter(const Directive &D) {
  // A fresh index: the AST is complete and does not change.
  StmtLocator Locator(context());
  const LocatedStmt *LS = Locator.findStmtAfter(D.EndLoc);
  return LS ? LS->Written : nullptr;
}

const ForStmt *Snippet::loopAfter(const Directive &D) {
  return dyn_cast_or_null<ForStmt>(stmtAfter(D));
}

const VarDecl *Snippet::var(StringRef Name) {
  VarFinder F(Name, Compiler->getSourceManager());
  F.TraverseDecl(context().getTranslationUnitDecl());
  if (!F.Found)
    ADD_FAILURE() << "no variable '" << Name.str() << "' in the snippet";
  return F.Found;
}

std::vector<std::string> callNames(const Region &R) {
  std::vector<std::string> Names;
  for (const CalledFunction &F : R.Calls)
    Names.push_back(F.Name);
  return Names;
}

std::vector<std::string> captureNames(const Region &R) {
  std::vector<std::string> Names;
  for (const Capture &C : R.Captures)
    Names.push_back(C.Name);
  return Names;
}

std::unique_ptr<Snippet> compile(StringRef Code, SnippetOptions Opts) {
  auto S = std::make_unique<Snippet>(Code, std::move(Opts));
  EXPECT_TRUE(S->compiled()) << "the snippet does not compile";
  return S;
}

} // namespace test
} // namespace hpp
