//===- frontend.cpp - embedding ascreg in a compiler frontend ---*- C++ -*-===//
//
// What a frontend (say, a Python DSL) does with ascreg, end to end in C++:
//
//   1. build a kernel with the C++ op builders (OpTy::create(builder, loc, ...)),
//      every op carrying the user's source location (NameLoc over a
//      FileLineColLoc into "user.py");
//   2. verify it;
//   3. lower it with the ascreg-lower-to-llvm pipeline;
//   4. run it as every ascreg front door does, through the driver
//      (ascreg/Driver: PreparedKernel compiles it for the bit-exact
//      interpreter and the JIT, checkInPlace runs both on the same buffers
//      and compares them bit for bit).
//
// The kernel is the masked argmax of examples/argmax.mlir. The "user.py" it
// pretends to come from:
//
//    1  @ascreg.kernel
//    2  def argmax(x: UB[f32], val: UB[f32, 64], idx: UB[i32, 64], n: i32):
//    3      best, bidx, lane = dup(-inf), dup(0, u32), arange(0, u32)
//    4      for r, (m, n) in masks(n, f32):
//    5          v = x.load(r * 64)
//    6          gt = compare(">", v, best, m)
//    7          best, bidx = select(gt, v, best), select(gt, lane, bidx)
//    8          lane = lane + 64
//    9      val[0] = reduce_max(best)
//   10      idx[0] = reduce_min(bidx, best == val[0])
//   11  def gather_rows(table: UB[f32], rows: UB[u32, 64], out: UB[f32, 64]):
//   12      out[:] = table.gather(rows)
//
// Usage:
//   ascreg-frontend-example [--input=x.npy] [--n=N]     argmax (default data without --input)
//   ascreg-frontend-example --print-ir | --print-vector | --print-lowered
//   ascreg-frontend-example --oob=interp | --oob=jit    gather_rows with an index outside UB
//                                                       (exit 1 with an error at user.py:12:3;
//                                                       both paths return the error)
//
// Built in tree (examples/frontend/CMakeLists.txt) and, as a downstream
// project, against an installed ascreg with find_package(AscReg).
//
//===----------------------------------------------------------------------===//
#include "ascreg/Conversion/Passes.h"
#include "ascreg/Dialect/AscReg/IR/AscRegDialect.h"
#include "ascreg/Dialect/AscReg/IR/AscRegOps.h"
#include "ascreg/Dialect/AscReg/IR/AscRegTypes.h"
#include "ascreg/Driver/Compare.h"
#include "ascreg/Driver/Prepare.h"
#include "ascreg/InitAll.h"
#include "ascreg/Interpreter/Npy.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

#include <cmath>
#include <cstdio>
#include <cstring>
#include <vector>

using namespace mlir;
namespace ar = ::ascreg;
namespace driver = ::ascreg::driver;

static llvm::cl::opt<std::string>
    inputFile("input", llvm::cl::desc("x as a .npy file of f32 (<f4)"), llvm::cl::init(""));
static llvm::cl::opt<int> countOpt("n", llvm::cl::desc("elements of x to reduce (default: all)"),
                                   llvm::cl::init(-1));
static llvm::cl::opt<bool> printIR("print-ir", llvm::cl::desc("print the built kernel"));
static llvm::cl::opt<bool>
    printVector("print-vector", llvm::cl::desc("print the kernel after convert-ascreg-to-vector"));
static llvm::cl::opt<bool>
    printLowered("print-lowered", llvm::cl::desc("print the kernel after ascreg-lower-to-llvm"));
static llvm::cl::opt<std::string>
    oob("oob",
        llvm::cl::desc("interp | jit: run gather_rows with an index outside the Unified Buffer"),
        llvm::cl::init(""));

namespace {

/// The frontend side: builds ops at locations in the user's source.
class KernelBuilder {
public:
  explicit KernelBuilder(MLIRContext *ctx) : ctx(ctx), b(ctx) {}

  /// `name` at user.py:line:col, the way a frontend records where an op came from.
  Location at(unsigned line, unsigned col, StringRef name) {
    return NameLoc::get(StringAttr::get(ctx, name), FileLineColLoc::get(ctx, "user.py", line, col));
  }

