//===- Superinstructions.h - common loops as one instruction ----*- C++ -*-===//
//
// In plain runs (no trace, checks or provenance: Compiler's `fuse`) an
// scf.for whose body is one of the common straight-line shapes, e.g.
//
//   load_align; update_mask; reduce; store_align; latch
//
// runs as one instruction: its first body instruction gets a handler that
// runs the whole loop, calling each body payload's `run` directly (inlined)
// instead of through the dispatch loop. The instructions stay in place with
// their payloads: they report their own errors, the latch counts the steps,
// and Machine::executed counts them as if dispatched one by one, so a fused
// loop does exactly what its instructions do.
//
// Where a loop's accesses step with its induction variable, the fused
// handler first works out how many iterations cannot fail: every access
// inside UB and aligned from the first to the last of them, no step the
// step limit or a cancel would stop. Those run without the per-iteration
// checks (the mask of a full register and the store's mask decided once);
// the rest, and every loop that does not qualify, run checked.
//
//===----------------------------------------------------------------------===//
#ifndef ASCREG_LIB_INTERPRETER_SUPERINSTRUCTIONS_H
#define ASCREG_LIB_INTERPRETER_SUPERINSTRUCTIONS_H

#include <cstdint>

namespace ascreg {
namespace interp {

class Machine;

/// Makes the loop whose body is m.code[body, latch) and whose latch is
/// m.code[latch] one instruction if its body has a fused shape. Returns
/// whether it did.
bool fuseLoop(Machine &m, uint32_t body, uint32_t latch);

} // namespace interp
} // namespace ascreg

#endif // ASCREG_LIB_INTERPRETER_SUPERINSTRUCTIONS_H
