//===- PolicyReader.cpp - Policies as loop bounds -------------------------===//

#include "Frontend/Api/PolicyReader.h"
#include "Analysis/VariableUses.h"
#include "Frontend/Api/Recognition.h"

using namespace clang;
using namespace llvm;

namespace hpp {
namespace api {

/// The work tag among a policy's template arguments (`RangePolicy<Tag>`,
/// `MDRangePolicy<2, Tag>`): the type that is not an IndexType or Schedule.
static QualType workTagOf(QualType Policy) {
  const auto *Spec =
      dyn_cast_or_null<ClassTemplateSpecializationDecl>(Policy->getAsCXXRecordDecl());
  if (!Spec)
    return QualType();
  SmallVector<TemplateArgument, 4> Flat;
  for (const TemplateArgument &A : Spec->getTemplateArgs().asArray()) {
    if (A.getKind() == TemplateArgument::Pack)
      Flat.append(A.pack_begin(), A.pack_end());
    else
      Flat.push_back(A);
  }
  for (const TemplateArgument &A : Flat) {
    if (A.getKind() != TemplateArgument::Type)
      continue;
    const CXXRecordDecl *RD = A.getAsType()->getAsCXXRecordDecl();
    if (RD && (isHppFunction(RD, "IndexType") || isHppFunction(RD, "Schedule")))
      continue;
    return A.getAsType();
  }
  return QualType();
}

std::optional<Space> PolicyReader::read(const Expr *E) const {
  E = strip(E);
  // set_scratch_size(...) only bounds what get<T>(n) may take: the scratch
  // arrays themselves say how much each needs.
  Space S;
  S.Mentions = mentionedNames(E, C.text(E));
  while (const auto *MC = dyn_cast<CXXMemberCallExpr>(E)) {
    const CXXMethodDecl *MD = MC->getMethodDecl();
    if (!MD || MD->getName() != "set_scratch_size")
      break;
    for (const Expr *Arg : MC->arguments())
      forEachVarRef(Arg, [&](const DeclRefExpr *Ref) {
        const auto *V = dyn_cast<VarDecl>(Ref->getDecl());
        if (V && V->isLocalVarDecl() && !llvm::is_contained(S.DroppedVars, V->getName()))
          S.DroppedVars.push_back(V->getName().str());
      });
    E = strip(MC->getImplicitObjectArgument());
  }
  if (E->getType()->isIntegralOrEnumerationType()) {
    S.Lower.push_back("0");
    S.Upper.push_back(C.text(E));
    return S;
  }
  bool Read = false;
  if (const auto *Call = dyn_cast<CallExpr>(E))
    Read = readNestedRange(Call, S);
  else if (const auto *CE = dyn_cast<CXXConstructExpr>(E))
    Read = readPolicy(CE, S);
  if (!Read)
    return std::nullopt;
  return S;
}

/// TeamThreadRange(t, n) and friends.
bool PolicyReader::readNestedRange(const CallExpr *Call, Space &S) const {
  for (auto [Name, Level] : {std::pair<StringRef, StringRef>{"TeamThreadRange", "thread"},
                             {"ThreadVectorRange", "vector"},
                             {"TeamVectorRange", "thread vector"}}) {
    if (!calleeIs(Call, Name))
      continue;
    S.K = Space::Nested;
    S.Level = Level.str();
    S.Member = Call->getArg(0);
    if (Call->getNumArgs() == 2) {
      S.Lower.push_back("0");
      S.Upper.push_back(C.text(Call->getArg(1)));
    } else {
      S.Lower.push_back(C.text(Call->getArg(1)));
      S.Upper.push_back(C.text(Call->getArg(2)));
    }
    return true;
  }
  return false;
}

bool PolicyReader::readPolicy(const CXXConstructExpr *CE, Space &S) const {
  StringRef Name = recordName(CE);
  S.Tag = workTagOf(CE->getType());
  SmallVector<const Expr *, 4> Args;
  for (const Expr *A : CE->arguments())
    if (!isa<CXXDefaultArgExpr>(A))
      Args.push_back(A);
  // A stream comes first.
  if (!Args.empty() && recordName(strip(Args.front())) == "Stream") {
    S.StreamText = C.text(Args.front());
    Args.erase(Args.begin());
  }
  if (Name == "RangePolicy" && Args.size() == 2) {
    S.Lower.push_back(C.text(Args[0]));
    S.Upper.push_back(C.text(Args[1]));
    return true;
  }
  if (Name == "TeamPolicy" && (Args.size() == 2 || Args.size() == 3)) {
    S.K = Space::Team;
    S.Lower.push_back("0");
    S.Upper.push_back(C.text(Args[0]));
    // hpp::AUTO, recognised by declaration, leaves the choice to the runtime.
    auto IsAuto = [](const Expr *A) {
      const auto *DRE = dyn_cast<DeclRefExpr>(strip(A));
      return DRE && isHppFunction(DRE->getDecl(), "AUTO");
    };
    if (!IsAuto(Args[1]))
      S.TeamSize = C.text(Args[1]);
    if (Args.size() == 3 && !IsAuto(Args[2]))
      S.VectorLength = C.text(Args[2]);
    return true;
  }
  if (Name == "MDRangePolicy" && (Args.size() == 2 || Args.size() == 3))
    return readMDRange(Args, S);
  return false;
}

/// MDRangePolicy<N>({lower...}, {upper...}[, {tile...}]): braced bounds.
bool PolicyReader::readMDRange(ArrayRef<const Expr *> Args, Space &S) const {
  auto Elements = [&](const Expr *A, SmallVectorImpl<std::string> &Out) {
    A = strip(A);
    if (const auto *IL = dyn_cast<CXXStdInitializerListExpr>(A))
      A = strip(IL->getSubExpr());
    const auto *Init = dyn_cast<InitListExpr>(A);
    if (!Init)
      return false;
    for (const Expr *X : Init->inits())
      Out.push_back(C.text(X));
    return true;
  };
  SmallVector<std::string, 4> Tile;
  if (!Elements(Args[0], S.Lower) || !Elements(Args[1], S.Upper) ||
      S.Lower.size() != S.Upper.size() || (Args.size() == 3 && !Elements(Args[2], Tile)))
    return false;
  for (const std::string &T : Tile)
    S.Tile += (S.Tile.empty() ? "" : ", ") + T;
  return true;
}

std::string loopDirective(const Space &Sp) {
  switch (Sp.K) {
  case Space::Flat:
    return "#pragma hpp parallel";
  case Space::Team:
    return "#pragma hpp team";
  case Space::Nested:
    return "#pragma hpp " + Sp.Level;
  }
  llvm_unreachable("a space is flat, a team or nested");
}

std::string shapeClauses(const Space &Sp) {
  std::string Clauses;
  if (Sp.K == Space::Flat) {
    if (Sp.Lower.size() > 1)
      Clauses += " collapse(" + std::to_string(Sp.Lower.size()) + ")";
    if (!Sp.Tile.empty())
      Clauses += " tile(" + Sp.Tile + ")";
  } else if (Sp.K == Space::Team) {
    if (!Sp.TeamSize.empty())
      Clauses += " team_size(" + Sp.TeamSize + ")";
    if (!Sp.VectorLength.empty())
      Clauses += " vector_length(" + Sp.VectorLength + ")";
  }
  return Clauses;
}

std::string streamClause(const Space &Sp) {
  return Sp.StreamText.empty() ? "" : " stream(" + Sp.StreamText + ")";
}

std::string nameClause(const Space &Sp, StringRef Label) {
  if (Label.empty() || Sp.K == Space::Nested)
    return "";
  return (" name(\"" + Label + "\")").str();
}

} // namespace api
} // namespace hpp