  OwningOpRef<ModuleOp> newModule() {
    OwningOpRef<ModuleOp> module = ModuleOp::create(FileLineColLoc::get(ctx, "user.py", 1, 1));
    (*module)->setAttr("ascreg.target", b.getStringAttr("dav-3510"));
    return module;
  }

  /// examples/argmax.mlir, op by op.
  void buildArgmax(ModuleOp module) {
    b.setInsertionPointToEnd(module.getBody());
    Type f32 = b.getF32Type(), i32 = b.getI32Type(), index = b.getIndexType();
    Type u32 = IntegerType::get(ctx, 32, IntegerType::Unsigned);
    auto vf = ar::VRegType::get(ctx, 64, f32);
    auto vu = ar::VRegType::get(ctx, 64, u32);
    auto vi = ar::VRegType::get(ctx, 64, i32);
    Type mask = ar::MaskType::get(ctx);
    auto xTy = MemRefType::get({ShapedType::kDynamic}, f32);
    auto valTy = MemRefType::get({64}, f32);
    auto idxTy = MemRefType::get({64}, i32);

    auto fn = func::FuncOp::create(b, at(2, 1, "argmax"), "argmax",
                                   b.getFunctionType({xTy, valTy, idxTy, i32}, {}));
    Block *entry = fn.addEntryBlock();
    b.setInsertionPointToStart(entry);
    Value x = entry->getArgument(0), val = entry->getArgument(1), idx = entry->getArgument(2),
          n = entry->getArgument(3);

    Location l3 = at(3, 5, "init");
    Value c0 = arith::ConstantIndexOp::create(b, l3, 0);
    Value c1 = arith::ConstantIndexOp::create(b, l3, 1);
    Value c64 = arith::ConstantIndexOp::create(b, l3, 64);
    Value zero = arith::ConstantIntOp::create(b, l3, i32, 0);
    Value vl = arith::ConstantIntOp::create(b, l3, i32, 64);
    Value ninf = arith::ConstantFloatOp::create(b, l3, cast<FloatType>(f32),
                                                APFloat::getInf(APFloat::IEEEsingle(), true));
    Value all = ar::CreateMaskOp::create(b, l3, mask, ar::MaskPattern::ALL, vf);
    Value first = ar::CreateMaskOp::create(b, at(9, 5, "first"), mask, ar::MaskPattern::VL1, vf);
    Value best0 = ar::DuplicateOp::create(b, at(3, 22, "best"), vf, ninf, Value());
    Value bidx0 = ar::DuplicateOp::create(b, at(3, 33, "bidx"), vu, zero, Value());
    Value lane0 = ar::ArangeOp::create(b, at(3, 47, "lane"), vu, zero);
    Value step = ar::DuplicateOp::create(b, at(8, 23, "step"), vu, vl, Value());

    Location l4 = at(4, 5, "loop");
    Value nIdx = arith::IndexCastUIOp::create(b, l4, index, n);
    Value nRegs = arith::CeilDivUIOp::create(b, l4, nIdx, c64);
    auto loop = scf::ForOp::create(
        b, l4, c0, nRegs, c1, ValueRange{best0, bidx0, lane0, n},
        [&](OpBuilder &b, Location, Value r, ValueRange it) {
          Value best = it[0], bidx = it[1], lane = it[2], cnt = it[3];
          Value off = arith::MulIOp::create(b, at(5, 18, "offset"), r, c64);
          Value v = ar::LoadAlignOp::create(b, at(5, 13, "v"), vf, x, off);
          auto m = ar::UpdateMaskOp::create(b, at(4, 22, "m"), mask, i32, cnt, vf);
          Value gt = ar::CompareOp::create(b, at(6, 14, "gt"), mask, ar::ComparePredicate::gt, v,
                                           best, m.getMask());
          Value nb = ar::SelectOp::create(b, at(7, 22, "best"), vf, gt, v, best);
          Value nbi = ar::SelectOp::create(b, at(7, 44, "bidx"), vu, gt, lane, bidx);
          Value nl = ar::AddOp::create(b, at(8, 16, "lane"), vu, lane, step, all);
          scf::YieldOp::create(b, l4, ValueRange{nb, nbi, nl, m.getRest()});
        });
    Value best = loop.getResult(0), bidx = loop.getResult(1);

    Value mx = ar::ReduceOp::create(b, at(9, 14, "reduce_max"), vf, ar::ReduceKind::max, best, all);
    ar::StoreAlignOp::create(b, at(9, 5, "val"), mx, val, c0, first);
    Value mxs = memref::LoadOp::create(b, at(10, 45, "val"), val, ValueRange{c0});
    Value mxv = ar::DuplicateOp::create(b, at(10, 45, "val"), vf, mxs, Value());
    Value eq =
        ar::CompareOp::create(b, at(10, 37, "eq"), mask, ar::ComparePredicate::eq, best, mxv, all);
    Value imin =
        ar::ReduceOp::create(b, at(10, 14, "reduce_min"), vu, ar::ReduceKind::min, bidx, eq);
    Value imins = ar::BitcastOp::create(b, at(10, 14, "reduce_min"), vi, imin);
    ar::StoreAlignOp::create(b, at(10, 5, "idx"), imins, idx, c0, first);
    func::ReturnOp::create(b, at(10, 5, "return"));
  }

