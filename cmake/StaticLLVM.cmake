# ASCREG_STATIC_LLVM: ascreg-run linked against Debian's static MLIR and LLVM
# libraries instead of libMLIR.so/libLLVM.so (README, "Fast start"). Loading
# the two shared libraries costs about 20 ms of CPU time per process (the
# dynamic loader's symbol lookups for their ~47,000 symbol relocations), more
# than a cached JIT run does; a static executable resolves them at link time.
#
# Opt-in: one link of ascreg-run then takes ~1.4 GB and a few seconds with
# ld.lld (required: it resolves the ~650 archives in any order), and the C++
# importer and pass plugins, which link the shared libraries, cannot share
# the executable's copy of MLIR (CMakeLists.txt leaves the importer out;
# ascreg-run rejects --load-pass-plugin). Only ascreg-run links statically:
# add_ascreg_library drops MLIR/LLVM from the link interface of a consumer
# whose ASCREG_STATIC_LLVM property is set.

find_program(ASCREG_LLD NAMES ld.lld ld.lld-${LLVM_VERSION_MAJOR}
  HINTS ${LLVM_TOOLS_BINARY_DIR})
if(NOT ASCREG_LLD)
  message(FATAL_ERROR "ASCREG_STATIC_LLVM needs ld.lld (Debian package lld or lld-${LLVM_VERSION_MAJOR})")
endif()

# Links `target` against every static MLIR and LLVM library but the C API
# and the test libraries; the linker takes the members the program uses.
function(ascreg_link_static_llvm target)
  file(GLOB archives ${LLVM_LIBRARY_DIR}/libMLIR*.a ${LLVM_LIBRARY_DIR}/libLLVM*.a)
  list(FILTER archives EXCLUDE REGEX "/libMLIR(CAPI|Test|MlirOptMain)[^/]*\\.a$")
  if(NOT archives)
    message(FATAL_ERROR "ASCREG_STATIC_LLVM: no static MLIR/LLVM libraries in ${LLVM_LIBRARY_DIR}")
  endif()
  # What the static LLVM support library needs from the system (the shared
  # libLLVM.so links them itself).
  find_library(ASCREG_ZSTD NAMES zstd libzstd.so.1 REQUIRED)
  set_target_properties(${target} PROPERTIES ASCREG_STATIC_LLVM ON)
  target_link_libraries(${target} PRIVATE ${archives} z ${ASCREG_ZSTD} tinfo pthread)
  # Position-dependent: no relative relocations to apply at start. The C++
  # runtime is linked in too: binding the executable's references to
  # libstdc++.so and libgcc_s.so cost ~6,600 symbol lookups and ~160 page
  # faults per start (about 2-3 ms of a 25 ms cached JIT run). libhwy.so
  # still loads libstdc++.so (and with it libgcc_s.so) for its own few uses,
  # so the JIT still finds libgcc's helpers in the process.
  # Without the DWARF of Debian's archives (11 MB, never loaded at run
  # time): with it valgrind cannot read the executable ("Possibly corrupted
  # debuginfo file"), so the start could not be profiled with callgrind.
  target_link_options(${target} PRIVATE -fuse-ld=lld -no-pie LINKER:--gc-sections
    -static-libstdc++ -static-libgcc LINKER:--strip-debug)
  target_compile_definitions(${target} PRIVATE ASCREG_STATIC_LLVM=1)
endfunction()
