#!/usr/bin/env python3
"""A transparent tap between a stdio MCP client (or the proxy) and a server.

Usage: tap.py LOG -- SERVER_CMD [ARGS...]

Every line that reaches the server on its stdin is recorded in LOG, one JSON object per
line: {"len": bytes, "sha256": hex, "line": the text when under 64 KiB}. The server's
stdout and stderr are this process's own. The exit status is the server's, as soon as it
exits (a server that exits mid-call ends the tap too).
"""
import hashlib
import json
import os
import subprocess
import sys
import threading

log_path, sep, *cmd = sys.argv[1:]
assert sep == "--" and cmd, __doc__
child = subprocess.Popen(cmd, stdin=subprocess.PIPE)
threading.Thread(target=lambda: os._exit(child.wait()), daemon=True).start()
with open(log_path, "a", encoding="utf-8") as log:
    for line in sys.stdin.buffer:
        body = line.rstrip(b"\n")
        entry = {"len": len(body), "sha256": hashlib.sha256(body).hexdigest()}
        if len(body) < 65536:
            entry["line"] = body.decode("utf-8", "replace")
        log.write(json.dumps(entry) + "\n")
        log.flush()
        try:
            child.stdin.write(line)
            child.stdin.flush()
        except BrokenPipeError:
            break
try:
    child.stdin.close()
except BrokenPipeError:
    pass
sys.exit(child.wait())
