//===- Region.cpp - The backend-neutral parallel-region model -------------===//

#include "IR/Region.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/ErrorHandling.h"

using namespace llvm;

namespace hpp {

const Construct *Construct::enclosingLoop() const {
  for (const Construct *P = Parent; P; P = P->Parent)
    if (P->isLoop())
      return P;
  return nullptr;
}

static void visit(const Construct &C, function_ref<void(const Construct &)> F) {
  F(C);
  for (const auto &Child : C.Children)
    visit(*Child, F);
}

void Region::forEachConstruct(function_ref<void(const Construct &)> F) const {
  if (Root)
    visit(*Root, F);
}

unsigned Region::countInsertedBarriers() const {
  unsigned N = 0;
  forEachConstruct([&](const Construct &C) {
    if (C.Kind == ConstructKind::Barrier && C.Inserted)
      ++N;
  });
  return N;
}

bool Region::sizedVectorLoopsReduce() const {
  return llvm::any_of(SizedVectorLoops,
                      [](const Construct *C) { return !C->Reductions.empty(); });
}

bool Region::hasVectorLoops() const {
  bool Found = false;
  forEachConstruct(
      [&](const Construct &C) { Found |= C.isLoop() && C.Level == LoopLevel::Vector; });
  return Found;
}

} // namespace hpp
