//===- UserLineDiagnostics.cpp - Diagnostics at the user's own text -------===//

#include "Driver/UserLineDiagnostics.h"
#include "clang/Basic/DiagnosticIDs.h"
#include "clang/Basic/FileManager.h"
#include "clang/Basic/LangOptions.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/TextDiagnostic.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MemoryBuffer.h"
#include <algorithm>
#include <vector>

using namespace clang;
using namespace llvm;

namespace hpp {

namespace {

struct LineToken {
  unsigned Col; // 1-based
  StringRef Text;
};

/// The tokens of one source line, roughly as C++ lexes them: names and
/// numbers, the two- and three-character punctuators, anything else one
/// character at a time. Enough to find the same token on two versions of
/// a line.
std::vector<LineToken> lineTokens(StringRef Line) {
  static const StringRef Long[] = {">>=", "<<=", "->*", "...", "::", "->", "++", "--", "+=",
                                   "-=",  "*=",  "/=",  "%=",  "&=", "|=", "^=", "==", "!=",
                                   "<=",  ">=",  "&&",  "||",  "<<", ">>", ".*", "##"};
  std::vector<LineToken> Tokens;
  size_t I = 0;
  while (I < Line.size()) {
    const char C = Line[I];
    if (isSpace(C)) {
      ++I;
      continue;
    }
    size_t Length = 1;
    if (isAlnum(C) || C == '_') {
      while (I + Length < Line.size() && (isAlnum(Line[I + Length]) || Line[I + Length] == '_'))
        ++Length;
    } else {
      for (StringRef P : Long)
        if (Line.substr(I).starts_with(P)) {
          Length = P.size();
          break;
        }
    }
    Tokens.push_back({static_cast<unsigned>(I + 1), Line.substr(I, Length)});
    I += Length;
  }
  return Tokens;
}

class UserLinePrinter : public DiagnosticConsumer {
public:
  UserLinePrinter(raw_ostream &OS, std::string InputPath, std::string OriginalText)
      : OS(OS), InputPath(std::move(InputPath)), OriginalText(std::move(OriginalText)),
        DefaultOptions(new DiagnosticOptions) {}

  void BeginSourceFile(const LangOptions &LO, const Preprocessor *PP) override {
    // A parse run again has a SourceManager of its own (perhaps at the
    // address of the last one).
    OriginalSM = nullptr;
    LangOpts = LO;
    Options = PP ? &PP->getDiagnostics().getDiagnosticOptions() : DefaultOptions.get();
    Printer = std::make_unique<TextDiagnostic>(OS, LangOpts, Options, PP);
  }
  void EndSourceFile() override {
    Printer.reset();
    OriginalSM = nullptr;
  }

  void HandleDiagnostic(DiagnosticsEngine::Level Level, const Diagnostic &Info) override {
    DiagnosticConsumer::HandleDiagnostic(Level, Info); // counts
    SmallString<128> Message;
    Info.FormatDiagnostic(Message);
    appendOptionName(Level, Info, Message);
    DiagnosticOptions &Opts = Options ? *Options : *DefaultOptions;
    if (!Printer || !Info.hasSourceManager() || Info.getLocation().isInvalid()) {
      // As Clang prints a diagnostic without a location.
      const uint64_t Start = OS.tell();
      TextDiagnostic::printDiagnosticLevel(OS, Level, Opts.ShowColors);
      TextDiagnostic::printDiagnosticMessage(OS, Level == DiagnosticsEngine::Note, Message,
                                             OS.tell() - Start, Opts.MessageLength,
                                             Opts.ShowColors);
      OS.flush();
      return;
    }
    SourceManager &SM = Info.getSourceManager();
    SmallVector<CharSourceRange, 4> Ranges;
    ArrayRef<FixItHint> FixIts = Info.getFixItHints();
    FullSourceLoc Where(Info.getLocation(), SM);
    if (std::optional<Mapped> M = toOriginal(SM, Info.getLocation())) {
      Where = FullSourceLoc(M->Loc, SM);
      // Ranges on the same line move with it; fix-its edit the lowered
      // text, so they are not shown.
      for (const CharSourceRange &R : Info.getRanges()) {
        std::optional<Mapped> B = toOriginal(SM, R.getBegin()), E = toOriginal(SM, R.getEnd());
        if (B && E && B->Line == M->Line && E->Line == M->Line)
          Ranges.push_back(CharSourceRange(SourceRange(B->Loc, E->Loc), R.isTokenRange()));
      }
      FixIts = {};
    } else {
      Ranges.append(Info.getRanges().begin(), Info.getRanges().end());
    }
    Printer->emitDiagnostic(Where, Level, Message, Ranges, FixIts, &Info);
    OS.flush();
  }

private:
  struct Mapped {
    SourceLocation Loc;
    unsigned Line;
  };

