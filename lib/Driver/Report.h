//===- Report.h - The per-region mapping report -----------------*- C++ -*-===//
///
/// \file
/// Renders what happened to every annotated loop: how each region and its
/// levels were mapped, collapse, reductions, scratch sizes, barriers
/// inserted and why, functions compiled for the device, and every directive
/// that was refused with the reason. Text for people, JSON for tools.
///
//===----------------------------------------------------------------------===//

#ifndef HPP_DRIVER_REPORT_H
#define HPP_DRIVER_REPORT_H

#include "Basic/Diagnostics.h"
#include "IR/Region.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include <string>

namespace clang {
class SourceManager;
}

namespace hpp {

struct ReportInput {
  const TranslationModel &Model;
  const clang::SourceManager &SM;
  llvm::StringRef FileName;
  llvm::StringRef BackendName;
  /// How a loop is mapped on the backend.
  llvm::function_ref<std::string(const Region &, const Construct &)> DescribeMapping;
};

std::string renderTextReport(const ReportInput &In);
std::string renderJSONReport(const ReportInput &In);

/// The report as remarks at the user's lines, the way `-Minfo=accel` or
/// `-Rpass` report during a normal compile: one per region at its loop,
/// one per construct at its line.
void emitReportRemarks(const ReportInput &In, Diagnoser &Diags);

} // namespace hpp

#endif // HPP_DRIVER_REPORT_H
