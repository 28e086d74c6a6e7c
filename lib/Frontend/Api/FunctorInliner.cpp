//===- FunctorInliner.cpp - A functor's body copied to its call -----------===//

#include "Frontend/Api/FunctorInliner.h"
#include "Frontend/Api/Recognition.h"
#include "Basic/ASTUtils.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/Support/FormatVariadic.h"

using namespace clang;
using namespace llvm;

namespace hpp {
namespace api {

/// Whether \p D is a member of \p RD or of one of its bases.
static bool isMemberOf(const Decl *D, const CXXRecordDecl *RD) {
  const auto *Owner = dyn_cast<CXXRecordDecl>(D->getDeclContext()->getRedeclContext());
  if (const auto *Enum = dyn_cast<EnumDecl>(D->getDeclContext()))
    Owner = dyn_cast<CXXRecordDecl>(Enum->getDeclContext());
  if (!Owner || !RD->hasDefinition())
    return false;
  Owner = Owner->getCanonicalDecl();
  return Owner == RD->getCanonicalDecl() || RD->getDefinition()->isDerivedFrom(Owner);
}

/// `::ns::` for a declaration of namespace scope (named namespaces only:
/// the members of anonymous and inline ones are found through their
/// parent), or "" for anything else.
static std::string namespaceQualifier(const Decl *D) {
  const DeclContext *DC = D->getDeclContext();
  if (const auto *Enum = dyn_cast<EnumDecl>(DC); Enum && !Enum->isScoped())
    DC = Enum->getDeclContext();
  DC = DC->getRedeclContext();
  if (!DC->isFileContext())
    return "";
  std::string Q = "::";
  SmallVector<StringRef, 4> Names;
  for (; !DC->isTranslationUnit(); DC = DC->getParent()) {
    const auto *NS = dyn_cast<NamespaceDecl>(DC);
    if (!NS)
      return "";
    if (!NS->isAnonymousNamespace() && !NS->isInline())
      Names.push_back(NS->getName());
  }
  for (StringRef N : llvm::reverse(Names))
    Q += (N + "::").str();
  return Q;
}

namespace {

/// The names in a functor body whose meaning changes at the call.
struct FunctorNameUses : RecursiveASTVisitor<FunctorNameUses> {
  explicit FunctorNameUses(const CXXRecordDecl *Functor) : Functor(Functor) {}

  const CXXRecordDecl *Functor;
  SmallVector<const MemberExpr *, 8> Implicit;
  SmallVector<const DeclRefExpr *, 4> Statics;
  SmallVector<std::pair<SourceLocation, const NamedDecl *>, 8> Free;
  SmallVector<const CXXThisExpr *, 4> Explicit;
  SmallVector<const LambdaExpr *, 2> Lambdas;

  bool shouldVisitLambdaBody() const { return true; }
  bool VisitMemberExpr(MemberExpr *ME) {
    if (ME->isImplicitAccess())
      Implicit.push_back(ME);
    return true;
  }
  bool VisitCXXThisExpr(CXXThisExpr *E) {
    if (!E->isImplicit())
      Explicit.push_back(E);
    return true;
  }
  bool VisitLambdaExpr(LambdaExpr *LE) {
    Lambdas.push_back(LE);
    return true;
  }
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    const ValueDecl *D = E->getDecl();
    if (E->hasQualifier() || !D->getIdentifier() || !E->getNameInfo().getName().isIdentifier())
      return true;
    // Static members and enumerators named without a qualifier.
    const auto *Var = dyn_cast<VarDecl>(D);
    const auto *Method = dyn_cast<CXXMethodDecl>(D);
    bool Static = isa<EnumConstantDecl>(D) || (Var && Var->isStaticDataMember()) ||
                  (Method && Method->isStatic());
    if (Static && isMemberOf(D, Functor))
      Statics.push_back(E);
    else if (!isa<ParmVarDecl>(D) && !(Var && Var->isLocalVarDecl()))
      Free.push_back({E->getLocation(), D});
    return true;
  }
  bool VisitElaboratedTypeLoc(ElaboratedTypeLoc TL) {
    if (TL.getQualifierLoc())
      return true;
    QualType T = TL.getNamedTypeLoc().getType();
    const NamedDecl *D = nullptr;
    if (const auto *Tag = T->getAs<TagType>())
      D = Tag->getDecl();
    else if (const auto *TD = T->getAs<TypedefType>())
      D = TD->getDecl();
    else if (const auto *TS = T->getAs<TemplateSpecializationType>())
      D = TS->getTemplateName().getAsTemplateDecl();
    if (D && D->getIdentifier() && !isMemberOf(D, Functor))
      Free.push_back({TL.getNamedTypeLoc().getBeginLoc(), D});
    return true;
  }
};

/// Rebinds a copied functor body's names for the call, in the copy's
/// editor: members reached through `this` go through the copy \p B.Var,
/// names of namespace scope are qualified (so that the call's names cannot
/// capture them), renamed parameters take their new names.
class Rebinder {
public:
  Rebinder(LoweringContext &Copy, const Body &B) : C(Copy), B(B), Uses(B.Functor) {}

