//===- KernelResources.cpp - What ptxas gave each region's kernel ---------===//

#include "hppc/KernelResources.h"
#include "Backend/GPU/KernelNames.h"
#include "Driver/CompilerCommand.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"
#include <algorithm>

using namespace llvm;

namespace hpp {

namespace {

/// The region of a generated kernel from its mangled name: a function
/// template at global scope, `_Z<length><identifier>I...`; \p Bounded says
/// whether it is the region's bounded variant.
std::optional<std::string> regionOfKernel(StringRef Mangled, bool &Bounded) {
  if (!Mangled.consume_front("_Z"))
    return std::nullopt;
  unsigned Length = 0;
  if (Mangled.consumeInteger(10, Length) || Length > Mangled.size())
    return std::nullopt;
  StringRef Name = Mangled.take_front(Length);
  Bounded = Name.consume_front(BoundedKernelPrefix);
  if (!Bounded && !Name.consume_front(KernelPrefix))
    return std::nullopt;
  return Name.str();
}

/// The number before \p Unit in \p Line ("16 bytes stack frame"), if any.
std::optional<unsigned> numberBefore(StringRef Line, StringRef Unit) {
  size_t At = Line.find(Unit);
  if (At == StringRef::npos)
    return std::nullopt;
  StringRef Before = Line.take_front(At).rtrim();
  size_t Start = Before.find_last_not_of("0123456789");
  StringRef Digits = Start == StringRef::npos ? Before : Before.drop_front(Start + 1);
  unsigned N = 0;
  if (Digits.empty() || Digits.getAsInteger(10, N))
    return std::nullopt;
  return N;
}

unsigned roundUp(unsigned V, unsigned To) { return (V + To - 1) / To * To; }

/// The block size the report's occupancy assumes: flat loops and scans run
/// 256 threads per block, an AUTO team at most 256; dynamic scratch is
/// sized at launch, so it is left out.
constexpr unsigned ReportThreads = 256;

} // namespace

std::vector<KernelResources> parsePtxasInfo(StringRef Text) {
  std::vector<KernelResources> Kernels;
  // The entry ptxas is compiling; its properties and usage lines follow.
  bool InKernel = false;
  SmallVector<StringRef, 0> Lines;
  Text.split(Lines, '\n');
  for (StringRef Line : Lines) {
    if (size_t At = Line.find("Compiling entry function '"); At != StringRef::npos) {
      StringRef Mangled = Line.drop_front(At + strlen("Compiling entry function '"));
      Mangled = Mangled.take_until([](char C) { return C == '\''; });
      bool Bounded = false;
      std::optional<std::string> Region = regionOfKernel(Mangled, Bounded);
      InKernel = Region.has_value();
      if (InKernel) {
        Kernels.emplace_back();
        Kernels.back().Region = *Region;
        Kernels.back().Bounded = Bounded;
      }
      continue;
    }
    if (!InKernel)
      continue;
    KernelResources &K = Kernels.back();
    if (Line.contains("bytes stack frame")) {
      K.StackBytes = numberBefore(Line, "bytes stack frame").value_or(0);
      K.SpillStoreBytes = numberBefore(Line, "bytes spill stores").value_or(0);
      K.SpillLoadBytes = numberBefore(Line, "bytes spill loads").value_or(0);
    } else if (Line.contains("Used ") && Line.contains(" registers")) {
      K.Registers = numberBefore(Line, "registers").value_or(0);
      K.SharedBytes = numberBefore(Line, "bytes smem").value_or(0);
      InKernel = false; // the usage line ends the entry's block
    }
  }
  return Kernels;
}

std::optional<MultiprocessorLimits> multiprocessorLimits(StringRef Arch) {
  // Warps, blocks, 32-bit registers and shared memory per multiprocessor,
  // and the shared memory the system reserves per block.
  struct Row {
    StringRef Arch;
    MultiprocessorLimits L;
  };
  static const Row Table[] = {
      {"sm_70", {64, 32, 65536, 96 * 1024, 0}},
      {"sm_72", {64, 32, 65536, 96 * 1024, 0}},
      {"sm_75", {32, 16, 65536, 64 * 1024, 0}},
      {"sm_80", {64, 32, 65536, 164 * 1024, 1024}},
      {"sm_86", {48, 16, 65536, 100 * 1024, 1024}},
      {"sm_87", {48, 16, 65536, 164 * 1024, 1024}},
      {"sm_89", {48, 24, 65536, 100 * 1024, 1024}},
      {"sm_90", {64, 32, 65536, 228 * 1024, 1024}},
      {"sm_90a", {64, 32, 65536, 228 * 1024, 1024}},
  };
  for (const Row &R : Table)
    if (R.Arch == Arch)
      return R.L;
  return std::nullopt;
}

Occupancy theoreticalOccupancy(const KernelResources &K, unsigned Threads, unsigned Dynamic,
                               const MultiprocessorLimits &L) {
  Occupancy O;
  const unsigned Warps = std::max(1u, (Threads + 31) / 32);
  auto Take = [&O](unsigned Blocks, const char *Why) {
    if (Blocks < O.BlocksPerSM) {
      O.BlocksPerSM = Blocks;
      O.LimitedBy = Why;
    }
  };
  O.BlocksPerSM = L.MaxBlocks;
  O.LimitedBy = "blocks";
  Take(L.MaxWarps / Warps, "warps");
  // Registers are allocated per warp, 256 at a time.
  if (K.Registers) {
    const unsigned PerWarp = roundUp(K.Registers * 32, 256);
    Take(L.Registers / PerWarp / Warps, "registers");
  }
  const unsigned Shared = K.SharedBytes + Dynamic;
  if (Shared)
    Take(L.SharedBytes / roundUp(Shared + L.SharedPerBlockReserved, 128), "shared memory");
  O.Fraction = double(O.BlocksPerSM * Warps) / L.MaxWarps;
  return O;
}

Expected<std::vector<KernelResources>> queryKernelResources(StringRef NVCC, StringRef Arch,
                                                            StringRef CudaSource,
                                                            ArrayRef<std::string> Flags) {
  SmallString<128> Source, Log;
  int FD = -1;
  if (std::error_code EC = sys::fs::createTemporaryFile("hpp-resources", "cu", FD, Source))
    return make_error<StringError>("cannot create a temporary file: " + EC.message(), EC);
  {
    raw_fd_ostream OS(FD, /*shouldClose=*/true);
    OS << CudaSource;
  }
  if (std::error_code EC = sys::fs::createTemporaryFile("hpp-ptxas", "txt", Log)) {
    sys::fs::remove(Source);
    return make_error<StringError>("cannot create a temporary file: " + EC.message(), EC);
  }
  std::string Program = NVCC.str();
  if (!NVCC.contains('/')) {
    ErrorOr<std::string> Found = sys::findProgramByName(NVCC);
    if (!Found) {
      sys::fs::remove(Source);
      sys::fs::remove(Log);
      return make_error<StringError>("'" + NVCC + "' not found (set HPP_NVCC)",
                                     inconvertibleErrorCode());
    }
    Program = *Found;
  }
  std::string ArchFlag = ("-arch=" + Arch).str();
  std::vector<StringRef> Argv{Program, ArchFlag, "-Xptxas", "-v", "-c", "-o", "/dev/null"};
  for (const std::string &F : Flags)
    Argv.push_back(F);
  Argv.insert(Argv.end(), {"-x", "cu", Source});
  std::optional<StringRef> Redirects[] = {StringRef(""), StringRef(Log), StringRef(Log)};
  std::string ErrMsg;
  const int Status = sys::ExecuteAndWait(Program, Argv, std::nullopt, Redirects, 0, 0, &ErrMsg);
  ErrorOr<std::unique_ptr<MemoryBuffer>> Text = MemoryBuffer::getFile(Log);
  sys::fs::remove(Source);
  sys::fs::remove(Log);
  if (Status != 0) {
    std::string Why = ErrMsg;
    if (Text && Why.empty())
      Why = (*Text)->getBuffer().take_front(400).str();
    return make_error<StringError>("nvcc failed (status " + std::to_string(Status) + "): " + Why,
                                   inconvertibleErrorCode());
  }
  if (!Text)
    return make_error<StringError>("cannot read nvcc's output", Text.getError());
  return parsePtxasInfo((*Text)->getBuffer());
}

std::vector<std::string> kernelResourceFlags(ArrayRef<std::string> CompilerArgs,
                                             ArrayRef<std::string> IncludeDirs) {
  std::vector<std::string> Flags{"--extended-lambda", "--expt-relaxed-constexpr"};
  for (const std::string &D : IncludeDirs)
    Flags.push_back("-I" + D);
  bool Std = false;
  for (size_t I = 0; I < CompilerArgs.size(); ++I) {
    StringRef A = CompilerArgs[I];
    // What decides which code the translation's includes and macros select.
    for (StringRef Two : {"-I", "-D", "-U", "-isystem"}) {
      if (A == Two && I + 1 < CompilerArgs.size()) {
        Flags.push_back(A.str());
        Flags.push_back(CompilerArgs[++I]);
        break;
      }
      if (A.starts_with(Two) && A != Two) {
        Flags.push_back(A.str());
        break;
      }
    }
    if (A.starts_with("-std=")) {
      Flags.push_back(nvccStandardFlag(A));
      Std = true;
    }
  }
  if (!Std)
    Flags.push_back("-std=c++17");
  return Flags;
}

std::string renderKernelResources(Expected<std::vector<KernelResources>> Kernels,
                                  StringRef Arch) {
  std::string Out;
  raw_string_ostream OS(Out);
  if (!Kernels) {
    OS << "CUDA kernel resources: not available: " << toString(Kernels.takeError()) << "\n";
    return Out;
  }
  constexpr unsigned Threads = ReportThreads;
  std::optional<MultiprocessorLimits> L = multiprocessorLimits(Arch);
  OS << "CUDA kernel resources (ptxas, " << Arch;
  if (L)
    OS << "; occupancy at " << Threads << " threads per block, without dynamic scratch";
  OS << "):\n";
  for (const KernelResources &K : *Kernels) {
    OS << "  region '" << K.Region << "'"
       << (K.Bounded ? " (kernel bounded to fill a multiprocessor)" : "") << ": "
       << K.Registers << " registers, ";
    if (K.SpillStoreBytes || K.SpillLoadBytes)
      OS << "spills " << K.SpillStoreBytes << " bytes stored / " << K.SpillLoadBytes
         << " loaded, ";
    else
      OS << "no spills, ";
    OS << K.StackBytes << " bytes stack, " << K.SharedBytes << " bytes static shared";
    if (L) {
      Occupancy O = theoreticalOccupancy(K, Threads, 0, *L);
      OS << formatv("; {0} blocks per multiprocessor, {1}% occupancy (limited by {2})",
                    O.BlocksPerSM, unsigned(O.Fraction * 100 + 0.5), O.LimitedBy);
    }
    OS << "\n";
  }
  if (Kernels->empty())
    OS << "  (no kernels)\n";
  return Out;
}

Expected<std::string> addKernelResourcesToJSON(StringRef ReportJSON,
                                               Expected<std::vector<KernelResources>> Kernels,
                                               StringRef Arch) {
  Expected<json::Value> Report = json::parse(ReportJSON);
  if (!Report)
    return Report.takeError();
  json::Object *Root = Report->getAsObject();
  json::Array *Regions = Root ? Root->getArray("regions") : nullptr;
  if (!Regions)
    return createStringError(inconvertibleErrorCode(), "the report has no regions");
  std::optional<MultiprocessorLimits> L = multiprocessorLimits(Arch);
  json::Object Summary{{"arch", Arch}, {"available", bool(Kernels)}};
  if (!Kernels) {
    Summary["reason"] = toString(Kernels.takeError());
  } else {
    Summary["threads_per_block"] = static_cast<int64_t>(ReportThreads);
    for (json::Value &V : *Regions) {
      json::Object *Region = V.getAsObject();
      if (!Region)
        continue;
      // The kernel is named after the region, as an identifier.
      std::string Name;
      for (char C : Region->getString("name").value_or(""))
        Name += isAlnum(C) ? C : '_';
      json::Array Of;
      for (const KernelResources &K : *Kernels) {
        if (K.Region != Name)
          continue;
        json::Object O{{"bounded", K.Bounded},
                       {"registers", static_cast<int64_t>(K.Registers)},
                       {"spill_store_bytes", static_cast<int64_t>(K.SpillStoreBytes)},
                       {"spill_load_bytes", static_cast<int64_t>(K.SpillLoadBytes)},
                       {"stack_bytes", static_cast<int64_t>(K.StackBytes)},
                       {"static_shared_bytes", static_cast<int64_t>(K.SharedBytes)},
                       {"occupancy", nullptr}};
        if (L) {
          Occupancy Occ = theoreticalOccupancy(K, ReportThreads, 0, *L);
          O["occupancy"] = json::Object{{"blocks_per_sm", static_cast<int64_t>(Occ.BlocksPerSM)},
                                        {"fraction", Occ.Fraction},
                                        {"limited_by", Occ.LimitedBy}};
        }
        Of.push_back(std::move(O));
      }
      (*Region)["kernels"] = std::move(Of);
    }
  }
  (*Root)["kernel_resources"] = std::move(Summary);
  std::string Out;
  raw_string_ostream OS(Out);
  OS << formatv("{0:2}", *Report) << "\n";
  return Out;
}

} // namespace hpp
