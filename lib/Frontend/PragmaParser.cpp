//===- PragmaParser.cpp - Parse the tokens of one `#pragma hpp` -----------===//

#include "Frontend/PragmaParser.h"
#include "Basic/Diagnostics.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringSwitch.h"

using namespace clang;
using namespace llvm;

namespace hpp {
namespace {

enum class ArgShape { None, Exprs, Idents, Reduction, Word, String, Map, Items };

struct ClauseInfo {
  ClauseKind Kind;
  StringRef Spelling;
  ArgShape Shape;
};

constexpr ClauseInfo ClauseTable[] = {
#define HPP_CLAUSE(Name, Spelling, Args)                                       \
  {ClauseKind::Name, Spelling, ArgShape::Args},
#include "Basic/PragmaKinds.def"
};

/// Directives grouped the way the clause table groups them.
enum class ClauseGroup { Loop, Scratch, Barrier, Single, Atomic, Scan, Data, EnterData, ExitData, Update };

ClauseGroup groupOf(DirectiveKind K) {
  switch (K) {
  case DirectiveKind::Scratch:
    return ClauseGroup::Scratch;
  case DirectiveKind::Barrier:
    return ClauseGroup::Barrier;
  case DirectiveKind::Single:
    return ClauseGroup::Single;
  case DirectiveKind::Atomic:
    return ClauseGroup::Atomic;
  case DirectiveKind::Scan:
    return ClauseGroup::Scan;
  case DirectiveKind::Data:
    return ClauseGroup::Data;
  case DirectiveKind::EnterData:
    return ClauseGroup::EnterData;
  case DirectiveKind::ExitData:
    return ClauseGroup::ExitData;
  case DirectiveKind::Update:
    return ClauseGroup::Update;
  default:
    return ClauseGroup::Loop;
  }
}

bool clauseAllowed(DirectiveKind D, ClauseKind C) {
  ClauseGroup G = groupOf(D);
#define HPP_DIRECTIVE_CLAUSE(Directive, Clause)                                \
  if (G == ClauseGroup::Directive && C == ClauseKind::Clause)                  \
    return true;
#include "Basic/PragmaKinds.def"
  return false;
}

/// Clauses that may be given more than once.
bool isRepeatable(ClauseKind C) {
  return C == ClauseKind::Reduction || C == ClauseKind::Map || C == ClauseKind::Host ||
         C == ClauseKind::Device;
}

/// The map kinds \p D takes, as OpenMP's `target enter data` and `target
/// exit data` do; regions and structured data regions take the four that
/// both enter and exit.
bool mapKindAllowed(DirectiveKind D, MapKind K) {
  switch (D) {
  case DirectiveKind::EnterData:
    return K == MapKind::To || K == MapKind::Alloc;
  case DirectiveKind::ExitData:
    return K == MapKind::From || K == MapKind::Release || K == MapKind::Delete;
  default:
    return K == MapKind::To || K == MapKind::From || K == MapKind::ToFrom ||
           K == MapKind::Alloc;
  }
}

StringRef allowedMapKinds(DirectiveKind D) {
  switch (D) {
  case DirectiveKind::EnterData:
    return "'to' or 'alloc'";
  case DirectiveKind::ExitData:
    return "'from', 'release' or 'delete'";
  default:
    return "'to', 'from', 'tofrom' or 'alloc'";
  }
}

class Parser {
public:
  Parser(Preprocessor &PP, Diagnoser &Diags, ArrayRef<Token> Tokens,
         SourceLocation EndLoc)
      : PP(PP), Diags(Diags), Tokens(Tokens), EndLoc(EndLoc) {}

  bool parseKind(Directive &D, SourceLocation HppLoc);
  bool parseClauses(Directive &D);

private:
  bool atEnd() const { return Pos >= Tokens.size(); }
  const Token &peek() const { return Tokens[Pos]; }
  SourceLocation loc() const { return atEnd() ? EndLoc : peek().getLocation(); }
  std::string spelling(const Token &T) const { return PP.getSpelling(T); }
  bool isIdent(StringRef Name) const {
    return !atEnd() && peek().is(tok::identifier) &&
           peek().getIdentifierInfo()->getName() == Name;
  }

