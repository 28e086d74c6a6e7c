//===- ProgramGenerator.cpp - Annotated programs from fuzzer bytes --------===//
///
/// \file
/// Every choice is a byte modulo the number of options, and 0 once the
/// bytes run out, so every input makes a whole program and a mutated byte
/// changes one decision. The pieces name the kernel's parameters and locals
/// (see Prologue); `V` and `B` in a loop header are its index and bound.
///
//===----------------------------------------------------------------------===//

#include "ProgramGenerator.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringExtras.h"

using namespace llvm;

namespace hpp {
namespace fuzz {
namespace {

const char *const Prologue = R"(struct U { double v = 0; };
void ujoin(U &x, const U &y) { x.v += y.v; }
void uinit(U &x) { x.v = 0; }
double helper(double v) { return v * 2; }
void kernel(int n, int m, double *a, const double *b, int *h, long *o) {
  double sum = 0, prod = 1, mn = 1e300, mx = -1e300;
  long run = 0;
  int im = -1, bits = 0, cnt = 0, s = 0;
  bool ok = true;
  U u;
)";

const char *const Epilogue =
    "  o[0] = (long)(sum + prod + mn + mx + u.v) + run + im + bits + cnt + ok + s;\n}\n";

const char *const LoopWords[] = {
    "parallel", "team thread", "team vector", "team thread vector", "team",
    "thread",   "vector",      "thread vector", "thread team",      "team team",
};

const char *const Clauses[] = {
    "reduction(+: sum)",       "reduction(*: prod)",        "reduction(min: mn)",
    "reduction(max: mx)",      "reduction(minloc: mn, im)", "reduction(maxloc: mx, im)",
    "reduction(&&: ok)",       "reduction(||: ok)",         "reduction(^: bits)",
    "reduction(+: cnt)",       "reduction(inscan, +: run)", "reduction(user(ujoin, uinit): u)",
    "collapse(2)",             "collapse(3)",               "tile(4, 4)",
    "tile(8)",                 "league(n / 2 + 1)",         "league(0)",
    "team_size(auto)",         "team_size(64)",             "team_size(m)",
    "vector_length(8)",        "vector_length(3)",          "stream(s)",
    "nowait",                  "name(\"r\")",               "map(to: b[0:n])",
};

const char *const LoopShapes[] = {
    "for (int V = 0; V < B; ++V)",
    "for (int V = B - 1; V >= 0; --V)",
    "for (long V = 1; V <= B; V += 2)",
    "for (unsigned V = 0; V != (unsigned)B; V++)",
    "for (int V = 0; V < B; V += m)",
    "for (short V = 0; V < 7; ++V)",
    "for (int V = 0, e = B; V < e; ++V)",
    "for (long long V = 9223372036854775800LL; V < 9223372036854775807LL; ++V)",
    "for (int V = 0; V < B;)",
};

/// Statements of a loop body over index `V`; `%` starts a pragma line.
const char *const BodyStmts[] = {
    "a[V] = b[V] * 2;",
    "sum += b[V];",
    "prod *= b[V];",
    "if (b[V] < mn) { mn = b[V]; im = V; }",
    "if (b[V] > mx) { mx = b[V]; im = V; }",
    "ok = ok && b[V] > 0;",
    "bits ^= V;",
    "cnt++;",
    "%atomic\nh[V % 4]++;",
    "if (b[V] < 0) continue;",
    "if (b[V] < 0) break;",
    "if (b[V] < 0) return;",
    "a[V] = helper(b[V]);",
    "ujoin(u, U{b[V]});",
    "{ double t = b[V]; a[V] = t; }",
    "%barrier",
    "o[V] = run;\n%scan exclusive(run)\nrun += h[V % 4];",
    "run += h[V % 4];\n%scan inclusive(run)\no[V] = run;",
    "%single per(team)\na[0] = 1;",
};

/// Scratch arrays of a team loop and what threads do with them.
const char *const ScratchDecls[] = {
    "%scratch level(0) per(team)\ndouble t0[16];",
    "%scratch level(1) per(thread)\ndouble t1[m];",
    "%scratch\nint t2[32];",
    "%scratch level(2)\ndouble t3[8];",
    "%scratch per(team)\ndouble t4[n][4];",
};
const char *const ScratchUses[] = {
    "t0[V % 16] = b[V];",
    "sum += t0[(V + 1) % 16];",
    "{ double *p = t0; a[V] = p[(V + 3) % 16]; }",
    "{ long *q = reinterpret_cast<long *>(t0); q[V % 16] = V; }",
    "t1[V % m] = V;",
    "t2[V % 32] += 1;",
};

const char *const TeamItems[] = {
    "%barrier",
    "%single per(team)\na[i] = sum;",
    "%single per(thread)\n{ double w = a[i]; (void)w; }",
    "%atomic\nh[i % 4] += 1;",
    "double acc = 0;",
    "%thread reduction(+: sum)",
};

/// API calls; they need <hpp/hpp.hpp>, whose parse costs more than the rest.
const char *const ApiCalls[] = {
    "hpp::parallel_for(n, [=](int i) { a[i] = b[i]; });",
    "hpp::parallel_reduce(n, [=](int i, double &r) { r += b[i]; }, sum);",
    "hpp::parallel_reduce(hpp::RangePolicy(1, n), [=](int i, double &r) { r = b[i] > r ? b[i] : r; }, hpp::Max<double>(mx));",
    "hpp::parallel_scan(n, [=](int i, long &p, bool final) { if (final) o[i] = p; p += h[i % 4]; });",
    "hpp::parallel_for(hpp::MDRangePolicy<2>({0, 0}, {n, m}), [=](int i, int j) { a[i * m + j] = 0; });",
    "hpp::parallel_for(hpp::TeamPolicy(n, hpp::AUTO), [=](const hpp::TeamMember &t) {\n"
    "  double row = 0;\n"
    "  hpp::parallel_reduce(hpp::TeamThreadRange(t, m), [&](int c, double &r) { r += b[c]; }, row);\n"
    "  hpp::single(hpp::PerTeam(t), [&] { a[t.league_rank()] = row; });\n});",
};

class Generator {
public:
  Generator(StringRef Choices, StringRef Text) : Choices(Choices), Text(Text) {}

