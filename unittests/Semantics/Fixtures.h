//===- Fixtures.h - The parameterised fixtures of the semantics tests -----===//
//
// Two shapes recur: a hand-computed case run once on each implementation
// (a table of ref:: or simd:: entry points with a `name`), and a SIMD ==
// reference comparison run once per compiled Highway target.
//
//===----------------------------------------------------------------------===//
#ifndef ASCREG_UNITTESTS_SEMANTICS_FIXTURES_H
#define ASCREG_UNITTESTS_SEMANTICS_FIXTURES_H

#include "ascreg/Semantics/SimdTargets.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <string>

namespace ascreg {
namespace semantics {
namespace test {

/// A test run once per implementation table Impl (kRef, kSimd): `I` is the
/// table of this run.
template <class Impl> class EachImpl : public ::testing::TestWithParam<const Impl *> {
protected:
  const Impl &I = *this->GetParam();
};

/// gtest's name of an implementation parameter: the table's `name`.
struct ImplName {
  template <class Impl>
  std::string operator()(const ::testing::TestParamInfo<const Impl *> &info) const {
    return info.param->name;
  }
};

/// A test run once per compiled SIMD target, forced for its duration.
class EachTarget : public ::testing::TestWithParam<int64_t> {
protected:
  void SetUp() override { simd::forceTarget(GetParam()); }
  void TearDown() override { simd::forceTarget(0); }
};

/// gtest's name of a target parameter: Highway's name of the target.
inline std::string targetParamName(const ::testing::TestParamInfo<int64_t> &info) {
  return simd::targetNameOf(info.param);
}

/// Every target this CPU runs, one instantiation each.
inline auto everyTarget() { return ::testing::ValuesIn(simd::availableTargets()); }

} // namespace test
} // namespace semantics
} // namespace ascreg

#endif // ASCREG_UNITTESTS_SEMANTICS_FIXTURES_H
