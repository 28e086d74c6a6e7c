//===- CommandWords.h - What hppc++ reads from a compiler call --*- C++ -*-===//
///
/// \file
/// The few facts about a compiler command line and its sources that both
/// halves of hppc++ need: the small front program (tool/hppc-front.cpp,
/// which must not link LLVM: it starts for every file of a build and passes
/// most of them straight to the compiler) and the full wrapper in
/// lib/Driver. Plain C++17, header-only, so both use one definition and the
/// front never decides differently from the wrapper.
///
//===----------------------------------------------------------------------===//

#ifndef HPPC_COMMANDWORDS_H
#define HPPC_COMMANDWORDS_H

#include <string_view>

namespace hpp {

/// Flags whose value may be the next word (`-o x.o`, `-I dir`, `-MF x.d`).
inline bool takesSeparateValue(std::string_view A) {
  for (std::string_view F :
       {"-o", "-I", "-isystem", "-iquote", "-idirafter", "-include", "-imacros", "-D", "-U",
        "-MF", "-MT", "-MQ", "-x", "-Xlinker", "-Xpreprocessor", "-Xclang", "-L", "-l",
        "-arch", "-target", "--sysroot", "-isysroot", "-Xassembler", "-u", "-T", "-z",
        "-aux-info"})
    if (A == F)
      return true;
  return false;
}

/// Whether \p Path names a C++ or CUDA source by its extension.
inline bool isCXXSourcePath(std::string_view Path) {
  size_t Slash = Path.find_last_of('/');
  std::string_view Name = Slash == std::string_view::npos ? Path : Path.substr(Slash + 1);
  size_t Dot = Name.find_last_of('.');
  if (Dot == std::string_view::npos)
    return false;
  std::string_view Ext = Name.substr(Dot);
  for (std::string_view E : {".cpp", ".cc", ".cxx", ".c++", ".C", ".cp", ".CPP", ".cu"})
    if (Ext == E)
      return true;
  return false;
}

/// hpp's own options, which never reach the underlying compiler.
inline bool isWrapperOption(std::string_view A) {
  return A.substr(0, 6) == "--hpp-" || A == "--keep" || A == "-save-temps" ||
         A == "--save-temps";
}

namespace detail {
inline bool isBlank(char C) { return C == ' ' || C == '\t'; }
inline size_t skipBlanks(std::string_view T, size_t I) {
  while (I < T.size() && isBlank(T[I]))
    ++I;
  return I;
}
inline bool startsAt(std::string_view T, size_t I, std::string_view Word) {
  return T.substr(I, Word.size()) == Word;
}
} // namespace detail

/// Whether \p Text holds anything hppc translates: a `#pragma hpp` (or
/// `_Pragma("hpp ...")`) or a call of hpp's parallel_* API. A textual test:
/// a false positive costs one translation, which leaves a file without
/// annotations as it was. It matches what the regular expression
///   #[ \t]*pragma[ \t]+hpp[ \t] | _Pragma[ \t]*\([ \t]*"hpp[ \t] |
///   parallel_(for|reduce|scan)[ \t]*\(
/// matches, written out by hand: the front cannot use LLVM's Regex and
/// std::regex costs more than the rest of a pass-through.
inline bool hasAnnotationText(std::string_view T) {
  using namespace detail;
  for (size_t I = 0; I < T.size(); ++I) {
    char C = T[I];
    if (C == '#') {
      size_t J = skipBlanks(T, I + 1);
      if (!startsAt(T, J, "pragma"))
        continue;
      J += 6;
      size_t K = skipBlanks(T, J);
      if (K == J || !startsAt(T, K, "hpp"))
        continue;
      if (K + 3 < T.size() && isBlank(T[K + 3]))
        return true;
    } else if (C == '_') {
      if (!startsAt(T, I, "_Pragma"))
        continue;
      size_t J = skipBlanks(T, I + 7);
      if (J >= T.size() || T[J] != '(')
        continue;
      J = skipBlanks(T, J + 1);
      if (startsAt(T, J, "\"hpp") && J + 4 < T.size() && isBlank(T[J + 4]))
        return true;
    } else if (C == 'p') {
      if (!startsAt(T, I, "parallel_"))
        continue;
      size_t J = I + 9;
      for (std::string_view Name : {"for", "reduce", "scan"}) {
        if (!startsAt(T, J, Name))
          continue;
        size_t K = skipBlanks(T, J + Name.size());
        if (K < T.size() && T[K] == '(')
          return true;
      }
    }
  }
  return false;
}

} // namespace hpp

#endif // HPPC_COMMANDWORDS_H