  /// Collects the comma-separated arguments inside the parentheses that
  /// follow a clause name.
  bool parseParenArgs(StringRef ClauseName, SmallVectorImpl<ArrayRef<Token>> &Args,
                      SourceLocation &RParenLoc);
  std::string joinTokens(ArrayRef<Token> Toks) const;
  bool parseReduction(Clause &C, StringRef Name);
  bool parseUserArgs(Clause &C, SourceLocation UserLoc);
  bool parseClauseArgs(Clause &C, ArgShape Shape, StringRef Name,
                       StringRef DirectiveName);
  bool parseMapItems(Clause &C, ArgShape Shape, StringRef Name, DirectiveKind D);
  bool parseMapItem(ArrayRef<Token> A, StringRef Name, MapItem &Item);

  Preprocessor &PP;
  Diagnoser &Diags;
  ArrayRef<Token> Tokens;
  SourceLocation EndLoc;
  size_t Pos = 0;
};

bool Parser::parseKind(Directive &D, SourceLocation HppLoc) {
  if (atEnd()) {
    Diags.report(HppLoc, Diag::err_missing_directive);
    return false;
  }
  D.KindLoc = loc();
  if (!peek().is(tok::identifier)) {
    Diags.report(loc(), Diag::err_unknown_directive) << spelling(peek());
    return false;
  }
  // A run of level words: team, thread, vector, outermost first. Another
  // order is refused rather than read as a combination: `thread team` could
  // as well be meant as a thread loop at team level, and OpenMP's combined
  // constructs have one order too.
  bool Team = false, Thread = false, Vector = false;
  bool *const Levels[] = {
#define HPP_LEVEL_WORD(Name, Spelling) &Name,
#include "Basic/PragmaKinds.def"
  };
  const StringRef LevelSpellings[] = {
#define HPP_LEVEL_WORD(Name, Spelling) Spelling,
#include "Basic/PragmaKinds.def"
  };
  std::string Words;
  SourceLocation FirstMisplaced;
  int Previous = -1;
  while (!atEnd() && peek().is(tok::identifier)) {
    StringRef W = peek().getIdentifierInfo()->getName();
    auto It = llvm::find(LevelSpellings, W);
    if (It == std::end(LevelSpellings))
      break;
    const int Rank = It - std::begin(LevelSpellings);
    if (!Words.empty())
      Words += ' ';
    Words += W.str();
    if (*Levels[Rank]) {
      Diags.report(loc(), Diag::err_bad_level_combination) << Words;
      return false;
    }
    if (Rank < Previous && FirstMisplaced.isInvalid())
      FirstMisplaced = loc();
    *Levels[Rank] = true;
    Previous = Rank;
    ++Pos;
  }
  if (FirstMisplaced.isValid()) {
    // Finish the run first, so that the message quotes all of it.
    std::string Sorted;
    for (size_t I = 0; I < std::size(Levels); ++I)
      if (*Levels[I])
        Sorted += (Sorted.empty() ? "" : " ") + LevelSpellings[I].str();
    Diags.report(FirstMisplaced, Diag::err_level_order) << Words << Sorted;
    return false;
  }
  if (Team || Thread || Vector) {
    if (Team && !Thread && !Vector)
      D.Kind = DirectiveKind::Team;
    else if (Team) {
      D.Kind = DirectiveKind::Flat;
      D.FlatIncludesVector = Vector;
    } else if (Thread && Vector)
      D.Kind = DirectiveKind::TeamVector;
    else
      D.Kind = Thread ? DirectiveKind::Thread : DirectiveKind::Vector;
    return true;
  }
  StringRef W = peek().getIdentifierInfo()->getName();
  std::optional<DirectiveKind> K =
      StringSwitch<std::optional<DirectiveKind>>(W)
#define HPP_DIRECTIVE(Name, Spelling) .Case(Spelling, DirectiveKind::Name)
#define HPP_LEVEL_WORD(Name, Spelling)
#include "Basic/PragmaKinds.def"
          .Default(std::nullopt);
  if (!K) {
    Diags.report(loc(), Diag::err_unknown_directive) << W;
    return false;
  }
  D.Kind = *K;
  // `parallel` is the whole device, vector lanes included, like
  // `team thread vector`.
  D.FlatIncludesVector = D.Kind == DirectiveKind::Flat;
  ++Pos;
  if (D.Kind == DirectiveKind::EnterData || D.Kind == DirectiveKind::ExitData) {
    if (!isIdent("data")) {
      Diags.report(loc(), Diag::err_expected_data_word) << W;
      return false;
    }
    ++Pos;
  }
  return true;
}

std::string Parser::joinTokens(ArrayRef<Token> Toks) const {
  std::string Text;
  for (const Token &T : Toks) {
    if (!Text.empty() && T.hasLeadingSpace())
      Text += ' ';
    Text += spelling(T);
  }
  return Text;
}

bool Parser::parseParenArgs(StringRef ClauseName,
                            SmallVectorImpl<ArrayRef<Token>> &Args,
                            SourceLocation &RParenLoc) {
  if (atEnd() || !peek().is(tok::l_paren)) {
    Diags.report(loc(), Diag::err_expected_lparen) << ClauseName;
    return false;
  }
  SourceLocation LParenLoc = loc();
  ++Pos;
  unsigned Depth = 0;
  size_t ArgStart = Pos;
  while (!atEnd()) {
    const Token &T = peek();
    if (T.isOneOf(tok::l_paren, tok::l_square, tok::l_brace)) {
      ++Depth;
    } else if (T.isOneOf(tok::r_paren, tok::r_square, tok::r_brace)) {
      if (Depth == 0) {
        if (!T.is(tok::r_paren))
          break;
        Args.push_back(Tokens.slice(ArgStart, Pos - ArgStart));
        RParenLoc = loc();
        ++Pos;
        return true;
      }
      --Depth;
    } else if (T.is(tok::comma) && Depth == 0) {
      Args.push_back(Tokens.slice(ArgStart, Pos - ArgStart));
      ArgStart = Pos + 1;
    }
    ++Pos;
  }
  Diags.report(atEnd() ? LParenLoc : loc(), Diag::err_unbalanced_parens)
      << ClauseName;
  return false;
}

bool Parser::parseReduction(Clause &C, StringRef Name) {
  if (atEnd() || !peek().is(tok::l_paren)) {
    Diags.report(loc(), Diag::err_expected_lparen) << Name;
    return false;
  }
  ++Pos;
  if (isIdent("inscan")) {
    C.InScan = true;
    ++Pos;
    if (atEnd() || !peek().is(tok::comma)) {
      Diags.report(loc(), Diag::err_inscan_comma);
      return false;
    }
    ++Pos;
  }
  if (atEnd()) {
    Diags.report(loc(), Diag::err_bad_reduction_op) << "";
    return false;
  }
  SourceLocation OpLoc = loc();
  std::string OpText = spelling(peek());
  std::optional<ReductionOp> Op =
      StringSwitch<std::optional<ReductionOp>>(OpText)
#define HPP_REDUCTION_OP(Name, Spelling, RuntimeType)                          \
  .Case(Spelling, ReductionOp::Name)
#include "Basic/PragmaKinds.def"
          .Default(std::nullopt);
  if (!Op) {
    Diags.report(OpLoc, Diag::err_bad_reduction_op) << OpText;
    return false;
  }
  C.Op = *Op;
  ++Pos;
  if (C.Op == ReductionOp::User) {
    if (C.InScan) {
      Diags.report(OpLoc, Diag::err_user_reduction_inscan);
      return false;
    }
    if (!parseUserArgs(C, OpLoc))
      return false;
  }
  if (atEnd() || !peek().is(tok::colon)) {
    Diags.report(loc(), Diag::err_reduction_missing_colon);
    return false;
  }
  ++Pos;
  // The variable list runs to the closing parenthesis.
  SmallVector<ArrayRef<Token>, 2> Args;
  SourceLocation RParen;
  size_t Start = Pos;
  while (!atEnd() && !peek().is(tok::r_paren))
    ++Pos;
  if (atEnd()) {
    Diags.report(EndLoc, Diag::err_unbalanced_parens) << Name;
    return false;
  }
  RParen = loc();
  ArrayRef<Token> List = Tokens.slice(Start, Pos - Start);
  ++Pos;
  size_t ArgStart = 0;
  for (size_t I = 0; I <= List.size(); ++I) {
    if (I == List.size() || List[I].is(tok::comma))
      Args.push_back(List.slice(ArgStart, I - ArgStart)), ArgStart = I + 1;
  }
  for (ArrayRef<Token> A : Args) {
    if (A.size() != 1 || !A[0].is(tok::identifier)) {
      Diags.report(A.empty() ? RParen : A[0].getLocation(),
                   Diag::err_expected_identifier)
          << Name;
      return false;
    }
    C.Args.push_back({spelling(A[0]), A[0].getLocation()});
  }
  if (isLocReduction(C.Op) && C.Args.size() != 2) {
    Diags.report(OpLoc, Diag::err_loc_reduction_args) << OpText;
    return false;
  }
  return true;
}

/// `user(join, init)` or `user(reducer)`: one or two names, each an
/// identifier with an optional nested-name-specifier (`ns::join`). They are
/// resolved by analysis, in the scope of the loop.
bool Parser::parseUserArgs(Clause &C, SourceLocation UserLoc) {
  SmallVector<ArrayRef<Token>, 2> Args;
  SourceLocation RParen;
  if (!parseParenArgs("user", Args, RParen))
    return false;
  if (Args.size() > 2 || (Args.size() == 1 && Args[0].empty())) {
    Diags.report(UserLoc, Diag::err_user_reduction_args);
    return false;
  }
  for (ArrayRef<Token> A : Args) {
    // [::] identifier (:: identifier)*
    size_t I = 0;
    bool Ok = !A.empty();
    if (Ok && A[0].is(tok::coloncolon))
      ++I;
    while (Ok) {
      Ok = I < A.size() && A[I].is(tok::identifier);
      if (!Ok || ++I == A.size())
        break;
      Ok = A[I].is(tok::coloncolon);
      ++I;
    }
    if (!Ok) {
      Diags.report(A.empty() ? RParen : I < A.size() ? A[I].getLocation() : A.back().getLocation(),
                   Diag::err_user_reduction_name);
      return false;
    }
    C.UserArgs.push_back({joinTokens(A), A[0].getLocation()});
  }
  return true;
}

/// `map([kind:] item, ...)`, `host(item, ...)`, `device(item, ...)`.
bool Parser::parseMapItems(Clause &C, ArgShape Shape, StringRef Name, DirectiveKind D) {
  SmallVector<ArrayRef<Token>, 4> Args;
  SourceLocation RParen;
  if (!parseParenArgs(Name, Args, RParen))
    return false;
  if (Shape == ArgShape::Map) {
    // An optional kind before the first item, as in OpenMP; `tofrom`
    // when none is written.
    ArrayRef<Token> &First = Args.front();
    // `delete` is a keyword token; kinds are looked up by spelling.
    if (First.size() >= 2 && First[0].getIdentifierInfo() && First[1].is(tok::colon)) {
      StringRef Word = First[0].getIdentifierInfo()->getName();
      std::optional<MapKind> K = StringSwitch<std::optional<MapKind>>(Word)
#define HPP_MAP_KIND(Name, Spelling) .Case(Spelling, MapKind::Name)
#include "Basic/PragmaKinds.def"
                                     .Default(std::nullopt);
      if (!K) {
        Diags.report(First[0].getLocation(), Diag::err_bad_map_kind) << Word << allowedMapKinds(D);
        return false;
      }
      if (!mapKindAllowed(D, *K)) {
        Diags.report(First[0].getLocation(), Diag::err_map_kind_not_allowed)
            << Word << getDirectiveSpelling(D) << allowedMapKinds(D);
        return false;
      }
      C.Map = *K;
      First = First.drop_front(2);
    } else if (!mapKindAllowed(D, MapKind::ToFrom)) {
      Diags.report(C.Loc, Diag::err_map_kind_needed) << getDirectiveSpelling(D) << allowedMapKinds(D);
      return false;
    }
  }
  for (ArrayRef<Token> A : Args) {
    MapItem Item;
    if (A.empty()) {
      Diags.report(RParen, Diag::err_empty_argument) << Name;
      return false;
    }
    if (!parseMapItem(A, Name, Item))
      return false;
    C.Items.push_back(std::move(Item));
  }
  return true;
}

/// `base` followed by sections `[lo:len]`; `base` is everything before the
/// first `[` (a name, or a member such as `s.data`), `[:len]` starts at 0.
bool Parser::parseMapItem(ArrayRef<Token> A, StringRef Name, MapItem &Item) {
  size_t I = 0;
  while (I < A.size() && !A[I].is(tok::l_square))
    ++I;
  if (I == 0) {
    Diags.report(A[0].getLocation(), Diag::err_expected_identifier) << Name;
    return false;
  }
  ArrayRef<Token> Base = A.take_front(I);
  Item.Base = {joinTokens(Base), Base[0].getLocation(), {Base.begin(), Base.end()}};
  Item.Text = joinTokens(A);
  while (I < A.size()) {
    if (!A[I].is(tok::l_square)) {
      Diags.report(A[I].getLocation(), Diag::err_bad_array_section) << Item.Text;
      return false;
    }
    SourceLocation Open = A[I].getLocation();
    // The section's colon and closing bracket at depth 0; `?:` inside lo
    // pairs a `?` with its colon.
    size_t Colon = 0, Close = 0;
    unsigned Depth = 0, Questions = 0;
    for (size_t J = I + 1; J < A.size() && !Close; ++J) {
      if (A[J].isOneOf(tok::l_paren, tok::l_square, tok::l_brace))
        ++Depth;
      else if (A[J].isOneOf(tok::r_paren, tok::r_brace))
        --Depth;
      else if (A[J].is(tok::r_square))
        Depth == 0 ? (void)(Close = J) : (void)--Depth;
      else if (Depth == 0 && A[J].is(tok::question))
        ++Questions;
      else if (Depth == 0 && A[J].is(tok::colon))
        Questions ? (void)--Questions : (void)(Colon = Colon ? Colon : J);
    }
    if (!Close || !Colon || Colon + 1 == Close) {
      Diags.report(Open, Diag::err_bad_array_section) << Item.Text;
      return false;
    }
    ArraySection Sec;
    ArrayRef<Token> Lo = A.slice(I + 1, Colon - I - 1);
    ArrayRef<Token> Len = A.slice(Colon + 1, Close - Colon - 1);
    if (Lo.empty())
      Sec.Lo = {"0", Open, {}};
    else
      Sec.Lo = {joinTokens(Lo), Lo[0].getLocation(), {Lo.begin(), Lo.end()}};
    Sec.Len = {joinTokens(Len), Len[0].getLocation(), {Len.begin(), Len.end()}};
    Item.Sections.push_back(std::move(Sec));
    I = Close + 1;
  }
  return true;
}

bool Parser::parseClauseArgs(Clause &C, ArgShape Shape, StringRef Name,
                             StringRef DirectiveName) {
  if (Shape == ArgShape::None)
    return true;
  if (Shape == ArgShape::Reduction)
    return parseReduction(C, Name);
  SmallVector<ArrayRef<Token>, 4> Args;
  SourceLocation RParen;
  if (!parseParenArgs(Name, Args, RParen))
    return false;
  for (ArrayRef<Token> A : Args) {
    if (A.empty()) {
      Diags.report(RParen, Diag::err_empty_argument) << Name;
      return false;
    }
    switch (Shape) {
    case ArgShape::Idents:
      if (A.size() != 1 || !A[0].is(tok::identifier)) {
        Diags.report(A[0].getLocation(), Diag::err_expected_identifier) << Name;
        return false;
      }
      break;
    case ArgShape::String:
      if (A.size() != 1 || !tok::isStringLiteral(A[0].getKind())) {
        Diags.report(A[0].getLocation(), Diag::err_expected_string) << Name;
        return false;
      }
      break;
    case ArgShape::Word:
      if (A.size() != 1 || !A[0].is(tok::identifier)) {
        Diags.report(A[0].getLocation(), Diag::err_bad_keyword_arg)
            << joinTokens(A) << Name << "'team' or 'thread'";
        return false;
      }
      break;
    default:
      break;
    }
    C.Args.push_back({joinTokens(A), A[0].getLocation(), {A.begin(), A.end()}});
  }
  if (C.Kind == ClauseKind::Name) {
    // Keep the label's characters, escapes included, without the quotes.
    StringRef S = C.Args[0].Text;
    C.Args[0].Text = S.drop_front().drop_back().str();
  }
  // Clause-specific shapes.
  auto ExpectCount = [&](unsigned N) {
    if (C.Args.size() == N)
      return true;
    Diags.report(C.Loc, Diag::err_clause_arg_count) << Name << N;
    return false;
  };
  switch (C.Kind) {
  case ClauseKind::Collapse:
  case ClauseKind::Level: {
    if (!ExpectCount(1))
      return false;
    unsigned long long V;
    if (StringRef(C.Args[0].Text).getAsInteger(0, V) ||
        (C.Kind == ClauseKind::Collapse && V < 1) ||
        (C.Kind == ClauseKind::Level && V > 1)) {
      if (C.Kind == ClauseKind::Level)
        Diags.report(C.Args[0].Loc, Diag::err_bad_keyword_arg)
            << C.Args[0].Text << Name << "0 or 1";
      else
        Diags.report(C.Args[0].Loc, Diag::err_clause_value) << Name;
      return false;
    }
    break;
  }
  case ClauseKind::League:
  case ClauseKind::VectorLength:
  case ClauseKind::Stream:
  case ClauseKind::Name:
    return ExpectCount(1);
  case ClauseKind::TeamSize:
    return ExpectCount(1);
  case ClauseKind::Per:
    if (!ExpectCount(1))
      return false;
    if (C.Args[0].Text != "team" && C.Args[0].Text != "thread") {
      Diags.report(C.Args[0].Loc, Diag::err_bad_keyword_arg)
          << C.Args[0].Text << Name << "'team' or 'thread'";
      return false;
    }
    break;
  default:
    break;
  }
  return true;
}

bool Parser::parseClauses(Directive &D) {
  StringRef DirectiveName = getDirectiveSpelling(D.Kind);
  while (!atEnd()) {
    if (peek().is(tok::comma)) { // OpenMP allows commas between clauses.
      ++Pos;
      continue;
    }
    SourceLocation ClauseLoc = loc();
    if (!peek().is(tok::identifier)) {
      Diags.report(ClauseLoc, Diag::err_unknown_clause)
          << spelling(peek()) << DirectiveName;
      return false;
    }
    StringRef Name = peek().getIdentifierInfo()->getName();
    const ClauseInfo *Info = nullptr;
    for (const ClauseInfo &CI : ClauseTable)
      if (CI.Spelling == Name)
        Info = &CI;
    if (!Info) {
      Diags.report(ClauseLoc, Diag::err_unknown_clause) << Name << DirectiveName;
      return false;
    }
    if (!clauseAllowed(D.Kind, Info->Kind)) {
      Diags.report(ClauseLoc, Diag::err_clause_not_allowed)
          << Name << DirectiveName;
      return false;
    }
    if (!isRepeatable(Info->Kind) && D.findClause(Info->Kind)) {
      Diags.report(ClauseLoc, Diag::err_duplicate_clause) << Name;
      return false;
    }
    ++Pos;
    Clause C;
    C.Kind = Info->Kind;
    C.Loc = ClauseLoc;
    bool Items = Info->Shape == ArgShape::Map || Info->Shape == ArgShape::Items;
    if (Items ? !parseMapItems(C, Info->Shape, Name, D.Kind)
              : !parseClauseArgs(C, Info->Shape, Name, DirectiveName))
      return false;
    D.Clauses.push_back(std::move(C));
  }
  // The data directives do nothing without items.
  if ((D.Kind == DirectiveKind::Data || D.Kind == DirectiveKind::EnterData ||
       D.Kind == DirectiveKind::ExitData) &&
      !D.findClause(ClauseKind::Map)) {
    Diags.report(D.KindLoc, Diag::err_data_needs_clause) << DirectiveName << "a 'map' clause";
    return false;
  }
  if (D.Kind == DirectiveKind::Update && !D.findClause(ClauseKind::Host) &&
      !D.findClause(ClauseKind::Device)) {
    Diags.report(D.KindLoc, Diag::err_data_needs_clause) << DirectiveName << "a 'host' or 'device' clause";
    return false;
  }
  if (D.Kind == DirectiveKind::Scan &&
      D.findClauses(ClauseKind::Inclusive).size() +
              D.findClauses(ClauseKind::Exclusive).size() !=
          1) {
    Diags.report(D.KindLoc, Diag::err_scan_needs_one_clause);
    return false;
  }
  return true;
}

} // namespace

std::optional<Directive> parseDirective(Preprocessor &PP, Diagnoser &Diags,
                                        SourceLocation PragmaLoc,
                                        SourceLocation HppLoc,
                                        ArrayRef<Token> Tokens,
                                        SourceLocation EndLoc) {
  Directive D;
  D.PragmaLoc = PragmaLoc;
  D.EndLoc = EndLoc;
  Parser P(PP, Diags, Tokens, EndLoc);
  if (!P.parseKind(D, HppLoc) || !P.parseClauses(D))
    return std::nullopt;
  return D;
}

} // namespace hpp
