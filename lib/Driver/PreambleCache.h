//===- PreambleCache.h - Preamble PCHs kept on disk -------------*- C++ -*-===//
///
/// \file
/// One cache entry per preamble key: the PCH, the files its build looked
/// at (with their size and modification time, or that they were missing),
/// and the dependencies its preprocessor reported, in order. An entry is
/// one file, written under a temporary name and renamed into place, so
/// compiles running at once (ninja -j) see a whole entry or none.
///
//===----------------------------------------------------------------------===//

#ifndef HPP_DRIVER_PREAMBLECACHE_H
#define HPP_DRIVER_PREAMBLECACHE_H

#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/VirtualFileSystem.h"
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace hpp {

/// What a stat of a path the preamble's build made returned.
struct ObservedPath {
  enum Kind : char { Missing = 'm', File = 'f', Directory = 'd', Other = 'o' };
  Kind K = Missing;
  uint64_t Size = 0;
  /// Nanoseconds since the epoch (files only).
  int64_t MTime = 0;
};

/// One DependencyCollector::maybeAddDependency call of the preamble's build.
struct RecordedDependency {
  std::string File;
  bool FromModule = false, IsSystem = false, IsModuleFile = false, IsMissing = false;
};

struct PreambleEntry {
  /// False: the preamble must not be used (it had a `#pragma hpp`, a
  /// diagnostic or an error); kept so that the next file does not build it
  /// again while its headers are unchanged.
  bool Usable = false;
  /// The path of the file the PCH was built from (its preamble FileID).
  std::string MainFile;
  llvm::StringMap<ObservedPath> Paths;
  std::vector<RecordedDependency> Dependencies;
  /// The PCH, in Storage (a mapped cache file) or in Owned.
  llvm::StringRef PCH;
  std::unique_ptr<llvm::MemoryBuffer> Storage;
  std::string Owned;
};

/// \p Path as \p FS sees it now.
ObservedPath observe(llvm::vfs::FileSystem &FS, llvm::StringRef Path);

/// Whether every path the entry's build looked at is as it was then.
bool isCurrent(const PreambleEntry &E, llvm::vfs::FileSystem &FS);

/// Reads the entry for \p Key from \p Dir; nullopt when there is none or it
/// cannot be read (it is then built again).
std::optional<PreambleEntry> loadEntry(llvm::StringRef Dir, llvm::StringRef Key);

/// Writes \p E for \p Key into \p Dir (created if needed), atomically.
llvm::Error storeEntry(llvm::StringRef Dir, llvm::StringRef Key, const PreambleEntry &E);

/// A file system that records what its parse stats and opens.
class RecordingFileSystem : public llvm::vfs::ProxyFileSystem {
public:
  explicit RecordingFileSystem(llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> FS)
      : ProxyFileSystem(std::move(FS)) {}

  llvm::ErrorOr<llvm::vfs::Status> status(const llvm::Twine &Path) override;
  llvm::ErrorOr<std::unique_ptr<llvm::vfs::File>>
  openFileForRead(const llvm::Twine &Path) override;

  llvm::StringMap<ObservedPath> takePaths() { return std::move(Paths); }

private:
  void record(const llvm::Twine &Path, const llvm::ErrorOr<llvm::vfs::Status> &S);

  llvm::StringMap<ObservedPath> Paths;
};

} // namespace hpp

#endif // HPP_DRIVER_PREAMBLECACHE_H
