//===- Frontend.cpp - parse a C++ kernel with Clang, pick its functions ---===//
//
// Builds the Clang AST of a user's C++ file against the twin's headers (no
// vendor toolkit), then translates every vector function it instantiates
// (`__simd_vf__`: explicit instantiations, asc_vf_call<F<...>>, calls) and
// every __VEC_SCOPE__ block. Clang's own errors are reported at their C++
// locations. Part of the importer library (Plugin.cpp), which the tools
// load only for a C++ input (Hook.cpp).
//
//===----------------------------------------------------------------------===//
#include "Frontend.h"
#include "OpTable.h"
#include "PrecompiledTwin.h"
#include "Translator.h"

#include "ascreg/Dialect/AscReg/IR/AscRegDialect.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/Diagnostic.h"
#include "clang/Frontend/ASTUnit.h"
#include "clang/Tooling/Tooling.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Verifier.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

using namespace mlir;

namespace ascreg {

namespace {

using namespace clang;

/// Clang's errors as MLIR errors at the same file:line:col. While `held`,
/// errors are only counted: a parse after the precompiled twin header that
/// fails is repeated without it, and only that parse's errors are shown.
class ForwardErrors : public DiagnosticConsumer {
public:
  explicit ForwardErrors(MLIRContext *ctx, bool held = false) : ctx(ctx), held(held) {}
  void release() { held = false; }
  void HandleDiagnostic(DiagnosticsEngine::Level level, const clang::Diagnostic &info) override {
    DiagnosticConsumer::HandleDiagnostic(level, info);
    if (level < DiagnosticsEngine::Error || held)
      return;
    llvm::SmallString<256> text;
    info.FormatDiagnostic(text);
    Location l = UnknownLoc::get(ctx);
    if (info.hasSourceManager() && info.getLocation().isValid()) {
      const SourceManager &sm = info.getSourceManager();
      PresumedLoc p = sm.getPresumedLoc(sm.getExpansionLoc(info.getLocation()));
      if (p.isValid())
        l = FileLineColLoc::get(ctx, p.getFilename(), p.getLine(), p.getColumn());
    }
    emitError(l) << text;
  }

private:
  MLIRContext *ctx;
  bool held;
};

/// The launch `kernel<<<blocks, stream>>>(args)` as a plain call (the host
/// code is parsed, not imported): `<<<...>>>` becomes spaces, so every
/// column stays where the user wrote it.
std::string blankLaunches(llvm::StringRef text) {
  std::string out = text.str();
  size_t at = 0;
  while ((at = out.find("<<<", at)) != std::string::npos) {
    size_t end = out.find(">>>", at + 3);
    if (end == std::string::npos)
      break;
    for (size_t i = at; i < end + 3; ++i)
      if (out[i] != '\n')
        out[i] = ' ';
    at = end + 3;
  }
  return out;
}

/// A function to import: a vector function, or a __VEC_SCOPE__ block of one.
struct Candidate {
  const FunctionDecl *fn;
  const Stmt *scope; // null: the whole function
  std::string symbol, name;
};

/// Finds the instantiated vector functions and __VEC_SCOPE__ blocks of the
/// main file.
class FindCandidates : public RecursiveASTVisitor<FindCandidates> {
public:
  FindCandidates(ASTContext &ast) : ast(ast) {}
  bool shouldVisitTemplateInstantiations() const { return true; }
  /// The precompiled twin header (a PCH) declares no kernel: its
  /// declarations stay unread, as visiting them would deserialize them all.
  bool TraverseDecl(Decl *d) {
    return !d || d->isFromASTFile() || RecursiveASTVisitor::TraverseDecl(d);
  }

  bool VisitFunctionDecl(FunctionDecl *fn) {
    const SourceManager &sm = ast.getSourceManager();
    if (!fn->doesThisDeclarationHaveABody() || fn->isDependentContext() ||
        !sm.isInMainFile(sm.getExpansionLoc(fn->getLocation())))
      return true;
    std::string name = fn->getQualifiedNameAsString();
    std::string symbol;
    llvm::raw_string_ostream os(symbol);
    PrintingPolicy policy = ast.getPrintingPolicy();
    fn->getNameForDiagnostic(os, policy, /*Qualified=*/true);
    // Names in an anonymous namespace: without it (`compute`).
    for (std::string *text : {&symbol, &name})
      for (size_t at; (at = text->find("(anonymous namespace)::")) != std::string::npos;)
        text->erase(at, 23);
    all.push_back({fn, nullptr, symbol, name});
    if (import::isVectorFunction(fn)) {
      found.push_back(all.back());
      return true;
    }
    std::function<void(const Stmt *)> scopes = [&](const Stmt *s) {
      if (!s)
        return;
      if (const auto *i = dyn_cast<IfStmt>(s); i && import::Translator::isVecScope(i)) {
        PresumedLoc p = sm.getPresumedLoc(sm.getExpansionLoc(i->getBeginLoc()));
        found.push_back(
            {fn, i->getThen(), symbol + ".vec_scope@" + std::to_string(p.getLine()), name});
        return;
      }
      for (const Stmt *c : s->children())
        scopes(c);
    };
    scopes(fn->getBody());
    return true;
  }

