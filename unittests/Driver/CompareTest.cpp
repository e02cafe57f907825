//===- CompareTest.cpp - the one NaN rule of path comparisons -------------===//
//
// driver::compareRuns is how ascreg-random-diff compares a path's buffers
// with the interpreter's (and compareCheckRuns, which it extends, how
// ascreg-run --mode=check does): bit for bit, two NaNs equal only where the
// semantics leaves NaN payloads open. Planted differences: two results that
// differ only in a NaN's payload, on an output whose bits the semantics
// fixes (reduce max) and on one it leaves open (reduce sum, the lanes a
// harness names in an integer buffer).
//
//===----------------------------------------------------------------------===//
#include "ascreg/Driver/Compare.h"
#include "ascreg/Driver/Session.h"

#include "mlir/IR/BuiltinTypes.h"

#include "../Common/ConformanceCases.h"

#include <gtest/gtest.h>

#include <cstring>

using namespace ascreg;

namespace {

constexpr uint32_t kQuietNaN = 0x7fc00000, kOtherNaN = 0x7fc00001;

struct Loaded {
  std::unique_ptr<mlir::MLIRContext> ctx;
  mlir::OwningOpRef<mlir::ModuleOp> module;
  mlir::func::FuncOp fn;

  explicit Loaded(const std::string &pathOrText, bool isFile = true) {
    driver::SessionOptions options;
    options.loadAllDialects = true;
    ctx = driver::makeContext(options);
    driver::LoadFailure failure;
    std::string error;
    module = isFile ? driver::parseKernelFile(*ctx, pathOrText, failure, error)
                    : driver::parseKernelText(*ctx, pathOrText, "test", failure);
    if (module)
      fn = module->lookupSymbol<mlir::func::FuncOp>("kernel");
  }
};

std::string conformanceKernel(const char *name) {
  return std::string(conformance::kConformanceDir) + "/" + name + ".mlir";
}

void put32(std::vector<uint8_t> &buffer, uint64_t element, uint32_t bits) {
  std::memcpy(buffer.data() + 4 * element, &bits, 4);
}

/// The conformance reduce kernels' results (src, dst, count, repeat): the
/// same src, dst differing in element `e` only: `interp` vs `other`.
driver::CheckComparison compareDst(const Loaded &k, uint64_t e, uint32_t interp, uint32_t other,
                                   llvm::ArrayRef<driver::OpenNaNLanes> open = {}) {
  std::vector<uint8_t> src(256, 0), x(256, 0), y(256, 0);
  put32(x, e, interp);
  put32(y, e, other);
  std::vector<llvm::ArrayRef<uint8_t>> a = {src, x, {}, {}}, b = {src, y, {}, {}};
  return driver::compareRuns(k.fn, a, b, /*limit=*/4, open);
}

TEST(CompareRuns, NaNPayloadOfReduceMaxIsAMismatch) {
  // reduce max returns its first NaN operand's bits (docs/semantics.md 2.7):
  // a path whose NaN has another payload is wrong.
  Loaded k(conformanceKernel("reduce_max_f32_f32"));
  ASSERT_TRUE(k.fn);
  driver::CheckComparison cmp = compareDst(k, 0, kQuietNaN, kOtherNaN);
  ASSERT_EQ(cmp.count, 1u);
  EXPECT_EQ(cmp.first[0].argument, 1u);
  EXPECT_EQ(cmp.first[0].element, 0u);
  EXPECT_EQ(cmp.first[0].expected, kQuietNaN);
  EXPECT_EQ(cmp.first[0].actual, kOtherNaN);
}

TEST(CompareRuns, NaNPayloadOfReduceSumIsNoMismatch) {
  // An addition's NaN payload is open (docs/semantics.md section 4).
  Loaded k(conformanceKernel("reduce_sum_f32_f32"));
  ASSERT_TRUE(k.fn);
  EXPECT_EQ(compareDst(k, 0, kQuietNaN, kOtherNaN).count, 0u);
  // Only the payload: a NaN against a number, or two numbers, still differ.
  EXPECT_EQ(compareDst(k, 0, kQuietNaN, 0x3f800000).count, 1u);
  EXPECT_EQ(compareDst(k, 3, 0x3f800000, 0x3f800001).count, 1u);
}

TEST(CompareCheckRuns, EveryElementIsCompared) {
  // The one comparison of check mode and bisection: a difference in the
  // first or the last element of a buffer alone is found, and counted.
  Loaded k(conformanceKernel("reduce_max_f32_f32"));
  ASSERT_TRUE(k.fn);
  for (uint64_t e : {uint64_t(0), uint64_t(63)}) {
    std::vector<uint8_t> src(256, 0), x(256, 0), y(256, 0);
    put32(y, e, 0x3f800000);
    std::vector<llvm::ArrayRef<uint8_t>> a = {src, x, {}, {}}, b = {src, y, {}, {}};
    driver::CheckComparison cmp = driver::compareCheckRuns(k.fn, a, b, /*limit=*/4);
    ASSERT_EQ(cmp.count, 1u) << "element " << e;
    EXPECT_EQ(cmp.first[0].argument, 1u);
    EXPECT_EQ(cmp.first[0].element, e);
    EXPECT_EQ(cmp.first[0].expected, 0u);
    EXPECT_EQ(cmp.first[0].actual, 0x3f800000u);
  }
  // Every element differs: all counted, the first `limit` kept in order.
  std::vector<uint8_t> src(256, 0), x(256, 0), y(256, 0xff);
  std::vector<llvm::ArrayRef<uint8_t>> a = {src, x, {}, {}}, b = {src, y, {}, {}};
  driver::CheckComparison all = driver::compareCheckRuns(k.fn, a, b, /*limit=*/2);
  EXPECT_EQ(all.count, 64u);
  ASSERT_EQ(all.first.size(), 2u);
  EXPECT_EQ(all.first[1].element, 1u);
}

TEST(CompareRuns, NaNPayloadOfAddsIsNoMismatch) {
  // adds is add on the broadcast scalar: its NaN payload is open too (the
  // JIT lowers it to duplicate + add, whose operands may swap).
  Loaded k(conformanceKernel("adds_f32"));
  ASSERT_TRUE(k.fn);
  std::vector<uint8_t> src(256, 0), x(256, 0), y(256, 0);
  put32(x, 8, kQuietNaN);
  put32(y, 8, kOtherNaN);
  std::vector<llvm::ArrayRef<uint8_t>> a(k.fn.getNumArguments()), b(k.fn.getNumArguments());
  a[0] = b[0] = src;
  a[1] = x;
  b[1] = y;
  EXPECT_EQ(driver::compareCheckRuns(k.fn, a, b, /*limit=*/4).count, 0u);
  put32(y, 8, 0x3f800000); // a NaN against a number still differs
  b[1] = y;
  EXPECT_EQ(driver::compareCheckRuns(k.fn, a, b, /*limit=*/4).count, 1u);
}

/// An i64 result buffer whose 512-byte slot 1 holds an f32 register (as
/// ascreg-random-diff's %out does).
const char *kIntegerOut = R"mlir(
module {
  func.func @kernel(%out: memref<?xi64>) {
    return
  }
}
)mlir";

