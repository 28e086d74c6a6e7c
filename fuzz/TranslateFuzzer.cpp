//===- TranslateFuzzer.cpp - libFuzzer target: whole translations ---------===//
///
/// \file
/// The input stands for a C++ file (ProgramGenerator.h says how); the file
/// is translated for the OpenMP and the CUDA backend through translateFile,
/// the entry point hppc uses, with the text in memory and the diagnostics
/// silenced. Refusals and errors are expected; crashes, sanitizer reports,
/// leaks and hangs are bugs, and so is a translation that claims success
/// without output.
///
//===----------------------------------------------------------------------===//

#include "FuzzSupport.h"
#include "ProgramGenerator.h"
#include "hppc/Translator.h"
#include <cstdint>

using namespace llvm;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  std::string Source =
      hpp::fuzz::buildProgram(StringRef(reinterpret_cast<const char *>(Data), Size));
  for (hpp::Backend B : {hpp::Backend::OpenMP, hpp::Backend::CUDA}) {
    hpp::TranslateOptions Opts;
    Opts.Target = B;
    Opts.InputPath = hpp::fuzz::InputPath;
    Opts.InputText = Source;
    Opts.PrintDiagnostics = false;
    Opts.ResourceDir = HPP_CLANG_RESOURCE_DIR;
    Opts.IncludeDirs.push_back(HPP_SOURCE_INCLUDE_DIR);
    Opts.CompilerArgs = {"-std=c++17"};
    Expected<hpp::TranslationResult> R = hpp::translateFile(Opts);
    if (!R)
      hpp::fuzz::fail(toString(R.takeError()));
    if (R->Succeeded && R->Output.empty())
      hpp::fuzz::fail("a successful translation without output");
  }
  return 0;
}
