// RUN: ascreg-opt %s -split-input-file -verify-diagnostics | FileCheck %s

// A module records its semantic profile as a typed attribute, parsed once;
// it prints the non-documented choices in table order, whatever the order
// written.
// CHECK: module attributes {ascreg.semantics = #ascreg.profile<sum.rounding = round_once, maxmin.nan = canonical>}
module attributes {ascreg.semantics = #ascreg.profile<maxmin.nan = canonical, sum.rounding = round_once>} {
}

// -----

// "documented" names the documented profile; writing a documented candidate
// is the same attribute.
// CHECK: module attributes {ascreg.semantics = #ascreg.profile<documented>}
// CHECK: func.func @f() attributes {ascreg.semantics = #ascreg.profile<documented>}
module attributes {ascreg.semantics = #ascreg.profile<documented>} {
  func.func @f() attributes {ascreg.semantics = #ascreg.profile<sum.rounding = per_node>} {
    return
  }
}

// -----

// The legacy string spelling is still accepted (and kept as written until a
// lowering types it, normalizeProfileRecords).
// CHECK: module attributes {ascreg.semantics = "sum.rounding=round_once,maxmin.nan=canonical"}
module attributes {ascreg.semantics = "sum.rounding=round_once,maxmin.nan=canonical"} {
}

// -----

// CHECK: module attributes {ascreg.semantics = "documented"}
module attributes {ascreg.semantics = "documented"} {
}

// -----

// The value must be a profile.
// expected-error @below {{'ascreg.semantics' must be a #ascreg.profile<...> attribute (or a string naming a semantic profile), got 1 : i64}}
module attributes {ascreg.semantics = 1} {
}

// -----

// An unknown candidate is refused with the alternatives, in both forms.
// expected-error @below {{'ascreg.semantics': 'fast' is not a candidate of 'maxmin.nan'; its candidates are: first_nan canonical}}
module attributes {ascreg.semantics = "maxmin.nan=fast"} {
}

// -----

// expected-error @below {{'#ascreg.profile': 'fast' is not a candidate of 'maxmin.nan'; its candidates are: first_nan canonical}}
module attributes {ascreg.semantics = #ascreg.profile<maxmin.nan = fast>} {
}

// -----

// expected-error @below {{'#ascreg.profile': unknown semantic point 'max.nan'}}
module attributes {ascreg.semantics = #ascreg.profile<max.nan = canonical>} {
}

// -----

// expected-error @below {{'#ascreg.profile': the semantic point 'sum.rounding' is given twice}}
module attributes {ascreg.semantics = #ascreg.profile<sum.rounding = round_once, sum.rounding = per_node>} {
}

// -----

// expected-error @below {{expected '='}}
module attributes {ascreg.semantics = #ascreg.profile<sum.rounding>} {
}
