//===- CallGraph.cpp - Functions reachable from a region ------------------===//

#include "Analysis/CallGraph.h"
#include "clang/AST/ASTContext.h"
#include "clang/Basic/SourceManager.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringSet.h"

using namespace clang;
using namespace llvm;

namespace hpp {
namespace {

/// Library functions every backend's device compiler provides although
/// their bodies are not visible here: the C math library and a few C
/// utilities (CUDA and HIP ship device versions of all of them).
constexpr const char *DeviceLibrary[] = {
    "abs", "labs", "llabs", "fabs", "fabsf", "sqrt", "sqrtf", "cbrt", "cbrtf",
    "exp", "expf", "exp2", "exp2f", "expm1", "expm1f", "log", "logf", "log2",
    "log2f", "log10", "log10f", "log1p", "log1pf", "pow", "powf", "sin",
    "sinf", "cos", "cosf", "tan", "tanf", "asin", "asinf", "acos", "acosf",
    "atan", "atanf", "atan2", "atan2f", "sinh", "sinhf", "cosh", "coshf",
    "tanh", "tanhf", "asinh", "acosh", "atanh", "floor", "floorf", "ceil",
    "ceilf", "trunc", "truncf", "round", "roundf", "lround", "llround",
    "rint", "rintf", "nearbyint", "fmod", "fmodf", "remainder", "fmin",
    "fminf", "fmax", "fmaxf", "fma", "fmaf", "hypot", "hypotf", "erf", "erff",
    "erfc", "erfcf", "tgamma", "lgamma", "copysign", "copysignf", "ldexp",
    "frexp", "modf", "isnan", "isinf", "isfinite", "signbit", "printf",
    "memcpy", "memset", "memcmp", "__assert_fail", "__builtin_expect"};

bool isDeviceLibraryFunction(const FunctionDecl *FD) {
  static const StringSet<> Names = [] {
    StringSet<> S;
    for (const char *N : DeviceLibrary)
      S.insert(N);
    return S;
  }();
  if (FD->getBuiltinID())
    return true;
  const IdentifierInfo *II = FD->getIdentifier();
  return II && Names.contains(II->getName());
}

bool hasHppFunctionAnnotation(const FunctionDecl *FD) {
  const auto *A = FD->getAttr<AnnotateAttr>();
  return A && A->getAnnotation() == "hpp_function";
}

bool isInSystemHeader(const FunctionDecl *FD, const SourceManager &SM) {
  return SM.isInSystemHeader(SM.getExpansionLoc(FD->getLocation()));
}

class CallCollector : public RecursiveASTVisitor<CallCollector> {
public:
  CallCollector(Region &R, ASTContext &Ctx) : R(R), Ctx(Ctx) {
    // Functions collected from another root (an instantiation, a user
    // reduction's calls) are listed once.
    for (const CalledFunction &F : R.Calls)
      Visited.insert(F.Fn);
  }

  bool shouldVisitLambdaBody() const { return true; }
  bool shouldVisitImplicitCode() const { return true; }

  void run(const Stmt *Body) { TraverseStmt(const_cast<Stmt *>(Body)); }

  bool VisitCallExpr(CallExpr *CE) {
    const FunctionDecl *FD = CE->getDirectCallee();
    if (!FD) {
      // Dependent calls are resolved in the template's instantiations.
      if (CE->isTypeDependent() || CE->isValueDependent() ||
          isa<CXXPseudoDestructorExpr>(CE->getCallee()->IgnoreParenImpCasts()))
        return true;
      if (isa<CXXMemberCallExpr>(CE) || isa<CXXOperatorCallExpr>(CE))
        return true;
      recordOpaqueCall(OpaqueCall::Indirect, "", CE->getBeginLoc());
      return true;
    }
    visitCallee(FD, CE->getBeginLoc());
    return true;
  }

  bool VisitCXXConstructExpr(CXXConstructExpr *CE) {
    const CXXConstructorDecl *CD = CE->getConstructor();
    if (CD && !CD->isTrivial() && !CD->isImplicit())
      visitCallee(CD, CE->getBeginLoc());
    return true;
  }

private:
  void recordOpaqueCall(OpaqueCall::KindTy Kind, std::string Name, SourceLocation Loc) {
    OpaqueCall Call;
    Call.Kind = Kind;
    Call.Name = std::move(Name);
    Call.CallLoc = Loc;
    Call.Chain.assign(Chain.begin(), Chain.end());
    R.OpaqueCalls.push_back(std::move(Call));
  }

  void visitCallee(const FunctionDecl *FD, SourceLocation CallLoc) {
    const FunctionDecl *Def = FD->getDefinition();
    std::string Name = FD->getQualifiedNameAsString();
    if (!Def || !Def->hasBody()) {
      if (isDeviceLibraryFunction(FD) || FD->isDefaulted() ||
          FD->isDeleted())
        return;
      // Implicit special members of class templates may lack bodies
      // until used; they are compiler-generated on the device too.
      if (FD->isImplicit())
        return;
      recordOpaqueCall(OpaqueCall::NoBody, std::move(Name), CallLoc);
      return;
    }
    if (isInSystemHeader(Def, Ctx.getSourceManager()))
      return; // Library templates: their bodies are compiled as they are.
    if (isHppDeviceApi(Def))
      return; // hpp's headers make these device code themselves.
    // The rest of hpp's API is refused where the user calls it, not
    // somewhere inside hpp's headers.
    const bool HppHostApi = isHppApi(Def) && !Ctx.getSourceManager().isInMainFile(
                                                 Ctx.getSourceManager().getExpansionLoc(
                                                     Def->getLocation()));
    if (!Visited.insert(Def).second)
      return;
    CalledFunction CF;
    CF.Fn = Def;
    CF.Name = Name;
    CF.CallLoc = CallLoc;
    for (const auto &Frame : Chain)
      CF.Chain.push_back(Frame.first);
    R.Calls.push_back(CF);
    if (HppHostApi)
      return;
    Chain.push_back({Name, CallLoc});
    TraverseStmt(Def->getBody());
    if (const auto *Ctor = dyn_cast<CXXConstructorDecl>(Def))
      for (const CXXCtorInitializer *Init : Ctor->inits())
        TraverseStmt(Init->getInit());
    Chain.pop_back();
  }

  Region &R;
  ASTContext &Ctx;
  SmallPtrSet<const FunctionDecl *, 16> Visited;
  SmallVector<std::pair<std::string, SourceLocation>, 4> Chain;
};

} // namespace

bool isHppApi(const Decl *D) {
  const NamespaceDecl *Outermost = nullptr;
  for (const DeclContext *DC = D->getDeclContext(); DC; DC = DC->getParent())
    if (const auto *NS = dyn_cast<NamespaceDecl>(DC))
      Outermost = NS;
  return Outermost && Outermost->getName() == "hpp";
}

bool isHppDeviceApi(const FunctionDecl *FD) {
  if (!isHppApi(FD))
    return false;
  if (hasHppFunctionAnnotation(FD))
    return true;
  const FunctionDecl *Pattern = FD->getTemplateInstantiationPattern();
  return Pattern && hasHppFunctionAnnotation(Pattern);
}

void collectCalledFunctions(const Stmt *Body, Region &R, ASTContext &Ctx) {
  CallCollector(R, Ctx).run(Body);
}

} // namespace hpp
