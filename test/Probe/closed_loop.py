#!/usr/bin/python3
"""The ascreg-probe closed loop without an NPU (docs/probes.md).

The emitted probe programs are compiled on the host (build-host.sh: the host
intrinsics and the host acl/acl.h stand in for the vendor's), then run with
ASCREG_HOST_PROFILE set to each non-documented candidate of each point, to
the documented profile, and to all non-documented candidates at once: the
host stands in for an NPU of that profile. `ascreg-probe ingest` must
recover exactly that profile: the chosen candidate for the point, the
documented one for every other point. The host runs the emitted C++ on the
semantics library, the expected bits come from the interpreter on the
ascreg kernel: two separate paths.

Then the failure cases: a result with one flipped bit matches no candidate
(exit 1, reported with its observed bits, left out of "choices"); a missing
and a wrong-size result file are located errors (exit 2, nothing written).
"""
import argparse
import json
import os
import shutil
import subprocess
import sys


def run(cmd, env=None, check=True):
    r = subprocess.run(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if check and r.returncode != 0:
        sys.exit("FAILED (exit %d): %s\n%s" % (r.returncode, " ".join(cmd), r.stdout))
    return r


failures = []


def expect(cond, what):
    if not cond:
        failures.append(what)
        print("FAIL:", what)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tool", required=True)
    ap.add_argument("--source-dir", required=True)
    ap.add_argument("--semantics-lib", required=True)
    ap.add_argument("--work-dir", required=True)
    ap.add_argument("--cxx", default=os.environ.get("CXX", "c++"))
    # A sanitizer build's semantics library needs the same flags in the
    # programs that link it.
    ap.add_argument("--cxxflags", default="")
    a = ap.parse_args()

    work = a.work_dir
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    points = json.loads(run([a.tool, "list", "--json"]).stdout)
    emit_dir = os.path.join(work, "probes")
    run([a.tool, "emit", "all", "-o", emit_dir])
    with open(os.path.join(emit_dir, "expected.json")) as f:
        expected = json.load(f)["points"]
    expect(sorted(expected) == sorted(p["key"] for p in points),
           "expected.json has one entry per point")

    env = dict(os.environ, ASCREG_SOURCE_DIR=a.source_dir, ASCREG_SEMANTICS_LIB=a.semantics_lib,
               CXX=a.cxx, CXXFLAGS=a.cxxflags, JOBS=os.environ.get("JOBS", "2"))
    env.pop("ASCREG_HOST_PROFILE", None)
    run(["sh", os.path.join(emit_dir, "build-host.sh")], env=env)

    documented = {p["key"]: p["candidates"][0]["name"] for p in points}

    def closed_loop(name, spec, want):
        """Runs the probes as an NPU of profile `spec`; ingest must give `want`."""
        results = os.path.join(work, "results-" + name)
        renv = dict(env)
        if spec is None:
            renv.pop("ASCREG_HOST_PROFILE", None)
        else:
            renv["ASCREG_HOST_PROFILE"] = spec
        run(["sh", os.path.join(emit_dir, "run.sh"), results], env=renv)
        profile = os.path.join(work, "profile-" + name + ".json")
        r = run([a.tool, "ingest", results, "-o", profile], check=False)
        expect(r.returncode == 0, "%s: ingest exits 0 (got %d)\n%s" % (name, r.returncode, r.stdout))
        with open(profile) as f:
            got = json.load(f)
        expect(got["choices"] == want, "%s: recovered %s, want %s" % (name, got["choices"], want))
        expect(got["unmatched"] == {}, "%s: nothing unmatched" % name)
        # The result files are exactly expected.json's bits of the chosen candidates.
        for key, cand in want.items():
            with open(os.path.join(results, key + ".bin"), "rb") as f:
                bits = f.read().hex()
            expect(bits == expected[key]["candidates"][cand],
                   "%s: %s.bin is expected.json's %s" % (name, key, cand))
        return results, got["choices"] == want

    recovered = 0
    total = 0
    for p in points:
        for c in p["candidates"][1:]:
            total += 1
            want = dict(documented)
            want[p["key"]] = c["name"]
            _, ok = closed_loop(p["key"] + "=" + c["name"], p["key"] + "=" + c["name"], want)
            recovered += ok
    doc_results, ok = closed_loop("documented", None, documented)
    spec_all = ",".join("%s=%s" % (p["key"], p["candidates"][1]["name"]) for p in points)
    _, ok_all = closed_loop("all-non-documented", spec_all,
                            {p["key"]: p["candidates"][1]["name"] for p in points})
    print("closed loop: %d of %d non-documented candidates recovered (%d points); "
          "documented profile %s; all non-documented at once %s"
          % (recovered, total, len(points), "recovered" if ok else "NOT recovered",
             "recovered" if ok_all else "NOT recovered"))

    # A flipped bit: no candidate matches; reported with the observed bits.
    flipped = os.path.join(work, "results-flipped")
    shutil.copytree(doc_results, flipped)
    key = points[0]["key"]
    path = os.path.join(flipped, key + ".bin")
    with open(path, "rb") as f:
        data = bytearray(f.read())
    data[1] ^= 0x01
    with open(path, "wb") as f:
        f.write(data)
    profile = os.path.join(work, "profile-flipped.json")
    r = run([a.tool, "ingest", flipped, "-o", profile], check=False)
    expect(r.returncode == 1, "flipped bit: ingest exits 1 (got %d)" % r.returncode)
    expect("NO candidate matches" in r.stdout and data.hex() in r.stdout,
           "flipped bit: the report names the point and its observed bits\n" + r.stdout)
    with open(profile) as f:
        got = json.load(f)
    expect(key not in got["choices"] and got["unmatched"][key]["observed"] == data.hex(),
           "flipped bit: the point is unmatched with its observed bits, not chosen")
    expect(len(got["choices"]) == len(points) - 1, "flipped bit: the other points still match")

    # A missing and a wrong-size file: located errors, nothing written.
    for case in ("missing", "short"):
        d = os.path.join(work, "results-" + case)
        shutil.copytree(doc_results, d)
        victim = os.path.join(d, points[1]["key"] + ".bin")
        if case == "missing":
            os.remove(victim)
        else:
            with open(victim, "r+b") as f:
                f.truncate(10)
        profile = os.path.join(work, "profile-%s.json" % case)
        r = run([a.tool, "ingest", d, "-o", profile], check=False)
        expect(r.returncode == 2, "%s file: ingest exits 2 (got %d)" % (case, r.returncode))
        expect(victim + ": error:" in r.stdout, "%s file: the error names the file\n%s"
               % (case, r.stdout))
        expect(not os.path.exists(profile), "%s file: no profile written" % case)

    if failures:
        print("%d check(s) failed" % len(failures))
        return 1
    print("all closed-loop checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
