#!/usr/bin/env python3
"""A trivial stdio MCP server for crates/bench/proxy.sh's memory run: one tool, `get-sum`
(`a` and `b` numbers, as server-everything's), answering `{"sum": a + b}` as
`structuredContent` under an `outputSchema`, so that the proxy follows and checks every
result. Fast enough that 10^5 calls through the proxy take seconds."""
import json
import sys

TOOL = {
    "name": "get-sum",
    "description": "Returns the sum of two numbers",
    "inputSchema": {
        "type": "object",
        "properties": {"a": {"type": "number"}, "b": {"type": "number"}},
        "required": ["a", "b"],
    },
    "outputSchema": {
        "type": "object",
        "properties": {"sum": {"type": "number"}},
        "required": ["sum"],
    },
}


def result(message):
    method = message.get("method")
    if method == "initialize":
        return {"protocolVersion": message["params"]["protocolVersion"],
                "capabilities": {"tools": {}},
                "serverInfo": {"name": "proxy-bench-echo", "version": "0"}}
    if method == "tools/list":
        return {"tools": [TOOL]}
    if method == "tools/call":
        args = message["params"]["arguments"]
        total = args["a"] + args["b"]
        return {"content": [{"type": "text", "text": json.dumps({"sum": total})}],
                "structuredContent": {"sum": total}}
    return {}


def main():
    out = sys.stdout
    for line in sys.stdin:
        message = json.loads(line)
        if "id" not in message or "method" not in message:
            continue
        out.write(json.dumps({"jsonrpc": "2.0", "id": message["id"], "result": result(message)},
                             separators=(",", ":")) + "\n")
        out.flush()


if __name__ == "__main__":
    main()
