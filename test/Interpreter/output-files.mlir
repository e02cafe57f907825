// The output-file rule (docs/hardening.md, "Output files";
// ascreg/Support/OutputFile.h) for the files ascreg-run (--report, --out) and
// ascreg-opt (-o) write: a symbolic link stays a link and its target is
// written, a FIFO is written in place, a regular file is replaced
// atomically, and a write error (a full device, a file size limit) is a
// message and exit 1, never a crash. Device nodes: output-files-devnode.mlir.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/../Inputs/mknpy.py %t/src.npy f4 "[float(i % 7) for i in range(64)]"
// RUN: %python %S/../Inputs/mknpy.py %t/dst.npy f4 "[0] * 64"
// DEFINE: %{run} = ascreg-run %ascreg_src_root/examples/conformance/reduce_max_f32_f32.mlir --arg=%t/src.npy --arg=%t/dst.npy --arg=i32:10 --arg=index:1
// The max of i % 7 over lanes 0-9 is 6 (lane 0), won by lane 6 (lane 1
// holds the index bits); the other lanes are zeros.
// RUN: %python %S/../Inputs/mknpy.py %t/want.npy f4 "[6.0, struct.unpack('<f', struct.pack('<I', 6))[0]] + [0.0] * 62"

// Symbolic links: the link stays, the file it points to is written.
// RUN: echo old > %t/real.html && ln -s real.html %t/link.html
// RUN: echo old > %t/real.npy && ln -s real.npy %t/link.npy
// RUN: %{run} --report=%t/link.html --out=1:%t/link.npy
// RUN: test -L %t/link.html && test -L %t/link.npy
// RUN: FileCheck %s --check-prefix=PAGE < %t/real.html
// PAGE: <!DOCTYPE html>
// RUN: cmp %t/real.npy %t/want.npy
// A link to nothing is refused before the run.
// RUN: ln -s nowhere.html %t/dangling.html
// RUN: not %{run} --report=%t/dangling.html 2>&1 | FileCheck %s --check-prefix=DANGLING
// DANGLING: ascreg-run: error: cannot write '{{.*}}dangling.html': it is a symbolic link to a file that does not exist
// RUN: not test -e %t/nowhere.html

// A loop of links is an error too.
// RUN: ln -s loop1 %t/loop2 && ln -s loop2 %t/loop1
// RUN: not %{run} --report=%t/loop1 2>&1 | FileCheck %s --check-prefix=LOOP
// LOOP: ascreg-run: error: cannot write '{{.*}}loop1': Too many levels of symbolic links
// A 255-byte name: the temporary file's name must fit as well.
// RUN: %{run} --report=%t/$(printf 'a%%.0s' {1..250}).html
// RUN: ls %t | grep -c '^a*[.]html$' | FileCheck %s --check-prefix=LONG
// LONG: 1

// A FIFO with a reader is written in place (it stays a FIFO).
// RUN: mkfifo %t/fifo.html
// RUN: { timeout 60 cat %t/fifo.html > %t/fifo.out & } ; %{run} --report=%t/fifo.html && wait
// RUN: test -p %t/fifo.html
// RUN: FileCheck %s --check-prefix=PAGE < %t/fifo.out

// A standard stream is written through its descriptor, wherever it is
// redirected: here after the line already in the log. (Resolved to the log
// and renamed over it, the line was lost; before the rule, as root, a
// temporary file was renamed over the machine's /dev/stdout: never run this
// line with an ascreg older than the rule.)
// RUN: echo first > %t/log
// RUN: %{run} --report=/dev/stdout >> %t/log
// RUN: FileCheck %s --check-prefix=LOG < %t/log
// LOG: first
// LOG-NEXT: <!DOCTYPE html>

// A full device (/dev/full through a link: nothing of the machine's is
// touched if the link were replaced) is an error, not a crash.
// RUN: ln -s /dev/full %t/full.html
// RUN: not %{run} --report=%t/full.html 2>&1 | FileCheck %s --check-prefix=FULL
// FULL: ascreg-run: error: cannot write '{{.*}}full.html': No space left on device
// FULL-NOT: LLVM ERROR
// RUN: test -L %t/full.html

// Under a file size limit (bash's ulimit -f, in KiB; SIGXFSZ at its default
// action, which once ended the process with LLVM's crash banner) the page
// does not fit: an error, and the old file is kept.
// RUN: echo old > %t/limited.html
// RUN: (ulimit -f 8; not %{run} --report=%t/limited.html 2>&1) | FileCheck %s --check-prefix=FSIZE
// FSIZE: ascreg-run: error: cannot write '{{.*}}limited.html': File too large
// FSIZE-NOT: Stack dump
// RUN: echo old | cmp - %t/limited.html
// RUN: ls -a %t | FileCheck %s --check-prefix=NOTEMP
// NOTEMP-NOT: .tmp-

// ascreg-opt -o: a failed run leaves the old file (it was truncated, then
// removed), a full device is an error, the output never replaces the input.
// RUN: echo old > %t/opt.mlir
// RUN: echo 'func.func @f() { "bad.op"() : () -> () }' > %t/bad.mlir
// RUN: not ascreg-opt %t/bad.mlir -o %t/opt.mlir 2>&1
// RUN: echo old | cmp - %t/opt.mlir
// RUN: echo 'func.func @f() { return }' > %t/good.mlir
// RUN: not ascreg-opt %t/good.mlir -o %t/full.html 2>&1 | FileCheck %s --check-prefix=OPTFULL
// OPTFULL: ascreg-opt: error: cannot write '{{.*}}full.html': No space left on device
// OPTFULL-NOT: LLVM ERROR
// RUN: cp %t/good.mlir %t/good.orig
// RUN: not ascreg-opt %t/good.mlir -o %t/good.mlir 2>&1 | FileCheck %s --check-prefix=OPTSELF
// OPTSELF: ascreg-opt: error: -o {{.*}}good.mlir names the input file of ascreg-opt; outputs never overwrite an input
// RUN: cmp %t/good.mlir %t/good.orig
// RUN: ln -s opt.mlir %t/opt-link.mlir && ascreg-opt %t/good.mlir -o %t/opt-link.mlir
// RUN: test -L %t/opt-link.mlir && FileCheck %s --check-prefix=OPTOUT < %t/opt.mlir
// OPTOUT: func.func @f()
