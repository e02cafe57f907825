//===- Serve.h - ascreg-run --serve ------------------------------*- C++ -*-===//
#ifndef ASCREG_TOOLS_ASCREG_RUN_SERVE_H
#define ASCREG_TOOLS_ASCREG_RUN_SERVE_H

namespace ascreg::run {

/// Serves runs read from stdin, one JSON request a line, each in a child
/// that calls `runMain` as a fresh process would call main (Serve.cpp).
/// Returns at the end of the input.
int serveRuns(int (*runMain)(int, char **));

} // namespace ascreg::run

#endif // ASCREG_TOOLS_ASCREG_RUN_SERVE_H
