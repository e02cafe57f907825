//===- RuntimeChecks.h - runtime checks in lowered kernels -------*- C++ -*-===//
//
// The lowerings that make a kernel run on the host (convert-ascreg-to-vector,
// ascreg-expose-ub) guard UB accesses, gather indices, allocations and loop
// steps with runtime checks. A failed check stops the kernel in one of two
// ways:
//   - assert: `cf.assert` with "<op> at <file:line:col>: <what>" (the process
//     aborts; for stand-alone runs such as mlir-runner);
//   - report: a call of `__ascreg_runtime_error(kind, site, v0, v1, v2, v3)`,
//     which the host that runs the kernel provides and which does not
//     return (the JIT reports a diagnostic at the op's location and unwinds
//     to its caller). `site` indexes the module attribute
//     `ascreg.runtime_check_sites`, a list of [op name, op location].
// The error kinds and their messages are the interpreter's
// (ascreg/Semantics/RuntimeError.h).
//
//===----------------------------------------------------------------------===//
#ifndef ASCREG_CONVERSION_RUNTIMECHECKS_H
#define ASCREG_CONVERSION_RUNTIMECHECKS_H

#include "ascreg/Dialect/AscReg/IR/AscRegDialect.h"
#include "ascreg/Semantics/RuntimeError.h"
#include "ascreg/Support/LLVM.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/Support/CommandLine.h"

namespace ascreg {

enum class CheckFailureAction { Assert, Report };

/// The spellings of CheckFailureAction in pass and pipeline options
/// (`check-failure=assert|report`).
inline llvm::cl::ValuesClass checkFailureActionValues() {
  return llvm::cl::values(
      clEnumValN(CheckFailureAction::Assert, "assert", "cf.assert: the process aborts"),
      clEnumValN(CheckFailureAction::Report, "report",
                 "call __ascreg_runtime_error, which the host provides"));
}

/// The callee of the report action.
inline constexpr llvm::StringLiteral kRuntimeErrorFunction = "__ascreg_runtime_error";
/// Module attribute: the check sites, each [op name, location].
inline constexpr llvm::StringLiteral kCheckSitesAttr =
    AscRegDialect::getRuntimeCheckSitesAttrName();
/// Function attribute of a kernel whose Unified Buffer is explicit
/// (ascreg-expose-ub): the index of its UB arena argument; the UB state
/// argument follows it.
inline constexpr llvm::StringLiteral kUBArgumentAttr = AscRegDialect::getUBArgumentAttrName();
/// Function attribute of a loop's proof (ProvenAccessLoops.cpp), which
/// reads no UB: ascreg-expose-ub leaves it and the calls to it alone.
inline constexpr llvm::StringLiteral kLoopProofAttr = AscRegDialect::getLoopProofAttrName();
/// The LLVM function attribute of a loop's proof: the JIT's module
/// optimizer skips it (optnone) and then lets the code generator optimize
/// it (the attribute removed).
inline constexpr llvm::StringLiteral kLoopProofLLVMAttr = "ascreg-loop-proof";

/// Emits runtime checks for one pass run over a module.
class RuntimeChecker {
public:
  RuntimeChecker(ModuleOp module, bool enabled, CheckFailureAction action);
  /// Writes the new check sites to the module attribute.
  ~RuntimeChecker();

  bool enabled() const { return on; }
  /// At the builder's insertion point: unless `ok` (i1) holds, the kernel
  /// stops with `kind` and up to four integer or index `values` (the
  /// RuntimeError's), reported at `op`.
  void require(OpBuilder &b, Operation *op, Value ok, semantics::RuntimeErrorKind kind,
               ArrayRef<Value> values = {});

  /// Register accesses whose checks hold in every iteration of their loop
  /// when `proof` (i1, computed once before the loop; ProvenAccessLoops.cpp)
  /// holds: their lowering runs the checks only when it does not.
  void markProvenWhen(Operation *op, Value proof) { proofs[op] = proof; }
  /// The proof of a proven access, or null.
  Value proofOf(Operation *op) const { return proofs.lookup(op); }
  /// Proven stores whose writes are recorded in the UB state once before
  /// their loop when their proof holds: their lowering records a write only
  /// when it does not.
  void markWriteNoted(Operation *op) { writeNoted.insert(op); }
  bool isWriteNoted(Operation *op) const { return writeNoted.contains(op); }

private:
  ModuleOp module;
  bool on;
  CheckFailureAction action;
  SmallVector<Attribute> sites;
  llvm::DenseMap<Operation *, Value> proofs;
  llvm::DenseSet<Operation *> writeNoted;
};

/// The UB arena and UB state arguments of the kernel that contains `op`, if
/// its Unified Buffer is explicit.
struct UBArena {
  Value arena; // memref<?xi8>: UB address 0 at its aligned pointer
  Value state; // memref<4xindex>: [allocation top, written begin, written end, unused]
};
std::optional<UBArena> getUBArena(Operation *op);
/// The UB address (index) of element 0 of `buffer`, a memref inside the arena.
Value ubAddressOf(OpBuilder &b, Location loc, const UBArena &ub, Value buffer);
/// The UB capacity (index): the size of the arena.
Value ubCapacityOf(OpBuilder &b, Location loc, const UBArena &ub);
/// lo <= v <= hi (signed; i1). The two compares are created in that order
/// (not as arguments of one call, whose order C++ leaves to the compiler).
Value signedWithin(OpBuilder &b, Location loc, Value v, Value lo, Value hi);
/// -limit <= v <= limit for index values: bounds an offset before it is
/// scaled, so that the scaled address cannot wrap.
Value indexWithin(OpBuilder &b, Location loc, Value v, Value limit);
/// Records a write of [addr, addr + bytes) (index values) in the UB state.
void noteUBWrite(OpBuilder &b, Location loc, const UBArena &ub, Value addr, Value bytes);

} // namespace ascreg

#endif // ASCREG_CONVERSION_RUNTIMECHECKS_H
