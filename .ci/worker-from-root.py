#!/usr/bin/env python3
"""Run the demo worker as the README does, from the repository root and without a
`--features` flag (`cargo run --example worker -- --listen 127.0.0.1:0`), wait for the line
it prints once it accepts connections, and call it once by POST and once by GET on
loopback. The worker's answers are tested in full by crates/testsuite/tests/suite/worker.rs; this
checks that the command works as written.
"""
import json
import queue
import subprocess
import sys
import threading
import urllib.request

# The first run compiles axum and tokio for the examples package.
READY_SECONDS = 900
CALL_SECONDS = 30


def main():
    worker = subprocess.Popen(
        ["cargo", "run", "--quiet", "--example", "worker", "--", "--listen", "127.0.0.1:0"],
        stdout=subprocess.PIPE,
        stdin=subprocess.DEVNULL,
        text=True,
    )
    try:
        lines = queue.Queue()

        def read():
            for line in worker.stdout:
                lines.put(line)
            lines.put(None)  # end of output: cargo or the worker stopped

        threading.Thread(target=read, daemon=True).start()
        try:
            line = lines.get(timeout=READY_SECONDS)
        except queue.Empty:
            sys.exit(f"the worker printed nothing in {READY_SECONDS} s")
        if line is None:
            sys.exit(f"the worker stopped before it was ready (status {worker.wait()})")
        line = line.rstrip("\n")
        prefix = "listening on http://127.0.0.1:"
        if not line.startswith(prefix) or not line[len(prefix):].isdigit():
            sys.exit(f"the worker's first line is {line!r}, not {prefix}PORT")
        base = line[len("listening on "):]
        print(line)

        # Loopback only, whatever proxy the environment names.
        opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))

        def call(request):
            try:
                with opener.open(request, timeout=CALL_SECONDS) as response:
                    return response.status, json.load(response)
            except urllib.error.HTTPError as error:
                return error.code, json.load(error)

        got = call(urllib.request.Request(
            f"{base}/api/observations/batch",
            data=b'{"ids": "1, 2, x"}',
            headers={"Content-Type": "application/json"},
        ))
        want = (400, {"error": "ValidationError", "issues": [
            {"path": "/ids/2", "message": "expected an integer", "code": "int_parsing"}],
            "truncated": 0})
        if got != want:
            sys.exit(f"POST: expected {want}, got {got}")
        got = call(urllib.request.Request(f"{base}/api/observations/batch?ids=1,2,3&limit=10"))
        want = (200, {"ids": [1, 2, 3], "limit": 10})
        if got != want:
            sys.exit(f"GET: expected {want}, got {got}")
        print("POST and GET answered as expected")
    finally:
        worker.terminate()
        try:
            worker.wait(timeout=CALL_SECONDS)
        except subprocess.TimeoutExpired:
            worker.kill()
            worker.wait()


if __name__ == "__main__":
    main()
