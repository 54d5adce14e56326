#!/usr/bin/env python3
"""mcp-coerce-proxy end to end: the official MCP Python SDK client in front, real servers behind.

Usage:
    python3 check_proxy.py PROXY DEMO_SERVER EVERYTHING_JS

PROXY is the proxy's binary, DEMO_SERVER the crate's demo server (examples/demo_server),
EVERYTHING_JS the entry point of @modelcontextprotocol/server-everything (run with node,
argument `stdio`). The third server is typed_server.py beside this script (the SDK's
high-level server), run with this script's Python.

Behind the proxy each server runs under tap.py, which records every line that reaches it:

- lax rows: sent straight to the server, refused there (an `isError` result or a protocol
  error); through the proxy, accepted with the canonical value, and the tap shows the
  canonical arguments reached the server;
- junk rows: refused by the proxy with the envelope (code and path), never in the tap;
- canonical rows: the same result with and without the proxy;
- hostile rows, over raw pipes: a 10 MB line reaches the server intact (same length and
  sha256) with the proxy's peak memory under the line's size; a line that is not JSON is
  passed on and the session goes on; a refused call then cancelled, and a call cancelled
  while held, never reach the server; a server that exits mid-call makes the proxy exit
  with its status; SIGTERM to the proxy leaves no process of the server's group.

Exit status: 0 when every row passes, 1 otherwise.
"""
import hashlib
import json
import os
import signal
import subprocess
import sys
import tempfile
import time

import anyio
from mcp import ClientSession, StdioServerParameters, stdio_client
from mcp.shared.exceptions import MCPError

HERE = os.path.dirname(os.path.abspath(__file__))
PROXY, DEMO, EVERYTHING = sys.argv[1:4]
PY = sys.executable
TYPED = [PY, os.path.join(HERE, "typed_server.py")]
FAILURES = []


def check(ok, what):
    print(("ok   " if ok else "FAIL ") + what)
    if not ok:
        FAILURES.append(what)


def same(a, b):
    if isinstance(a, bool) or isinstance(b, bool):
        return a is b
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        return a == b
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    return a == b


def tapped(log, server):
    return [PY, os.path.join(HERE, "tap.py"), log, "--", *server]


def calls_in(log):
    """The tools/call requests that reached the server: id -> arguments."""
    out = {}
    with open(log, encoding="utf-8") as f:
        for line in f:
            entry = json.loads(line)
            try:
                message = json.loads(entry.get("line", ""))
            except ValueError:
                continue
            if isinstance(message, dict) and message.get("method") == "tools/call":
                out[json.dumps(message.get("id"))] = message["params"].get("arguments")
    return out


async def call(session, name, args):
    """(refused, structuredContent or text, envelope or None) of one call."""
    try:
        result = await session.call_tool(name, args)
    except MCPError as error:
        return True, str(error), None
    text = result.content[0].text if result.content and result.content[0].type == "text" else None
    envelope = None
    if result.is_error and text:
        try:
            envelope = json.loads(text)
        except ValueError:
            pass
    value = result.structured_content if result.structured_content is not None else text
    return bool(result.is_error), value, envelope


async def run_rows(label, server, lax, junk, canonical, log):
    """lax: (tool, args, expected value, canonical args); junk: (tool, args, code, path);
    canonical: (tool, args)."""
    direct = {}
    params = StdioServerParameters(command=server[0], args=server[1:])
    async with stdio_client(params) as (r, w), ClientSession(r, w) as s:
        await s.initialize()
        await s.list_tools()
        for tool, args, _, _ in lax:
            refused, value, _ = await call(s, tool, args)
            check(refused, f"{label}: {tool} {json.dumps(args)} refused straight by the server")
        for tool, args in canonical:
            direct[(tool, json.dumps(args))] = await call(s, tool, args)
    params = StdioServerParameters(command=PROXY, args=["--", *tapped(log, server)])
    async with stdio_client(params) as (r, w), ClientSession(r, w) as s:
        await s.initialize()
        for tool, args, want, _ in lax:
            refused, value, _ = await call(s, tool, args)
            check(not refused and same(value, want),
                  f"{label}: {tool} {json.dumps(args)} through the proxy -> {json.dumps(value)[:120]}")
        for tool, args, code, path in junk:
            refused, _, envelope = await call(s, tool, args)
            issues = {(i.get("code"), i.get("path")) for i in (envelope or {}).get("issues", [])}
            check(refused and (envelope or {}).get("error") == "INVALID_ARGUMENT" and (code, path) in issues,
                  f"{label}: {tool} {json.dumps(args)} refused by the proxy with {code} at {path}")
        for tool, args in canonical:
            got = await call(s, tool, args)
            want = direct[(tool, json.dumps(args))]
            check(got[0] == want[0] and same(got[1], want[1]),
                  f"{label}: {tool} {json.dumps(args)} answered the same with and without the proxy")
    reached = list(calls_in(log).values())
    for tool, args, _, canonical_args in lax:
        check(any(same(a, canonical_args) for a in reached),
              f"{label}: {tool} reached the server as {json.dumps(canonical_args)}")
    for tool, args, _, _ in junk:
        check(not any(same(a, args) for a in reached), f"{label}: {tool} {json.dumps(args)} never reached the server")


