//===- RunMode.cpp - which executor a run uses ------------------*- C++ -*-===//
#include "ascreg/Driver/RunMode.h"

#include "llvm/ADT/StringSwitch.h"

namespace ascreg {
namespace driver {

llvm::StringRef runModeName(RunMode mode) {
  switch (mode) {
  case RunMode::Interp:
    return "interp";
  case RunMode::Jit:
    return "jit";
  case RunMode::Check:
    return "check";
  }
  return "interp";
}

std::optional<RunMode> parseRunMode(llvm::StringRef name) {
  return llvm::StringSwitch<std::optional<RunMode>>(name)
      .Case("interp", RunMode::Interp)
      .Case("jit", RunMode::Jit)
      .Case("check", RunMode::Check)
      .Default(std::nullopt);
}

} // namespace driver
} // namespace ascreg
