//===- hppPlugin.cpp - hpp as a Clang plugin ------------------------------===//
///
/// \file
/// `clang++ -fplugin=hppPlugin.so -fplugin-arg-hpp-backend=B
/// -fplugin-arg-hpp-out=FILE` translates the file clang compiles, inside
/// clang's own parse, and writes the translation to FILE; clang compiles
/// the original file as usual. Everything else lives in the library; this
/// file only reads the plugin's arguments and writes files.
///
//===----------------------------------------------------------------------===//

#include "hppc/InParseTranslation.h"
#include "clang/AST/ASTConsumer.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendPluginRegistry.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

using namespace clang;
using namespace llvm;

namespace {

class HppPluginAction : public PluginASTAction {
public:
  bool ParseArgs(const CompilerInstance &CI,
                 const std::vector<std::string> &Args) override;

  /// Clang still compiles the original file: the translation is an extra.
  ActionType getActionType() override { return AddAfterMainAction; }

  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI,
                                                 StringRef InFile) override;

private:
  hpp::Backend Target = hpp::Backend::OpenMP;
  std::string Out;
  std::string ReportJSON;
  bool Report = false;
};

void error(DiagnosticsEngine &Diags, const Twine &Message) {
  Diags.Report(Diags.getCustomDiagID(DiagnosticsEngine::Error, "hpp plugin: %0"))
      << Message.str();
}

bool HppPluginAction::ParseArgs(const CompilerInstance &CI,
                                const std::vector<std::string> &Args) {
  if (hpp::isInnerParse(CI))
    return false;
  DiagnosticsEngine &Diags = CI.getDiagnostics();
  std::optional<hpp::Backend> B;
  for (StringRef A : Args) {
    if (A.consume_front("backend=")) {
      B = hpp::parseBackend(A);
      if (!B) {
        error(Diags, "unknown backend '" + A + "'");
        return false;
      }
    } else if (A.consume_front("out=")) {
      Out = A.str();
    } else if (A == "report") {
      Report = true;
    } else if (A.consume_front("report-json=")) {
      ReportJSON = A.str();
    } else {
      error(Diags, "unknown argument '" + A +
                       "' (expected backend=openmp|cuda|hip, out=FILE, report, "
                       "report-json=FILE)");
      return false;
    }
  }
  if (!B) {
    error(Diags, "missing backend (-fplugin-arg-hpp-backend=openmp|cuda|hip)");
    return false;
  }
  if (Out.empty()) {
    error(Diags, "missing output file (-fplugin-arg-hpp-out=FILE)");
    return false;
  }
  Target = *B;
  return true;
}

std::unique_ptr<ASTConsumer> HppPluginAction::CreateASTConsumer(CompilerInstance &CI,
                                                                StringRef InFile) {
  DiagnosticsEngine &Diags = CI.getDiagnostics();
  // Whatever happens next, no older translation is left behind for a build
  // to go on with: FILE is written again only when this one succeeds.
  if (Out != "-")
    sys::fs::remove(Out);
  auto Write = [&Diags](StringRef Path, StringRef Text) {
    if (Error E = writeToOutput(Path, [&](raw_ostream &OS) {
          OS << Text;
          return Error::success();
        }))
      error(Diags, toString(std::move(E)));
  };
  // The action is gone when the consumer runs: copy what it read.
  auto Done = [Write, &Diags, Report = Report, Out = Out,
               ReportJSON = ReportJSON](hpp::TranslationResult &R) {
    if (Report)
      errs() << R.ReportText;
    if (!ReportJSON.empty())
      Write(ReportJSON, R.ReportJSON);
    if (R.Succeeded && !Diags.hasErrorOccurred())
      Write(Out, R.Output);
  };
  Expected<std::unique_ptr<ASTConsumer>> Consumer =
      hpp::createInParseTranslation(CI, Target, Done);
  if (!Consumer) {
    error(Diags, toString(Consumer.takeError()));
    return std::make_unique<ASTConsumer>();
  }
  return std::move(*Consumer);
}

} // namespace

static FrontendPluginRegistry::Add<HppPluginAction>
    X("hpp", "translate #pragma hpp loops and hpp::parallel_* calls for a backend");
