//===- Region.cpp - The backend-neutral parallel-region model -------------===//

#include "IR/Region.h"
#include "clang/AST/Stmt.h"
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

/// The body statements before the separator and those after it.
static std::pair<ArrayRef<clang::Stmt *>, ArrayRef<clang::Stmt *>>
splitAtSeparator(const Construct &C) {
  if (!C.ScanSeparator || !C.ScanBody)
    return {};
  ArrayRef<clang::Stmt *> Body(C.ScanBody->body_begin(), C.ScanBody->body_end());
  return {Body.take_front(C.ScanSplit), Body.drop_front(C.ScanSplit)};
}

ArrayRef<clang::Stmt *> Construct::scanInputPhase() const {
  auto [Before, After] = splitAtSeparator(*this);
  return ScanSeparator && ScanSeparator->Inclusive ? Before : After;
}

ArrayRef<clang::Stmt *> Construct::scanPhase() const {
  auto [Before, After] = splitAtSeparator(*this);
  return ScanSeparator && ScanSeparator->Inclusive ? After : Before;
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
