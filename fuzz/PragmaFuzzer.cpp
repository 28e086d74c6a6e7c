//===- PragmaFuzzer.cpp - libFuzzer target: the pragma parser -------------===//
///
/// \file
/// The input is the text after `#pragma hpp`, in front of a loop. Only the
/// pragma front end runs: the preprocessor, with PragmaCollector installed,
/// hands the line's tokens to parseDirective, which builds a Directive or
/// reports an error. Line breaks in the input become spaces so that the
/// bytes stay on the pragma line; a trailing backslash still continues it.
///
//===----------------------------------------------------------------------===//

#include "FuzzSupport.h"
#include "Basic/Diagnostics.h"
#include "Basic/Directive.h"
#include "Frontend/PragmaCollector.h"
#include "clang/Basic/FileManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendActions.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/VirtualFileSystem.h"
#include <cstdint>
#include <optional>

using namespace clang;
using namespace llvm;

namespace {

/// Preprocesses the file with the `hpp` pragma handler installed, as the
/// translator's own parse does; no AST is built.
class CollectPragmas : public PreprocessOnlyAction {
public:
  explicit CollectPragmas(std::vector<hpp::Directive> &Out) : Out(Out) {}

  bool BeginSourceFileAction(CompilerInstance &CI) override {
    Diags.emplace(CI.getDiagnostics());
    CI.getPreprocessor().AddPragmaHandler(new hpp::PragmaCollector(*Diags, Out));
    return true;
  }

private:
  std::vector<hpp::Directive> &Out;
  std::optional<hpp::Diagnoser> Diags;
};

/// What analysis relies on in every directive the parser accepts.
void checkDirective(const hpp::Directive &D) {
  if (D.PragmaLoc.isInvalid() || D.KindLoc.isInvalid())
    hpp::fuzz::fail("directive without a location");
  (void)hpp::getDirectiveSpelling(D.Kind);
  (void)D.label();
  for (const hpp::Clause &C : D.Clauses) {
    if (C.Loc.isInvalid())
      hpp::fuzz::fail("clause without a location");
    (void)hpp::getClauseSpelling(C.Kind);
    if (C.Kind == hpp::ClauseKind::Reduction && C.Args.empty())
      hpp::fuzz::fail("reduction clause without a variable");
  }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  std::string Pragma(reinterpret_cast<const char *>(Data), Size);
  for (char &C : Pragma)
    if (C == '\n' || C == '\r')
      C = ' ';
  std::string Code = "void f(int n, double *a, double s) {\n#pragma hpp " + Pragma +
                     "\n  for (int i = 0; i < n; ++i)\n    a[i] = s;\n}\n";

  auto Memory = makeIntrusiveRefCnt<vfs::InMemoryFileSystem>();
  Memory->addFile(hpp::fuzz::InputPath, 0, MemoryBuffer::getMemBufferCopy(Code));
  auto Files = makeIntrusiveRefCnt<FileManager>(FileSystemOptions(), Memory);
  std::vector<hpp::Directive> Directives;
  tooling::ToolInvocation Invocation(
      // Without carets Clang does not print "N errors generated" either.
      {"hppc-fuzz", "-fsyntax-only", "-fno-caret-diagnostics", "-x", "c++",
       hpp::fuzz::InputPath},
      std::make_unique<CollectPragmas>(Directives), Files.get());
  hpp::fuzz::FormattingSink Sink;
  Invocation.setDiagnosticConsumer(&Sink);
  Invocation.run();
  for (const hpp::Directive &D : Directives)
    checkDirective(D);
  return 0;
}
