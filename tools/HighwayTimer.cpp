//===- HighwayTimer.cpp - skip libhwy's timer calibration at load -*- C++ -*-===//
//
// Debian's libhwy.so (1.0.x) measures the resolution of its benchmark timer
// in a static initializer (for hwy::Measure, nanobenchmark.h), through its
// PLT: 5 ms of CPU time at every process start, a third of a cached
// `ascreg-run --mode=jit` run of the static build (docs/architecture.md,
// "Dependencies and why"). ascreg uses Highway's SIMD dispatch only, never
// its benchmark timer, so every tool (add_ascreg_tool) defines the function
// and the dynamic loader binds libhwy's call to this definition. Only an
// executable can do this: a static library's object would not be linked
// (nothing in the program refers to it).
//
//===----------------------------------------------------------------------===//
#include <hwy/nanobenchmark.h>

namespace hwy {
namespace platform {
/// The ticks between two back-to-back timer reads: one, instead of the
/// measured value (hwy::Measure, the only user, is not used by ascreg).
uint64_t TimerResolution() { return 1; }
} // namespace platform
} // namespace hwy
