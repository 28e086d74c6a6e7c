//===- GeneratedFormat.cpp - Lay out the generated code -------------------===//

#include "Driver/GeneratedFormat.h"
#include "clang/Lex/Lexer.h"
#include "clang/Tooling/Core/Replacement.h"
#include "llvm/ADT/StringSwitch.h"
#include <algorithm>

using namespace clang;
using namespace llvm;

namespace hpp {

std::optional<FormatChoice> parseFormatChoice(StringRef Name) {
  return StringSwitch<std::optional<FormatChoice>>(Name)
      .Case("none", FormatChoice::None)
      .Case("llvm", FormatChoice::LLVM)
      .Case("file", FormatChoice::File)
      .Default(std::nullopt);
}

namespace {

/// Where each line of a text starts, and the line a compiler gives each
/// position through the `#line` directives before it.
class LineMap {
public:
  explicit LineMap(StringRef Text) {
    Starts.push_back(0);
    for (size_t I = 0; I < Text.size(); ++I)
      if (Text[I] == '\n')
        Starts.push_back(I + 1);
    for (size_t L = 0; L < Starts.size(); ++L) {
      size_t End = L + 1 < Starts.size() ? Starts[L + 1] : Text.size();
      if (auto D = parseLineDirective(Text.slice(Starts[L], End).rtrim("\r\n")))
        Directives.push_back({L, D->first, D->second.str()});
    }
    // A directive without a file keeps the previous one's.
    for (size_t I = 1; I < Directives.size(); ++I)
      if (Directives[I].File.empty())
        Directives[I].File = Directives[I - 1].File;
  }

  size_t lineOf(size_t Off) const {
    return std::upper_bound(Starts.begin(), Starts.end(), Off) - Starts.begin() - 1;
  }
  size_t lineStart(size_t Off) const { return Starts[lineOf(Off)]; }

  /// The index of the last directive above the line of \p Off, or -1.
  long segment(size_t Off) const {
    size_t L = lineOf(Off);
    auto It = std::lower_bound(Directives.begin(), Directives.end(), L,
                               [](const Directive &D, size_t Line) { return D.Line < Line; });
    return long(It - Directives.begin()) - 1;
  }
  bool onDirective(size_t Off) const {
    size_t L = lineOf(Off);
    auto It = std::lower_bound(Directives.begin(), Directives.end(), L,
                               [](const Directive &D, size_t Line) { return D.Line < Line; });
    return It != Directives.end() && It->Line == L;
  }