  ASTContext &ast;
  std::vector<Candidate> found, all;
};

bool matches(const Candidate &c, llvm::StringRef wanted) {
  if (c.symbol == wanted || c.name == wanted)
    return true;
  llvm::StringRef name = c.name;
  size_t colon = name.rfind("::");
  return colon != llvm::StringRef::npos && name.drop_front(colon + 2) == wanted;
}

} // namespace

OwningOpRef<ModuleOp> import::importInProcess(llvm::StringRef path, llvm::StringRef contents,
                                              MLIRContext *context, const ImportOptions &options,
                                              llvm::StringRef includeDir,
                                              llvm::StringRef twinCacheDir, ImportInputs *inputs) {
  context->loadDialect<ascreg::AscRegDialect, func::FuncDialect, arith::ArithDialect,
                       scf::SCFDialect, memref::MemRefDialect>();
  // The arguments of every parse, the twin header's own included.
  const std::vector<std::string> common = {
      "-std=c++20", "-fsyntax-only", "-w",
      // Clang's default, which the in-process frontend did not
      // apply: 5,000 nested parentheses overflowed its stack.
      "-fbracket-depth=256", "-resource-dir=" ASCREG_CLANG_RESOURCE_DIR,
      "-I" + import::twinHeaderDir(includeDir), "-I" + includeDir.str()};
  // The arguments the twin header is precompiled with: the user's -I and
  // -D too, which the header may see.
  std::vector<std::string> seenByTwin = common;
  for (const std::string &d : options.includeDirs) {
    // Absolute: the header's name must not depend on the working directory.
    llvm::SmallString<256> dir(d);
    llvm::sys::fs::make_absolute(dir);
    seenByTwin.push_back(("-I" + dir).str());
  }
  for (const std::string &d : options.defines)
    seenByTwin.push_back("-D" + d);
  std::vector<std::string> args = seenByTwin;
  args.insert(args.end(), {"-iquote", llvm::sys::path::parent_path(path).str()});
  if (args.back().empty())
    args.back() = ".";
  args.insert(args.end(), options.extraArgs.begin(), options.extraArgs.end());
  // Parse as C++ whatever the extension (.asc).
  args.push_back("-xc++");

  std::string source = blankLaunches(contents);
  // The file system of the parse whose AST is used: what it looked for in
  // vain is an input of the import too (collectInputs).
  llvm::IntrusiveRefCntPtr<import::MissRecordingFileSystem> files;
  auto parse = [&](const std::vector<std::string> &arguments, DiagnosticConsumer *errors) {
    files = llvm::makeIntrusiveRefCnt<import::MissRecordingFileSystem>();
    return tooling::buildASTFromCodeWithArgs(source, arguments, path, "ascreg-import",
                                             std::make_shared<PCHContainerOperations>(),
                                             tooling::getClangStripDependencyFileAdjuster(),
                                             tooling::FileContentMappings(), errors, files);
  };
  // Both outlive the AST: the translators' own Clang diagnostics reach
  // the consumer of the parse they use.
  ForwardErrors afterTwin(context, /*held=*/true), errors(context);
  std::unique_ptr<ASTUnit> unit;
  std::string twin;
  if (!twinCacheDir.empty() && import::mayUsePrecompiledTwin(path, contents, options))
    twin = import::precompiledTwin(twinCacheDir, includeDir, seenByTwin);
  bool usedTwin = false;
  if (!twin.empty()) {
    std::vector<std::string> withTwin = args;
    withTwin.insert(withTwin.end() - 1, {"-include-pch", twin});
    unit = parse(withTwin, &afterTwin);
    if (unit && !afterTwin.getNumErrors()) {
      afterTwin.release();
      usedTwin = true;
    } else
      unit.reset();
  }
  if (!unit) {
    unit = parse(args, &errors);
    if (!unit || errors.getNumErrors())
      return nullptr;
    // The kernel parses but not after the header: the header is stale
    // (say, Clang was upgraded under it). The next import builds it anew.
    if (!twin.empty())
      import::discardPrecompiledTwin(twin);
  }

  ASTContext &ast = unit->getASTContext();
  FindCandidates finder(ast);
  finder.TraverseDecl(ast.getTranslationUnitDecl());

  std::vector<Candidate> chosen;
  if (options.function.empty()) {
    chosen = finder.found;
  } else {
    for (const Candidate &c : finder.found)
      if (matches(c, options.function))
        chosen.push_back(c);
    // Any function named explicitly (e.g. a __aicore__ helper with Reg calls).
    if (chosen.empty())
      for (const Candidate &c : finder.all)
        if (matches(c, options.function))
          chosen.push_back(c);
    if (chosen.size() != 1) {
      std::string list;
      for (const Candidate &c : chosen.empty() ? finder.found : chosen)
        list += "\n  " + c.symbol;
      emitError(UnknownLoc::get(context))
          << (chosen.empty() ? "no vector function '" : "more than one function matches '")
          << options.function << "' in " << path
          << "; the vector functions are:" << (list.empty() ? "\n  (none)" : list);
      return nullptr;
    }
  }
  if (chosen.empty()) {
    emitError(UnknownLoc::get(context))
        << "no vector function (__simd_vf__, instantiated) and no __VEC_SCOPE__ block in " << path;
    return nullptr;
  }

  OwningOpRef<ModuleOp> module = ModuleOp::create(FileLineColLoc::get(context, path, 1, 1));
  (*module)->setAttr("ascreg.target", StringAttr::get(context, "dav-3510"));
  import::Translator translator(ast, *module);
  // Every function, each error reported (the first of each function).
  bool translated = true;
  for (const Candidate &c : chosen) {
    LogicalResult r = c.scope ? translator.vecScope(c.fn, c.scope, c.symbol)
                              : translator.function(c.fn, c.symbol);
    translated &= succeeded(r);
  }
  if (!translated || failed(verify(*module)))
    return nullptr;
  if (inputs)
    *inputs = collectInputs(*unit, path, usedTwin ? twin : "", options, files->misses());
  return module;
}

} // namespace ascreg