  /// False when a name could not be rebound (each such name is reported).
  bool run();

private:
  void refuse(SourceLocation Loc, const Twine &What) {
    C.fail(Loc, What.str());
    Ok = false;
  }
  bool inMacro(SourceLocation Loc, StringRef Name);
  void reach(SourceLocation Loc, const NamedDecl *D);
  void rebindThis();
  void rebindThisCaptures();

  LoweringContext &C;
  const Body &B;
  FunctorNameUses Uses;
  llvm::DenseSet<unsigned> Reported; // A macro argument may expand twice.
  bool Ok = true;
};

} // namespace

bool Rebinder::run() {
  Uses.TraverseStmt(const_cast<CompoundStmt *>(B.Stmt));
  for (const MemberExpr *ME : Uses.Implicit)
    reach(ME->getBeginLoc(), ME->getMemberDecl());
  for (const DeclRefExpr *E : Uses.Statics)
    reach(E->getBeginLoc(), E->getDecl());
  // Names of namespace scope are qualified: at the call, a local or a
  // member of the launching class of the same name would capture them.
  for (auto [Loc, D] : Uses.Free) {
    std::string Q = namespaceQualifier(D);
    if (Q.empty() || Loc.isMacroID())
      continue; // (Macros expand alike at the call.)
    C.apply(C.Edit.insert(Loc, Q), Loc);
  }
  rebindThis();
  rebindThisCaptures();
  renameParams(C, B, [&](SourceLocation Loc, StringRef Name) { inMacro(Loc, Name); });
  return Ok;
}

bool Rebinder::inMacro(SourceLocation Loc, StringRef Name) {
  if (!Loc.isMacroID())
    return false;
  if (!Reported.insert(C.SM.getFileLoc(Loc).getRawEncoding()).second)
    return true;
  refuse(Loc, "a functor body that names '" + Name +
                  "' inside a macro (the body runs at "
                  "the call, where hppc must rewrite the name)");
  return true;
}

/// A member goes through the copy; one of a base class keeps its class
/// (a member of the same name in the functor would hide it), unless it is
/// a virtual function, which the copy dispatches as `this` did.
void Rebinder::reach(SourceLocation Loc, const NamedDecl *D) {
  if (inMacro(Loc, D->getName()))
    return;
  if (D->getAccess() != AS_public && D->getAccess() != AS_none) {
    refuse(Loc, "a functor whose body uses its non-public member '" + D->getName() +
                    "' (the body runs at the call)");
    return;
  }
  std::string Prefix = B.Var + ".";
  const auto *Owner = dyn_cast<CXXRecordDecl>(D->getDeclContext());
  const auto *Method = dyn_cast<CXXMethodDecl>(D);
  if (Owner && Owner->getCanonicalDecl() != B.Functor->getCanonicalDecl() &&
      !(Method && Method->isVirtual()) && isa<FieldDecl, CXXMethodDecl, VarDecl>(D))
    Prefix += getTypeName(C.Ctx.getRecordType(Owner), C.Ctx) + "::";
  C.apply(C.Edit.insert(Loc, Prefix), Loc);
}

/// `this` is the copy's address; a lambda capturing it captures the copy.
void Rebinder::rebindThis() {
  for (const CXXThisExpr *E : Uses.Explicit) {
    bool Capture = false;
    for (const LambdaExpr *LE : Uses.Lambdas)
      for (const LambdaCapture &Cap : LE->explicit_captures())
        Capture |=
            Cap.capturesThis() && (Cap.getLocation() == E->getBeginLoc() ||
                                   Cap.getLocation().getLocWithOffset(1) == E->getBeginLoc());
    if (Capture || inMacro(E->getBeginLoc(), "this"))
      continue;
    C.apply(
        C.Edit.replace(E->getBeginLoc(), E->getBeginLoc().getLocWithOffset(4), "(&" + B.Var + ")"),
        E->getBeginLoc());
  }
}

void Rebinder::rebindThisCaptures() {
  for (const LambdaExpr *LE : Uses.Lambdas)
    for (const LambdaCapture &Cap : LE->explicit_captures()) {
      if (!Cap.capturesThis() || inMacro(Cap.getLocation(), "this"))
        continue;
      // `[this]` captures the copy by reference, `[*this]` by value.
      bool Star = Cap.getCaptureKind() == LCK_StarThis;
      SourceLocation Loc = Cap.getLocation();
      if (Star && C.SM.getCharacterData(Loc)[0] != '*')
        Loc = Loc.getLocWithOffset(-1);
      C.apply(C.Edit.replace(Loc, Loc.getLocWithOffset(Star ? 5 : 4), (Star ? "" : "&") + B.Var),
              Loc);
    }
}

namespace {

/// The names a functor body uses that only mean something inside the
/// class: its member types and, in a class template, its template
/// parameters.
struct ClassScopedNames : RecursiveASTVisitor<ClassScopedNames> {
  explicit ClassScopedNames(const CXXRecordDecl *Functor) : Functor(Functor) {}

