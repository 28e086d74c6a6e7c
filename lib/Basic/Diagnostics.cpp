//===- Diagnostics.cpp - Every diagnostic hppc emits ----------------------===//

#include "Basic/Diagnostics.h"
#include "llvm/ADT/SmallString.h"

using namespace clang;

namespace hpp {
namespace {

/// Keeps the text of every error and forwards everything to the consumer
/// that prints or verifies diagnostics. Its counts mirror that consumer's,
/// so that under -verify expected errors do not count as failures.
class ErrorLogConsumer : public DiagnosticConsumer {
public:
  ErrorLogConsumer(DiagnosticConsumer *Target,
                   std::unique_ptr<DiagnosticConsumer> Owned)
      : Target(Target), Owned(std::move(Owned)) {}

  std::vector<std::string> Messages;

  void BeginSourceFile(const LangOptions &LO, const Preprocessor *PP) override {
    Target->BeginSourceFile(LO, PP);
  }
  void EndSourceFile() override {
    Target->EndSourceFile();
    sync();
  }
  void finish() override {
    Target->finish();
    sync();
  }
  void clear() override {
    Target->clear();
    DiagnosticConsumer::clear();
  }
  bool IncludeInDiagnosticCounts() const override {
    return Target->IncludeInDiagnosticCounts();
  }
  void HandleDiagnostic(DiagnosticsEngine::Level Level,
                        const Diagnostic &Info) override {
    if (Level >= DiagnosticsEngine::Error) {
      llvm::SmallString<128> Text;
      Info.FormatDiagnostic(Text);
      Messages.push_back(Text.str().str());
    }
    Target->HandleDiagnostic(Level, Info);
    sync();
  }

private:
  void sync() {
    NumErrors = Target->getNumErrors();
    NumWarnings = Target->getNumWarnings();
  }
  DiagnosticConsumer *Target;
  std::unique_ptr<DiagnosticConsumer> Owned;
};

} // namespace

Diagnoser::Diagnoser(DiagnosticsEngine &Engine) : Engine(Engine) {
  DiagnosticConsumer *Current = Engine.getClient();
  std::unique_ptr<DiagnosticConsumer> Owned = Engine.takeClient();
  auto *Logger = new ErrorLogConsumer(Current, std::move(Owned));
  Log = &Logger->Messages;
  Engine.setClient(Logger, /*ShouldOwnClient=*/true);

#define HPP_DIAG(ID, Level, Message)                                           \
  IDs[static_cast<unsigned>(Diag::ID)] =                                       \
      Engine.getCustomDiagID(DiagnosticsEngine::Level, Message);
#include "Basic/Diagnostics.def"
}

DiagnosticBuilder Diagnoser::report(SourceLocation Loc, Diag D) {
  static constexpr bool IsError[] = {
#define HPP_DIAG(ID, Level, Message) DiagnosticsEngine::Level == DiagnosticsEngine::Error,
#include "Basic/Diagnostics.def"
  };
  OwnErrors += IsError[static_cast<unsigned>(D)];
  return Engine.Report(Loc, IDs[static_cast<unsigned>(D)]);
}

} // namespace hpp