  /// out[:] = table.gather(rows), the gather at user.py:12:3.
  void buildGatherRows(ModuleOp module) {
    b.setInsertionPointToEnd(module.getBody());
    Type f32 = b.getF32Type(), i32 = b.getI32Type();
    Type u32 = IntegerType::get(ctx, 32, IntegerType::Unsigned);
    auto vf = ar::VRegType::get(ctx, 64, f32);
    auto vu = ar::VRegType::get(ctx, 64, u32);
    Type mask = ar::MaskType::get(ctx);
    auto tableTy = MemRefType::get({ShapedType::kDynamic}, f32);
    auto rowsTy = MemRefType::get({64}, i32);
    auto outTy = MemRefType::get({64}, f32);
    auto fn = func::FuncOp::create(b, at(11, 1, "gather_rows"), "gather_rows",
                                   b.getFunctionType({tableTy, rowsTy, outTy}, {}));
    Block *entry = fn.addEntryBlock();
    b.setInsertionPointToStart(entry);
    Location l12 = at(12, 5, "out");
    Value c0 = arith::ConstantIndexOp::create(b, l12, 0);
    Value all = ar::CreateMaskOp::create(b, l12, mask, ar::MaskPattern::ALL, vf);
    Value rows = ar::LoadAlignOp::create(b, at(12, 28, "rows"), vu, entry->getArgument(1), c0);
    Value g =
        ar::GatherOp::create(b, at(12, 3, "gather_rows"), vf, entry->getArgument(0), rows, all);
    ar::StoreAlignOp::create(b, l12, g, entry->getArgument(2), c0, all);
    func::ReturnOp::create(b, l12);
  }

private:
  MLIRContext *ctx;
  OpBuilder b;
};

/// "user.py:12:3" for the innermost file location of `loc` (NameLoc,
/// CallSiteLoc and FusedLoc wrap it).
std::string userPosition(Location loc) {
  if (auto fl = loc->findInstanceOf<FileLineColLoc>())
    return (fl.getFilename().getValue() + ":" + llvm::Twine(fl.getLine()) + ":" +
            llvm::Twine(fl.getColumn()))
        .str();
  std::string s;
  llvm::raw_string_ostream os(s);
  loc.print(os);
  return s;
}

/// The frontend reports ascreg's diagnostics at the user's positions.
LogicalResult reportDiagnostic(Diagnostic &diag) {
  const char *severity = diag.getSeverity() == DiagnosticSeverity::Error     ? "error"
                         : diag.getSeverity() == DiagnosticSeverity::Warning ? "warning"
                                                                             : "note";
  std::string name;
  if (auto nl = diag.getLocation()->findInstanceOf<NameLoc>())
    name = (" [in '" + nl.getName().getValue() + "']").str();
  llvm::errs() << userPosition(diag.getLocation()) << ": " << severity << ": " << diag.str() << name
               << "\n";
  for (Diagnostic &note : diag.getNotes())
    llvm::errs() << userPosition(note.getLocation()) << ": note: " << note.str() << "\n";
  return success();
}

void printModule(ModuleOp module) {
  OpPrintingFlags flags;
  flags.enableDebugInfo(/*enable=*/true, /*prettyForm=*/false).useLocalScope();
  module.print(llvm::outs(), flags);
  llvm::outs() << "\n";
}

/// Lowers a clone of `module` with `build` and prints it.
LogicalResult lowerAndPrint(ModuleOp module, llvm::function_ref<void(OpPassManager &)> build) {
  OwningOpRef<ModuleOp> clone = cast<ModuleOp>(module->clone());
  PassManager pm(module.getContext());
  build(pm);
  if (failed(pm.run(*clone)))
    return failure();
  printModule(*clone);
  return success();
}

struct ArgmaxResult {
  float value = 0;
  int32_t index = -1;
};

uint32_t bitsOf(float f) {
  uint32_t u;
  std::memcpy(&u, &f, 4);
  return u;
}

int runArgmax(MLIRContext &ctx, ModuleOp module) {
  // The data: --input or a deterministic default with a tie and a NaN.
  std::vector<float> x;
  if (!inputFile.empty()) {
    auto array = ::ascreg::readNpy(inputFile);
    if (!array) {
      llvm::errs() << llvm::toString(array.takeError()) << "\n";
      return 1;
    }
    if (array->kind != 'f' || array->itemBytes != 4) {
      llvm::errs() << inputFile << ": expected f32 (<f4) data, got " << array->descr() << "\n";
      return 1;
    }
    x.resize(array->numElements());
    std::memcpy(x.data(), array->data.data(), array->data.size());
  } else {
    x.resize(1000);
    for (size_t i = 0; i < x.size(); ++i)
      x[i] = float((i * 7919) % 1000) * 0.01f - 3.0f;
    x[123] = NAN;
  }
  uint64_t n = countOpt >= 0 ? uint64_t(countOpt) : x.size();
  if (n > x.size()) {
    llvm::errs() << "--n=" << n << " exceeds the " << x.size() << " input elements\n";
    return 1;
  }
  // The kernel loads whole registers of 64 floats: pad with zeros (masked off).
  uint64_t padded = (n + 63) / 64 * 64;
  std::vector<float> xPadded(std::max<uint64_t>(padded, 64), 0.0f);
  std::copy(x.begin(), x.begin() + n, xPadded.begin());
  llvm::outs() << "argmax over n = " << n << " elements\n";

  // The interpreter and the JIT (which lowers a clone of the module with
  // ascreg-lower-to-llvm itself), compiled once.
  auto fn = module.lookupSymbol<func::FuncOp>("argmax");
  auto kernel = driver::PreparedKernel::prepare(fn, driver::RunMode::Check, {});
  if (failed(kernel))
    return 1;
  std::vector<float> xs = xPadded, val(64, 0.0f);
  std::vector<int32_t> idx(64, -1);
  ::ascreg::interp::Arg args[] = {
      ::ascreg::interp::Arg::buffer(xs.data(), xs.size()),
      ::ascreg::interp::Arg::buffer(val.data(), val.size()),
      ::ascreg::interp::Arg::buffer(idx.data(), idx.size()),
      ::ascreg::interp::Arg::scalar(uint32_t(n)),
  };
  // The interpreter on these buffers, the JIT on copies, compared.
  driver::InPlaceCheck check = driver::checkInPlace(*kernel, fn, args, /*limit=*/1);
  if (check.failure != driver::InPlaceCheck::Failure::None)
    return 1;
  ArgmaxResult interp{val[0], idx[0]}, jit;
  std::memcpy(&jit.value, check.jitBuffers[1].data(), 4);
  std::memcpy(&jit.index, check.jitBuffers[2].data(), 4);

  auto show = [](const char *who, const ArgmaxResult &r) {
    llvm::outs() << who << "max = " << llvm::format("%.9g", double(r.value))
                 << llvm::format(" (0x%08x)", bitsOf(r.value)) << " at index " << r.index << "\n";
  };
  show("interpreter: ", interp);
  show("jit:         ", jit);
  bool agree = check.comparison.count == 0;
  llvm::outs() << "interpreter and jit " << (agree ? "agree" : "DISAGREE") << "\n";
  return agree ? 0 : 1;
}

int runOutOfRangeGather(ModuleOp module) {
  auto fn = module.lookupSymbol<func::FuncOp>("gather_rows");
  std::vector<float> table(16);
  for (size_t i = 0; i < table.size(); ++i)
    table[i] = float(i) * 1.5f;
  std::vector<int32_t> rows(64);
  for (size_t i = 0; i < rows.size(); ++i)
    rows[i] = int32_t(i % 16);
  rows[5] = 100000; // UB byte 400000: outside the 248 KiB Unified Buffer
  std::vector<float> out(64, 0.0f);
  ::ascreg::interp::Arg args[] = {
      ::ascreg::interp::Arg::buffer(table.data(), table.size()),
      ::ascreg::interp::Arg::buffer(rows.data(), rows.size()),
      ::ascreg::interp::Arg::buffer(out.data(), out.size()),
  };
  std::optional<driver::RunMode> path = driver::parseRunMode(oob);
  if (path && *path != driver::RunMode::Check) {
    bool jit = *path == driver::RunMode::Jit;
    auto kernel = driver::PreparedKernel::prepare(fn, *path, {});
    if (failed(kernel))
      return 1;
    if (jit)
      llvm::outs() << "jit: running gather_rows\n";
    if (succeeded(kernel->run(*path, args))) {
      llvm::outs() << (jit ? "unexpected: the JIT accepted the gather outside UB\n"
                           : "unexpected: the interpreter accepted the out-of-range gather\n");
      return 1;
    }
    llvm::outs() << (jit ? "jit" : "interpreter")
                 << ": the run failed with an error at the gather's location\n";
    return 1;
  }
  llvm::errs() << "--oob must be interp or jit\n";
  return 1;
}

} // namespace

