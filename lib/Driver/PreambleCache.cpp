//===- PreambleCache.cpp - Preamble PCHs kept on disk ---------------------===//
///
/// \file
/// The entry file: a text header (what is checked before the PCH is used)
/// followed by the PCH's bytes, which the parse reads from the mapped file.
///
//===----------------------------------------------------------------------===//

#include "Driver/PreambleCache.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CachePruning.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace hpp {

namespace {

constexpr StringLiteral Magic = "hpp-preamble-pch 1\n";

ObservedPath fromStatus(const ErrorOr<vfs::Status> &S) {
  ObservedPath P;
  if (!S)
    return P;
  if (S->isDirectory()) {
    P.K = ObservedPath::Directory;
  } else if (S->isRegularFile()) {
    P.K = ObservedPath::File;
    P.Size = S->getSize();
    P.MTime = std::chrono::duration_cast<std::chrono::nanoseconds>(
                  S->getLastModificationTime().time_since_epoch())
                  .count();
  } else {
    P.K = ObservedPath::Other;
  }
  return P;
}

bool same(const ObservedPath &A, const ObservedPath &B) {
  // A directory's own time changes with any file added to it; what the
  // parse found in it is checked path by path.
  return A.K == B.K && A.Size == B.Size && A.MTime == B.MTime;
}

/// Reads one line from \p Text, advancing it.
StringRef line(StringRef &Text) {
  auto [Line, Rest] = Text.split('\n');
  Text = Rest;
  return Line;
}

} // namespace

ObservedPath observe(vfs::FileSystem &FS, StringRef Path) { return fromStatus(FS.status(Path)); }

bool isCurrent(const PreambleEntry &E, vfs::FileSystem &FS) {
  for (const auto &P : E.Paths)
    if (!same(P.second, observe(FS, P.first())))
      return false;
  return true;
}

void RecordingFileSystem::record(const Twine &Path, const ErrorOr<vfs::Status> &S) {
  std::string Name = Path.str();
  // A path the parse saw both missing and present (it cannot be) keeps
  // what it saw first: that is what the parse's result rests on.
  Paths.try_emplace(Name, fromStatus(S));
}

ErrorOr<vfs::Status> RecordingFileSystem::status(const Twine &Path) {
  ErrorOr<vfs::Status> S = ProxyFileSystem::status(Path);
  record(Path, S);
  return S;
}

ErrorOr<std::unique_ptr<vfs::File>> RecordingFileSystem::openFileForRead(const Twine &Path) {
  ErrorOr<std::unique_ptr<vfs::File>> F = ProxyFileSystem::openFileForRead(Path);
  if (!F)
    record(Path, F.getError());
  else
    record(Path, (*F)->status());
  return F;
}

/// Reads "<Name> <count>" from \p Text.
std::optional<uint64_t> readCount(StringRef &Text, StringRef Name) {
  StringRef L = line(Text);
  uint64_t N;
  if (!L.consume_front(Name) || !L.consume_front(" ") || L.getAsInteger(10, N))
    return std::nullopt;
  return N;
}

/// The entry's file name; the prefix is the one LLVM's cache pruning
/// recognises (it never touches other files of the directory).
static std::string entryName(StringRef Key) { return ("llvmcache-hpp-preamble-" + Key + ".pch").str(); }