class Raw:
    """The proxy over raw pipes, in front of a tapped server."""

    def __init__(self, server, log, *options):
        self.p = subprocess.Popen([PROXY, *options, "--", *tapped(log, server)],
                                  stdin=subprocess.PIPE, stdout=subprocess.PIPE)

    def send(self, *messages):
        for m in messages:
            self.p.stdin.write((m if isinstance(m, (bytes, str)) and not isinstance(m, str) else
                                (m if isinstance(m, str) else json.dumps(m)).encode()) + b"\n")
        self.p.stdin.flush()

    def answer(self, id_):
        """The next message with this id (others skipped)."""
        while True:
            line = self.p.stdout.readline()
            if not line:
                return None
            try:
                message = json.loads(line)
            except ValueError:
                continue
            if isinstance(message, dict) and message.get("id") == id_ and "method" not in message:
                return message

    def init(self):
        self.send({"jsonrpc": "2.0", "id": "init", "method": "initialize", "params": {
            "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "raw", "version": "1"}}},
            {"jsonrpc": "2.0", "method": "notifications/initialized"})
        return self.answer("init")

    def peak_kib(self):
        with open(f"/proc/{self.p.pid}/status") as f:
            for line in f:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
        return -1

    def close(self):
        self.p.stdin.close()
        return self.p.wait(timeout=20)


def hostile(tmp):
    log = os.path.join(tmp, "hostile.log")
    # Lines past 1 MiB pass in chunks: the proxy holds about twice that at most.
    raw = Raw(TYPED, log, "--max-bytes", str(1 << 20))
    check(raw.init() is not None, "hostile: initialized through the proxy")
    # A call held while the proxy lists the tools, cancelled before the listing is answered.
    raw.send({"jsonrpc": "2.0", "id": "held", "method": "tools/call", "params": {"name": "add", "arguments": {"a": 1, "b": 2}}},
             {"jsonrpc": "2.0", "method": "notifications/cancelled", "params": {"requestId": "held"}})
    # A refused call, then cancelled.
    raw.send({"jsonrpc": "2.0", "id": "junk", "method": "tools/call", "params": {"name": "add", "arguments": {"a": "x", "b": 2}}})
    refusal = raw.answer("junk")
    envelope = json.loads(refusal["result"]["content"][0]["text"]) if refusal else {}
    check(envelope.get("error") == "INVALID_ARGUMENT" and refusal["result"].get("isError") is True,
          "hostile: a junk call refused by the proxy")
    raw.send({"jsonrpc": "2.0", "method": "notifications/cancelled", "params": {"requestId": "junk"}})
    # A line that is not JSON: passed on; the session goes on.
    raw.send(b"this is not JSON")
    raw.send({"jsonrpc": "2.0", "id": "after", "method": "tools/call", "params": {"name": "add", "arguments": {"a": "2", "b": 3}}})
    after = raw.answer("after")
    check(after is not None and same(after["result"].get("structuredContent"), {"result": 5}),
          "hostile: after a non-JSON line and two cancellations, a lax call is answered (5)")
    # A 10 MB line: reaches the server intact, and the proxy's memory stays under its size.
    before = raw.peak_kib()
    pad = "x" * (10 << 20)
    big = json.dumps({"jsonrpc": "2.0", "id": "big", "method": "ping", "params": {"pad": pad}}).encode()
    raw.send(big)
    answered = raw.answer("big")
    peak = raw.peak_kib()
    check(answered is not None and "result" in answered, "hostile: a 10 MB ping answered by the server")
    check(before > 0 and peak - before < (4 << 10),
          f"hostile: the proxy's peak memory grew by {peak - before} KiB (from {before}) for the 10 MB line, under 4 MiB")
    status = raw.close()
    check(status == 0, f"hostile: the proxy exits 0 at the end of its input (got {status})")
    reached = []
    with open(log, encoding="utf-8") as f:
        reached = [json.loads(line) for line in f]
    sizes = [(e["len"], e["sha256"]) for e in reached]
    check((len(big), hashlib.sha256(big).hexdigest()) in sizes, "hostile: the 10 MB line reached the server byte for byte")
    check(any(e.get("line") == "this is not JSON" for e in reached), "hostile: the non-JSON line reached the server as it was")
    ids = calls_in(log)
    check('"held"' not in ids, "hostile: the call cancelled while held never reached the server")
    check('"junk"' not in ids, "hostile: the refused call never reached the server")

    # A server that exits in the middle of a call: the proxy exits with its status.
    raw = Raw(TYPED, os.path.join(tmp, "exit.log"))
    raw.init()
    raw.send({"jsonrpc": "2.0", "id": 1, "method": "tools/list"})
    raw.answer(1)
    raw.send({"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {"name": "exit_now", "arguments": {}}})
    check(raw.answer(2) is None, "hostile: a server exiting mid-call: the client's input ends without an answer")
    status = raw.p.wait(timeout=20)
    check(status == 3, f"hostile: the proxy exits with the server's status 3 (got {status})")

    # SIGTERM: no process of the server's group survives.
    raw = Raw(["node", EVERYTHING, "stdio"], os.path.join(tmp, "term.log"))
    raw.init()
    children = [int(p) for p in os.listdir("/proc") if p.isdigit() and ppid(int(p)) == raw.p.pid]
    raw.p.send_signal(signal.SIGTERM)
    status = raw.p.wait(timeout=20)
    time.sleep(0.2)
    alive = [c for c in children if group_alive(c)]
    check(bool(children) and not alive, f"hostile: SIGTERM: the proxy exits ({status}), no process of the server's group is left")


def ppid(pid):
    try:
        with open(f"/proc/{pid}/stat") as f:
            return int(f.read().rsplit(")", 1)[1].split()[1])
    except (OSError, ValueError, IndexError):
        return -1


def group_alive(pgid):
    """Whether a process of the group `pgid` still runs (zombies, which a container's init
    may never reap, do not count)."""
    for p in os.listdir("/proc"):
        if not p.isdigit():
            continue
        try:
            with open(f"/proc/{p}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[2]) == pgid and fields[0] != "Z":
            return True
    return False


async def main(tmp):
    await run_rows(
        "demo", [DEMO],
        lax=[],
        junk=[("demo_get_observations", {"ids": "1,x"}, "int_parsing", "/ids/1")],
        canonical=[("demo_get_observations", {"ids": [1, 2]}), ("demo_get_observations", {"ids": [7]})],
        log=os.path.join(tmp, "demo.log"))
    # The demo server is the crate itself: it accepts the lax rows too. Through the proxy,
    # the canonical value reaches it.
    log = os.path.join(tmp, "demo-lax.log")
    params = StdioServerParameters(command=PROXY, args=["--", *tapped(log, [DEMO])])
    async with stdio_client(params) as (r, w), ClientSession(r, w) as s:
        await s.initialize()
        refused, value, _ = await call(s, "demo_get_observations", {"ids": "1, 2"})
        check(not refused and same(value, {"ids": [1, 2]}), "demo: ids \"1, 2\" through the proxy -> [1, 2]")
    check({"ids": [1, 2]} in calls_in(log).values(), "demo: the server received ids [1, 2]")

    await run_rows(
        "typed (Python SDK)", TYPED,
        lax=[
            ("total", {"ids": "1,2,3"}, {"result": 6}, {"ids": [1, 2, 3]}),
            ("total", {"ids": 7}, {"result": 7}, {"ids": [7]}),
            ("flag", {"on": " true "}, {"result": True}, {"on": True}),
            ("flag", {"on": "Yes "}, {"result": True}, {"on": True}),
            ("order", {"direction": "DESC"}, {"result": "desc"}, {"direction": "desc"}),
            ("page", {"limit": ""}, {"result": "limit=None"}, {}),
        ],
        junk=[
            ("add", {"a": "x", "b": 1}, "int_parsing", "/a"),
            ("total", {"ids": "1,x"}, "int_parsing", "/ids/1"),
            ("order", {"direction": "sideways"}, "enum_unknown", "/direction"),
            ("flag", {"on": "1.0"}, "bool_parsing", "/on"),
        ],
        canonical=[("add", {"a": 2, "b": 3}), ("total", {"ids": [1, 2]}), ("flag", {"on": False}),
                   ("order", {"direction": "asc"}), ("page", {"limit": 3}), ("page", {})],
        log=os.path.join(tmp, "typed.log"))

    await run_rows(
        "server-everything", ["node", EVERYTHING, "stdio"],
        lax=[("get-sum", {"a": "2", "b": "3"}, "The sum of 2 and 3 is 5.", {"a": 2, "b": 3})],
        junk=[("get-sum", {"a": "two", "b": 3}, "float_parsing", "/a")],
        canonical=[("get-sum", {"a": 2, "b": 3}), ("echo", {"message": "hi"})],
        log=os.path.join(tmp, "everything.log"))


with tempfile.TemporaryDirectory() as tmp:
    anyio.run(main, tmp)
    hostile(tmp)
print(f"{len(FAILURES)} failure(s)")
sys.exit(1 if FAILURES else 0)
