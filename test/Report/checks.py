"""The bookkeeping the report tests share: check() counts and prints a failed check,
caught() runs a planted bug and says whether the checks saw it (its failures are not
counted), finish() prints the verdict and exits 1 on any failure."""
import sys

failures = 0


def check(cond, what):
    """Counts and prints a failure when `cond` is false; returns `cond`."""
    global failures
    if not cond:
        failures += 1
        print("FAIL:", what)
    return cond


def caught(run):
    """Runs `run` (the checks of a planted bug): True when one of its checks failed.
    Those failures are expected and not counted."""
    global failures
    before = failures
    run()
    seen = failures > before
    failures = before
    return seen


def finish():
    """PASSED, or FAILED with the count; the exit status says the same."""
    print("FAILED (%d)" % failures if failures else "PASSED")
    sys.exit(1 if failures else 0)
