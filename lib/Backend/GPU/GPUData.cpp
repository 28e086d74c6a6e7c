//===- GPUData.cpp - map clauses and data constructs on GPUs --------------===//

#include "Backend/GPU/GPUData.h"
#include "Basic/SourceEditor.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"

using namespace clang;
using namespace llvm;

namespace hpp {
namespace {

/// A C string literal of \p Text.
std::string quoted(StringRef Text) {
  std::string Out = "\"";
  for (char Ch : Text) {
    if (Ch == '"' || Ch == '\\')
      Out += '\\';
    Out += Ch;
  }
  return Out + "\"";
}

/// What every runtime call of a map item takes: its first element, lo,
/// len (whole arrays and containers: their extent) and its text.
std::string itemArguments(const GPUDialect &D, const MapEntry &M) {
  std::string Len = M.Shape == MapShape::Section
                        ? ("(" + M.LenText + ")")
                        : formatv("{0}::whole_extent({1})", D.Runtime, M.Base).str();
  std::string Lo = M.Shape == MapShape::Section ? "(" + M.LoText + ")" : "0";
  return formatv("{0}::section_base({1}), {2}, {3}, {4}", D.Runtime, M.Base, Lo, Len,
                 quoted(M.Item))
      .str();
}

/// The entry that maps \p C in \p R, explicit or implicit, if any. A
/// member captured by name has no VarDecl: its map item is the section of
/// the same name (`p[lo:len]` in the member function).
const MapEntry *mapOf(const Region &R, const Capture &C) {
  if (!C.Var && !C.Field)
    return nullptr;
  for (const MapEntry &M : R.Root->Maps)
    if (M.Shape != MapShape::ByValue &&
        (C.Var ? M.Var == C.Var : !M.Var && M.Base == C.Name))
      return &M;
  return nullptr;
}

} // namespace

std::string presentName(StringRef Var) { return ("hpp_present_" + Var).str(); }

std::string firstMappedAddress(const Region &R, const Capture &C) {
  const MapEntry *M = mapOf(R, C);
  if (!M || M->Shape != MapShape::Section || M->LoText == "0")
    return presentName(C.Name);
  return formatv("{0} + ({1})", presentName(C.Name), M->LoText).str();
}

std::string dataScopeText(const GPUDialect &D, ArrayRef<MapEntry> Maps, StringRef Scope,
                          StringRef File, unsigned Line, StringRef StreamExpr) {
  std::string Out;
  bool Any = llvm::any_of(Maps, [](const MapEntry &M) { return M.Shape != MapShape::ByValue; });
  if (!Any)
    return Out;
  Out += formatv("{0}::DataScope {1}({2}, {3}, {4});\n", D.Runtime, Scope, quoted(File), Line,
                 StreamExpr);
  for (const MapEntry &M : Maps)
    if (M.Shape != MapShape::ByValue)
      Out += formatv("{0}.map({1}::MapKind::{2}, {3});\n", Scope, D.Runtime,
                     getMapKindRuntimeName(M.Kind), itemArguments(D, M));
  return Out;
}

std::string presentCaptures(const GPUDialect &D, const Region &R, std::string &Captures) {
  std::string Pro;
  for (const Capture &C : R.Captures) {
    const MapEntry *M = mapOf(R, C);
    std::string Lo = M && M->Shape == MapShape::Section ? "(" + M->LoText + ")" : "0";
    if (C.IsPointer) {
      // A section p[lo:len] with lo > 0 starts after p itself: look up its
      // first element.
      if (Lo == "0")
        Pro += formatv("auto *const {0} = {1}::present({2});\n", presentName(C.Name), D.Runtime,
                       C.Name);
      else
        Pro += formatv("auto *const {0} = {1}::present_section({2}, {3});\n", presentName(C.Name),
                       D.Runtime, C.Name, Lo);
      Captures += formatv(", {0} = {1}", C.Name, presentName(C.Name)).str();
    } else if (M && M->IsContainer) {
      Captures += formatv(", {0} = {1}::span_of({0}, {2})", C.Name, D.Runtime, Lo).str();
    } else if (M) {
      // A mapped C array: the region indexes its device copy.
      Captures += formatv(", {0} = {1}::present_section({1}::section_base({0}), {2})", C.Name,
                          D.Runtime, Lo)
                      .str();
    }
  }
  return Pro;
}

Error emitGPUDataConstruct(const GPUDialect &D, const Construct &C, SourceEditor &Edit,
                           unsigned Index) {
  std::string File = Edit.fileName().str();
  unsigned Line = Edit.line(C.Pragma.Begin);
  std::string Stream = formatv("{0}::default_stream_handle()", D.Runtime);
  std::string Pro;
  if (!C.StreamText.empty()) {
    std::string Name = formatv("hpp_data_stream{0}", Index);
    Pro += formatv("const hpp::Stream {0} = ({1});\n", Name, C.StreamText);
    Stream = formatv("{0}::stream_of({1})", D.Runtime, Name);
  }
  std::string Indent = Edit.indentOf(C.Pragma.Begin);
  if (C.Kind == ConstructKind::Data) {
    std::string Scope = formatv("hpp_data{0}", Index);
    std::string Text = formatv("{{ // hpp data from {0}:{1}\n", File, Line).str() + Pro +
                       dataScopeText(D, C.Maps, Scope, File, Line, Stream);
    if (Error E = Edit.replace(C.Pragma.Begin, C.Pragma.End, SourceEditor::indentBlock(Text, Indent)))
      return E;
    return Edit.insertAfterStmt(C.S, "\n" + Indent + formatv("} // hpp data from {0}:{1}\n", File, Line).str());
  }
  // enter_data / exit_data / update_data (runtime/gpu/map_items.hpp) take
  // the item, its kind or direction, the site and the stream.
  std::string Text = formatv("{{ // hpp {0} from {1}:{2}\n", C.Pragma.Spelling, File, Line).str() + Pro;
  StringRef Call = C.Kind == ConstructKind::EnterData  ? "enter_data"
                   : C.Kind == ConstructKind::ExitData ? "exit_data"
                                                       : "update_data";
  for (const MapEntry &M : C.Maps)
    Text += formatv("{0}::{1}({0}::MapKind::{2}, {3}, {4}, {5}, {6});\n", D.Runtime, Call,
                    getMapKindRuntimeName(M.Kind), itemArguments(D, M), quoted(File), Line,
                    Stream);
  Text += "}\n";
  return Edit.replace(C.Pragma.Begin, C.Pragma.End, SourceEditor::indentBlock(Text, Indent));
}

} // namespace hpp
