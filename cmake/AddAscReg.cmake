# CIRCT-style wrappers: every ascreg library and tool is created through these
# so that it is installed and exported to AscRegTargets in one place.
#
# All MLIR-dependent code links the monolithic libMLIR.so (target `MLIR`):
# fast links on small machines and a single copy of MLIR's globals, which the
# mlir-opt plugin relies on (mlir22-notes 4.2 items 10-11).

set(ASCREG_EXPORT AscRegTargets)

function(add_ascreg_library name)
  cmake_parse_arguments(ARG "" "" "SOURCES;DEPENDS;LINK_PUBLIC;LINK_PRIVATE" ${ARGN})
  if(ASCREG_STATIC_LLVM)
    # A program linked with ascreg_link_static_llvm (cmake/StaticLLVM.cmake)
    # gets the static libraries instead of libMLIR.so/libLLVM.so.
    foreach(list ARG_LINK_PUBLIC ARG_LINK_PRIVATE)
      list(TRANSFORM ${list} REPLACE "^(MLIR|LLVM)$"
        "$<$<NOT:$<BOOL:$<TARGET_PROPERTY:ASCREG_STATIC_LLVM>>>:\\1>")
    endforeach()
  endif()
  add_library(${name} STATIC ${ARG_SOURCES} ${ARG_UNPARSED_ARGUMENTS})
  set_target_properties(${name} PROPERTIES POSITION_INDEPENDENT_CODE ON)
  if(ARG_DEPENDS)
    add_dependencies(${name} ${ARG_DEPENDS})
  endif()
  target_link_libraries(${name} PUBLIC ${ARG_LINK_PUBLIC} PRIVATE ${ARG_LINK_PRIVATE})
  if(ASCREG_SANITIZE_FLAG)
    # Instrumented code needs the sanitizer runtime in every program that
    # links it, also downstream (the flag is exported with the target).
    target_link_options(${name} INTERFACE ${ASCREG_SANITIZE_FLAG})
  endif()
  target_include_directories(${name} PUBLIC
    $<BUILD_INTERFACE:${ASCREG_SOURCE_DIR}/include>
    $<BUILD_INTERFACE:${ASCREG_BINARY_DIR}/include>
    $<INSTALL_INTERFACE:include>)
  install(TARGETS ${name} EXPORT ${ASCREG_EXPORT}
    ARCHIVE DESTINATION lib LIBRARY DESTINATION lib)
endfunction()

# Every tool defines hwy::platform::TimerResolution (tools/HighwayTimer.cpp):
# libhwy.so calibrates that timer, which ascreg never uses, at every start.
function(add_ascreg_tool name)
  add_executable(${name} ${ARGN} ${ASCREG_SOURCE_DIR}/tools/HighwayTimer.cpp)
  set_target_properties(${name} PROPERTIES RUNTIME_OUTPUT_DIRECTORY ${ASCREG_TOOLS_DIR})
  # Installed tools find libMLIR.so/libLLVM.so where they were linked from
  # (/usr/lib/llvm-22/lib is not on the loader path).
  set_target_properties(${name} PROPERTIES INSTALL_RPATH_USE_LINK_PATH ON)
  install(TARGETS ${name} EXPORT ${ASCREG_EXPORT} RUNTIME DESTINATION bin)
endfunction()

# The enums and attributes of dialect `dialect` from ${prefix}Attrs.td, as
# the public target MLIR${prefix}AttrsIncGen: add_mlir_dialect generates ops,
# types and the dialect; enums and attributes need their own tablegen calls
# in MLIR 22 (mlir22-notes 1.1). A macro, so the tablegen outputs and
# LLVM_COMMON_DEPENDS accumulate in the caller's scope as if written there.
macro(add_ascreg_dialect_attrs prefix dialect)
  set(LLVM_TARGET_DEFINITIONS ${prefix}Attrs.td)
  mlir_tablegen(${prefix}Enums.h.inc -gen-enum-decls)
  mlir_tablegen(${prefix}Enums.cpp.inc -gen-enum-defs)
  mlir_tablegen(${prefix}Attrs.h.inc -gen-attrdef-decls -attrdefs-dialect=${dialect})
  mlir_tablegen(${prefix}Attrs.cpp.inc -gen-attrdef-defs -attrdefs-dialect=${dialect})
  add_public_tablegen_target(MLIR${prefix}AttrsIncGen)
endmacro()
