//===- LimitFilter.h - parse limits in front of MLIR's LSP driver -*- C++ -*-===//
//
// MLIR 22's LSP driver (MlirLspServerMain) reads JSON-RPC from stdin and
// parses every opened or changed document itself, with no hook before its
// parser; a document beyond ascreg's parse limits (ParseLimits.h) would kill
// the server on every keystroke. The filter sits on the process's stdin and
// stdout: a thread reads the client's messages and hands the driver, through
// a pipe on fd 0, each document that passes the limits and, in place of one
// that does not, a blank document of the same lines; a second thread passes
// the driver's output (a pipe on fd 1) to the client, replacing the (empty)
// diagnostics published for a blanked version with the located limit error.
// A message nested beyond the JSON limit is dropped (logged on stderr).
//
//===----------------------------------------------------------------------===//
#ifndef ASCREG_LSP_SERVER_LIMITFILTER_H
#define ASCREG_LSP_SERVER_LIMITFILTER_H

#include "mlir/Support/LLVM.h"

namespace ascreg::lsp {

/// Puts the filter between the process's stdin / stdout and whatever reads
/// fd 0 and writes fd 1 from now on (MlirLspServerMain). `argv` says how the
/// client frames messages (-lit-test, -input-style=delimited). The filter
/// drains the driver's output when the process exits (also by exit(), e.g.
/// after --help).
mlir::LogicalResult startLimitFilter(int argc, char **argv);

} // namespace ascreg::lsp

#endif // ASCREG_LSP_SERVER_LIMITFILTER_H
