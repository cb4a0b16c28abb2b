#!/usr/bin/env python3
"""Response times of `bambooc lsp` after an edit.

Usage: tools/lsp-latency.py [--bambooc PATH] [--edits N] FILE.bb [LINE:COL]

Opens FILE.bb, then N times replaces the text with an edited copy (a
number in a trailing comment changes) and measures the time from sending
the edit until the diagnostics arrive, then the time of a hover at
LINE:COL (0-based; default: the first `task` keyword's name). Prints the
median and the worst of each, in milliseconds.
"""
import argparse, json, os, statistics, subprocess, time


class Client:
    def __init__(self, cmd):
        self.p = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        self.id = 0

    def send(self, obj):
        obj["jsonrpc"] = "2.0"
        body = json.dumps(obj).encode()
        self.p.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.p.stdin.flush()

    def recv(self):
        length = None
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise SystemExit("the server closed its output")
            line = line.strip()
            if not line:
                break
            name, value = line.split(b":", 1)
            if name.lower() == b"content-length":
                length = int(value)
        return json.loads(self.p.stdout.read(length))

    def request(self, method, params):
        self.id += 1
        self.send({"id": self.id, "method": method, "params": params})
        while True:
            m = self.recv()
            if m.get("id") == self.id:
                return m

    def notify(self, method, params):
        self.send({"method": method, "params": params})

    def diagnostics(self):
        while True:
            m = self.recv()
            if m.get("method") == "textDocument/publishDiagnostics":
                return m["params"]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bambooc", default="target/debug/bambooc")
    ap.add_argument("--edits", type=int, default=20)
    ap.add_argument("file")
    ap.add_argument("at", nargs="?")
    args = ap.parse_args()
    path = os.path.abspath(args.file)
    text = open(path, encoding="utf-8").read()
    uri = "file://" + path
    if args.at:
        line, col = map(int, args.at.split(":"))
    else:
        lines = text.split("\n")
        line = next(i for i, l in enumerate(lines) if l.startswith("task "))
        col = 5
    c = Client([args.bambooc, "lsp"])
    c.request("initialize", {"processId": None, "rootUri": None, "capabilities": {}})
    c.notify("initialized", {})
    c.notify("textDocument/didOpen", {"textDocument": {
        "uri": uri, "languageId": "bamboo", "version": 1, "text": text}})
    c.diagnostics()
    diag_ms, hover_ms = [], []
    for i in range(args.edits):
        edited = text + "\n// edit %d\n" % i
        t = time.perf_counter()
        c.notify("textDocument/didChange", {
            "textDocument": {"uri": uri, "version": i + 2},
            "contentChanges": [{"text": edited}]})
        c.diagnostics()
        diag_ms.append((time.perf_counter() - t) * 1e3)
        t = time.perf_counter()
        r = c.request("textDocument/hover", {
            "textDocument": {"uri": uri}, "position": {"line": line, "character": col}})
        hover_ms.append((time.perf_counter() - t) * 1e3)
        assert r.get("result"), r
    c.request("shutdown", None)
    c.notify("exit", None)
    c.p.wait()
    load = os.getloadavg()[0]
    print(f"{args.file}: {args.edits} edits, load average {load:.2f}")
    for name, xs in (("diagnostics after an edit", diag_ms), ("hover after an edit", hover_ms)):
        print(f"  {name}: median {statistics.median(xs):.1f} ms, worst {max(xs):.1f} ms")


if __name__ == "__main__":
    main()
