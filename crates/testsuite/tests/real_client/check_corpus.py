#!/usr/bin/env python3
"""Run the crate's case corpus through the official MCP Python SDK against a stdio server.

Usage:
    python3 check_corpus.py CASES.json -- SERVER_CMD [ARGS...]

Every case is sent with `ClientSession.call_tool` and compared exactly as the corpus
defines it: an accepted value (`structuredContent`) by JSON equality with numbers compared
by value; a refusal by the set of (code, path) pairs of the envelope in
`structuredContent`; other failures by category. A case whose arguments are not a JSON
object cannot be sent by the SDK (its `arguments` parameter is typed as an object): the
SDK must refuse it before anything reaches the server, and this script asserts so.
Exit status: 0 when every case passes, 1 otherwise, 2 for bad usage.
"""
import json
import sys

import anyio
from mcp import ClientSession, StdioServerParameters, stdio_client


def same_json(a, b):
    if isinstance(a, bool) or isinstance(b, bool):
        return a is b if isinstance(a, bool) and isinstance(b, bool) else False
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        return a == b
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(same_json(x, y) for x, y in zip(a, b))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(same_json(a[k], b[k]) for k in a)
    return a == b


def pairs(issues):
    return {(i.get("code"), i.get("path")) for i in issues or []}


def judge(expect, outcome):
    """outcome: ("ok", value) | ("refused", envelope) | ("other", text)."""
    kind, body = outcome
    if "value" in expect:
        return kind == "ok" and same_json(body, expect["value"])
    if "issues" in expect:
        return (kind == "refused" and body.get("error") == "INVALID_ARGUMENT"
                and pairs(body.get("issues")) == pairs(expect["issues"]))
    if "category" in expect:
        return kind == "refused" and body.get("error") == expect["category"]
    return False


async def run(cases, server):
    params = StdioServerParameters(command=server[0], args=server[1:])
    rows = []
    async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
        init = await session.initialize()
        print(f"# server {init.server_info.name} {init.server_info.version}, "
              f"protocol {init.protocol_version}")
        tools = (await session.list_tools()).tools
        for tool in tools:
            schema = json.dumps(tool.input_schema)
            if "$ref" in schema or '"null"' in schema:
                rows.append((f"schema:{tool.name}", False, f"inputSchema not plain: {schema}"))
        for case in cases:
            arguments = case.get("arguments")
            if not isinstance(arguments, dict):
                try:
                    with anyio.fail_after(15):
                        result = await session.call_tool(case["tool"], arguments)
                    rows.append((case["id"], False,
                                 f"the SDK sent non-object arguments; got {result!r}"))
                except Exception as exc:  # the SDK's own validation
                    rows.append((case["id"], True,
                                 f"refused by the SDK before sending: {type(exc).__name__}"))
                continue
            try:
                with anyio.fail_after(15):
                    result = await session.call_tool(case["tool"], arguments)
            except Exception as exc:
                rows.append((case["id"], False, f"{type(exc).__name__}: {exc}"))
                continue
            structured = result.structured_content
            if result.is_error:
                outcome = ("refused", structured or {})
                text = result.content[0].text if result.content else ""
                if json.loads(text or "null") != structured:
                    rows.append((case["id"], False, "content[0].text is not the envelope"))
                    continue
            else:
                outcome = ("ok", structured)
            ok = judge(case["expect"], outcome)
            rows.append((case["id"], ok, json.dumps(outcome[1])[:100] if ok
                         else f"expected {json.dumps(case['expect'])}, got {json.dumps(outcome)}"))
    return rows


def main(argv):
    if "--" not in argv or argv.index("--") != 2:
        print(__doc__, file=sys.stderr)
        return 2
    cases = json.load(open(argv[1]))
    server = argv[3:]
    rows = anyio.run(run, cases, server)
    for name, ok, detail in rows:
        print(f"{'PASS' if ok else 'FAIL'}  {name:28} {detail}")
    failed = sum(not ok for _, ok, _ in rows)
    print(f"{len(rows) - failed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