driver::CheckComparison compareOut(const Loaded &k, uint64_t byte, uint32_t interp, uint32_t other,
                                   llvm::ArrayRef<driver::OpenNaNLanes> open) {
  std::vector<uint8_t> x(1024, 0), y(1024, 0);
  std::memcpy(x.data() + byte, &interp, 4);
  std::memcpy(y.data() + byte, &other, 4);
  std::vector<llvm::ArrayRef<uint8_t>> a = {x}, b = {y};
  return driver::compareRuns(k.fn, a, b, /*limit=*/4, open);
}

TEST(CompareRuns, OpenLanesOfAnIntegerBuffer) {
  Loaded k(kIntegerOut, /*isFile=*/false);
  ASSERT_TRUE(k.fn);
  driver::OpenNaNLanes slot1{0, 512, 1024, mlir::Float32Type::get(k.ctx.get())};
  // Both f32 lanes of an i64 word, in the open slot: equal.
  EXPECT_EQ(compareOut(k, 512, kQuietNaN, kOtherNaN, slot1).count, 0u);
  EXPECT_EQ(compareOut(k, 1020, kQuietNaN, kOtherNaN, slot1).count, 0u);
  // The same difference outside the slot is reported (element 63 = bytes
  // 504..511), and so is a NaN against a number inside it.
  driver::CheckComparison outside = compareOut(k, 508, kQuietNaN, kOtherNaN, slot1);
  ASSERT_EQ(outside.count, 1u);
  EXPECT_EQ(outside.first[0].element, 63u);
  EXPECT_EQ(outside.first[0].expected, uint64_t(kQuietNaN) << 32);
  EXPECT_EQ(compareOut(k, 516, kQuietNaN, 0x3f800000, slot1).count, 1u);
  // Without the harness's lanes an integer buffer is compared bit for bit:
  // the driver's own rule opens float buffers only.
  EXPECT_EQ(compareOut(k, 512, kQuietNaN, kOtherNaN, {}).count, 1u);
  // Read as f16 lanes the low halves are the numbers 0x0000 and 0x0001.
  driver::OpenNaNLanes f16{0, 512, 1024, mlir::Float16Type::get(k.ctx.get())};
  EXPECT_EQ(compareOut(k, 512, kQuietNaN, kOtherNaN, f16).count, 1u);
}

} // namespace
