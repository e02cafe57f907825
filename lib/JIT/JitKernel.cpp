//===- JitKernel.cpp - JIT-compile and run an ascreg kernel -----*- C++ -*-===//
//
// The kernel is lowered with the Unified Buffer explicit (ascreg-expose-ub)
// and failed runtime checks reported (check-failure=report): the compiled
// code calls __ascreg_runtime_error, provided here, which records the error
// and unwinds with longjmp to `run`. No C++ frame lies between the setjmp in
// `run` and the compiled code (it is called through its packed entry point
// directly), so nothing is skipped but the compiled kernel's own frames.
//
//===----------------------------------------------------------------------===//
#include "ascreg/JIT/JitKernel.h"
#include "ObjectCache.h"
#include "ascreg/Conversion/Passes.h"
#include "ascreg/Conversion/RuntimeChecks.h"
#include "ascreg/Dialect/AscReg/IR/AscRegTypes.h"
#include "ascreg/Semantics/RuntimeError.h"
#include "ascreg/Semantics/Semantics.h"
#include "ascreg/Semantics/UnifiedBuffer.h"
#include "ascreg/Support/CacheDir.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/ExecutionEngine/ExecutionEngine.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ExecutionEngine/Orc/CompileUtils.h"
#include "llvm/ExecutionEngine/Orc/ExecutionUtils.h"
#include "llvm/ExecutionEngine/Orc/JITTargetMachineBuilder.h"
#include "llvm/ExecutionEngine/Orc/LLJIT.h"
#include "llvm/ExecutionEngine/Orc/Mangling.h"
#include "llvm/ExecutionEngine/Orc/RTDyldObjectLinkingLayer.h"
#include "llvm/ExecutionEngine/SectionMemoryManager.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Passes/StandardInstrumentations.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Transforms/IPO/GlobalDCE.h"
#include "llvm/Transforms/Utils/Cloning.h"

#include <csetjmp>
#include <csignal>
#include <cstring>
#include <mutex>
#include <optional>
#include <string>

using namespace mlir;
namespace sem = ::ascreg::semantics;

