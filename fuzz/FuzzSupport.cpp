//===- FuzzSupport.cpp - What both fuzz targets share ---------------------===//

#include "FuzzSupport.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/raw_ostream.h"
#include <cstdlib>

/// LLVM's allocators poison and unpoison their slabs by hand where the code
/// that inlines them is built with ASan: here lib/ and the fuzzers are, the
/// system's libLLVM and libclang are not, so a slab that our copy of
/// BumpPtrAllocator started (an identifier added from lib/) is then handed
/// out by theirs without unpoisoning, and ASan reports a use-after-poison
/// that is none. Only the sanitizer's own checks count.
extern "C" const char *__asan_default_options() { return "allow_user_poisoning=0"; }

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
