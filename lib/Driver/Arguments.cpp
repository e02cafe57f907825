//===- Arguments.cpp - a kernel's arguments: specs, .npy, dtypes -*- C++ -*-===//
#include "ascreg/Driver/Arguments.h"

#include "ascreg/Dialect/AscReg/IR/AscRegTypes.h"
#include "ascreg/Driver/Scalar.h"

#include "mlir/IR/BuiltinTypes.h"
#include "llvm/Support/FormatVariadic.h"

using namespace mlir;

namespace ascreg {
namespace driver {

llvm::SmallVector<ElementKind, 2> acceptedElementKinds(Type elem) {
  if (!elem.isIntOrFloat() ||
      !llvm::is_contained({8u, 16u, 32u, 64u}, elem.getIntOrFloatBitWidth()))
    return {};
  unsigned bytes = elem.getIntOrFloatBitWidth() / 8;
  if (elem.isBF16())
    return {{'u', 2}};
  if (isa<FloatType>(elem))
    return {{'f', bytes}};
  auto it = cast<IntegerType>(elem);
  if (it.isSigned())
    return {{'i', bytes}};
  if (it.isUnsigned())
    return {{'u', bytes}};
  return {{'i', bytes}, {'u', bytes}};
}

bool acceptsElements(Type elem, ElementKind kind) {
  return llvm::any_of(acceptedElementKinds(elem),
                      [&](ElementKind k) { return k.kind == kind.kind && k.bytes == kind.bytes; });
}

std::string acceptedNpyDtypes(Type elem) {
  std::string out;
  for (ElementKind k : acceptedElementKinds(elem)) {
    if (!out.empty())
      out += " or ";
    out.push_back(k.bytes == 1 ? '|' : '<');
    out.push_back(k.kind);
    out.append(std::to_string(k.bytes));
  }
  if (elem.isBF16())
    out += " (bf16 bits)";
  return out;
}

llvm::Expected<std::vector<BoundArgument>> bindArgumentSpecs(func::FuncOp fn,
                                                             ArrayRef<std::string> specs) {
  unsigned numParams = fn.getNumArguments();
  if (specs.size() != numParams) {
    std::string sig;
    llvm::raw_string_ostream os(sig);
    llvm::interleaveComma(fn.getArgumentTypes(), os);
    return llvm::createStringError(llvm::formatv("@{0} takes {1} parameters ({2}), got {3} --arg",
                                                 fn.getSymName(), numParams, sig, specs.size()));
  }
  std::vector<BoundArgument> bound(numParams);
  for (unsigned i = 0; i < numParams; ++i) {
    Type t = fn.getArgumentTypes()[i];
    StringRef spec = specs[i];
    // FILE.npy:uninit marks a buffer whose contents are not defined on entry.
    bool uninit = spec.consume_back(":uninit");
    if (uninit && !isa<MemRefType>(t))
      return llvm::createStringError(
          llvm::formatv("--arg {0}: ':uninit' marks a buffer, but parameter {0} is the "
                        "scalar {1}",
                        i, t));
    bound[i].uninitialized = uninit;
    if (auto mt = dyn_cast<MemRefType>(t)) {
      // (Before anything reads the type's shape: memref<f32> has no dimension 0.)
      if (failed(ubBufferParameterElementBytes(fn.getArgument(i))))
        return llvm::createStringError("");
      if (!spec.ends_with(".npy"))
        return llvm::createStringError(llvm::formatv(
            "--arg {0} is '{1}' but parameter {0} is {2}; pass a .npy file", i, spec, t));
      auto arr = readNpy(spec);
      if (!arr)
        return arr.takeError();
      if (!acceptsElements(mt.getElementType(), {arr->kind, arr->itemBytes}))
        return llvm::createStringError(
            llvm::formatv("--arg {0}: '{1}' has dtype {2} but parameter {0} is {3}, "
                          "which takes {4}",
                          i, spec, arr->descr(), t, acceptedNpyDtypes(mt.getElementType())));
      if (!mt.isDynamicDim(0) && static_cast<uint64_t>(mt.getDimSize(0)) != arr->numElements())
        return llvm::createStringError(
            llvm::formatv("--arg {0}: '{1}' has {2} elements but parameter {0} is {3}", i, spec,
                          arr->numElements(), t));
      bound[i].isBuffer = true;
      bound[i].npy = std::move(*arr);
      continue;
    }
    if (spec.ends_with(".npy"))
      return llvm::createStringError(
          llvm::formatv("--arg {0} is a .npy file but parameter {0} is the scalar {1}", i, t));
    auto [tyName, value] = spec.split(':');
    std::string expect;
    llvm::raw_string_ostream os(expect);
    t.print(os);
    if (tyName != expect)
      return llvm::createStringError(llvm::formatv(
          "--arg {0} is '{1}' but parameter {0} has type {2}; pass {2}:VALUE", i, spec, expect));
    auto bits = parseScalar(t, value);
    if (!bits)
      return llvm::createStringError(
          llvm::formatv("--arg {0}: {1}", i, llvm::toString(bits.takeError())));
    bound[i].bits = *bits;
  }
  return bound;
}

void resetBuffers(std::vector<BoundArgument> &set) {
  for (BoundArgument &b : set)
    if (b.isBuffer)
      b.work = b.npy.data;
}

std::vector<interp::Arg> engineArguments(std::vector<BoundArgument> &set) {
  std::vector<interp::Arg> args;
  for (BoundArgument &b : set) {
    if (!b.isBuffer) {
      args.push_back(interp::Arg::scalar(b.bits));
      continue;
    }
    args.push_back(interp::Arg::buffer(b.work.data(), b.npy.numElements()));
    args.back().uninitialized = b.uninitialized;
    args.back().output = b.output;
  }
  return args;
}

std::vector<std::vector<uint8_t>> workBuffers(const std::vector<BoundArgument> &set) {
  std::vector<std::vector<uint8_t>> out;
  for (const BoundArgument &b : set)
    out.push_back(b.isBuffer ? b.work : std::vector<uint8_t>());
  return out;
}

} // namespace driver
} // namespace ascreg
