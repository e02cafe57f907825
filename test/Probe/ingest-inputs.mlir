// `ascreg-probe ingest` reads each result file up to one byte past the size
// its probe writes: a device put in a result's place (here a zero device
// the test makes, c 1 5) was read until memory ran out; a result that is
// too long says so without reading it all.
// REQUIRES: root
// RUN: rm -rf %t && mkdir -p %t/res
// RUN: ascreg-probe emit all -o %t/probes > /dev/null
// RUN: mknod %t/res/sum.rounding.bin c 1 5
// RUN: not timeout 60 ascreg-probe ingest %t/res --points=sum.rounding -o %t/p.json 2>&1 | FileCheck %s --check-prefix=DEVICE
// DEVICE: sum.rounding.bin: error: more than {{[0-9]+}} bytes, but probe 'sum.rounding' writes
// DEVICE: ingest: no profile written
// RUN: not test -e %t/p.json

// A result one byte short and one too long.
// RUN: rm %t/res/sum.rounding.bin
// RUN: %python -c "import json,sys; e=json.load(open(sys.argv[1]))['points']['sum.rounding']; b=bytes.fromhex(e['candidates'][e['documented']]); open(sys.argv[2],'wb').write(b[:-1]); open(sys.argv[3],'wb').write(b + b'x')" %t/probes/expected.json %t/short.bin %t/long.bin
// RUN: cp %t/short.bin %t/res/sum.rounding.bin
// RUN: not ascreg-probe ingest %t/res --points=sum.rounding -o %t/p.json 2>&1 | FileCheck %s --check-prefix=SHORT
// SHORT: sum.rounding.bin: error: {{[0-9]+}} bytes, but probe 'sum.rounding' writes
// RUN: cp %t/long.bin %t/res/sum.rounding.bin
// RUN: not ascreg-probe ingest %t/res --points=sum.rounding -o %t/p.json 2>&1 | FileCheck %s --check-prefix=LONG
// LONG: sum.rounding.bin: error: more than {{[0-9]+}} bytes, but probe 'sum.rounding' writes
