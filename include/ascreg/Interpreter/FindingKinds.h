//===- FindingKinds.h - the names of a finding's kind and use ---*- C++ -*-===//
//
// A finding of the debugging checks (Debugging.h) is named by one table:
// its kind's check ("init", also interp::checkName), its kind
// ("uninitialized_use") and where tainted data was used ("store"). The
// command line prints the check, the C API (AscregFinding) and the Python
// package (ascreg.debugging.Finding) hand out all three, from this table.
//
//===----------------------------------------------------------------------===//
#ifndef ASCREG_INTERPRETER_FINDINGKINDS_H
#define ASCREG_INTERPRETER_FINDINGKINDS_H

#include "ascreg/Interpreter/Debugging.h"

namespace ascreg {
namespace interp {

/// "uninitialized_use", "out_of_buffer_read", "out_of_buffer_write",
/// "out_of_buffer_index", "outside_ub", "misaligned", "unwritten_output",
/// "ub_footprint".
const char *findingKindName(FindingKind kind);
/// "none", "store", "gather_index", "mask", "branch", "loop_bound", "size",
/// "address".
const char *useKindName(UseKind use);

} // namespace interp
} // namespace ascreg

#endif // ASCREG_INTERPRETER_FINDINGKINDS_H
