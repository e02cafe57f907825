// RUN: ascreg-opt %s -split-input-file -verify-diagnostics | FileCheck %s

// A module records its semantic profile; the attribute round-trips.
// CHECK: module attributes {ascreg.semantics = "sum.rounding=round_once,maxmin.nan=canonical"}
module attributes {ascreg.semantics = "sum.rounding=round_once,maxmin.nan=canonical"} {
}

// -----

// "documented" is a profile name.
// CHECK: module attributes {ascreg.semantics = "documented"}
module attributes {ascreg.semantics = "documented"} {
}

// -----

// The value must be a string.
// expected-error @below {{'ascreg.semantics' must be a string naming a semantic profile, got 1 : i64}}
module attributes {ascreg.semantics = 1} {
}

// -----

// An unknown candidate is refused with the alternatives.
// expected-error @below {{'ascreg.semantics': 'fast' is not a candidate of 'maxmin.nan'; its candidates are: first_nan canonical}}
module attributes {ascreg.semantics = "maxmin.nan=fast"} {
}