namespace ascreg {
namespace jit {

namespace {
/// Host CPU features whose instructions LLVM would select for an operation
/// ascreg defines bit for bit, with other bits (see JitModule's target
/// machine). Disabled in every JIT compilation, whatever the host.
constexpr const char *kInexactHostFeatures[] = {"avx512bf16", "avxneconvert"};

/// The memref descriptor of a rank-1 memref (StridedMemRefType<T, 1>); the
/// layout does not depend on the element type.
struct Descriptor1D {
  void *allocated;
  void *aligned;
  int64_t offset;
  int64_t size;
  int64_t stride;
};

struct Param {
  bool isMemRef;
  unsigned elemBytes;
};

/// Where a failed check in compiled code unwinds to (one run per thread at
/// a time).
struct ActiveRun {
  sigjmp_buf unwind;
  sem::RuntimeError error{sem::RuntimeErrorKind::StepLimit};
  int32_t site = -1;
  /// Without runtime checks: the UB whose guard regions a fault may hit,
  /// and the fault.
  const sem::UnifiedBuffer *ub = nullptr;
  const void *faultAddress = nullptr;
  bool faulted = false;
  /// A module lowered elsewhere reports a failed cf.assert by printing its
  /// message (puts) and calling abort: both come here.
  std::string assertMessage;
  bool aborted = false;
  /// interruptCurrentRun may unwind: the run is interruptible and inside
  /// its compiled code.
  volatile sig_atomic_t interruptible = 0;
  volatile sig_atomic_t interrupted = 0;
};
thread_local ActiveRun *activeRun = nullptr;

/// The handlers that were installed before a run without checks.
struct sigaction previousSegv, previousBus;

/// SIGSEGV/SIGBUS during a run without checks: the compiled kernel accessed
/// memory it may not (in a guard region around UB, or elsewhere). Unwinds to
/// `run` like a failed check; a fault of another thread goes to the previous
/// handler.
extern "C" void ascregJitFault(int sig, siginfo_t *info, void *) {
  ActiveRun *run = activeRun;
  if (!run || !run->ub) {
    sigaction(sig, sig == SIGBUS ? &previousBus : &previousSegv, nullptr);
    return; // the instruction faults again, now with the previous handler
  }
  run->faulted = true;
  run->faultAddress = info->si_addr;
  siglongjmp(run->unwind, 1);
}

/// compiler-rt's f32 -> bf16 conversion, which LLVM's x86 code generator
/// calls for bf16 scalars and which the JIT's process does not link (GCC 12
/// has no __bf16). LLVM also calls it for bf16 values that the kernel only
/// moves (a scalar parameter broadcast by ascreg.duplicate): it widens them
/// to f32 and narrows them back. Those f32 values are exact bf16 values (low
/// 16 bits zero) and must come back bit for bit, signalling NaNs included
/// (random-program differential testing, seed 7 indices 51 and 804: 0x7F87
/// came back as 0x7FC7). Any other value is rounded to nearest even through
/// the semantics library. A kernel's own arith.truncf to bf16 never gets
/// here: ascreg-expand-float-conversions expands it, so a signalling NaN it
/// narrows comes out quiet. A bf16 is returned in the low 16 bits of xmm0,
/// where a float return puts the low bits of its pattern.
extern "C" float ascregJitTruncSFBF2(float x) {
  uint32_t in;
  std::memcpy(&in, &x, 4);
  uint32_t bits = (in & 0xFFFFu) == 0 ? in >> 16 : ::ascreg::semantics::f32ToBF16(x);
  float out;
  std::memcpy(&out, &bits, 4);
  return out;
}

/// puts and abort for a module that was lowered to the LLVM dialect before
/// it came here (its cf.assert checks call them): the message is kept and
/// the run unwinds like a failed check.
extern "C" int ascregJitPuts(const char *text) {
  if (ActiveRun *run = activeRun)
    run->assertMessage = text;
  return 0;
}
extern "C" void ascregJitAbort() {
  ActiveRun *run = activeRun;
  if (!run)
    std::abort();
  run->aborted = true;
  siglongjmp(run->unwind, 1);
}

extern "C" void ascregJitRuntimeError(int32_t kind, int32_t site, int64_t v0, int64_t v1,
                                      int64_t v2, int64_t v3) {
  ActiveRun *run = activeRun;
  if (!run)
    std::abort(); // compiled code called outside JitModule::run
  run->error = sem::RuntimeError{static_cast<sem::RuntimeErrorKind>(kind), {v0, v1, v2, v3}};
  run->site = site;
  siglongjmp(run->unwind, 1);
}

} // namespace

void interruptCurrentRun() {
  ActiveRun *run = activeRun;
  if (!run || !run->interruptible)
    return;
  run->interruptible = 0;
  run->interrupted = 1;
  siglongjmp(run->unwind, 1);
}

namespace {
/// One compiled function of a JitModule.
struct Entry {
  void (*entry)(void **) = nullptr;
  std::vector<Param> params;
  Operation *func = nullptr;
  /// The lowered kernel records the UB range it writes (ascreg-expose-ub
  /// does, for the ascreg ops it lowers). A module lowered past ascreg
  /// before it came here (a bisection stage, --pass-pipeline) does not: the
  /// whole arena then counts as written, so results are copied out and the
  /// next run starts from cleared UB.
  bool tracksWrites = true;
  /// Lowered to the LLVM dialect before it came here: called through the
  /// engine's own packed wrapper with each memref expanded to its
  /// descriptor's five fields; `exposed`: with the UB arena and state
  /// parameters of ascreg-expose-ub.
  bool lowered = false, exposed = true;
};
} // namespace

struct JitModule::Impl {
  std::unique_ptr<ExecutionEngine> engine;
  /// Instead of `engine`: the JIT that loaded a cached object.
  std::unique_ptr<llvm::orc::LLJIT> cachedJit;
  std::vector<Entry> entries;
  /// Check sites of the lowered module: op name and location.
  std::vector<std::pair<std::string, Location>> sites;
  /// Shared by the entries: bindArguments clears what the previous run of
  /// any entry wrote.
  sem::UnifiedBuffer ub;
  bool runtimeChecks = true;
  bool interruptible = false;
  const std::atomic<bool> *cancel = nullptr;
  /// What `run` builds for each call, kept from call to call with its
  /// memory: a run of a small kernel takes half a microsecond, and a
  /// dozen allocations were a noticeable part of it. (The UB keeps the
  /// arguments and their addresses.)
  struct CallFrame {
    std::vector<Descriptor1D> descriptors;
    std::vector<Descriptor1D *> descriptorPtrs;
    std::vector<uint64_t> scalars;
    std::vector<void *> packed;
  } frame;
};

JitModule::JitModule() : impl(std::make_unique<Impl>()) {}
JitModule::~JitModule() = default;
size_t JitModule::numEntries() const { return impl->entries.size(); }

namespace {
/// The native target and the translations of the LLVM dialect.
void prepareTranslation(MLIRContext &ctx) {
  static std::once_flag initOnce;
  std::call_once(initOnce, [] {
    llvm::InitializeNativeTarget();
    llvm::InitializeNativeTargetAsmPrinter();
  });
  registerBuiltinDialectTranslation(ctx);
  registerLLVMDialectTranslation(ctx);
}

/// The kernel's own parameters of `fn` (without the UB arena and state that
/// ascreg-expose-ub appends).
LogicalResult kernelParams(func::FuncOp fn, std::vector<Param> &params) {
  unsigned n = fn.getNumArguments();
  if (auto ub = fn->getAttrOfType<IntegerAttr>(kUBArgumentAttr))
    n = std::min<uint64_t>(n, ub.getValue().getZExtValue());
  for (BlockArgument arg : fn.getArguments().take_front(n)) {
    bool isBuffer = isa<MemRefType>(arg.getType());
    FailureOr<unsigned> elemBytes = isBuffer ? ubBufferParameterElementBytes(arg) : 0;
    if (failed(elemBytes))
      return failure();
    params.push_back({isBuffer, *elemBytes});
  }
  return success();
}

/// Whether `fn` of a lowered module takes `params` in the standard
/// expansion (a memref as ptr, ptr, i64 offset, size, stride), followed by
/// the arena and state memrefs when `exposed`.
bool takesExpanded(LLVM::LLVMFuncOp fn, ArrayRef<Param> params, bool exposed) {
  ArrayRef<Type> types = fn.getFunctionType().getParams();
  auto takeMemRef = [&] {
    if (types.size() < 5 || !isa<LLVM::LLVMPointerType>(types[0]) ||
        !isa<LLVM::LLVMPointerType>(types[1]) ||
        !llvm::all_of(types.slice(2, 3), [](Type t) { return t.isInteger(64); }))
      return false;
    types = types.drop_front(5);
    return true;
  };
  for (const Param &p : params) {
    if (p.isMemRef
            ? !takeMemRef()
            : types.empty() || isa<LLVM::LLVMPointerType>(types[0]) || !types[0].isIntOrFloat())
      return false;
    if (!p.isMemRef)
      types = types.drop_front();
  }
  if (exposed && !(takeMemRef() && takeMemRef()))
    return false;
  return types.empty();
}
} // namespace

namespace {
/// The target machine of every JIT compilation: the host at the code
/// generator level of `optLevel`, without its inexact conversions.
llvm::CodeGenOptLevel codeGenOptLevel(unsigned optLevel) {
  return optLevel >= 3   ? llvm::CodeGenOptLevel::Aggressive
         : optLevel == 0 ? llvm::CodeGenOptLevel::None
                         : llvm::CodeGenOptLevel::Default;
}

/// The host as JITTargetMachineBuilder::detectHost sees it, detected once
/// per process: its CPU name and features come from CPUID instructions,
/// which a virtual machine may trap (about 0.1 ms per detection on the
/// development machines), and a compile or cache lookup needs the host
/// twice. The host does not change while the process runs.
llvm::Expected<llvm::orc::JITTargetMachineBuilder> detectHostOnce() {
  struct Detected {
    std::optional<llvm::orc::JITTargetMachineBuilder> builder;
    std::string error;
  };
  static const Detected detected = [] {
    Detected d;
    auto builder = llvm::orc::JITTargetMachineBuilder::detectHost();
    if (builder)
      d.builder = std::move(*builder);
    else
      d.error = llvm::toString(builder.takeError());
    return d;
  }();
  if (!detected.builder)
    return llvm::createStringError(llvm::inconvertibleErrorCode(), detected.error);
  return *detected.builder;
}

llvm::Expected<llvm::orc::JITTargetMachineBuilder> hostMachineBuilder(unsigned optLevel) {
  auto machineBuilder = detectHostOnce();
  if (!machineBuilder)
    return machineBuilder.takeError();
  machineBuilder->setCodeGenOptLevel(codeGenOptLevel(optLevel));
  // The host's f32 -> bf16 conversion instructions are not IEEE 754: on
  // AVX512-BF16 and AVX-NE-CONVERT CPUs (Sapphire Rapids and later) LLVM
  // selects vcvtneps2bf16 for fptrunc, which flushes subnormal inputs to
  // zero and quiets signalling NaNs. Without them LLVM calls __truncsfbf2,
  // which is ascreg's exact conversion (ascregJitTruncSFBF2 below).
  for (const char *feature : kInexactHostFeatures)
    machineBuilder->getFeatures().AddFeature(feature, /*enable=*/false);
  // LLVM's tuning for Zen 3 turns a masked gather into a branch and a
  // scalar load per lane; its vgatherdps is faster there (the 256-register
  // UB gather loop of bench/interp_vs_jit.py: 23.2 -> 19.0 us). The tuning
  // changes which instructions load the lanes, not what they load.
  if (machineBuilder->getCPU() == "znver3")
    machineBuilder->getFeatures().AddFeature("fast-gather");
  return machineBuilder;
}

/// Makes every function `module` defines internal except `entries`.
/// ExecutionEngine defines a packed wrapper (`_mlir_<name>`) for every
/// function, and the JIT looks up only the entries' wrappers: the others
/// (of the kernel itself, of its C interface, of the loop proofs) would be
/// compiled for nothing.
void internalizeAllBut(llvm::Module &module, const llvm::StringSet<> &entries) {
  for (llvm::Function &fn : module)
    if (!fn.isDeclaration() && !entries.contains(fn.getName()))
      fn.setLinkage(llvm::GlobalValue::InternalLinkage);
}

/// Inlines into `fn` every internal function it calls, transitively, unless
/// noinline (the loop proofs). For an entry's wrapper that is the chain
/// wrapper -> C interface -> kernel, made one function before LLVM
/// optimizes anything: its inliner would optimize the kernel's body once
/// alone and again inside its caller.
void inlineInternalCallees(llvm::Function &fn) {
  for (bool inlined = true; inlined;) {
    SmallVector<llvm::CallBase *> calls;
    for (llvm::Instruction &inst : llvm::instructions(fn)) {
      auto *call = llvm::dyn_cast<llvm::CallBase>(&inst);
      llvm::Function *callee = call ? call->getCalledFunction() : nullptr;
      if (callee && !callee->isDeclaration() && callee->hasLocalLinkage() &&
          !callee->hasFnAttribute(llvm::Attribute::NoInline))
        calls.push_back(call);
    }
    inlined = false;
    for (llvm::CallBase *call : calls) {
      llvm::InlineFunctionInfo info;
      inlined |= llvm::InlineFunction(*call, info).isSuccess();
    }
  }
}

/// LLVM's module pipeline at `optLevel` (as mlir::makeOptimizingTransformer
/// builds it) without the loop and SLP vectorizers, after only `entries`
/// are left to compile, each one function: the lowered kernels are whole-register vector code
/// already. The loop vectorizer finds nothing to widen in them, and the SLP vectorizer packs the
/// loop's scalar address arithmetic into i64 vectors, which on AVX2 cost the reduce-max loop a
/// spill per iteration (docs/jit-performance.md); both cost compile time.
std::function<llvm::Error(llvm::Module *)> moduleOptimizer(unsigned optLevel,
                                                           llvm::StringSet<> entries) {
  return [optLevel, entries = std::move(entries)](llvm::Module *module) -> llvm::Error {
    internalizeAllBut(*module, entries);
    for (llvm::Function &fn : *module)
      if (entries.contains(fn.getName()))
        inlineInternalCallees(fn);
    llvm::OptimizationLevel level = optLevel == 0   ? llvm::OptimizationLevel::O0
                                    : optLevel == 1 ? llvm::OptimizationLevel::O1
                                    : optLevel == 2 ? llvm::OptimizationLevel::O2
                                                    : llvm::OptimizationLevel::O3;
    llvm::PipelineTuningOptions tuning;
    tuning.LoopUnrolling = true;
    tuning.LoopInterleaving = true;
    tuning.LoopVectorization = false;
    tuning.SLPVectorization = false;
    llvm::LoopAnalysisManager loops;
    llvm::FunctionAnalysisManager functions;
    llvm::CGSCCAnalysisManager sccs;
    llvm::ModuleAnalysisManager modules;
    // Functions marked optnone (the loop proofs, ProvenAccessLoops.cpp) are
    // skipped as under `opt`: the new pass manager honours the attribute
    // only through this instrumentation.
    llvm::PassInstrumentationCallbacks instrumentation;
    llvm::OptNoneInstrumentation optNone(/*DebugLogging=*/false);
    optNone.registerCallbacks(instrumentation);
    llvm::PassBuilder builder(/*TM=*/nullptr, tuning, /*PGOOpt=*/std::nullopt, &instrumentation);
    builder.registerModuleAnalyses(modules);
    builder.registerCGSCCAnalyses(sccs);
    builder.registerFunctionAnalyses(functions);
    builder.registerLoopAnalyses(loops);
    builder.crossRegisterProxies(loops, functions, sccs, modules);
    // GlobalDCE first removes what the inlining left uncalled (the kernel,
    // its C interface, the other wrappers), before any pass looks at it
    // (the -O0 pipeline has no GlobalDCE of its own).
    llvm::ModulePassManager pipeline;
    pipeline.addPass(llvm::GlobalDCEPass());
    pipeline.addPass(level == llvm::OptimizationLevel::O0
                         ? builder.buildO0DefaultPipeline(level)
                         : builder.buildPerModuleDefaultPipeline(level));
    pipeline.run(*module, modules);
    // The code generator optimizes the loop proofs like the rest: at -O0
    // they would cost every run a few dozen stack spills.
    for (llvm::Function &fn : *module)
      if (fn.hasFnAttribute(kLoopProofLLVMAttr))
        fn.removeFnAttr(llvm::Attribute::OptimizeNone);
    return llvm::Error::success();
  };
}

/// The functions of this process that compiled code calls.
llvm::orc::SymbolMap hostSymbols(llvm::orc::MangleAndInterner &interner, bool loweredElsewhere) {
  llvm::orc::SymbolMap symbols;
  auto define = [&](StringRef name, auto *fn) {
    symbols[interner(name)] = {llvm::orc::ExecutorAddr::fromPtr(fn),
                               llvm::JITSymbolFlags::Exported};
  };
  define(kRuntimeErrorFunction, &ascregJitRuntimeError);
  define("__truncsfbf2", &ascregJitTruncSFBF2);
  if (loweredElsewhere) {
    define("puts", &ascregJitPuts);
    define("abort", &ascregJitAbort);
  }
  return symbols;
}

/// The object file of `engine`'s module (compiled with enableObjectDump),
/// or "" if it cannot be had.
std::string objectOf(ExecutionEngine &engine) {
  llvm::SmallString<128> path;
  int fd;
  if (llvm::sys::fs::createTemporaryFile("ascreg-jit", "o", fd, path))
    return "";
  llvm::sys::Process::SafelyCloseFileDescriptor(fd);
  engine.dumpToObjectFile(path);
  auto file = llvm::MemoryBuffer::getFile(path, /*IsText=*/false);
  llvm::sys::fs::remove(path);
  return file ? (*file)->getBuffer().str() : "";
}
} // namespace

LogicalResult JitModule::createEngine(ModuleOp lowered, Operation *blame, const Options &options,
                                      llvm::function_ref<std::string(size_t)> wrapperName,
                                      bool keepObject) {
  Impl &k = *impl;
  // ExecutionEngineOptions::transformer is a function_ref: the optimizer
  // must outlive ExecutionEngine::create.
  llvm::StringSet<> packedEntries;
  for (size_t i = 0; i < k.entries.size(); ++i)
    packedEntries.insert("_mlir_" + wrapperName(i));
  std::function<llvm::Error(llvm::Module *)> optimize =
      moduleOptimizer(options.optLevel, std::move(packedEntries));
  ExecutionEngineOptions engineOptions;
  engineOptions.transformer = optimize;
  // No perf/gdb listeners: they leave a .debug/jit dump per run behind.
  engineOptions.enableGDBNotificationListener = false;
  engineOptions.enablePerfNotificationListener = false;
  engineOptions.enableObjectDump = keepObject;
  // The target machine is made here: ExecutionEngine::create ignores
  // jitCodeGenOptLevel when it makes its own (LLVM 22), and the code
  // generator at its default level costs most of a small kernel's compile
  // time at --jit-opt=0 (machine scheduling and register allocation of the
  // large unrolled vector blocks).
  auto machineBuilder = hostMachineBuilder(options.optLevel);
  if (!machineBuilder)
    return blame->emitError() << "JIT compilation failed: "
                              << llvm::toString(machineBuilder.takeError());
  engineOptions.jitCodeGenOptLevel = codeGenOptLevel(options.optLevel);
  auto machine = machineBuilder->createTargetMachine();
  if (!machine)
    return blame->emitError() << "JIT compilation failed: " << llvm::toString(machine.takeError());
  auto engine = ExecutionEngine::create(lowered, engineOptions, std::move(*machine));
  if (!engine)
    return blame->emitError() << "JIT compilation failed: " << llvm::toString(engine.takeError());
  k.engine = std::move(*engine);
  bool loweredElsewhere = llvm::any_of(k.entries, [](const Entry &e) { return e.lowered; });
  k.engine->registerSymbols([&](llvm::orc::MangleAndInterner interner) {
    return hostSymbols(interner, loweredElsewhere);
  });
  for (size_t i = 0; i < k.entries.size(); ++i) {
    auto packed = k.engine->lookupPacked(wrapperName(i));
    if (!packed)
      return k.entries[i].func->emitError()
             << "JIT compilation failed: " << llvm::toString(packed.takeError());
    k.entries[i].entry = *packed;
  }
  return success();
}

LogicalResult JitModule::loadCached(ModuleOp module, const cache::Entry &cached,
                                    const Options &options, ArrayRef<std::string> entries) {
  Impl &k = *impl;
  std::vector<Location> locations = cache::opLocations(module);
  for (const cache::Site &site : cached.sites) {
    if (site.location >= locations.size())
      return failure();
    k.sites.push_back({site.opName, locations[site.location]});
  }
  // What ExecutionEngine makes, without its compiler: the object goes
  // straight to the linking layer.
  auto fail = [&](llvm::Error error) {
    llvm::consumeError(std::move(error));
    k.sites.clear();
    k.cachedJit.reset();
    return failure();
  };
  auto machineBuilder = hostMachineBuilder(options.optLevel);
  if (!machineBuilder)
    return fail(machineBuilder.takeError());
  auto dataLayout = machineBuilder->getDefaultDataLayoutForTarget();
  if (!dataLayout)
    return fail(dataLayout.takeError());
  // Each LLVM target machine costs about 1 ms to set up: one for the data
  // layout, none for the compile layer, which compiles nothing here.
  auto jit = llvm::orc::LLJITBuilder()
                 .setJITTargetMachineBuilder(std::move(*machineBuilder))
                 .setDataLayout(*dataLayout)
                 .setCompileFunctionCreator([](llvm::orc::JITTargetMachineBuilder builder) {
                   return std::make_unique<llvm::orc::ConcurrentIRCompiler>(std::move(builder));
                 })
                 .setObjectLinkingLayerCreator([](llvm::orc::ExecutionSession &session) {
                   return std::make_unique<llvm::orc::RTDyldObjectLinkingLayer>(
                       session, [](const llvm::MemoryBuffer &) {
                         return std::make_unique<llvm::SectionMemoryManager>();
                       });
                 })
                 .create();
  if (!jit)
    return fail(jit.takeError());
  k.cachedJit = std::move(*jit);
  llvm::orc::JITDylib &main = k.cachedJit->getMainJITDylib();
  auto process =
      llvm::orc::DynamicLibrarySearchGenerator::GetForCurrentProcess(dataLayout->getGlobalPrefix());
  if (!process)
    return fail(process.takeError());
  main.addGenerator(std::move(*process));
  llvm::orc::MangleAndInterner interner(k.cachedJit->getExecutionSession(), *dataLayout);
  if (llvm::Error e = main.define(llvm::orc::absoluteSymbols(hostSymbols(interner, false))))
    return fail(std::move(e));
  if (llvm::Error e = k.cachedJit->addObjectFile(
          llvm::MemoryBuffer::getMemBufferCopy(cached.object, "ascreg-jit-cache")))
    return fail(std::move(e));
  for (size_t i = 0; i < k.entries.size(); ++i) {
    // ExecutionEngine's packed wrapper of the C interface function.
    auto address = k.cachedJit->lookup("_mlir__mlir_ciface_" + entries[i]);
    if (!address)
      return fail(address.takeError());
    k.entries[i].entry = address->toPtr<void (*)(void **)>();
  }
  return success();
}

FailureOr<std::unique_ptr<JitModule>>
JitModule::compile(ModuleOp module, ArrayRef<std::string> entries, const Options &options) {
  MLIRContext *ctx = module.getContext();
  prepareTranslation(*ctx);

  std::unique_ptr<JitModule> compiled(new JitModule());
  Impl &k = *compiled->impl;
  for (const std::string &name : entries) {
    auto fn = module.lookupSymbol<func::FuncOp>(name);
    if (!fn)
      return module.emitError() << "no function @" << name << " to JIT-compile";
    Entry &e = k.entries.emplace_back();
    e.func = fn;
    if (failed(kernelParams(fn, e.params)))
      return failure();
    e.tracksWrites = fn->walk([](Operation *op) {
                         return op->getName().getDialectNamespace() == "ascreg"
                                    ? WalkResult::interrupt()
                                    : WalkResult::advance();
                       }).wasInterrupted();
  }
  // An error of the whole module names the first entry's function, as the
  // one function of a JitKernel.
  Operation *blame = k.entries.empty() ? module.getOperation() : k.entries.front().func;
  std::string error;
  if (!k.ub.reserve(options.ubCapacity, error))
    return blame->emitError() << error;
  k.runtimeChecks = options.runtimeChecks;
  k.interruptible = options.interruptible;
  k.cancel = options.cancel;

  std::string cacheKey;
  if (!options.cacheDir.empty()) {
    auto machineBuilder = hostMachineBuilder(options.optLevel);
    if (!machineBuilder)
      return blame->emitError() << "JIT compilation failed: "
                                << llvm::toString(machineBuilder.takeError());
    cacheKey = cache::makeKey(module, entries, options, machineBuilder->getCPU(),
                              machineBuilder->getFeatures().getString());
    if (std::optional<cache::Entry> hit = cache::load(options.cacheDir, cacheKey))
      if (succeeded(compiled->loadCached(module, *hit, options, entries)))
        return compiled;
  }

  OwningOpRef<ModuleOp> lowered = cast<ModuleOp>(module->clone());
  if (options.profile)
    recordProfile(*lowered, *options.profile);
  for (const std::string &name : entries)
    lowered->lookupSymbol<func::FuncOp>(name)->setAttr(LLVM::LLVMDialect::getEmitCWrapperAttrName(),
                                                       UnitAttr::get(ctx));
  // The lowered module is verified once, at the end: after every pass the
  // verifier was a tenth of a kernel's compile time. The lit tests run each
  // lowering pass through ascreg-opt, which verifies after every pass.
  PassManager pm(ctx);
  pm.enableVerifier(false);
  buildJitLoweringPipeline(pm, options);
  if (failed(pm.run(*lowered)) || failed(verify(*lowered)))
    return failure();
  if (auto sites = (*lowered)->getAttrOfType<ArrayAttr>(kCheckSitesAttr))
    for (Attribute site : sites) {
      auto pair = cast<ArrayAttr>(site);
      k.sites.push_back({cast<StringAttr>(pair[0]).str(), cast<LocationAttr>(pair[1])});
    }
  if (failed(compiled->createEngine(
          *lowered, blame, options, [&](size_t i) { return "_mlir_ciface_" + entries[i]; },
          /*keepObject=*/!cacheKey.empty())))
    return failure();
  if (!cacheKey.empty())
    compiled->storeInCache(module, options, cacheKey);
  return compiled;
}

void JitModule::storeInCache(ModuleOp module, const Options &options, StringRef key) {
  Impl &k = *impl;
  cache::Entry entry;
  llvm::DenseMap<Location, uint32_t> index;
  for (Location loc : cache::opLocations(module))
    index.try_emplace(loc, static_cast<uint32_t>(index.size()));
  for (const auto &[name, loc] : k.sites) {
    auto it = index.find(loc);
    if (it == index.end())
      return; // a site the lowering made up: not expressible in an entry
    entry.sites.push_back({name, it->second});
  }
  entry.object = objectOf(*k.engine);
  if (!entry.object.empty())
    cache::store(options.cacheDir, key, entry, options.cacheLimitBytes);
}

FailureOr<std::unique_ptr<JitModule>> JitModule::compileLowered(ModuleOp module,
                                                                func::FuncOp signature,
                                                                StringRef entry,
                                                                const Options &options) {
  MLIRContext *ctx = module.getContext();
  prepareTranslation(*ctx);

  std::unique_ptr<JitModule> compiled(new JitModule());
  Impl &k = *compiled->impl;
  auto fn = module.lookupSymbol<LLVM::LLVMFuncOp>(entry);
  if (!fn || fn.isExternal())
    return module.emitError() << "no llvm.func @" << entry << " to JIT-compile";
  if (options.profile)
    return fn.emitError() << "a per-run semantic profile cannot apply to a module already lowered "
                             "(the lowering built its profile in)";
  Entry &e = k.entries.emplace_back();
  e.func = fn;
  e.lowered = true;
  e.tracksWrites = false;
  e.exposed = fn->hasAttr(kUBArgumentAttr);
  if (failed(kernelParams(signature, e.params)))
    return failure();
  if (!takesExpanded(fn, e.params, e.exposed))
    return fn.emitError() << "the lowered function does not take the parameters of @"
                          << signature.getSymName()
                          << " as memref descriptors (allocated, aligned, offset, size, stride)"
                          << (e.exposed ? " followed by the UB arena and state" : "");
  std::string error;
  if (!k.ub.reserve(options.ubCapacity, error))
    return fn.emitError() << error;
  // Whatever checks the module has stop with abort; faults are caught.
  k.runtimeChecks = false;
  OwningOpRef<ModuleOp> lowered = cast<ModuleOp>(module->clone());
  if (failed(compiled->createEngine(
          *lowered, fn, options, [&](size_t) { return entry.str(); },
          /*keepObject=*/false)))
    return failure();
  return compiled;
}

LogicalResult JitModule::run(size_t index, ArrayRef<interp::Arg> args) {
  Impl &m = *impl;
  assert(index < m.entries.size() && "JitModule entry out of range");
  Entry &k = m.entries[index];
  if (args.size() != k.params.size())
    return k.func->emitError() << "kernel takes " << k.params.size() << " arguments, got "
                               << args.size();
  m.ub.clearArguments();
  for (size_t i = 0; i < args.size(); ++i) {
    if (k.params[i].isMemRef != args[i].isBuffer)
      return k.func->emitError() << "argument " << i << " must be "
                                 << (k.params[i].isMemRef ? "a buffer" : "a scalar");
    if (!k.params[i].isMemRef)
      continue;
    if (args[i].numElements > sem::kMaxUBCapacity / k.params[i].elemBytes)
      return k.func->emitError() << "argument " << i << " has " << args[i].numElements
                                 << " elements, more than any UB holds";
    m.ub.addArgument(args[i].data, args[i].numElements * k.params[i].elemBytes);
  }
  std::string error;
  if (!m.ub.bindArguments(error))
    return k.func->emitError() << error;

  // Packed arguments: a pointer to each argument (memrefs: a pointer to the
  // descriptor pointer of the C interface), then the UB arena and state.
  // Sized before any pointer into them is taken.
  Impl::CallFrame &f = m.frame;
  std::vector<Descriptor1D> &descriptors = f.descriptors;
  std::vector<Descriptor1D *> &descriptorPtrs = f.descriptorPtrs;
  std::vector<uint64_t> &scalars = f.scalars;
  descriptors.resize(args.size() + 2);
  descriptorPtrs.resize(args.size() + 2);
  scalars.resize(args.size());
  int64_t state[4] = {static_cast<int64_t>(m.ub.allocationTop()), INT64_MAX, 0, 0};
  std::vector<void *> &packed = f.packed;
  packed.clear();
  uint8_t *ub = m.ub.data();
  auto addMemRef = [&](size_t i, void *base, void *aligned, int64_t size) {
    Descriptor1D &d = descriptors[i];
    d = {base, aligned, 0, size, 1};
    descriptorPtrs[i] = &d;
    if (k.lowered)
      packed.insert(packed.end(), {&d.allocated, &d.aligned, &d.offset, &d.size, &d.stride});
    else
      packed.push_back(&descriptorPtrs[i]);
  };
  size_t nextBuffer = 0;
  for (size_t i = 0; i < args.size(); ++i) {
    if (k.params[i].isMemRef) {
      uint8_t *p = m.ub.argumentInArena(nextBuffer++);
      addMemRef(i, p, p, static_cast<int64_t>(args[i].numElements));
    } else {
      scalars[i] = args[i].bits; // little-endian: narrower scalars are the low bytes
      packed.push_back(&scalars[i]);
    }
  }
  if (k.exposed) {
    addMemRef(args.size(), ub, ub, static_cast<int64_t>(m.ub.capacity()));
    addMemRef(args.size() + 1, state, state, 4);
  }

  ActiveRun run;
  ActiveRun *outer = activeRun;
  activeRun = &run;
  // Without checks, an access outside UB faults (in the guard regions around
  // the arena when it is near) and is reported as an error of the run,
  // instead of corrupting or crashing the host (docs/semantics.md, §4).
  bool catchFaults = !m.runtimeChecks;
  if (catchFaults) {
    run.ub = &m.ub;
    struct sigaction sa = {};
    sa.sa_sigaction = ascregJitFault;
    sa.sa_flags = SA_SIGINFO | SA_NODEFER;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGSEGV, &sa, &previousSegv);
    sigaction(SIGBUS, &sa, &previousBus);
  }
  // An interrupt unwinds from a signal handler that blocked its signal:
  // the mask is restored then.
  bool ok = sigsetjmp(run.unwind, /*savemask=*/catchFaults || m.interruptible) == 0;
  if (ok) {
    run.interruptible = m.interruptible;
    // Set first, checked second: a stop requested before this point is
    // seen here, one after it unwinds.
    if (m.cancel && m.cancel->load())
      interruptCurrentRun();
    k.entry(packed.data());
    run.interruptible = 0;
  }
  if (catchFaults) {
    sigaction(SIGSEGV, &previousSegv, nullptr);
    sigaction(SIGBUS, &previousBus, nullptr);
  }
  activeRun = outer;
  if (!k.tracksWrites)
    m.ub.noteWrite(0, m.ub.capacity());
  // Even a failed run wrote what it wrote: the next run clears it.
  if (state[2] > state[1] && state[1] >= 0)
    m.ub.noteWrite(static_cast<uint64_t>(state[1]), static_cast<uint64_t>(state[2] - state[1]));
  if (!ok && run.interrupted) {
    // Stopped anywhere in the compiled code: UB holds a partial run.
    m.ub.discardContents();
    emitError(k.func->getLoc()) << sem::RuntimeError{sem::RuntimeErrorKind::Interrupted}.message(
        m.ub.capacity());
    return failure();
  }
  if (!ok && run.faulted) {
    int64_t offset = 0;
    InFlightDiagnostic d = k.func->emitError();
    if (m.ub.inGuard(run.faultAddress, offset))
      d << "the kernel, run without runtime checks, accessed UB address " << offset
        << ", outside the Unified Buffer of " << m.ub.capacity()
        << " bytes (stopped by a guard page; run with checks for the op and its location)";
    else
      d << "the kernel, run without runtime checks, accessed host memory at "
        << llvm::formatv("{0}", run.faultAddress).str()
        << " far outside the Unified Buffer (the process may be corrupted; run with checks "
           "for the op and its location)";
    // The failed run may have written UB anywhere.
    m.ub.discardContents();
    return failure();
  }
  if (!ok && run.aborted) {
    std::string message = StringRef(run.assertMessage).trim().str();
    k.func->emitError() << "a runtime check of the lowered kernel failed (it called abort)"
                        << (message.empty() ? "" : ": " + message);
    m.ub.discardContents();
    return failure();
  }
  if (!ok) {
    StringRef name = "kernel";
    Location loc = k.func->getLoc();
    if (run.site >= 0 && static_cast<size_t>(run.site) < m.sites.size()) {
      name = m.sites[run.site].first;
      loc = m.sites[run.site].second;
    }
    emitError(loc) << "'" << name << "' op " << run.error.message(m.ub.capacity());
    return failure();
  }
  m.ub.setAllocationTop(static_cast<uint64_t>(state[0]));
  m.ub.copyOut();
  return success();
}

void buildJitLoweringPipeline(OpPassManager &pm, const Options &options) {
  LowerToLLVMOptions lowerOptions;
  lowerOptions.runtimeChecks = options.runtimeChecks;
  lowerOptions.exposeUB = true;
  lowerOptions.checkFailure = CheckFailureAction::Report;
  buildLowerToLLVMPipeline(pm, lowerOptions);
}

std::string defaultCacheDir() { return userCacheDir("ASCREG_JIT_CACHE", "jit"); }

llvm::Expected<uint64_t> parseCacheSize(StringRef text) {
  StringRef digits = text;
  unsigned shift = 0;
  if (digits.consume_back("K") || digits.consume_back("k"))
    shift = 10;
  else if (digits.consume_back("M") || digits.consume_back("m"))
    shift = 20;
  else if (digits.consume_back("G") || digits.consume_back("g"))
    shift = 30;
  uint64_t n;
  if (digits.empty() || !llvm::all_of(digits, llvm::isDigit) || digits.getAsInteger(10, n) ||
      n > (UINT64_MAX >> shift))
    return llvm::createStringError("'" + text +
                                   "' is not a size: bytes, optionally with K, M or G (0: "
                                   "no limit)");
  return n << shift;
}

llvm::Expected<uint64_t> defaultCacheLimit() {
  const char *size = std::getenv("ASCREG_JIT_CACHE_SIZE");
  if (!size)
    return kDefaultCacheLimitBytes;
  auto parsed = parseCacheSize(size);
  if (!parsed)
    return llvm::createStringError("ASCREG_JIT_CACHE_SIZE: " + llvm::toString(parsed.takeError()));
  return *parsed;
}

FailureOr<std::vector<void *>> JitModule::placeArguments(size_t index,
                                                         ArrayRef<uint64_t> numElements) {
  Impl &m = *impl;
  assert(index < m.entries.size() && "JitModule entry out of range");
  Entry &k = m.entries[index];
  std::vector<unsigned> elemBytes;
  for (const Param &p : k.params)
    if (p.isMemRef)
      elemBytes.push_back(p.elemBytes);
  std::vector<void *> places;
  std::string error;
  if (!m.ub.placeArguments(elemBytes, {numElements.begin(), numElements.end()}, places, error))
    return k.func->emitError() << error;
  return places;
}

JitKernel::JitKernel(std::unique_ptr<JitModule> module) : module(std::move(module)) {}
JitKernel::~JitKernel() = default;

FailureOr<std::unique_ptr<JitKernel>> JitKernel::compile(ModuleOp module, StringRef entry,
                                                         const Options &options) {
  auto compiled = JitModule::compile(module, {entry.str()}, options);
  if (failed(compiled))
    return failure();
  return std::unique_ptr<JitKernel>(new JitKernel(std::move(*compiled)));
}

FailureOr<std::unique_ptr<JitKernel>> JitKernel::compileLowered(ModuleOp module,
                                                                func::FuncOp signature,
                                                                StringRef entry,
                                                                const Options &options) {
  auto compiled = JitModule::compileLowered(module, signature, entry, options);
  if (failed(compiled))
    return failure();
  return std::unique_ptr<JitKernel>(new JitKernel(std::move(*compiled)));
}

LogicalResult JitKernel::run(ArrayRef<interp::Arg> args) { return module->run(0, args); }

FailureOr<std::vector<void *>> JitKernel::placeArguments(ArrayRef<uint64_t> numElements) {
  return module->placeArguments(0, numElements);
}

} // namespace jit
} // namespace ascreg