  /// The file (empty: the output itself) and line of \p Off.
  std::pair<std::string, size_t> presumed(size_t Off) const {
    long S = segment(Off);
    if (S < 0)
      return {"", lineOf(Off) + 1};
    const Directive &D = Directives[S];
    return {D.File, D.Number + (lineOf(Off) - D.Line - 1)};
  }
  bool sameDirectives(const LineMap &O) const {
    return Directives.size() == O.Directives.size() &&
           std::equal(Directives.begin(), Directives.end(), O.Directives.begin(),
                      [](const Directive &A, const Directive &B) {
                        return A.Number == B.Number && A.File == B.File;
                      });
  }

private:
  struct Directive {
    size_t Line;
    size_t Number;
    std::string File;
  };
  std::vector<size_t> Starts;
  std::vector<Directive> Directives;
};

tooling::Replacements collect(const std::vector<tooling::Replacement> &List) {
  tooling::Replacements Out;
  for (const tooling::Replacement &R : List)
    // Runs do not overlap; one that would is dropped.
    consumeError(Out.add(R));
  return Out;
}

/// How a line of the text takes part in the layout.
enum class LineKind {
  Generated, ///< no kept character (its line break aside)
  Indented,  ///< kept indentation, then generated text (a replaced pragma)
  Copy,      ///< a line of a copy of the user's text (SourceEditor::userCopy)
  Kept,      ///< the user's, or generated and user text mixed: left as it is
};

struct Line {
  size_t Begin, End; ///< without the line break
  LineKind Kind;
  bool KeptBreak;    ///< its line break is the user's
  size_t Prefix = 0; ///< Indented: the kept indentation's length
};

std::vector<Line> classify(const EditedText &In, const LineMap &Map) {
  StringRef Text = In.Text;
  std::vector<Line> Lines;
  for (size_t Begin = 0; Begin <= Text.size();) {
    size_t End = Text.find('\n', Begin);
    End = End == StringRef::npos ? Text.size() : End;
    Line L{Begin, End, LineKind::Kept, End < Text.size() && !noneKept(In.Kept, End, End + 1)};
    if (noneKept(In.Kept, Begin, End)) {
      L.Kind = LineKind::Generated;
    } else {
      auto K = llvm::upper_bound(In.Kept, Begin,
                                 [](size_t Off, const TextRange &R) { return Off < R.End; });
      // A copy: kept from its `#line` to the end of a line.
      if (K->Begin <= Begin && K->End >= End) {
        size_t CopyStart = Map.lineStart(K->Begin);
        if (CopyStart == K->Begin && Map.onDirective(K->Begin) &&
            (K->End == Text.size() || Text[K->End] == '\n')) {
          L.Kind = LineKind::Copy;
          // Its line breaks are the copy's, which stays whole.
          L.KeptBreak = false;
        }
      } else if (K->Begin <= Begin && K->End < End && noneKept(In.Kept, K->End, End) &&
                 Text.slice(Begin, K->End).trim(" \t").empty() &&
                 !Text.slice(K->End, End).trim(" \t").empty()) {
        L.Kind = LineKind::Indented;
        L.Prefix = K->End - Begin;
      }
    }
    Lines.push_back(L);
    if (End == Text.size())
      break;
    Begin = End + 1;
  }
  return Lines;
}

/// Lines \p First to \p Last (a run) laid out with \p Style as a piece of
/// code of its own, indented as it was emitted, its copies as they are.
std::optional<tooling::Replacement> layOutRun(StringRef Text, ArrayRef<Line> Lines,
                                              format::FormatStyle Style, StringRef FileName) {
  const Line &First = Lines.front();
  std::string Base;
  if (First.Kind == LineKind::Indented) {
    Base = Text.slice(First.Begin, First.Begin + First.Prefix).str();
  } else {
    // The emitter indents a block like the statement it replaces.
    std::optional<size_t> Min;
    for (const Line &L : Lines) {
      StringRef S = Text.slice(L.Begin, L.End);
      if (L.Kind != LineKind::Generated || S.trim().empty() || S.ltrim().starts_with("#"))
        continue;
      size_t W = S.size() - S.ltrim(" \t").size();
      if (!Min || W < *Min) {
        Min = W;
        Base = S.take_front(W).str();
      }
    }
  }
  // Copies and directives (pragmas, `#line`) stay as they are: in the
  // piece, a comment line stands for each.
  std::string Piece;
  std::vector<StringRef> Verbatim;
  for (const Line &L : Lines) {
    StringRef S = Text.slice(L.Begin, L.End);
    if (&L == &First && L.Kind == LineKind::Indented)
      S = S.drop_front(L.Prefix);
    if (L.Kind == LineKind::Copy || S.ltrim(" \t").starts_with("#")) {
      Piece += "// hpp-kept-" + std::to_string(Verbatim.size());
      Verbatim.push_back(S);
    } else {
      Piece += S.starts_with(Base) ? S.drop_front(Base.size()).str() : S.ltrim(" \t").str();
    }
    Piece += "\n";
  }
  // A run may close blocks it did not open (an epilogue) and open blocks
  // it does not close (a prologue): balanced here, so that clang-format
  // lays out the inside of each as a block.
  // Each block closed but not opened gets an opener like its own: a
  // `};` closes a lambda (a plain block before it would make clang-format
  // take the `;` for a statement of its own), a `})` a lambda argument.
  int Balance = 0, Lowest = 0;
  std::vector<StringRef> Openers; // innermost first
  {
    LangOptions Opts;
    Opts.CPlusPlus = Opts.CPlusPlus17 = true;
    Lexer Lex(SourceLocation(), Opts, Piece.data(), Piece.data(), Piece.data() + Piece.size());
    Token Tok;
    bool Unmatched = false;
    for (bool AtEnd = false; !AtEnd;) {
      AtEnd = Lex.LexFromRawLexer(Tok);
      if (Unmatched)
        Openers.push_back(Tok.is(tok::semi)     ? "auto hpp_block = [&]() {"
                          : Tok.is(tok::r_paren) ? "hpp_call([&]() {"
                                                 : "{");
      Unmatched = false;
      if (Tok.is(tok::l_brace)) {
        ++Balance;
      } else if (Tok.is(tok::r_brace) && --Balance < Lowest) {
        Lowest = Balance;
        Unmatched = true;
      }
    }
    if (Unmatched)
      Openers.push_back("{");
  }
  unsigned Opened = -Lowest, Closed = Balance - Lowest;
  std::string Whole;
  for (unsigned I = Opened; I-- > 0;)
    Whole += Openers[I].str() + "\n// hpp-begin\n";
  Whole += Piece;
  for (unsigned I = 0; I < Closed; ++I)
    Whole += "// hpp-end\n}\n";
  // The lines lose the added blocks' indentation, as far as the least
  // indented line has it (a run that closes blocks ends outside them), the
  // same for every line, so that continuation lines stay aligned; then get
  // the emitter's. The column limit counts both: known after a first pass.
  unsigned Limit = Style.ColumnLimit;
  auto Lay = [&](size_t Strip) -> std::optional<std::string> {
    if (Limit)
      Style.ColumnLimit =
          std::max<unsigned>(40, Limit - std::min<size_t>(Base.size(), Limit)) + Strip;
    tooling::Replacements R = format::reformat(
        Style, Whole, {tooling::Range(0, Whole.size())}, FileName);
    Expected<std::string> Formatted = tooling::applyAllReplacements(Whole, R);
    if (!Formatted) {
      consumeError(Formatted.takeError());
      return std::nullopt;
    }
    return *Formatted;
  };
  size_t Strip = Opened * Style.IndentWidth;
  std::optional<std::string> Formatted = Lay(Strip);
  if (!Formatted)
    return std::nullopt;
  SmallVector<StringRef, 32> Out;
  auto Split = [&] {
    Out.clear();
    StringRef(*Formatted).rtrim('\n').split(Out, '\n');
    // The added lines go.
    for (unsigned I = 0; I < 2 * Opened; ++I)
      if (I >= Out.size() ||
          Out[I].trim() != (I % 2 ? StringRef("// hpp-begin") : Openers[Opened - 1 - I / 2]))
        return false;
    auto Tail = llvm::find_if(Out, [](StringRef S) { return S.trim() == "// hpp-end"; });
    for (auto It = Tail; It != Out.end(); ++It)
      if (It->trim() != "// hpp-end" && It->trim() != "}")
        return false;
    Out.erase(Tail, Out.end());
    Out.erase(Out.begin(), Out.begin() + 2 * Opened);
    return true;
  };
  auto LeastIndent = [&] {
    size_t Least = Opened * Style.IndentWidth;
    for (StringRef S : Out)
      if (!S.trim().empty())
        Least = std::min(Least, S.size() - S.ltrim(" ").size());
    return Least;
  };
  if (!Split())
    return std::nullopt;
  if (size_t Least = LeastIndent(); Least != Strip) {
    Strip = Least;
    Formatted = Lay(Strip);
    if (!Formatted || !Split() || LeastIndent() != Strip)
      return std::nullopt;
  }
  ArrayRef<StringRef> Body = Out;
  std::string New;
  size_t Next = 0;
  for (size_t I = 0; I < Body.size(); ++I) {
    StringRef S = Body[I];
    if (S.size() >= Strip && S.take_front(Strip).trim(" ").empty())
      S = S.drop_front(Strip);
    StringRef T = S.trim(" \t");
    if (I)
      New += "\n";
    unsigned Index;
    if (T.consume_front("// hpp-kept-") && !T.getAsInteger(10, Index)) {
      // In order, each once: anything else is not the run given.
      if (Index != Next++)
        return std::nullopt;
      New += Verbatim[Index].str();
    } else if (!S.empty() && (I || First.Kind != LineKind::Indented)) {
      New += Base + S.str();
    } else {
      New += S.str();
    }
  }
  if (Next != Verbatim.size())
    return std::nullopt;
  size_t Begin = First.Begin + (First.Kind == LineKind::Indented ? First.Prefix : 0);
  size_t End = Lines.back().End;
  if (Text.slice(Begin, End) == New)
    return std::nullopt;
  return tooling::Replacement(FileName, Begin, End - Begin, New);
}

} // namespace

format::FormatStyle generatedCodeStyle(FormatChoice Choice, StringRef InputPath,
                                       std::string &Warning) {
  format::FormatStyle Style = format::getLLVMStyle();
  if (Choice == FormatChoice::File) {
    Expected<format::FormatStyle> Found = format::getStyle("file", InputPath, "LLVM");
    if (Found)
      Style = *Found;
    else
      Warning = "cannot read the style for '" + InputPath.str() +
                "' (LLVM style used): " + toString(Found.takeError());
  }
  Style.Language = format::FormatStyle::LK_Cpp;
  // Layout only: what adds, removes or moves tokens could be half-made
  // where a change touching the user's text is refused.
  Style.InsertBraces = false;
  Style.RemoveBracesLLVM = false;
  Style.RemoveSemicolon = false;
  Style.RemoveParentheses = format::FormatStyle::RPS_Leave;
  Style.QualifierAlignment = format::FormatStyle::QAS_Leave;
  Style.SeparateDefinitionBlocks = format::FormatStyle::SDS_Leave;
  Style.FixNamespaceComments = false;
  Style.SortIncludes = format::FormatStyle::SI_Never;
  Style.SortUsingDeclarations = format::FormatStyle::SUD_Never;
  Style.InsertNewlineAtEOF = false;
  Style.IntegerLiteralSeparator = {};
  // A reflowed comment can take in the next comment line, which may be a
  // run's placeholder for a line it keeps (and the comments name files).
  Style.ReflowComments = false;
  // A split string literal is two tokens where there was one (the input's
  // path, a clause's text).
  Style.BreakStringLiterals = false;
  return Style;
}

FormattedText formatGenerated(const EditedText &In, const format::FormatStyle &Style,
                              StringRef FileName) {
  FormattedText Out{In.Text, In.Kept, 0};
  if (Style.DisableFormat)
    return Out;
  StringRef Text = In.Text;

  // Runs: a generated line or one under kept indentation, then generated
  // lines and copies, ending on a generated line; a line break of the
  // user's ends one.
  LineMap Before(Text);
  std::vector<Line> Lines = classify(In, Before);
  std::vector<tooling::Replacement> Accepted;
  for (size_t I = 0; I < Lines.size();) {
    if (Lines[I].Kind != LineKind::Generated && Lines[I].Kind != LineKind::Indented) {
      ++I;
      continue;
    }
    size_t Last = I, J = I;
    while (!Lines[J].KeptBreak && J + 1 < Lines.size() &&
           (Lines[J + 1].Kind == LineKind::Generated || Lines[J + 1].Kind == LineKind::Copy)) {
      ++J;
      if (Lines[J].Kind == LineKind::Generated)
        Last = J;
    }
    if (auto R = layOutRun(Text, ArrayRef<Line>(Lines).slice(I, Last - I + 1), Style, FileName))
      Accepted.push_back(*R);
    I = Last + 1;
  }

  // A run after which a kept text would move is left as emitted: the
  // nearest one before that text first, then the one before it, ...
  while (!Accepted.empty()) {
    tooling::Replacements Set = collect(Accepted);
    Expected<std::string> After = tooling::applyAllReplacements(Text, Set);
    if (!After) {
      consumeError(After.takeError());
      return Out;
    }
    LineMap Now(*After);
    if (!Before.sameDirectives(Now))
      return Out;
    std::vector<size_t> Moved;
    for (const TextRange &K : In.Kept) {
      // A copy starts with its own `#line`, which places it.
      if (Before.onDirective(K.Begin))
        continue;
      size_t New = Set.getShiftedCodePosition(K.Begin);
      // Same line; and a kept text that started its line still does (its
      // indentation is kept text too, or none).
      if (Before.presumed(K.Begin) != Now.presumed(New) ||
          (Before.lineStart(K.Begin) == K.Begin && Now.lineStart(New) != New))
        Moved.push_back(K.Begin);
    }
    if (Moved.empty()) {
      Out.Text = std::move(*After);
      // A copy inside a run was put back in the run's new text: found
      // there, in order; any other kept text moved with the changes
      // before it.
      long Shift = 0;
      auto R = Set.begin();
      size_t From = 0;
      for (TextRange &K : Out.Kept) {
        size_t Size = K.End - K.Begin;
        for (; R != Set.end() && R->getOffset() + R->getLength() <= K.Begin; ++R, From = 0)
          Shift += long(R->getReplacementText().size()) - long(R->getLength());
        if (R != Set.end() && R->getOffset() <= K.Begin) {
          size_t At = R->getReplacementText().find(Text.slice(K.Begin, K.End), From);
          if (At == StringRef::npos)
            return FormattedText{In.Text, In.Kept, Out.RunsLeft};
          From = At + Size;
          K.Begin = size_t(long(R->getOffset()) + Shift) + At;
        } else {
          K.Begin = size_t(long(K.Begin) + Shift);
        }
        K.End = K.Begin + Size;
      }
      return Out;
    }
    std::vector<size_t> Drop;
    for (size_t M : Moved) {
      size_t Best = Accepted.size();
      for (size_t I = 0; I < Accepted.size(); ++I)
        if (Accepted[I].getOffset() < M)
          Best = I;
      if (Best < Accepted.size())
        Drop.push_back(Best);
    }
    if (Drop.empty())
      return Out;
    llvm::sort(Drop);
    Drop.erase(std::unique(Drop.begin(), Drop.end()), Drop.end());
    Out.RunsLeft += Drop.size();
    for (size_t I = Drop.size(); I-- > 0;)
      Accepted.erase(Accepted.begin() + Drop[I]);
  }
  return Out;
}

} // namespace hpp
