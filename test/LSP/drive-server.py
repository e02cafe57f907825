"""Drives a language server over stdio (JSON-RPC with Content-Length
headers, as an editor does) through documents beyond the parse limits.

    drive-server.py SERVER

Opens and changes documents that killed ascreg-lsp-server before it checked
the parse limits (7,000 nested `[`: SIGSEGV; `%v#2147483647`: LLVM ERROR out
of memory; 10,000 unary `-` in an affine map: SIGSEGV), prints the
diagnostics published for each, asks for a hover on one, then shuts the
server down; fails if the server dies or does not answer within a minute.
"""
import json
import queue
import subprocess
import sys
import threading

server = subprocess.Popen([sys.argv[1]], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                          stderr=subprocess.DEVNULL)
messages = queue.Queue()


def read_messages():
    while True:
        length = None
        while True:
            line = server.stdout.readline()
            if not line:
                messages.put(None)
                return
            line = line.strip()
            if not line:
                break
            if line.lower().startswith(b"content-length:"):
                length = int(line.split(b":")[1])
        messages.put(json.loads(server.stdout.read(length)))


threading.Thread(target=read_messages, daemon=True).start()


def send(message):
    body = json.dumps(dict(message, jsonrpc="2.0")).encode()
    server.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
    server.stdin.flush()


def receive(match):
    """The next message `match` accepts (others are skipped)."""
    while True:
        try:
            m = messages.get(timeout=60)
        except queue.Empty:
            sys.exit("no answer within 60 s")
        if m is None:
            sys.exit("the server died (exit %s)" % server.wait())
        if match(m):
            return m


def diagnostics(uri, version):
    m = receive(lambda m: m.get("method") == "textDocument/publishDiagnostics"
                and m["params"]["uri"] == uri)
    assert m["params"]["version"] == version, m
    for d in m["params"]["diagnostics"]:
        r = d["range"]["start"]
        print("%s v%d %d:%d %s: %s" % (uri, version, r["line"], r["character"], d["source"],
                                         d["message"]))
    if not m["params"]["diagnostics"]:
        print("%s v%d no diagnostics" % (uri, version))


deep = "func.func @f() {\n  %c = arith.constant " + "[" * 7000 + "1" + "]" * 7000 + \
    " : i32\n  return\n}\n"
huge = "func.func @f() {\n  %x = arith.addi %v#2147483647, %v#0 : i32\n  return\n}\n"
affine = "#m = affine_map<(d0) -> (" + "-" * 10000 + "d0)>\nfunc.func @f() attributes {m = #m} {\n" \
    "  return\n}\n"
good = "func.func @f() {\n  return\n}\n"

send({"id": 0, "method": "initialize", "params": {"processId": None, "rootUri": None,
                                                   "capabilities": {}}})
receive(lambda m: m.get("id") == 0)
send({"method": "initialized", "params": {}})
for name, text in (("deep", deep), ("huge", huge), ("affine", affine)):
    uri = "file:///tmp/%s.mlir" % name
    send({"method": "textDocument/didOpen", "params": {"textDocument": {
        "uri": uri, "languageId": "mlir", "version": 1, "text": text}}})
    diagnostics(uri, 1)
# Typing into a good document makes it bad, then good again.
uri = "file:///tmp/typed.mlir"
for version, text in enumerate((good, affine, good + "%"), 1):
    if version == 1:
        send({"method": "textDocument/didOpen", "params": {"textDocument": {
            "uri": uri, "languageId": "mlir", "version": 1, "text": text}}})
    else:
        send({"method": "textDocument/didChange", "params": {
            "textDocument": {"uri": uri, "version": version}, "contentChanges": [{"text": text}]}})
    diagnostics(uri, version)
send({"id": 1, "method": "textDocument/hover", "params": {
    "textDocument": {"uri": "file:///tmp/deep.mlir"}, "position": {"line": 1, "character": 300}}})
print("hover on deep.mlir:", receive(lambda m: m.get("id") == 1).get("result"))
send({"id": 2, "method": "shutdown"})
print("shutdown:", receive(lambda m: m.get("id") == 2).get("result"))
send({"method": "exit"})
print("exit code:", server.wait(timeout=60))
