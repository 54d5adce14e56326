#!/usr/bin/env python3
"""The client of crates/bench/proxy.sh: one MCP session over stdio, N pipelined tools/call.

Usage:
    python3 proxy_client.py N TOOL [--rss] -- COMMAND [ARGS...]

Starts COMMAND (a stdio MCP server, or mcp-coerce-proxy in front of one), sends
`initialize`, `notifications/initialized` and `tools/list`, then writes N canonical
`tools/call` requests for TOOL (`{"a": i, "b": 1}`) from a thread while this one reads the
answers (pipelined: the writer never waits for an answer), checks that each answer is a
result that is not an error, and prints one line:

    calls=N seconds=S calls_per_s=R cpu_ms=C [rss_kib=K1,K2,...]

`seconds` runs from the first call written to the last answer read; `cpu_ms` is the user
and system time of COMMAND's own process (not its children) at the last answer. With
`--rss`, the peak resident set (VmHWM) of COMMAND's process after 10^3, 10^4, 10^5, ...
answers and at the last one. Exit status 1 when an answer is missing or an error.
"""
import json
import os
import subprocess
import sys
import threading
import time


def vm_hwm(pid):
    with open(f"/proc/{pid}/status", encoding="ascii") as f:
        for line in f:
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
    return -1


def cpu_ms(pid):
    with open(f"/proc/{pid}/stat", encoding="ascii") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    ticks = int(fields[11]) + int(fields[12])  # utime, stime
    return ticks * 1000 / os.sysconf("SC_CLK_TCK")


def main():
    args = sys.argv[1:]
    split = args.index("--")
    options, command = args[:split], args[split + 1:]
    n, tool = int(options[0]), options[1]
    rss = "--rss" in options[2:]
    p = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, bufsize=1 << 16)

    def send(message):
        p.stdin.write(json.dumps(message, separators=(",", ":")).encode() + b"\n")

    def answer(want_id):
        while True:
            line = p.stdout.readline()
            if not line:
                sys.exit(f"the server closed its output before the answer to {want_id}")
            message = json.loads(line)
            if message.get("id") == want_id and "method" not in message:
                return message

    send({"jsonrpc": "2.0", "id": "init", "method": "initialize", "params": {
        "protocolVersion": "2025-11-25", "capabilities": {},
        "clientInfo": {"name": "proxy-bench", "version": "0"}}})
    p.stdin.flush()
    answer("init")
    send({"jsonrpc": "2.0", "method": "notifications/initialized"})
    send({"jsonrpc": "2.0", "id": "list", "method": "tools/list", "params": {}})
    p.stdin.flush()
    tools = [t["name"] for t in answer("list")["result"]["tools"]]
    if tool not in tools:
        sys.exit(f"{tool} is not listed: {tools}")

    def writer():
        for i in range(n):
            send({"jsonrpc": "2.0", "id": i, "method": "tools/call",
                  "params": {"name": tool, "arguments": {"a": i, "b": 1}}})
        p.stdin.flush()

    start = time.perf_counter()
    thread = threading.Thread(target=writer)
    thread.start()
    got, bad, marks, checkpoint = 0, 0, [], 1000
    while got < n:
        line = p.stdout.readline()
        if not line:
            break
        message = json.loads(line)
        if "method" in message:
            continue  # a notification or a request of the server's: not an answer
        got += 1
        result = message.get("result")
        if not isinstance(result, dict) or result.get("isError"):
            bad += 1
            if bad <= 3:
                print(f"not a result: {line[:300]!r}", file=sys.stderr)
        if rss and got == checkpoint:
            marks.append(vm_hwm(p.pid))
            checkpoint *= 10
    seconds = time.perf_counter() - start
    cpu = cpu_ms(p.pid)
    if rss:
        marks.append(vm_hwm(p.pid))
    thread.join()
    p.stdin.close()
    p.wait()
    line = f"calls={got} seconds={seconds:.4f} calls_per_s={got / seconds:.0f} cpu_ms={cpu:.0f}"
    if rss:
        line += " rss_kib=" + ",".join(str(m) for m in marks)
    print(line)
    if got < n or bad:
        sys.exit(f"{n - got} answers missing, {bad} errors")


if __name__ == "__main__":
    main()
