// `ascreg-probe ingest -o` follows the output-file rule (issue 25, items 3
// and 12; docs/hardening.md "Output files"): the profile is written
// atomically (a failed write keeps the old file), a write error is a
// message and exit 2 (it was "LLVM ERROR: IO failure"), -o naming a result
// file it reads is refused, and a point given twice is ingested once.
// RUN: rm -rf %t && mkdir -p %t/res
// RUN: ascreg-probe emit all -o %t/probes > /dev/null
// Every result as the documented candidate computes it (expected.json).
// RUN: %python -c "import json,sys; e=json.load(open(sys.argv[1]))['points']; [open(sys.argv[2]+'/'+k+'.bin','wb').write(bytes.fromhex(v['candidates'][v['documented']])) for k,v in e.items()]" %t/probes/expected.json %t/res

// A point given twice is listed once.
// RUN: ascreg-probe ingest %t/res --points=sum.rounding,sum.rounding -o %t/one.json | FileCheck %s --check-prefix=TWICE
// TWICE: sum.rounding = {{.*}} (documented)
// TWICE-NOT: sum.rounding =
// TWICE: wrote {{.*}}one.json: 1 of 1 points matched a candidate

// -o naming a result file it reads: refused, the result kept.
// RUN: cp %t/res/sum.rounding.bin %t/sum.orig
// RUN: not ascreg-probe ingest %t/res -o %t/res/sum.rounding.bin | FileCheck %s --check-prefix=INPUT
// INPUT: ingest: error: -o {{.*}}sum.rounding.bin names the input file of the result file of probe 'sum.rounding' ('{{.*}}sum.rounding.bin'); outputs never overwrite an input: write to another file; no profile written
// RUN: cmp %t/res/sum.rounding.bin %t/sum.orig

// A full device (through a link): an error and exit 2, not a crash.
// RUN: ln -s /dev/full %t/full.json
// RUN: not ascreg-probe ingest %t/res -o %t/full.json 2>&1 | FileCheck %s --check-prefix=FULL
// FULL: ingest: error: cannot write '{{.*}}full.json': No space left on device
// FULL-NOT: LLVM ERROR

// Under a 1 KiB file size limit the profile does not fit: the good profile
// written before is kept whole (a 1,000-byte part of the new one replaced
// it), and no temporary file is left.
// RUN: ascreg-probe ingest %t/res -o %t/profile.json > /dev/null
// RUN: cp %t/profile.json %t/profile.good
// RUN: (ulimit -f 1; not ascreg-probe ingest %t/res -o %t/profile.json 2>&1) | FileCheck %s --check-prefix=FSIZE
// FSIZE: ingest: error: cannot write '{{.*}}profile.json': File too large
// RUN: cmp %t/profile.json %t/profile.good
// RUN: ls -a %t | FileCheck %s --check-prefix=NOTEMP
// NOTEMP-NOT: .tmp-
