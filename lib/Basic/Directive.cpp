//===- Directive.cpp - A parsed `#pragma hpp` directive -------------------===//

#include "Basic/Directive.h"
#include "llvm/Support/ErrorHandling.h"

using namespace llvm;

namespace hpp {

StringRef getClauseSpelling(ClauseKind K) {
  switch (K) {
#define HPP_CLAUSE(Name, Spelling, Args)                                       \
  case ClauseKind::Name:                                                       \
    return Spelling;
#include "Basic/PragmaKinds.def"
  }
  llvm_unreachable("unknown clause kind");
}

StringRef getDirectiveSpelling(DirectiveKind K) {
  switch (K) {
  case DirectiveKind::Team:
    return "team";
  case DirectiveKind::Thread:
    return "thread";
  case DirectiveKind::Vector:
    return "vector";
  case DirectiveKind::TeamVector:
    return "thread vector";
  case DirectiveKind::Flat:
    return "parallel";
  case DirectiveKind::Scratch:
    return "scratch";
  case DirectiveKind::Barrier:
    return "barrier";
  case DirectiveKind::Single:
    return "single";
  case DirectiveKind::Atomic:
    return "atomic";
  case DirectiveKind::Scan:
    return "scan";
  case DirectiveKind::Data:
    return "data";
  case DirectiveKind::EnterData:
    return "enter data";
  case DirectiveKind::ExitData:
    return "exit data";
  case DirectiveKind::Update:
    return "update";
  }
  llvm_unreachable("unknown directive kind");
}

bool isLoopDirective(DirectiveKind K) {
  switch (K) {
  case DirectiveKind::Team:
  case DirectiveKind::Thread:
  case DirectiveKind::Vector:
  case DirectiveKind::TeamVector:
  case DirectiveKind::Flat:
    return true;
  default:
    return false;
  }
}

const Clause *Directive::findClause(ClauseKind K) const {
  for (const Clause &C : Clauses)
    if (C.Kind == K)
      return &C;
  return nullptr;
}

SmallVector<const Clause *, 2> Directive::findClauses(ClauseKind K) const {
  SmallVector<const Clause *, 2> Found;
  for (const Clause &C : Clauses)
    if (C.Kind == K)
      Found.push_back(&C);
  return Found;
}

std::string Directive::label() const {
  if (const Clause *C = findClause(ClauseKind::Name))
    if (!C->Args.empty())
      return C->Args.front().Text;
  return "";
}

} // namespace hpp
