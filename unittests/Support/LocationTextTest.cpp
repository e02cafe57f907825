//===- LocationTextTest.cpp - a source location as text --------------------===//
#include "ascreg/Support/LocationText.h"

#include "mlir/IR/MLIRContext.h"

#include <gtest/gtest.h>

using namespace mlir;

namespace {

struct LocationText : ::testing::Test {
  MLIRContext ctx;
  Location at(StringRef file, unsigned line, unsigned col) {
    return FileLineColLoc::get(&ctx, file, line, col);
  }
};

TEST_F(LocationText, AFilePositionIsFileLineColumn) {
  EXPECT_EQ(ascreg::locationText(at("/src/k.mlir", 12, 5)), "/src/k.mlir:12:5");
}

TEST_F(LocationText, TheBaseNameFormDropsTheDirectories) {
  EXPECT_EQ(ascreg::locationText(at("/src/dir/k.mlir", 3, 1), /*fileBaseName=*/true), "k.mlir:3:1");
}

TEST_F(LocationText, ANamedLocationIsItsChildsPosition) {
  Location named = NameLoc::get(StringAttr::get(&ctx, "acc"), at("k.mlir", 7, 9));
  EXPECT_EQ(ascreg::locationText(named), "k.mlir:7:9");
}

TEST_F(LocationText, ACallSiteIsTheCalleesPosition) {
  Location site = CallSiteLoc::get(at("callee.mlir", 2, 3), at("caller.mlir", 40, 1));
  EXPECT_EQ(ascreg::locationText(site), "callee.mlir:2:3");
}

TEST_F(LocationText, AFusedLocationIsItsFirstPartsPosition) {
  Location fused = FusedLoc::get(&ctx, {at("a.mlir", 1, 2), at("b.mlir", 3, 4)});
  EXPECT_EQ(ascreg::locationText(fused), "a.mlir:1:2");
}

TEST_F(LocationText, AnUnknownLocationPrintsInItsMLIRForm) {
  EXPECT_EQ(ascreg::locationText(UnknownLoc::get(&ctx)), "loc(unknown)");
}

} // namespace