  /// \p Loc in the original text, for a file location of the lowered main
  /// file whose `#line` names the input.
  std::optional<Mapped> toOriginal(SourceManager &SM, SourceLocation Loc) {
    if (Loc.isInvalid() || !Loc.isFileID() || SM.getFileID(Loc) != SM.getMainFileID())
      return std::nullopt;
    PresumedLoc P = SM.getPresumedLoc(Loc);
    OptionalFileEntryRef Main = SM.getFileEntryRefForID(SM.getMainFileID());
    if (P.isInvalid() || !Main || P.getFilename() != Main->getName())
      return std::nullopt;
    std::optional<StringRef> Original = sourceLine(OriginalText, P.getLine());
    if (!Original)
      return std::nullopt;
    const unsigned Col = originalColumn(SM, Loc, P.getColumn(), *Original);
    return Mapped{SM.translateLineCol(originalFile(SM), P.getLine(), Col), P.getLine()};
  }

  /// The user's text as a file of \p SM (once per parse).
  FileID originalFile(SourceManager &SM) {
    if (&SM != OriginalSM) {
      OriginalSM = &SM;
      Original = SM.createFileID(MemoryBuffer::getMemBufferCopy(OriginalText, InputPath));
    }
    return Original;
  }

  /// " [-Wname]" as Clang's printer adds it to a warning (or to an error
  /// made of one).
  void appendOptionName(DiagnosticsEngine::Level Level, const Diagnostic &Info,
                        SmallString<128> &Message) const {
    if (!Options || !Options->ShowOptionNames || Level == DiagnosticsEngine::Note ||
        Level == DiagnosticsEngine::Remark)
      return;
    StringRef Name = DiagnosticIDs::getWarningOptionForDiag(Info.getID());
    if (Name.empty())
      return;
    const bool MadeError =
        Level >= DiagnosticsEngine::Error && !DiagnosticIDs::isDefaultMappingAsError(Info.getID());
    Message += (MadeError ? " [-Werror,-W" : " [-W") + Name.str() + "]";
  }

  raw_ostream &OS;
  std::string InputPath, OriginalText;
  IntrusiveRefCntPtr<DiagnosticOptions> DefaultOptions;
  DiagnosticOptions *Options = nullptr;
  LangOptions LangOpts;
  std::unique_ptr<TextDiagnostic> Printer;
  const SourceManager *OriginalSM = nullptr;
  FileID Original;
};

} // namespace

unsigned originalColumn(StringRef Lowered, unsigned Col, StringRef Original) {
  const unsigned Inside = std::min<unsigned>(Col, Original.size() + 1);
  std::vector<LineToken> From = lineTokens(Lowered), To = lineTokens(Original);
  auto At = std::find_if(From.begin(), From.end(), [&](const LineToken &T) {
    return T.Col <= Col && Col < T.Col + T.Text.size();
  });
  if (At == From.end())
    return Inside;
  for (const LineToken &T : To)
    if (T.Col == At->Col && T.Text == At->Text)
      return At->Col == Col ? Col : Inside;
  unsigned Rank = std::count_if(From.begin(), At, [&](const LineToken &T) { return T.Text == At->Text; });
  for (const LineToken &T : To)
    if (T.Text == At->Text && Rank-- == 0)
      return T.Col + (Col - At->Col);
  // A token the lowering wrote (a `#pragma hpp` for a nested call): the
  // start of the statement the user wrote on that line.
  return To.empty() ? Inside : To.front().Col;
}

std::optional<StringRef> sourceLine(StringRef Text, unsigned Number) {
  for (unsigned N = 1; N < Number; ++N) {
    size_t End = Text.find('\n');
    if (End == StringRef::npos)
      return std::nullopt;
    Text = Text.drop_front(End + 1);
  }
  return Text.take_until([](char C) { return C == '\n' || C == '\r'; });
}

unsigned originalColumn(const SourceManager &SM, SourceLocation Loc, unsigned PresumedColumn,
                        StringRef Original) {
  if (!Loc.isFileID())
    return PresumedColumn;
  bool Invalid = false;
  const FileID File = SM.getFileID(Loc);
  const unsigned Line = SM.getLineNumber(File, SM.getFileOffset(Loc), &Invalid);
  StringRef Text = Invalid ? StringRef() : SM.getBufferData(File, &Invalid);
  std::optional<StringRef> Lowered = Invalid ? std::nullopt : sourceLine(Text, Line);
  return Lowered ? originalColumn(*Lowered, PresumedColumn, Original) : PresumedColumn;
}

std::unique_ptr<DiagnosticConsumer> createUserLinePrinter(raw_ostream &OS, std::string InputPath,
                                                          std::string OriginalText) {
  return std::make_unique<UserLinePrinter>(OS, std::move(InputPath), std::move(OriginalText));
}

} // namespace hpp
