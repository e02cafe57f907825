//===- Interrupt.cpp - Ctrl-C stops a kernel run ----------------*- C++ -*-===//
#include "Interrupt.h"

#include "ascreg/JIT/JitKernel.h"

#include <pybind11/pybind11.h>

#include <pthread.h>

namespace py = pybind11;

namespace ascreg_python {
namespace {

/// The cancel flag of the main thread's run in progress, if any.
std::atomic<std::atomic<bool> *> activeCancel{nullptr};
/// Python's SIGINT handler, chained to; written only while none of ours is
/// installed.
struct sigaction pythonHandler;
pthread_t mainThread;

extern "C" void ascregPythonSigint(int sig, siginfo_t *info, void *context) {
  std::atomic<bool> *cancel = activeCancel.load();
  if (cancel)
    cancel->store(true);
  // Python records the signal; its Python-level handler runs after the run.
  if (pythonHandler.sa_flags & SA_SIGINFO)
    pythonHandler.sa_sigaction(sig, info, context);
  else if (pythonHandler.sa_handler != SIG_DFL && pythonHandler.sa_handler != SIG_IGN)
    pythonHandler.sa_handler(sig);
  if (!cancel)
    return;
  if (!pthread_equal(pthread_self(), mainThread)) {
    // The run is on the main thread: a JIT run unwinds only from there.
    pthread_kill(mainThread, sig);
    return;
  }
  ::ascreg::jit::interruptCurrentRun();
}

/// Whether SIGINT raises KeyboardInterrupt in this (the main) thread.
bool defaultHandlerOnMainThread() {
  static py::object *threading = new py::object(py::module_::import("threading"));
  // The C module: signal.getsignal raises and catches a ValueError per call.
  static py::object *signal = new py::object(py::module_::import("_signal"));
  py::object ident = threading->attr("main_thread")().attr("ident");
  if (ident.is_none() || ident.cast<unsigned long>() != PyThread_get_thread_ident())
    return false;
  py::object handler = signal->attr("getsignal")(SIGINT);
  return handler.is(signal->attr("default_int_handler"));
}

} // namespace

InterruptScope::InterruptScope(std::atomic<bool> &cancel) : cancel(cancel) {
  if (activeCancel.load() || !defaultHandlerOnMainThread())
    return;
  struct sigaction current;
  if (sigaction(SIGINT, nullptr, &current) != 0)
    return;
  bool isFunction = (current.sa_flags & SA_SIGINFO) ||
                    (current.sa_handler != SIG_DFL && current.sa_handler != SIG_IGN);
  if (!isFunction)
    return;
  pythonHandler = current;
  previous = current;
  mainThread = pthread_self();
  cancel.store(false);
  activeCancel.store(&cancel);
  struct sigaction ours = {};
  ours.sa_sigaction = ascregPythonSigint;
  ours.sa_flags = SA_SIGINFO | (current.sa_flags & (SA_ONSTACK | SA_RESTART));
  sigemptyset(&ours.sa_mask);
  if (sigaction(SIGINT, &ours, nullptr) != 0) {
    activeCancel.store(nullptr);
    return;
  }
  installed = true;
}

InterruptScope::~InterruptScope() {
  if (!installed)
    return;
  // Restored only if nobody replaced ours meanwhile (signal.signal in
  // another thread).
  struct sigaction current;
  if (sigaction(SIGINT, nullptr, &current) == 0 && (current.sa_flags & SA_SIGINFO) &&
      current.sa_sigaction == ascregPythonSigint)
    sigaction(SIGINT, &previous, nullptr);
  activeCancel.store(nullptr);
  cancel.store(false);
}

void InterruptScope::raiseIfInterrupted() {
  if (!installed || !cancel.load())
    return;
  if (PyErr_CheckSignals() != 0)
    throw py::error_already_set();
  PyErr_SetNone(PyExc_KeyboardInterrupt);
  throw py::error_already_set();
}

} // namespace ascreg_python
