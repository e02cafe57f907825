//===- Interrupt.h - Ctrl-C stops a kernel run ------------------*- C++ -*-===//
//
// A run from Python's main thread releases the GIL, so Python's SIGINT
// handler (KeyboardInterrupt) cannot run until the run ends. An
// InterruptScope makes a run stoppable: while it lives, SIGINT first reaches
// a handler of ours that sets the run's cancel flag (the interpreter polls it
// at every step) and unwinds a JIT run out of its compiled code
// (jit::interruptCurrentRun), then calls Python's own C handler, which
// records the signal. After the run, with the GIL held, `raiseIfInterrupted`
// runs Python's handler: KeyboardInterrupt in the caller.
//
// Only runs of the main thread with Python's default SIGINT handler are
// stopped this way: a program that installed its own handler (or ignores
// SIGINT) keeps it, and its handler runs after the run as before.
//
//===----------------------------------------------------------------------===//
#ifndef ASCREG_PYTHON_INTERRUPT_H
#define ASCREG_PYTHON_INTERRUPT_H

#include <atomic>
#include <csignal>

namespace ascreg_python {

class InterruptScope {
public:
  /// With the GIL held, before the run. `cancel` is the flag the run's
  /// interpreter polls (interp::Options::cancel); a scope that installs
  /// the handler clears it here and when it ends.
  explicit InterruptScope(std::atomic<bool> &cancel);
  /// Restores Python's handler (with the GIL held).
  ~InterruptScope();
  InterruptScope(const InterruptScope &) = delete;
  InterruptScope &operator=(const InterruptScope &) = delete;

  /// With the GIL held, after the run: if SIGINT arrived during it, runs
  /// Python's signal handlers and throws the exception they raise
  /// (py::error_already_set; KeyboardInterrupt by default).
  void raiseIfInterrupted();

private:
  std::atomic<bool> &cancel;
  bool installed = false;
  struct sigaction previous{};
};

} // namespace ascreg_python

#endif // ASCREG_PYTHON_INTERRUPT_H