  std::string run() {
    Out = Prologue;
    for (unsigned I = 0, E = 1 + pick(3); I < E; ++I)
      region();
    Out += Epilogue;
    return NeedsHeader ? "#include <hpp/hpp.hpp>\n" + Out : Out;
  }

private:
  unsigned pick(unsigned N) {
    return Pos < Choices.size() ? static_cast<unsigned char>(Choices[Pos++]) % N : 0;
  }
  /// One option of \p Table, or (as one more option) the next line of text.
  std::string choose(ArrayRef<const char *> Table) {
    unsigned I = pick(Table.size() + 1);
    return I < Table.size() ? std::string(Table[I]) : nextLine();
  }
  std::string nextLine() {
    auto [Line, Rest] = Text.split('\n');
    Text = Rest;
    return Line.str();
  }

  /// Writes \p Piece: `%` at a line's start is `#pragma hpp `, V the index.
  void emit(StringRef Piece, StringRef Var = "i") {
    for (StringRef Line : split(Piece, '\n')) {
      std::string L = Line.starts_with("%") ? "#pragma hpp " + Line.drop_front().str()
                                            : Line.str();
      Out += replaceAll(L, "V", Var) + "\n";
    }
  }
  static std::string replaceAll(std::string S, StringRef From, StringRef To) {
    for (size_t P = S.find(From); P != std::string::npos; P = S.find(From, P + To.size()))
      S.replace(P, From.size(), To.str());
    return S;
  }

  void pragma(StringRef Words) {
    std::string Line = "#pragma hpp " + Words.str();
    for (unsigned I = 0, E = pick(4); I < E; ++I)
      Line += " " + choose(Clauses);
    Out += Line + "\n";
  }
  void loopHeader(StringRef Var, StringRef Bound) {
    std::string Shape = choose(LoopShapes);
    Shape = replaceAll(Shape, "B", Bound);
    emit(replaceAll(Shape, "V", Var));
  }
  void body(StringRef Var, bool Scratch) {
    Out += "{\n";
    for (unsigned I = 0, E = pick(4); I < E; ++I)
      emit(Scratch && pick(2) ? choose(ScratchUses) : choose(BodyStmts), Var);
    Out += "}\n";
  }

  void region() {
    switch (pick(8)) {
    case 0:
    case 1:
      pragma(choose(LoopWords));
      loopHeader("i", "n");
      return body("i", false);
    case 2:
    case 3:
      return teamLoop();
    case 4: {
      pragma("parallel collapse(" + std::to_string(1 + pick(3)) + ")");
      const char *Vars[] = {"i", "j", "k"};
      unsigned Depth = 1 + pick(3);
      for (unsigned D = 0; D < Depth; ++D)
        loopHeader(Vars[D], D ? "m" : "n");
      return body(Vars[Depth - 1], false);
    }
    case 5:
      pragma("parallel reduction(inscan, +: run)");
      loopHeader("i", "n");
      return body("i", false);
    case 6:
      // Rarely: the header's parse makes such a program many times slower.
      if (pick(4) == 0) {
        NeedsHeader = true;
        return emit(choose(ApiCalls));
      }
      [[fallthrough]];
    default:
      // A statement or directive outside any region.
      return emit(choose(BodyStmts), "n");
    }
  }

  void teamLoop() {
    pragma(pick(4) ? "team" : choose(LoopWords));
    loopHeader("i", "n");
    Out += "{\n";
    unsigned NumScratch = pick(3);
    for (unsigned I = 0; I < NumScratch; ++I)
      emit(choose(ScratchDecls));
    for (unsigned I = 0, E = 1 + pick(3); I < E; ++I) {
      switch (pick(4)) {
      case 0:
        emit(choose(TeamItems));
        break;
      case 1:
        pragma(pick(2) ? "thread vector" : "vector");
        loopHeader("j", "m");
        body("j", NumScratch);
        break;
      default:
        pragma("thread");
        loopHeader("j", "m");
        if (pick(2)) {
          Out += "{\n";
          pragma("vector");
          loopHeader("k", "8");
          body("k", NumScratch);
          Out += "}\n";
        } else {
          body("j", NumScratch);
        }
      }
    }
    Out += "}\n";
  }

  StringRef Choices, Text;
  size_t Pos = 0;
  std::string Out;
  bool NeedsHeader = false;
};

} // namespace

std::string buildProgram(StringRef Input) {
  if (!Input.consume_front("@"))
    return Input.str();
  auto [Choices, Text] = Input.split('\n');
  return Generator(Choices, Text).run();
}

} // namespace fuzz
} // namespace hpp