  const CXXRecordDecl *Functor;
  SmallVector<const NamedDecl *, 4> Types;
  SmallVector<const NonTypeTemplateParmDecl *, 2> Values;

  bool shouldVisitLambdaBody() const { return true; }
  void add(const NamedDecl *D) {
    if (!llvm::is_contained(Types, D))
      Types.push_back(D);
  }
  bool VisitTypedefTypeLoc(TypedefTypeLoc TL) {
    if (isMemberOf(TL.getTypedefNameDecl(), Functor))
      add(TL.getTypedefNameDecl());
    return true;
  }
  bool VisitTagTypeLoc(TagTypeLoc TL) {
    if (TL.getDecl() != Functor && isMemberOf(TL.getDecl(), Functor))
      add(TL.getDecl());
    return true;
  }
  bool VisitSubstTemplateTypeParmTypeLoc(SubstTemplateTypeParmTypeLoc TL) {
    add(TL.getTypePtr()->getReplacedParameter());
    return true;
  }
  bool VisitSubstNonTypeTemplateParmExpr(SubstNonTypeTemplateParmExpr *E) {
    if (!llvm::is_contained(Values, E->getParameter()))
      Values.push_back(E->getParameter());
    return true;
  }
};

} // namespace

/// The names of the template parameters in scope at \p CE: a name that is
/// one cannot be redeclared there.
static SmallVector<StringRef, 4> templateParametersAt(const CallExpr *CE, ASTContext &Ctx) {
  SmallVector<StringRef, 4> Taken;
  const DeclContext *Where = enclosingFunctions(CE, Ctx).Inner;
  for (const DeclContext *DC = Where; DC; DC = DC->getParent()) {
    const TemplateParameterList *TPL = nullptr;
    if (const auto *FD = dyn_cast<FunctionDecl>(DC); FD && FD->getDescribedFunctionTemplate())
      TPL = FD->getDescribedFunctionTemplate()->getTemplateParameters();
    else if (const auto *RD = dyn_cast<CXXRecordDecl>(DC); RD && RD->getDescribedClassTemplate())
      TPL = RD->getDescribedClassTemplate()->getTemplateParameters();
    if (TPL)
      for (const NamedDecl *P : *TPL)
        if (P->getIdentifier())
          Taken.push_back(P->getName());
  }
  return Taken;
}

std::optional<std::string> FunctorInliner::typeAliases(const CallExpr *CE, const Body &B) {
  ClassScopedNames Names(B.Functor);
  Names.TraverseStmt(const_cast<CompoundStmt *>(B.Stmt));
  SmallVector<StringRef, 4> Taken = templateParametersAt(CE, C.Ctx);
  const auto *Spec = dyn_cast<ClassTemplateSpecializationDecl>(B.Functor);
  std::string ClassName = getTypeName(C.Ctx.getRecordType(B.Functor), C.Ctx);
  std::string Out;
  auto Declare = [&](const NamedDecl *D, const std::string &Text) {
    if (llvm::is_contained(Taken, D->getName())) {
      C.fail(CE->getBeginLoc(), "a team functor whose body names '" + D->getName().str() +
                                    "', a template parameter where it is launched");
      return false;
    }
    Out += Text;
    return true;
  };
  for (const NamedDecl *D : Names.Types) {
    if (!D->getIdentifier())
      continue;
    std::string Text;
    if (const auto *Param = dyn_cast<TemplateTypeParmDecl>(D)) {
      if (!Spec || Param->getIndex() >= Spec->getTemplateArgs().size())
        continue;
      const TemplateArgument &A = Spec->getTemplateArgs()[Param->getIndex()];
      if (A.getKind() != TemplateArgument::Type)
        continue;
      Text = formatv("using {0} = {1}; ", D->getName(), getTypeName(A.getAsType(), C.Ctx));
    } else {
      if (D->getAccess() == AS_private || D->getAccess() == AS_protected) {
        C.fail(CE->getBeginLoc(), "a functor whose body uses its non-public member type '" +
                                      D->getName().str() + "' (the body runs at the call)");
        return std::nullopt;
      }
      Text = formatv("using {0} = {1}::{0}; ", D->getName(), ClassName);
    }
    if (!Declare(D, Text))
      return std::nullopt;
  }
  for (const NonTypeTemplateParmDecl *P : Names.Values) {
    if (!Spec || !P->getIdentifier() || P->getIndex() >= Spec->getTemplateArgs().size())
      continue;
    const TemplateArgument &A = Spec->getTemplateArgs()[P->getIndex()];
    std::string Value;
    raw_string_ostream OS(Value);
    A.print(C.Ctx.getPrintingPolicy(), OS, /*IncludeType=*/true);
    if (!Declare(P, formatv("constexpr {0} {1} = {2}; ", getTypeName(P->getType(), C.Ctx),
                            P->getName(), OS.str())
                        .str()))
      return std::nullopt;
  }
  return Out;
}

std::optional<std::string>
FunctorInliner::inlineBody(const CallExpr *CE, const Body &B,
                           function_ref<bool(LoweringContext &Copy)> LowerUses) {
  if (B.Functor->isDependentContext() || B.Stmt->getBeginLoc().isMacroID()) {
    C.fail(CE->getBeginLoc(), "this functor");
    return std::nullopt;
  }
  std::optional<std::string> Aliases = typeAliases(CE, B);
  if (!Aliases)
    return std::nullopt;
  unsigned ErrorsBefore = C.Diags.numErrors();
  LoweringContext Copy(C.Ctx, C.Diags, C.Names);
  // Members first: the nested calls read their arguments with these edits.
  bool Ok = Rebinder(Copy, B).run();
  Ok = LowerUses(Copy) && Ok;
  Ok = lowerReturns(Copy, B.Stmt) && Ok;
  LowerNested(Copy, B.Stmt);
  if (!Ok || C.Diags.numErrors() != ErrorsBefore)
    return std::nullopt;
  SourceLocation LBrac = B.Stmt->getLBracLoc();
  return "\n" + C.Edit.lineDirective(LBrac) + "\n{ " + *Aliases +
         Copy.Edit.rewrittenText(LBrac.getLocWithOffset(1),
                                 B.Stmt->getRBracLoc().getLocWithOffset(1));
}

} // namespace api
} // namespace hpp
