//===- ReducerReader.cpp - Results as reductions --------------------------===//
//
// Part of the parallel_* lowering; see Lowerer.h.
//
//===----------------------------------------------------------------------===//

#include "Frontend/Api/Lowerer.h"
#include "Basic/Directive.h"
#include "Basic/ASTUtils.h"

using namespace clang;
using namespace llvm;

namespace hpp {
namespace api {



/// The reduction clause operator of a scalar hpp reducer (hpp::Sum, ...):
/// the reducers are named after the hpprt operator types of the table.
std::optional<StringRef> clauseOperatorFor(StringRef Reducer) {
#define HPP_REDUCTION_OP(Name, Spelling, RuntimeType)                          \
  if (!isLocReduction(ReductionOp::Name) && Reducer == RuntimeType)            \
    return getReductionOpSpelling(ReductionOp::Name);
#include "Basic/PragmaKinds.def"
  return std::nullopt;
}

std::optional<ReducerCall> asReducerCall(const Expr *E) {
  ReducerCall R;
  const TemplateSpecializationType *TST = E->getType()->getAs<TemplateSpecializationType>();
  if (const auto *CE = dyn_cast<CXXConstructExpr>(E)) {
    if (CE->getNumArgs() != 1)
      return std::nullopt;
    R.Target = CE->getArg(0);
    if (const auto *Spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
            CE->getType()->getAsCXXRecordDecl())) {
      R.Name = Spec->getName();
      for (const TemplateArgument &A : Spec->getTemplateArgs().asArray())
        if (A.getKind() == TemplateArgument::Type)
          R.TypeArgs.push_back(A.getAsType());
      return R;
    }
  } else if (const auto *UC = dyn_cast<CXXUnresolvedConstructExpr>(E)) {
    if (UC->getNumArgs() != 1)
      return std::nullopt;
    R.Target = UC->getArg(0);
    TST = UC->getTypeAsWritten()->getAs<TemplateSpecializationType>();
  } else {
    return std::nullopt;
  }
  if (!TST)
    return std::nullopt;
  if (const TemplateDecl *TD = TST->getTemplateName().getAsTemplateDecl())
    R.Name = TD->getName();
  for (const TemplateArgument &A : TST->template_arguments())
    if (A.getKind() == TemplateArgument::Type)
      R.TypeArgs.push_back(A.getAsType());
  return R;
}

/// The reduction a parallel_reduce result asks for: a plain variable sums,
/// a reducer names its operator and its target.
bool Lowerer::parseResult(const Expr *E, QualType AccType, StringRef AccName,
                          Accumulator &A) {
  A.Name = AccName.str();
  A.Type = typeText(AccType);
  E = strip(E);
  std::optional<ReducerCall> RC = asReducerCall(E);
  StringRef Name = RC ? RC->Name : recordName(E);
  std::optional<StringRef> Op = RC ? clauseOperatorFor(Name) : std::nullopt;
  if (RC && Op) {
    A.Reducer = ("hpp::" + Name + "<" + A.Type + ">").str();
    A.Target = text(RC->Target);
    A.Clauses.push_back((*Op + ": " + A.Name).str());
    return true;
  }
  bool Loc = Name == "MinLoc" || Name == "MaxLoc" || Name == "MinMaxLoc";
  if (RC && (Loc || Name == "MinMax")) {
    if (RC->TypeArgs.size() < (Loc ? 2u : 1u))
      return false;
    std::string V = getTypeName(RC->TypeArgs[0], Ctx);
    std::string I = Loc ? getTypeName(RC->TypeArgs[1], Ctx) : "";
    A.Reducer = ("hpp::" + Name + "<" + V + (Loc ? ", " + I : "") + ">").str();
    A.Target = text(RC->Target);
    auto Field = [&](StringRef Member, StringRef Type) {
      A.Fields.push_back({Member.str(), ("hpp_" + AccName + "_" + Member).str(), Type.str()});
      return A.Fields.back().Scalar;
    };
    if (Name == "MinLoc" || Name == "MaxLoc") {
      std::string Val = Field("val", V), At = Field("loc", I);
      A.Clauses.push_back((Name.lower() + ": " + Val + ", " + At));
    } else if (Name == "MinMax") {
      A.Clauses.push_back("min: " + Field("min_val", V));
      A.Clauses.push_back("max: " + Field("max_val", V));
    } else {
      std::string MinV = Field("min_val", V), MaxV = Field("max_val", V);
      std::string MinL = Field("min_loc", I), MaxL = Field("max_loc", I);
      A.Clauses.push_back("minloc: " + MinV + ", " + MinL);
      A.Clauses.push_back("maxloc: " + MaxV + ", " + MaxL);
    }
    return true;
  }
  // A user-defined reducer: its own init and join, through a copy.
  if (const CXXRecordDecl *RD = E->getType()->getAsCXXRecordDecl();
      RD && !E->getType()->isArithmeticType()) {
    if (!findMethod(RD, "init") || !findMethod(RD, "join") || !findMethod(RD, "reference"))
      return false;
    A.Object = C.Names.fresh("hpp_reducer");
    A.Target = text(E);
    A.Clauses.push_back("user(" + A.Object + "): " + A.Name);
    return true;
  }
  if (RC || (!Name.empty() && !E->getType()->isArithmeticType()))
    return false;
  A.Reducer = "hpp::Sum<" + A.Type + ">";
  A.Target = text(E);
  A.Clauses.push_back("+: " + A.Name);
  return true;
}

bool Lowerer::isArithmeticInEveryInstantiation(SourceLocation CallLoc, unsigned Index) {
  struct Finder : RecursiveASTVisitor<Finder> {
    SourceLocation Loc;
    SmallVector<const CallExpr *, 4> Calls;
    bool shouldVisitTemplateInstantiations() const { return true; }
    bool shouldVisitLambdaBody() const { return true; }
    bool VisitCallExpr(CallExpr *CE) {
      if (CE->getBeginLoc() == Loc && !CE->isTypeDependent() && !CE->isValueDependent())
        Calls.push_back(CE);
      return true;
    }
  } F;
  F.Loc = CallLoc;
  F.TraverseDecl(Ctx.getTranslationUnitDecl());
  for (const CallExpr *CE : F.Calls) {
    if (Index >= CE->getNumArgs())
      return false;
    const Expr *Result = strip(CE->getArg(Index));
    if (!Result->getType()->isArithmeticType())
      return false;
  }
  return true;
}

/// The body uses a composite accumulator `v` through its fields only:
/// `v.val` becomes the scalar the reduction clause names.
bool Lowerer::lowerFields(const Stmt *Body, const ParmVarDecl *P, const Accumulator &A) {
  bool Ok = true;
  for (const DeclRefExpr *Ref : refsTo(Body, P)) {
    const MemberExpr *ME = nullptr;
    for (const auto &Parent : Ctx.getParents(*Ref))
      ME = Parent.get<MemberExpr>();
    const Accumulator::Field *F = nullptr;
    if (ME)
      for (const Accumulator::Field &Candidate : A.Fields)
        if (ME->getMemberDecl()->getName() == Candidate.Member)
          F = &Candidate;
    if (!F) {
      fail(Ref->getLocation(), "a use of the accumulator '" + P->getName().str() +
                                   "' other than through its fields");
      Ok = false;
      continue;
    }
    apply(Edit.replace(ME->getBeginLoc(), endOf(ME), F->Scalar), ME->getBeginLoc());
  }
  return Ok;
}

} // namespace api
} // namespace hpp
