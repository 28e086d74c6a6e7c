//===- Emitter.h - The interface every backend implements -------*- C++ -*-===//
///
/// \file
/// A backend turns the region model into edits of the user's source: the
/// annotated loops become launches of generated code, everything else stays
/// as written. Backends see only the model, never the pragmas' syntax or
/// which front end produced a region.
///
//===----------------------------------------------------------------------===//

#ifndef HPP_BACKEND_EMITTER_H
#define HPP_BACKEND_EMITTER_H

#include "IR/Region.h"
#include "llvm/Support/Error.h"
#include <memory>
#include <string>

namespace hpp {

class SourceEditor;

class Emitter {
public:
  virtual ~Emitter();

  virtual Backend backend() const = 0;
  /// Text placed at the top of the generated file, before the user's code.
  virtual std::string fileHeader(const TranslationModel &Model) const = 0;
  /// Compiler arguments the backend needs when hppc parses the input
  /// (macros that the backend's headers test, for example).
  virtual std::vector<std::string> parseArguments() const { return {}; }
  /// Called once with the whole model before any region is emitted.
  virtual void begin(const TranslationModel &Model) {}
  /// Rewrites one region in place. Analysis has refused what this backend
  /// cannot translate; an llvm::Error means the edit itself failed.
  virtual llvm::Error emitRegion(const Region &R, SourceEditor &Edit) = 0;
  /// Rewrites an atomic that is not inside any region.
  virtual llvm::Error emitFreeAtomic(const Construct &C, SourceEditor &Edit) = 0;
  /// Rewrites a data construct (`hpp data`) or a stand-alone data
  /// directive (`enter data`, `exit data`, `update`); \p Index numbers
  /// them in the file, for unique names.
  virtual llvm::Error emitDataConstruct(const Construct &C, SourceEditor &Edit,
                                        unsigned Index) = 0;
  /// How \p Loop, a loop of \p R, runs on this backend, for the report.
  virtual std::string describeMapping(const Region &R, const Construct &Loop) const = 0;
};

/// The emitter for \p B, or an error if that backend is not built yet.
llvm::Expected<std::unique_ptr<Emitter>> createEmitter(Backend B);

std::unique_ptr<Emitter> createOpenMPEmitter();
std::unique_ptr<Emitter> createCUDAEmitter();
std::unique_ptr<Emitter> createHIPEmitter();

} // namespace hpp

#endif // HPP_BACKEND_EMITTER_H
