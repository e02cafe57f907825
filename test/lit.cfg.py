# -*- Python -*-
import os
import sys

import lit.formats
from lit.llvm import llvm_config
from lit.llvm.subst import ToolSubst

config.name = "ASCREG"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".mlir"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.ascreg_obj_root, "test")
config.excludes = ["CMakeLists.txt", "README.md", "lit.cfg.py", "lit.site.cfg.py", "Inputs"]

config.substitutions.append(("%python", sys.executable))
config.substitutions.append(("%PATH%", config.environment["PATH"]))
config.substitutions.append(("%shlibext", ".so"))
config.substitutions.append(("%ascreg_src_root", config.ascreg_src_root))
config.substitutions.append(("%ascreg_libs", config.ascreg_lib_dir))
# The mlir-opt dialect + pass plugin (tools/ascreg-plugin, a MODULE in build/lib).
config.substitutions.append(
    ("%ascreg_plugin", os.path.join(config.ascreg_lib_dir, "AscRegPlugin.so")))
config.substitutions.append(
    ("%ascreg_test_passes", os.path.join(config.ascreg_lib_dir, "AscRegTestPasses.so")))
# Out of tree these are ours to define (upstream defines them in mlir/test).
config.substitutions.append(
    ("%mlir_runner_utils", os.path.join(config.llvm_lib_dir, "libmlir_runner_utils.so")))
config.substitutions.append(
    ("%mlir_c_runner_utils", os.path.join(config.llvm_lib_dir, "libmlir_c_runner_utils.so")))

# The harness scripts run ascreg-run through `ascreg-run --serve`
# (test/Inputs/ascreg_serve.py: one process start for many runs);
# ASCREG_SERVE=0 makes them start a process per run, as before.
if "ASCREG_SERVE" in os.environ:
    config.environment["ASCREG_SERVE"] = os.environ["ASCREG_SERVE"]

# The importer's precompiled twin header (docs/import.md): one per build
# tree, built by the first test that imports a kernel (lit passes no $HOME).
# ASCREG_IMPORT_CACHE=off runs every import without it.
config.environment["ASCREG_IMPORT_CACHE"] = os.environ.get(
    "ASCREG_IMPORT_CACHE", os.path.join(config.ascreg_obj_root, "test", "import-cache"))
# The imported-module cache (docs/import.md) likewise: a kernel imported by
# several tests, or again by the next run, is parsed once.
# ASCREG_IMPORT_MODULE_CACHE=off imports every time.
config.environment["ASCREG_IMPORT_MODULE_CACHE"] = os.environ.get(
    "ASCREG_IMPORT_MODULE_CACHE",
    os.path.join(config.ascreg_obj_root, "test", "import-module-cache"))

# Long runs: ASCREG_LONG_TESTS=1 (or lit --param ascreg_long=1) gives the
# tests that draw random cases their full counts; the default run (CI, whose
# budget is 30 minutes) draws fewer cases of every kernel, type and path.
long_tests = lit_config.params.get("ascreg_long",
                                   os.environ.get("ASCREG_LONG_TESTS", "0")) == "1"
if long_tests:
    config.available_features.add("long-tests")
accept_seed_cases, accept_example_cases = (20, 10) if long_tests else (6, 4)
# (the _x2 form first: substitutions apply in order and one is a prefix)
config.substitutions.append(("%accept_seed_cases_x2", str(2 * accept_seed_cases)))
config.substitutions.append(("%accept_seed_cases", str(accept_seed_cases)))
config.substitutions.append(("%accept_example_cases", str(accept_example_cases)))
# The Reg API examples against numpy and three paths (RegAPI/examples.test),
# and the seeds of the twin's conformance run (RegAPI/twin-conformance.test;
# the first seed also replays every trace).
config.substitutions.append(("%regapi_example_cases", "10" if long_tests else "4"))
config.substitutions.append(("%twin_seeds", "2" if long_tests else "1"))
# Random cases per kernel of conformance lit tests (test/Inputs/conformance.py
# picks the value profile and the count kind from the case number). Default:
# the integer reduce and reduce_data_block kernels, the gathers and gather_reg
# draw 8 (each of the 8 integer profiles, 8 of the 10 count kinds, gather's
# full-range u16 indices of case 5; the float gathers, bit copies, the first 8
# float profiles, NaN payloads included), pair_reduce_sum 16 (each of the 16
# float profiles and 10 count kinds). Long runs draw the former full counts.
# Longer names first: substitutions apply in order and one is a prefix.
for name, (default, full) in (("%conformance_cases_pair", (16, 40)),
                              ("%conformance_cases_reg", (8, 20)),
                              ("%conformance_cases", (8, 16))):
    config.substitutions.append((name, str(full if long_tests else default)))

# Tests that make device nodes of their own (mknod) need root.
if hasattr(os, "geteuid") and os.geteuid() == 0:
    config.available_features.add("root")

llvm_config.use_default_substitutions()
llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)

tool_dirs = [config.ascreg_tools_dir, config.llvm_tools_dir]
tools = ["ascreg-opt", "ascreg-run", "ascreg-translate", "ascreg-probe", "mlir-runner"]
# In a sanitizer build AscRegPlugin.so is instrumented but the stock mlir-opt
# is not: it runs with the sanitizer runtime preloaded (scripts/sanitize.sh).
if config.ascreg_sanitizer_preload:
    tools.append(ToolSubst("mlir-opt", command="env LD_PRELOAD=%s %s" % (
        config.ascreg_sanitizer_preload, os.path.join(config.llvm_tools_dir, "mlir-opt"))))
else:
    tools.append("mlir-opt")
llvm_config.with_system_environment(["LSAN_OPTIONS"])
tools += ["ascreg-lsp-server", "ascreg-capi-test", "ascreg-capi-scalar-test", "ascreg-capi-import-test", "ascreg-capi-inplace-test", "ascreg-frontend-example", "ascreg-cc"]
llvm_config.add_tool_substitutions(tools, tool_dirs)
# Tests of the C++ importer's front doors (docs/import.md) outside
# test/Import: only when this build has the importer.
if os.path.exists(os.path.join(config.ascreg_tools_dir, "ascreg-import")):
    config.available_features.add("importer")
