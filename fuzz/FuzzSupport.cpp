//===- FuzzSupport.cpp - What both fuzz targets share ---------------------===//

#include "FuzzSupport.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/raw_ostream.h"
#include <cstdlib>

namespace hpp {
namespace fuzz {

void FormattingSink::HandleDiagnostic(clang::DiagnosticsEngine::Level Level,
                                      const clang::Diagnostic &Info) {
  DiagnosticConsumer::HandleDiagnostic(Level, Info);
  llvm::SmallString<128> Text;
  Info.FormatDiagnostic(Text);
}

void fail(llvm::StringRef What) {
  llvm::errs() << "hpp fuzzer: broken invariant: " << What << "\n";
  std::abort();
}

} // namespace fuzz
} // namespace hpp
