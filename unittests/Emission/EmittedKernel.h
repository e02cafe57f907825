//===- EmittedKernel.h - calling emitted Ascend C kernels -------*- C++ -*-===//
//
// A uniform entry point for the kernels that ascreg-translate emitted and
// the host compiled (one namespace per kernel): pointer parameters take the
// buffers in order, the other parameters the scalars (raw bits, low bytes).
//
//===----------------------------------------------------------------------===//
#ifndef ASCREG_UNITTESTS_EMISSION_EMITTEDKERNEL_H
#define ASCREG_UNITTESTS_EMISSION_EMITTEDKERNEL_H

#include "ascreg/Semantics/Profile.h"
#include "ascreg/Semantics/UnifiedBuffer.h"

#include <cstdint>
#include <cstring>
#include <functional>
#include <string>
#include <tuple>
#include <type_traits>
#include <vector>

namespace ascreg_emission {

using Invoker = std::function<void(void *const *buffers, const uint64_t *scalars)>;

struct Entry {
  std::string name;
  Invoker invoke;
};

template <class A>
A argFrom(void *const *buffers, const uint64_t *scalars, size_t &bi, size_t &si) {
  if constexpr (std::is_pointer_v<A>) {
    return static_cast<A>(buffers[bi++]);
  } else {
    A v;
    uint64_t bits = scalars[si++];
    std::memcpy(&v, &bits, sizeof(A));
    return v;
  }
}

template <class... A> Invoker makeInvoker(void (*fn)(A...)) {
  return [fn](void *const *buffers, const uint64_t *scalars) {
    size_t bi = 0, si = 0;
    // Braced initialisation evaluates left to right.
    std::tuple<A...> args{argFrom<A>(buffers, scalars, bi, si)...};
    std::apply(fn, args);
  };
}

void registerKernels1(std::vector<Entry> &);
void registerKernels2(std::vector<Entry> &);
void registerKernels3(std::vector<Entry> &);
/// Every emitted kernel, by conformance kernel name.
std::vector<Entry> allKernels();
/// The Unified Buffer the host intrinsics check accesses against (null: none).
void setCurrentUB(ascreg::semantics::UnifiedBuffer *ub);
/// The semantic profile the host intrinsics run the next kernel call with
/// (ascreg_host::profile(); an emitted entry then sets its own CTRL state).
void setHostProfile(const ascreg::semantics::Profile &profile);

} // namespace ascreg_emission

#endif
