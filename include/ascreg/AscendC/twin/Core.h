//===- Core.h - the host twin's qualifiers, errors and call hook -*- C++ -*-===//
//
// What every header of the Reg API host twin (docs/regapi.md) shares:
//   - the vendor's qualifiers: HostIntrinsics.h defines __ubuf__, __gm__,
//     __simd_vf__, __simd_callee__ and __aicore__ as nothing; this header
//     adds __global__, __vector__ and __VEC_SCOPE__. Under clang,
//     __simd_vf__ carries the annotation "ascreg.vf", __simd_callee__
//     "ascreg.callee" (the importer inlines its calls) and __VEC_SCOPE__ opens
//     `if constexpr (ascreg::twin::kVecScope)`, so a Clang AST walker (the
//     importer) finds vector functions and vector scopes without names;
//   - ASCREG_OP("op attrs..."): the annotation naming the ascreg op of a
//     declaration (the one table of the API; format in docs/regapi.md);
//   - the located error that stops a run (`fail`), at the user's
//     file:line:col from a std::source_location default argument;
//   - the per-call hook (`callHook`), called with the call's name and the
//     user's location before every API call does anything: the point where
//     a trace recorder attaches;
//   - ASCREG_TWIN_UNSUPPORTED(Name): a call the twin does not support
//     compiles to a static_assert naming it.
//
//===----------------------------------------------------------------------===//
#ifndef ASCREG_ASCENDC_TWIN_CORE_H
#define ASCREG_ASCENDC_TWIN_CORE_H

#if __cplusplus < 202002L
#error "the ascreg host twin needs C++20 (std::source_location); ascreg-cc passes -std=c++20"
#endif

#include "ascreg/AscendC/HostIntrinsics.h"

#include <cstdio>
#include <cstdlib>
#include <source_location>
#include <string>

#if defined(__clang__)
#define ASCREG_OP(SPEC) [[clang::annotate("ascreg.op=" SPEC)]]
#undef __simd_vf__
#define __simd_vf__ __attribute__((annotate("ascreg.vf")))
#undef __simd_callee__
#define __simd_callee__ __attribute__((annotate("ascreg.callee")))
#else
// g++ warns about attributes of a namespace it does not know.
#define ASCREG_OP(SPEC)
#endif

#define __VEC_SCOPE__ if constexpr (::ascreg::twin::kVecScope)

namespace ascreg {
namespace twin {

namespace S = ::ascreg::semantics;

/// The condition of every __VEC_SCOPE__ block.
inline constexpr bool kVecScope = true;

/// The location of the user's call (a default argument of every API call).
using Loc = std::source_location;

/// Called at the start of every API call with its name and the user's
/// location (none by default).
using CallHook = void (*)(const char *call, const Loc &loc);
inline CallHook &callHook() {
  static CallHook hook = nullptr;
  return hook;
}
inline void enter(const char *call, const Loc &loc) {
  if (CallHook h = callHook())
    h(call, loc);
}

/// Reports `message` of `call` at the user's location and ends the run with
/// exit status 1 (stdout is flushed: what the program printed stays).
[[noreturn]] inline void fail(const Loc &loc, const char *call, const std::string &message) {
  std::fflush(stdout);
  std::fprintf(stderr, "%s:%u:%u: error: %s: %s\n", loc.file_name(), unsigned(loc.line()),
               unsigned(loc.column()), call, message.c_str());
  std::exit(1);
}

/// False for every instantiation: the condition of the static_assert of an
/// unsupported call, dependent so that only a call fires it.
template <class...> inline constexpr bool kUnsupported = false;

} // namespace twin
} // namespace ascreg

/// Declares `Name` as a call the twin does not support: any call of it (with
/// leading explicit type or value template arguments, as the vendor's
/// templates take them) fails to compile naming it.
#define ASCREG_TWIN_UNSUPPORTED(Name)                                                              \
  template <typename ascregT = DefaultType, auto... ascregV, typename... ascregA>                  \
  ASCREG_OP("unsupported")                                                                         \
  void Name(ascregA &&...) {                                                                       \
    static_assert(::ascreg::twin::kUnsupported<ascregT, ascregA...>,                               \
                  #Name " is not supported by the ascreg host twin yet");                          \
  }                                                                                                \
  template <auto ascregP, auto... ascregV, typename... ascregA>                                    \
  ASCREG_OP("unsupported")                                                                         \
  void Name(ascregA &&...) {                                                                       \
    static_assert(::ascreg::twin::kUnsupported<ascregA...>,                                        \
                  #Name " is not supported by the ascreg host twin yet");                          \
  }                                                                                                \
  template <typename ascregT, typename ascregU, auto... ascregV, typename... ascregA>              \
  ASCREG_OP("unsupported")                                                                         \
  void Name(ascregA &&...) {                                                                       \
    static_assert(::ascreg::twin::kUnsupported<ascregT, ascregU, ascregA...>,                      \
                  #Name " is not supported by the ascreg host twin yet");                          \
  }                                                                                                \
  template <auto ascregP, typename ascregT, auto... ascregV, typename... ascregA>                  \
  ASCREG_OP("unsupported")                                                                         \
  void Name(ascregA &&...) {                                                                       \
    static_assert(::ascreg::twin::kUnsupported<ascregT, ascregA...>,                               \
                  #Name " is not supported by the ascreg host twin yet");                          \
  }

#endif // ASCREG_ASCENDC_TWIN_CORE_H
