// ascreg-probe's usage errors and ingest's located errors: a clear message
// and a non-zero exit, never a crash.

// An unknown point names the known ones.
// RUN: not ascreg-probe emit no.such_point -o %t.unused 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// UNKNOWN: ascreg-probe: unknown point 'no.such_point'; the points are: sum.rounding add.nan

// emit needs an output directory.
// RUN: not ascreg-probe emit all 2>&1 | FileCheck %s --check-prefix=NOOUT
// NOOUT: ascreg-probe: emit needs -o DIR

// An unknown command or option prints the usage.
// RUN: not ascreg-probe frobnicate 2>&1 | FileCheck %s --check-prefix=CMD
// CMD: ascreg-probe: unknown command 'frobnicate'
// CMD: usage:
// RUN: not ascreg-probe list --frob 2>&1 | FileCheck %s --check-prefix=OPT
// OPT: ascreg-probe: unknown option '--frob'

// ingest of a directory without result files: every missing file is named,
// and no profile is written.
// RUN: rm -rf %t.empty %t.json && mkdir -p %t.empty
// RUN: not ascreg-probe ingest %t.empty -o %t.json 2>&1 | FileCheck %s --check-prefix=MISSING -DDIR=%t.empty
// RUN: not test -e %t.json
// MISSING: [[DIR]]/sum.rounding.bin: error: cannot read the result of probe 'sum.rounding'
// MISSING: [[DIR]]/ctrl.float_mode.bin: error: cannot read the result of probe 'ctrl.float_mode'
// MISSING: ingest: no profile written

// A result file of the wrong size (here one point only, --points).
// RUN: printf 'abc' > %t.empty/add.nan.bin
// RUN: not ascreg-probe ingest %t.empty --points=add.nan -o %t.json 2>&1 | FileCheck %s --check-prefix=SIZE -DDIR=%t.empty
// SIZE: [[DIR]]/add.nan.bin: error: 3 bytes, but probe 'add.nan' writes 512

// build.sh stops with a clear message when the CANN environment or bisheng
// is missing (this machine has neither).
// RUN: rm -rf %t.emit && ascreg-probe emit sum.rounding -o %t.emit
// RUN: not env -u ASCEND_HOME_PATH sh %t.emit/build.sh 2>&1 | FileCheck %s --check-prefix=NOCANN
// NOCANN: ASCEND_HOME_PATH: not set: source the CANN set_env.sh first
// RUN: mkdir -p %t.cann && not env ASCEND_HOME_PATH=%t.cann PATH=/usr/bin:/bin sh %t.emit/build.sh 2>&1 | FileCheck %s --check-prefix=NOBISHENG
// NOBISHENG: build.sh: bisheng not found
