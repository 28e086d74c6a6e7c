//===- LoweringContext.cpp - What the parts of the lowering share ---------===//

#include "Frontend/Api/LoweringContext.h"
#include "Basic/ASTUtils.h"
#include "clang/Lex/Lexer.h"

using namespace clang;
using namespace llvm;

namespace hpp {
namespace api {

LoweringContext::LoweringContext(ASTContext &Ctx, Diagnoser &Diags, NameCounter &Names)
    : Ctx(Ctx), SM(Ctx.getSourceManager()),
      Edit(Ctx, SM.getFileEntryRefForID(SM.getMainFileID())->getName()), Diags(Diags),
      Names(Names) {}

std::string LoweringContext::text(const Expr *E) const {
  CharSourceRange R = Lexer::makeFileCharRange(CharSourceRange::getTokenRange(E->getSourceRange()),
                                               SM, Ctx.getLangOpts());
  if (R.isInvalid())
    return "";
  return Edit.rewrittenText(R.getBegin(), R.getEnd());
}

SourceLocation LoweringContext::endOf(const Expr *E) const {
  return Lexer::getLocForEndOfToken(SM.getExpansionLoc(E->getEndLoc()), 0, SM, Ctx.getLangOpts());
}

std::string LoweringContext::typeText(QualType T) const {
  return getTypeName(T.getNonReferenceType().getUnqualifiedType(), Ctx);
}

} // namespace api
} // namespace hpp
