//===- ParseLimitsTest.cpp - the scans of ParseLimits.h ---------*- C++ -*-===//
//
// What each scan counts and where it stops, against offsets written out by
// hand; the crashes the limits prevent are the lit and Python tests'.
//
//===----------------------------------------------------------------------===//
#include "ascreg/Support/ParseLimits.h"

#include "gtest/gtest.h"

#include <string>

using namespace ascreg;

namespace {

/// The offset of the violation in `text`, or -1.
long violationAt(const std::string &text) {
  auto v = findParseLimitViolation(text);
  return v ? long(v->offset) : -1;
}

std::string rep(const std::string &s, unsigned n) {
  std::string r;
  for (unsigned i = 0; i < n; ++i)
    r += s;
  return r;
}

TEST(ParseLimits, AffineOperatorsCountUpToTheLimit) {
  const std::string head = "#m = affine_map<(d0) -> ("; // 25 bytes
  EXPECT_EQ(violationAt(head + rep("-", 256) + "d0)>"), -1);
  EXPECT_EQ(violationAt(head + rep("-", 257) + "d0)>"), 25 + 256);
  // + - * floordiv ceildiv mod all count; the keyword at its first letter.
  EXPECT_EQ(violationAt(head + rep("d0 * 2 + ", 128) + "d0 mod 2)>"), 25 + 128 * 9 + 3);
  EXPECT_EQ(violationAt(head + rep("d0 floordiv 2 ceildiv 2 ", 128) + "mod 2)>"), 25 + 128 * 24);
}

TEST(ParseLimits, AffineOperatorsCountOverEnclosingParentheses) {
  const std::string head = "#m = affine_map<(d0) -> ("; // 25 bytes
  // 200 outside, 56 inside: 256 pending at most.
  EXPECT_EQ(violationAt(head + rep("d0 + ", 200) + "(" + rep("d0 + ", 56) + "d0))>"), -1);
  // A closed parenthesis gives its operators back; the chain outside goes on.
  EXPECT_EQ(violationAt(head + rep("d0 + ", 200) + "(" + rep("d0 + ", 56) + "d0) + " +
                        rep("d0 + ", 55) + "d0)>"),
            -1);
  EXPECT_EQ(violationAt(head + rep("d0 + ", 200) + "(" + rep("d0 + ", 57) + "d0))>"),
            25 + 1000 + 1 + 56 * 5 + 3);
}

TEST(ParseLimits, TokensOutsideAffineExpressionsEndARun) {
  // Commas, colons, `=`, `->`, other brackets, strings and aliases end an
  // expression; a float's exponent sign is not an operator.
  std::string elements;
  for (unsigned i = 0; i < 1000; ++i)
    elements += (i ? ", " : "") + std::string("-1.5e-3");
  EXPECT_EQ(violationAt("%c = arith.constant dense<[" + elements + "]> : tensor<1000xf32>"), -1);
  EXPECT_EQ(violationAt(rep("%x = arith.constant -1 : i32\n", 1000)), -1);
  EXPECT_EQ(violationAt(rep("func.func @f-g() -> () ", 300)), -1);
  EXPECT_EQ(violationAt(rep("- \"s\" ", 300)), -1);
  // Comments are blank to the lexer: they do not end a run.
  EXPECT_EQ(violationAt(rep("- // c\n", 257)), 256 * 7);
}

TEST(ParseLimits, BracketsResultNumbersAndMetadata) {
  EXPECT_EQ(violationAt(rep("[", 256)), -1);
  EXPECT_EQ(violationAt(rep("[", 257)), 256);
  // `<=` and `>=` are not brackets; `->` does not close one.
  EXPECT_EQ(violationAt(rep("d0 <= 5, ", 300)), -1);
  EXPECT_EQ(violationAt(rep("<", 200) + rep("->", 100) + rep("<", 56)), -1);
  EXPECT_EQ(violationAt("  %v#65536"), 2);
  EXPECT_EQ(violationAt("  %v#65535 \"%v#99999999\" // %v#99999999"), -1);
  // The strings of `{-# ... #-}` are pipelines (a reproducer's).
  const std::string deep = rep("any(", 257);
  EXPECT_EQ(violationAt("{-# p: \"" + deep + "\" #-}"), 8 + 256 * 4 + 3);
  EXPECT_EQ(violationAt("{-# #-} x = \"" + deep + "\""), -1);
}

TEST(ParseLimits, PipelinesAndJson) {
  EXPECT_FALSE(findPipelineLimitViolation(rep("any(", 256)));
  auto p = findPipelineLimitViolation("a{b=" + rep("func.func(", 256));
  ASSERT_TRUE(p);
  EXPECT_EQ(p->offset, 4 + 255 * 10 + 9);
  std::string error;
  EXPECT_TRUE(failed(checkPipelineLimits(rep("(", 257), error)));
  EXPECT_NE(error.find("at character 257"), std::string::npos) << error;
  EXPECT_FALSE(findJsonLimitViolation("{\"a\": \"" + rep("[", 300) + "\"}"));
  auto j = findJsonLimitViolation("{\"a\\\"[\": " + rep("[", 256) + "}");
  ASSERT_TRUE(j);
  EXPECT_EQ(j->offset, 9 + 255);
  EXPECT_EQ(lineAndColumn("ab\ncd", 4), std::make_pair(2u, 2u));
}

} // namespace
