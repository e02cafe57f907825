//===- Runner.h - runKernel's state, shared by its files --------*- C++ -*-===//
//
// Run.cpp: loading, binding, the modes, outputs; Explain.cpp: --explain and
// --bisect-pipeline, which read the same state.
//
//===----------------------------------------------------------------------===//
#ifndef ASCREG_LIB_DRIVER_RUNNER_H
#define ASCREG_LIB_DRIVER_RUNNER_H

#include "ascreg/Driver/Arguments.h"
#include "ascreg/Driver/Bisect.h"
#include "ascreg/Driver/Run.h"
#include "ascreg/Driver/Session.h"
#include "ascreg/Interpreter/Debugging.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"

namespace ascreg {
namespace driver {

struct Runner {
  const RunRequest &req;
  llvm::raw_ostream &out, &err;
  Session session;
  mlir::OwningOpRef<mlir::ModuleOp> module;
  mlir::func::FuncOp fn;
  std::string entry; // req.entry, or the one function imported from C++
  std::vector<BoundArgument> bound;

  Runner(const RunRequest &req, llvm::raw_ostream &out, llvm::raw_ostream &err);

  /// Prints "ascreg-run: error: MSG" and returns the exit code 1.
  int fail(const llvm::Twine &msg);

  int run();

  // Explain.cpp
  /// Parses an --explain spec "I:E[,E|E-F...]".
  mlir::LogicalResult parseExplain(llvm::StringRef spec, interp::ExplainRequest &request);
  /// Prints "explain: parameter I element E = V (0x..)" and the provenance.
  void printExplanations(const std::vector<BoundArgument> &set,
                         llvm::ArrayRef<interp::Explanation> explained,
                         llvm::StringRef indent = "");
  /// --bisect-pipeline: exit 1 when a pass changes the results.
  int runBisect(const std::vector<interp::ExplainRequest> &explains, const BisectOptions &options);
  mlir::LogicalResult writeBisectReport(const BisectResult &result, const BisectOptions &options);
};

} // namespace driver
} // namespace ascreg

#endif // ASCREG_LIB_DRIVER_RUNNER_H
