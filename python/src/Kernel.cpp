//===- Kernel.cpp - loading a kernel, its entry and parameters --*- C++ -*-===//
#include "Kernel.h"

#include "ascreg/Conversion/Passes.h"
#include "ascreg/Debugging/ElementBits.h"
#include "ascreg/Debugging/NaNPayloads.h"
#include "ascreg/Driver/Session.h"
#include "ascreg/Support/InputFile.h"

#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"

#include <cctype>

using namespace mlir;
namespace sem = ::ascreg::semantics;
namespace driver = ::ascreg::driver;
using driver::findFileLineCol;

namespace ascreg_python {
namespace {

Elem classify(Type t, ParamInfo &p) {
  p.number = ::ascreg::debugging::numberFormatOf(t);
  if (auto it = dyn_cast<IntegerType>(t); it && it.isSignless())
    p.number.cls = sem::NumberFormat::Signed; // NumPy's int arrays
  if (t.isIndex()) {
    p.bits = 64;
    p.token = "index";
    return Elem::Index;
  }
  if (t.isF16()) {
    p.bits = 16;
    p.token = "f16";
    return Elem::F16;
  }
  if (t.isBF16()) {
    p.bits = 16;
    p.token = "bf16";
    return Elem::BF16;
  }
  if (t.isF32()) {
    p.bits = 32;
    p.token = "f32";
    return Elem::F32;
  }
  if (t.isF64()) {
    p.bits = 64;
    p.token = "f64";
    return Elem::F64;
  }
  if (auto it = dyn_cast<IntegerType>(t)) {
    p.bits = it.getWidth();
    p.signless = it.isSignless();
    p.isSigned = !it.isUnsigned();
    p.token = (it.isUnsigned() ? "u" : "i") + std::to_string(p.bits);
    bool u = it.isUnsigned();
    switch (p.bits) {
    case 8:
      return u ? Elem::U8 : Elem::I8;
    case 16:
      return u ? Elem::U16 : Elem::I16;
    case 32:
      return u ? Elem::U32 : Elem::I32;
    case 64:
      return u ? Elem::U64 : Elem::I64;
    default:
      return Elem::Other;
    }
  }
  return Elem::Other;
}

/// The SSA name of a block argument, read from the source at its location.
std::string argumentName(BlockArgument arg, llvm::SourceMgr &mgr) {
  std::string fallback = "%arg" + std::to_string(arg.getArgNumber());
  auto loc = dyn_cast<FileLineColRange>(arg.getLoc());
  if (!loc)
    return fallback;
  unsigned id = 0;
  for (unsigned i = 1; i <= mgr.getNumBuffers(); ++i)
    if (mgr.getMemoryBuffer(i)->getBufferIdentifier() == loc.getFilename().getValue())
      id = i;
  if (!id)
    return fallback;
  llvm::SMLoc start = mgr.FindLocForLineAndColumn(id, loc.getStartLine(), loc.getStartColumn());
  if (!start.isValid())
    return fallback;
  const char *p = start.getPointer(), *end = mgr.getMemoryBuffer(id)->getBufferEnd();
  if (p >= end || *p != '%')
    return fallback;
  const char *q = p + 1;
  while (q < end && (std::isalnum(static_cast<unsigned char>(*q)) || *q == '_' || *q == '$' ||
                     *q == '.' || *q == '-'))
    ++q;
  return q > p + 1 ? std::string(p, q) : fallback;
}

std::string typeString(Type t) {
  std::string s;
  llvm::raw_string_ostream os(s);
  t.print(os);
  return s;
}

std::string listFunctions(ModuleOp m) {
  std::string s;
  for (auto f : m.getOps<func::FuncOp>()) {
    if (f.isExternal())
      continue;
    if (!s.empty())
      s += ", ";
    s += "@" + f.getSymName().str();
  }
  return s.empty() ? "none" : s;
}

void runPipeline(Session &s, ModuleOp module, const std::string &pipelineText) {
  std::string errors;
  if (succeeded(driver::runPipeline(module, pipelineText, errors)))
    return;
  if (errors.empty())
    throwDiags(ErrorKind::Pass, s.takeDiags(), "pass pipeline '" + pipelineText + "' failed");
  s.takeDiags();
  // (A pipeline over the limits can be long: its start names it.)
  std::string shown =
      pipelineText.size() > 200 ? pipelineText.substr(0, 200) + "..." : pipelineText;
  throw AscregError{ErrorKind::Pass, "invalid pass pipeline '" + shown +
                                         "': " + llvm::StringRef(errors).trim().str()};
}

std::unique_ptr<Kernel> loadKernel(std::unique_ptr<llvm::MemoryBuffer> buffer,
                                   std::optional<std::string> entry, const std::string &pipeline,
                                   const KernelOptions &options) {
  if (options.jitOpt < 0 || options.jitOpt > 3)
    throw AscregError{ErrorKind::Argument, "jit_opt must be an LLVM optimization level 0-3, got " +
                                               std::to_string(options.jitOpt)};
  auto kernel = std::make_unique<Kernel>();
  kernel->session = std::make_shared<Session>();
  kernel->options = options;
  kernel->sourceName = buffer->getBufferIdentifier().str();
  Session &s = *kernel->session;
  std::optional<AscregError> error = withSessionLocked(s, [&] {
    driver::LoadFailure failure;
    kernel->module = s.parse(std::move(buffer), failure, &options.cxx);
    if (failure == driver::LoadFailure::Verify)
      throwDiags(ErrorKind::Verify, s.takeDiags(), "the module does not verify");
    if (!kernel->module)
      throwDiags(ErrorKind::Parse, s.takeDiags(), "cannot parse " + kernel->sourceName);
    s.takeDiags();
    kernel->prepare(entry, pipeline);
  });
  if (error)
    throw *error;
  return kernel;
}

} // namespace

void Kernel::prepare(std::optional<std::string> entryName, const std::string &pipelineText) {
  Session &s = *session;
  pipeline = pipelineText;
  std::string error;
  if (!options.semantics.empty() && failed(driver::applyProfile(*module, options.semantics, error)))
    throw AscregError{ErrorKind::Argument, "semantics: " + error};
  if (!pipelineText.empty())
    runPipeline(s, *module, pipelineText);
  // The entry: the given name, else the only function with a body, else @kernel.
  if (entryName) {
    fn = module->lookupSymbol<func::FuncOp>(*entryName);
    if (!fn || fn.isExternal())
      throw AscregError{ErrorKind::Argument, "no function @" + *entryName + " in " + sourceName +
                                                 " (functions: " + listFunctions(*module) + ")"};
  } else {
    std::vector<func::FuncOp> defined;
    for (auto f : module->getOps<func::FuncOp>())
      if (!f.isExternal())
        defined.push_back(f);
    if (defined.size() == 1)
      fn = defined.front();
    else if (auto k = module->lookupSymbol<func::FuncOp>("kernel"))
      fn = k;
    else
      throw AscregError{ErrorKind::Argument,
                        sourceName + " defines " + std::to_string(defined.size()) + " functions (" +
                            listFunctions(*module) +
                            ") and none is @kernel; choose one with entry=NAME"};
  }
  entry = fn.getSymName().str();

  params.clear();
  for (BlockArgument arg : fn.getArguments()) {
    ParamInfo p;
    p.index = arg.getArgNumber();
    p.name = argumentName(arg, s.sourceMgr());
    p.type = typeString(arg.getType());
    findFileLineCol(arg.getLoc(), p.file, p.line, p.column);
    if (auto mt = dyn_cast<MemRefType>(arg.getType())) {
      p.isBuffer = true;
      p.elemType = mt.getElementType();
      p.elem = classify(p.elemType, p);
      if (mt.getRank() == 1 && !mt.isDynamicDim(0))
        p.size = mt.getDimSize(0);
    } else {
      p.isBuffer = false;
      p.elemType = arg.getType();
      p.elem = classify(p.elemType, p);
    }
    params.push_back(std::move(p));
  }
  nanOpen = ::ascreg::debugging::unspecifiedNaNPayloadParams(fn);
  for (ParamInfo &p : params)
    p.nanPayloadUnspecified = nanOpen[p.index];

  auto prepared = driver::PreparedKernel::prepare(fn, driver::RunMode::Interp, prepareOptions());
  if (failed(prepared))
    throwDiags(ErrorKind::Compile, s.takeDiags(), "the interpreter cannot compile @" + entry);
  compiled = std::move(*prepared);
  s.takeDiags(); // warnings of a successful compile are not kept
}

void Kernel::ensureJit() {
  if (compiled.hasJit())
    return;
  if (failed(compiled.addExecutors(*module, entry, driver::RunMode::Jit, prepareOptions())))
    throwDiags(ErrorKind::Compile, session->takeDiags(), "the JIT cannot compile @" + entry);
  session->takeDiags();
}

std::string Kernel::ascendC() {
  OwningOpRef<ModuleOp> clone = cast<ModuleOp>((*module)->clone());
  std::string out;
  llvm::raw_string_ostream os(out);
  // ascreg-translate --ascreg-to-ascendc's translation, with its diagnostics.
  if (failed(::ascreg::translateToAscendC(*clone, os)))
    throwDiags(ErrorKind::Compile, session->takeDiags(), "the Ascend C translation failed");
  return out;
}

driver::PrepareOptions Kernel::prepareOptions() {
  driver::PrepareOptions po;
  po.setUBCapacity(options.ubCapacity);
  po.interp.maxSteps = options.maxSteps;
  po.interp.cancel = &cancel;
  po.jit.runtimeChecks = options.jitChecks;
  po.jit.optLevel = static_cast<unsigned>(options.jitOpt);
  po.jit.interruptible = true;
  po.jit.cancel = &cancel;
  return po;
}

std::unique_ptr<Kernel> loadFile(const std::string &path, std::optional<std::string> entry,
                                 const std::string &pipeline, const KernelOptions &options) {
  auto buf = ascreg::readBoundedFile(path);
  if (!buf) {
    AscregError e{ErrorKind::Io,
                  "cannot read " + path + ": " + ascreg::describeReadError(buf.getError())};
    e.file = path;
    throw e;
  }
  return loadKernel(std::move(*buf), std::move(entry), pipeline, options);
}

std::unique_ptr<Kernel> loadString(const std::string &text, std::optional<std::string> entry,
                                   const std::string &pipeline, const std::string &name,
                                   const KernelOptions &options) {
  return loadKernel(llvm::MemoryBuffer::getMemBufferCopy(text, name), std::move(entry), pipeline,
                    options);
}

/// A new kernel: a clone of `k`'s module (before its compiled form) with
/// `pipeline` run on it, in the same context.
std::unique_ptr<Kernel> lowerKernel(Kernel &k, const std::string &pipeline) {
  auto out = std::make_unique<Kernel>();
  out->session = k.session;
  out->options = k.options;
  out->sourceName = k.sourceName;
  std::optional<AscregError> error = withSessionLocked(*k.session, [&] {
    out->module = cast<ModuleOp>((*k.module)->clone());
    out->prepare(k.entry, pipeline);
    out->pipeline = k.pipeline.empty() ? pipeline
                    : pipeline.empty() ? k.pipeline
                                       : k.pipeline + "," + pipeline;
  });
  if (error)
    throw *error;
  return out;
}

} // namespace ascreg_python