std::optional<PreambleEntry> loadEntry(StringRef Dir, StringRef Key) {
  SmallString<256> Path(Dir);
  sys::path::append(Path, entryName(Key));
  ErrorOr<std::unique_ptr<MemoryBuffer>> Buffer =
      MemoryBuffer::getFile(Path, /*IsText=*/false, /*RequiresNullTerminator=*/false);
  if (!Buffer)
    return std::nullopt;
  StringRef Text = (*Buffer)->getBuffer();
  if (!Text.consume_front(Magic))
    return std::nullopt;
  PreambleEntry E;
  std::optional<uint64_t> Usable = readCount(Text, "usable");
  if (!Usable)
    return std::nullopt;
  E.Usable = *Usable == 1;
  StringRef Main = line(Text);
  if (!Main.consume_front("main "))
    return std::nullopt;
  E.MainFile = Main.str();
  std::optional<uint64_t> NPaths = readCount(Text, "paths");
  if (!NPaths)
    return std::nullopt;
  for (uint64_t I = 0; I < *NPaths; ++I) {
    SmallVector<StringRef, 4> Fields;
    line(Text).split(Fields, ' ', /*MaxSplit=*/3);
    ObservedPath P;
    if (Fields.size() != 4 || Fields[0].size() != 1 || Fields[1].getAsInteger(10, P.Size) ||
        Fields[2].getAsInteger(10, P.MTime))
      return std::nullopt;
    P.K = static_cast<ObservedPath::Kind>(Fields[0][0]);
    E.Paths[Fields[3]] = P;
  }
  std::optional<uint64_t> NDeps = readCount(Text, "deps");
  if (!NDeps)
    return std::nullopt;
  for (uint64_t I = 0; I < *NDeps; ++I) {
    auto [Flags, File] = line(Text).split(' ');
    if (Flags.size() != 4)
      return std::nullopt;
    E.Dependencies.push_back(
        {File.str(), Flags[0] == '1', Flags[1] == '1', Flags[2] == '1', Flags[3] == '1'});
  }
  std::optional<uint64_t> Size = readCount(Text, "pch");
  if (!Size || Text.size() != *Size)
    return std::nullopt;
  E.PCH = Text;
  E.Storage = std::move(*Buffer);
  return E;
}

Error storeEntry(StringRef Dir, StringRef Key, const PreambleEntry &E) {
  if (std::error_code EC = sys::fs::create_directories(Dir))
    return createStringError(EC, "cannot create '%s'", Dir.str().c_str());
  for (const auto &P : E.Paths)
    if (P.first().contains('\n'))
      return createStringError(inconvertibleErrorCode(), "a path with a line break");
  SmallString<256> Temp(Dir), Final(Dir);
  sys::path::append(Temp, Key + "-%%%%%%%%.tmp");
  sys::path::append(Final, entryName(Key));
  int FD;
  if (std::error_code EC = sys::fs::createUniqueFile(Temp, FD, Temp))
    return createStringError(EC, "cannot create a file in '%s'", Dir.str().c_str());
  {
    raw_fd_ostream OS(FD, /*shouldClose=*/true);
    OS << Magic << "usable " << (E.Usable ? 1 : 0) << "\nmain " << E.MainFile << "\n";
    OS << "paths " << E.Paths.size() << "\n";
    for (const auto &P : E.Paths)
      OS << char(P.second.K) << ' ' << P.second.Size << ' ' << P.second.MTime << ' '
         << P.first() << "\n";
    OS << "deps " << E.Dependencies.size() << "\n";
    for (const RecordedDependency &D : E.Dependencies)
      OS << (D.FromModule ? '1' : '0') << (D.IsSystem ? '1' : '0')
         << (D.IsModuleFile ? '1' : '0') << (D.IsMissing ? '1' : '0') << ' ' << D.File << "\n";
    OS << "pch " << E.PCH.size() << "\n" << E.PCH;
    OS.close();
    if (OS.has_error()) {
      std::error_code EC = OS.error();
      OS.clear_error();
      sys::fs::remove(Temp);
      return createStringError(EC, "cannot write '%s'", Temp.c_str());
    }
  }
  // Another compile may have stored the same entry meanwhile: either is
  // whole, and the last rename wins.
  if (std::error_code EC = sys::fs::rename(Temp, Final)) {
    sys::fs::remove(Temp);
    return createStringError(EC, "cannot rename '%s'", Temp.c_str());
  }
  // Entries are ~7 MB and every new hppc binary or edited preamble makes
  // new ones: LLVM's cache pruning (as for ThinLTO caches) removes, at most
  // every 20 minutes, entries unused for a week and the least recently used
  // beyond 2 GiB or half the free disk.
  CachePruningPolicy Policy;
  Policy.Expiration = std::chrono::hours(7 * 24);
  Policy.MaxSizeBytes = uint64_t(2) << 30;
  Policy.MaxSizePercentageOfAvailableSpace = 50;
  pruneCache(Dir, Policy);
  return Error::success();
}

} // namespace hpp