int main(int argc, char **argv) {
  llvm::cl::ParseCommandLineOptions(argc, argv, "ascreg frontend embedding example\n");

  DialectRegistry registry;
  ::ascreg::registerAllDialects(registry);
  MLIRContext ctx(registry);
  ctx.loadAllAvailableDialects();
  ScopedDiagnosticHandler handler(&ctx, reportDiagnostic);

  KernelBuilder kb(&ctx);
  OwningOpRef<ModuleOp> module = kb.newModule();
  kb.buildArgmax(*module);
  kb.buildGatherRows(*module);
  if (failed(verify(*module))) {
    llvm::errs() << "the built kernel does not verify\n";
    return 1;
  }

  if (printIR || printVector || printLowered) {
    if (printIR)
      printModule(*module);
    if (printVector && failed(lowerAndPrint(*module, [](OpPassManager &pm) {
          pm.addPass(ar::createConvertAscRegToVectorPass());
        })))
      return 1;
    if (printLowered && failed(lowerAndPrint(*module, [](OpPassManager &pm) {
          ar::buildLowerToLLVMPipeline(pm, ar::LowerToLLVMOptions());
        })))
      return 1;
    return 0;
  }
  if (!oob.empty())
    return runOutOfRangeGather(*module);

  // Lower the kernel the way the JIT will (a clone; the original stays ascreg).
  {
    OwningOpRef<ModuleOp> lowered = cast<ModuleOp>((*module)->clone());
    PassManager pm(&ctx);
    ar::buildLowerToLLVMPipeline(pm, ar::LowerToLLVMOptions());
    if (failed(pm.run(*lowered)))
      return 1;
    llvm::outs() << "built, verified and lowered (ascreg-lower-to-llvm) the kernel @argmax\n";
  }
  return runArgmax(ctx, *module);
}
