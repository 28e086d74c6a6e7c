//===- ProgramGenerator.h - Annotated programs from fuzzer bytes -*- C++ -*-===//
///
/// \file
/// The translation target's inputs either are a whole C++ file (the seeds
/// from test/, mutated as text) or start with '@' and choose a program: the
/// bytes up to the first line break pick the regions, loops, pragma words,
/// clauses and statements from tables of valid and nearly valid pieces; the
/// following lines are text that some choices insert verbatim (a clause, a
/// statement, a loop header), so mutations of it reach every position.
///
//===----------------------------------------------------------------------===//

#ifndef HPP_FUZZ_PROGRAMGENERATOR_H
#define HPP_FUZZ_PROGRAMGENERATOR_H

#include "llvm/ADT/StringRef.h"
#include <string>

namespace hpp {
namespace fuzz {

/// The C++ file an input stands for.
std::string buildProgram(llvm::StringRef Input);

} // namespace fuzz
} // namespace hpp

#endif // HPP_FUZZ_PROGRAMGENERATOR_H
