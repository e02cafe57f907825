"""Shared set-up of the ascreg Python tests (run by ctest: ascreg-python)."""
import os
import sys

import pytest
from hypothesis import settings, HealthCheck

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
CONFORMANCE = os.path.join(ROOT, "examples", "conformance")
EXAMPLES = os.path.join(ROOT, "examples")
INPUTS = os.path.join(ROOT, "test", "Inputs")

# The project's independent golden model (test/Inputs/golden.py) and the
# conformance case generator (test/Inputs/conformance.py): standard library only.
sys.dont_write_bytecode = True
if INPUTS not in sys.path:
    sys.path.insert(0, INPUTS)

pytest_plugins = ["ascreg.testing"]

# Reproducible in CI: no example database, derandomized, no per-example deadline
# (the machine is shared), a bounded number of examples.
settings.register_profile("ascreg-ci", database=None, derandomize=True, deadline=None,
                          max_examples=60, print_blob=False,
                          suppress_health_check=[HealthCheck.too_slow,
                                                 HealthCheck.data_too_large])
settings.load_profile(os.environ.get("ASCREG_HYPOTHESIS_PROFILE", "ascreg-ci"))


@pytest.fixture(scope="session")
def root():
    return ROOT


@pytest.fixture(scope="session")
def conformance_dir():
    return CONFORMANCE


@pytest.fixture(scope="session")
def tools_dir():
    """Directory of ascreg-run (set by ctest; else build/bin of the source tree)."""
    return os.environ.get("ASCREG_TOOLS_DIR", os.path.join(ROOT, "build", "bin"))
