//===- ReducerReader.cpp - Results as reductions --------------------------===//

#include "Frontend/Api/ReducerReader.h"
#include "Frontend/Api/Recognition.h"
#include "Basic/ASTUtils.h"
#include "Basic/Directive.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/Support/FormatVariadic.h"

using namespace clang;
using namespace llvm;

namespace hpp {
namespace api {

/// The reduction clause operator of a scalar hpp reducer (hpp::Sum, ...):
/// the reducers are named after the hpprt operator types of the table.
static std::optional<StringRef> clauseOperatorFor(StringRef Reducer) {
#define HPP_REDUCTION_OP(Name, Spelling, RuntimeType)                                              \
  if (!isLocReduction(ReductionOp::Name) && Reducer == RuntimeType)                                \
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
bool ReducerReader::parseResult(const Expr *E, QualType AccType, StringRef AccName,
                                bool OwnValue, Accumulator &A) {
  A.Name = AccName.str();
  A.Type = C.typeText(AccType);
  E = strip(E);
  std::optional<ReducerCall> RC = asReducerCall(E);
  StringRef Name = RC ? RC->Name : recordName(E);
  std::optional<StringRef> Op = RC ? clauseOperatorFor(Name) : std::nullopt;
  if (RC && Op) {
    A.Reducer = ("hpp::" + Name + "<" + A.Type + ">").str();
    A.Target = C.text(RC->Target);
    A.Clauses.push_back((*Op + ": " + A.Name).str());
    return true;
  }
  bool Loc = Name == "MinLoc" || Name == "MaxLoc" || Name == "MinMaxLoc";
  if (RC && (Loc || Name == "MinMax")) {
    if (RC->TypeArgs.size() < (Loc ? 2u : 1u))
      return false;
    std::string V = getTypeName(RC->TypeArgs[0], C.Ctx);
    std::string I = Loc ? getTypeName(RC->TypeArgs[1], C.Ctx) : "";
    A.Reducer = ("hpp::" + Name + "<" + V + (Loc ? ", " + I : "") + ">").str();
    A.Target = C.text(RC->Target);
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
  // A rank-0 View sums into its element, wherever its memory is (other
  // ranks do not compile: the header's ResultSlot refuses them).
  if (!RC && isHppView(E->getType())) {
    A.Reducer = "hpp::Sum<" + A.Type + ">";
    A.Target = C.text(E);
    A.IntoView = true;
    A.Clauses.push_back("+: " + A.Name);
    return true;
  }
  // A user-defined reducer: its own init and join, through a copy.
  if (const CXXRecordDecl *RD = E->getType()->getAsCXXRecordDecl();
      RD && !E->getType()->isArithmeticType() && !OwnValue) {
    if (!findMethod(RD, "init") || !findMethod(RD, "join") || !findMethod(RD, "reference"))
      return false;
    A.Object = C.Names.fresh("hpp_reducer");
    A.Target = C.text(E);
    A.Clauses.push_back("user(" + A.Object + "): " + A.Name);
    return true;
  }
  if (RC || (!Name.empty() && !E->getType()->isArithmeticType() && !OwnValue))
    return false;
  A.Reducer = "hpp::Sum<" + A.Type + ">";
  A.Target = C.text(E);
  A.Clauses.push_back("+: " + A.Name);
  return true;
}

bool ReducerReader::isArithmeticInEveryInstantiation(SourceLocation CallLoc, unsigned Index) {
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
  F.TraverseDecl(C.Ctx.getTranslationUnitDecl());
  for (const CallExpr *CE : F.Calls) {
    if (Index >= CE->getNumArgs())
      return false;
    const Expr *Result = strip(CE->getArg(Index));
    if (!Result->getType()->isArithmeticType())
      return false;
  }
  return true;
}

bool ReducerReader::lowerFields(const Stmt *Body, const ParmVarDecl *P, const Accumulator &A) {
  bool Ok = true;
  for (const DeclRefExpr *Ref : refsTo(Body, P)) {
    const MemberExpr *ME = nullptr;
    for (const auto &Parent : C.Ctx.getParents(*Ref))
      ME = Parent.get<MemberExpr>();
    const Accumulator::Field *F = nullptr;
    if (ME)
      for (const Accumulator::Field &Candidate : A.Fields)
        if (ME->getMemberDecl()->getName() == Candidate.Member)
          F = &Candidate;
    if (!F) {
      C.fail(Ref->getLocation(),
             "a use of the accumulator '" + P->getName().str() + "' other than through its fields");
      Ok = false;
      continue;
    }
    C.apply(C.Edit.replace(ME->getBeginLoc(), C.endOf(ME), F->Scalar), ME->getBeginLoc());
  }
  return Ok;
}

/// The `value_type` of class \p RD (or of a base), or a null type.
static QualType valueTypeOf(const CXXRecordDecl *RD) {
  const auto *ValueType = cast_or_null<TypedefNameDecl>(findInClassOrBases(RD, [](const Decl *D) {
    const auto *TD = dyn_cast<TypedefNameDecl>(D);
    return TD && TD->getIdentifier() && TD->getName() == "value_type";
  }));
  return ValueType ? ValueType->getUnderlyingType().getCanonicalType() : QualType();
}

/// The type of the accumulator a functor is called with for a result: a
/// reducer's value_type, or the type of a plain variable.
static QualType resultValueType(const Expr *Result) {
  QualType T = Result->getType();
  if (T->isArithmeticType())
    return T;
  return valueTypeOf(T->getAsCXXRecordDecl());
}

/// Whether \p Result is a plain variable of the value_type of a functor
/// with its own join, as Kokkos reduces a struct: its class is then the
/// accumulator's type, not a reducer (which it is not: no reference()).
static bool isOwnValueResult(const Body &B, const Expr *Result, const ASTContext &Ctx) {
  const CXXRecordDecl *RD = Result->getType()->getAsCXXRecordDecl();
  if (!B.Functor || !RD || !Result->isLValue() || !findMethod(B.Functor, "join") ||
      findMethod(RD, "reference"))
    return false;
  QualType ValueType = valueTypeOf(B.Functor);
  return !ValueType.isNull() && Ctx.hasSameUnqualifiedType(ValueType, Result->getType());
}

std::optional<SmallVector<Accumulator, 2>> ReducerReader::read(const CallExpr *CE,
                                                               ArrayRef<const Expr *> Args,
                                                               unsigned BodyIndex, Body &B,
                                                               unsigned Indices, const Space &Sp) {
  unsigned Results = Args.size() - BodyIndex - 1;
  if (Results == 0) {
    C.fail(CE->getBeginLoc(), "a parallel_reduce without a result");
    return std::nullopt;
  }
  SmallVector<Accumulator, 2> Accs;
  for (unsigned R = 0; R < Results; ++R) {
    std::optional<Accumulator> A = readResult(CE, Args, BodyIndex + 1 + R, B, Indices + R, Sp);
    if (!A)
      return std::nullopt;
    Accs.push_back(std::move(*A));
  }
  if (!applyFunctorRules(B, Args[BodyIndex], Accs))
    return std::nullopt;
  return Accs;
}

/// Argument \p Index, whose accumulator is the body's parameter \p Param.
std::optional<Accumulator> ReducerReader::readResult(const CallExpr *CE,
                                                     ArrayRef<const Expr *> Args, unsigned Index,
                                                     Body &B, unsigned Param, const Space &Sp) {
  Accumulator A;
  QualType AccType;
  const Expr *Result = Args[Index];
  std::string AccName = C.Names.fresh("hpp_acc");
  if (strip(Result)->isTypeDependent() && !asReducerCall(strip(Result)) &&
      !isArithmeticInEveryInstantiation(CE->getBeginLoc(), Index)) {
    C.fail(Result->getBeginLoc(), "a result whose type depends on a template parameter "
                                  "and is not arithmetic in every instantiation");
    return std::nullopt;
  }
  bool OwnValue = isOwnValueResult(B, strip(Result), C.Ctx);
  if (B.inlined()) {
    // A lambda's body, or a functor's copied to the call: the accumulator
    // keeps the parameter's name where the policy lets the lowering
    // declare it, else takes the generated one (renamed in the body).
    AccType = B.Params[Param]->getType();
    if (Sp.mayDeclare(B.Params[Param]->getName()))
      AccName = B.Params[Param]->getName().str();
  } else {
    AccType = OwnValue ? strip(Result)->getType().getUnqualifiedType()
                       : resultValueType(strip(Result));
    if (AccType.isNull()) {
      C.fail(Result->getBeginLoc(), "this result with a functor");
      return std::nullopt;
    }
  }
  if (!parseResult(Result, AccType, AccName, OwnValue, A)) {
    C.fail(Result->getBeginLoc(), "this reducer (a reducer needs value_type, init, join "
                                  "and reference)");
    return std::nullopt;
  }
  if (B.inlined() && A.Fields.empty() && AccName != B.Params[Param]->getName())
    B.Renames.push_back({B.Params[Param], AccName});
  return A;
}

/// Kokkos' functor reductions; the serial header agrees.
bool ReducerReader::applyFunctorRules(const Body &B, const Expr *BodyArg,
                                      SmallVectorImpl<Accumulator> &Accs) {
  const CXXMethodDecl *OwnInit = findMethod(B.Functor, "init");
  const CXXMethodDecl *OwnJoin = findMethod(B.Functor, "join");
  const CXXMethodDecl *OwnFinal = findMethod(B.Functor, "final");
  if (!B.Functor || !(OwnInit || OwnJoin || OwnFinal))
    return true;
  if (Accs.size() != 1 || !Accs[0].Object.empty() || !Accs[0].Fields.empty() ||
      Accs[0].Clauses.front().rfind("+:", 0) != 0) {
    C.fail(BodyArg->getBeginLoc(),
           "a functor with its own init, join or final and a result other than one plain "
           "variable");
    return false;
  }
  Accumulator &A = Accs[0];
  if (OwnInit || OwnJoin) {
    A.Object = B.Var;
    A.OwnRules = true;
    A.Reducer = OwnInit ? B.Var + ".init" : "";
    A.Clauses = {"user(" + B.Var + "): " + A.Name};
  }
  if (OwnFinal)
    A.Final = B.Var + ".final(" + A.Name + ");";
  return true;
}

void ReducerReader::bind(Accumulator &A, ResultText &Text) {
  if (!A.Object.empty() && !A.OwnRules) {
    // A user reducer: its copy initialises the accumulator, and its
    // reference() receives the result.
    Text.Bind += formatv("const auto {0} = {1}; ", A.Object, A.Target).str();
    Text.Init += formatv("{0} {1}; {2}.init({1}); ", A.Type, A.Name, A.Object).str();
    Text.Epilogue += formatv(" {0}.reference() = {1};", A.Object, A.Name).str();
    return;
  }
  std::string Result = C.Names.fresh(ResultBindingPrefix);
  // A View result may be a temporary (a view made in the call): the
  // reference keeps it alive.
  Text.Bind += formatv(A.IntoView ? "const auto &{0} = {1}; " : "auto &{0} = {1}; ", Result,
                       A.Target)
                   .str();
  auto Assign = [&](StringRef Value) {
    return (A.IntoView ? formatv("hpp::deep_copy({0}, {1});", Result, Value)
                       : formatv("{0} = {1};", Result, Value))
        .str();
  };
  // A generic accumulator (`auto &a`) takes its result's type.
  if (A.Type.find("auto") != std::string::npos && A.Fields.empty()) {
    std::string Old = "<" + A.Type + ">";
    A.Type = A.IntoView ? "std::decay_t<decltype(" + Result + ")>::non_const_value_type"
                        : "std::remove_reference_t<decltype(" + Result + ")>";
    size_t At = A.Reducer.find(Old);
    if (At != std::string::npos)
      A.Reducer.replace(At, Old.size(), "<" + A.Type + ">");
  }
  if (A.OwnRules) {
    // A functor's own rules: init if it has one (else the value-initialised
    // identity, as Kokkos), final before the result is assigned.
    Text.Init += formatv("{0} {1}{{}; ", A.Type, A.Name).str();
    if (!A.Reducer.empty())
      Text.Init += formatv("{0}({1}); ", A.Reducer, A.Name).str();
    Text.Epilogue += formatv(" {0} {1}", A.Final, Assign(A.Name)).str();
    return;
  }
  if (A.Fields.empty()) {
    Text.Init +=
        formatv("{0} {1} = hpp::detail::init_value<{2}>(); ", A.Type, A.Name, A.Reducer).str();
    Text.Epilogue += formatv(" {0} {1}", A.Final, Assign(A.Name)).str();
    return;
  }
  std::string Start =
      formatv("{{ {0} hpp_init = hpp::detail::init_value<{1}>();", A.Type, A.Reducer);
  for (const Accumulator::Field &F : A.Fields) {
    Text.Init += formatv("{0} {1}; ", F.Type, F.Scalar).str();
    Start += formatv(" {0} = hpp_init.{1};", F.Scalar, F.Member).str();
    Text.Epilogue += formatv(" {0}.{1} = {2};", Result, F.Member, F.Scalar).str();
  }
  Text.Init += Start + " } ";
}

} // namespace api
} // namespace hpp
