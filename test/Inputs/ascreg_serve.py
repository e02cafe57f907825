"""subprocess.run for ascreg-run, through one `ascreg-run --serve` process.

A suite that runs ascreg-run hundreds of times pays ~65 ms of CPU per
process start (loading libMLIR.so and libLLVM.so) for runs that take a few
milliseconds. `run(cmd)` sends the command to an `ascreg-run --serve` of the
same executable (started on first use, one per executable), which runs it in
a child forked from the loaded process: the same run as `subprocess.run(cmd)`,
with its own exit status, stdout and stderr (tools/ascreg-run/Serve.cpp).
Any other command, or any command when ASCREG_SERVE=0, goes to
subprocess.run. The server's environment is the caller's at its first use;
each thread has servers of its own.
"""
import atexit
import json
import os
import shutil
import subprocess
import tempfile
import sys
import threading

_servers = {}  # (executable, thread) -> _Server: a server serves one thread
_lock = threading.Lock()


class _Server:
    def __init__(self, exe):
        self.dir = tempfile.mkdtemp(prefix="ascreg-serve-")
        self.out, self.err = os.path.join(self.dir, "out"), os.path.join(self.dir, "err")
        self.proc = subprocess.Popen([exe, "--serve"], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, universal_newlines=True)

    def run(self, cmd):
        request = {"argv": [str(c) for c in cmd], "stdout": self.out, "stderr": self.err,
                   "cwd": os.getcwd()}
        self.proc.stdin.write(json.dumps(request) + "\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError("ascreg-run --serve ended (exit %s)" % self.proc.wait())
        response = json.loads(line)
        if "error" in response:
            raise RuntimeError("ascreg-run " + response["error"])
        status = response["exit"] if "exit" in response else -response["signal"]
        with open(self.out, errors="replace") as o, open(self.err, errors="replace") as e:
            return subprocess.CompletedProcess(cmd, status, o.read(), e.read())

    def close(self):
        self.proc.stdin.close()
        self.proc.wait()
        shutil.rmtree(self.dir, ignore_errors=True)


@atexit.register
def _close_all():
    with _lock:
        for server in _servers.values():
            server.close()
        _servers.clear()


def run(cmd, check=False):
    """subprocess.run(cmd, stdout=PIPE, stderr=PIPE, universal_newlines=True),
    served when cmd[0] is an ascreg-run."""
    exe = str(cmd[0])
    if os.path.basename(exe) != "ascreg-run" or os.environ.get("ASCREG_SERVE") == "0":
        proc = subprocess.run([str(c) for c in cmd], stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, universal_newlines=True)
    else:
        path = shutil.which(exe)
        if path is None:
            raise FileNotFoundError(exe)
        key = (path, threading.get_ident())
        with _lock:
            if key not in _servers:
                _servers[key] = _Server(path)
            server = _servers[key]
        proc = server.run(cmd)
    if check and proc.returncode != 0:
        sys.stderr.write(proc.stderr)  # what an inherited stderr would have shown
        raise subprocess.CalledProcessError(proc.returncode, cmd, proc.stdout, proc.stderr)
    return proc
