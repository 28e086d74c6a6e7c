//===- StandaloneMain.cpp - Run a fuzz target without libFuzzer -----------===//
///
/// \file
/// In the normal build the fuzz targets link this main instead of
/// libFuzzer's: it runs the target once on each file named on the command
/// line, so that the test suite replays the seed corpus and the crash
/// reproducers without an instrumented build.
///
//===----------------------------------------------------------------------===//

#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size);

int main(int argc, char **argv) {
  for (int I = 1; I < argc; ++I) {
    auto Buffer = llvm::MemoryBuffer::getFile(argv[I]);
    if (!Buffer) {
      llvm::errs() << argv[I] << ": " << Buffer.getError().message() << "\n";
      return 1;
    }
    llvm::StringRef Bytes = (*Buffer)->getBuffer();
    LLVMFuzzerTestOneInput(reinterpret_cast<const uint8_t *>(Bytes.data()), Bytes.size());
  }
  llvm::outs() << "ran " << argc - 1 << " inputs\n";
  return 0;
}
