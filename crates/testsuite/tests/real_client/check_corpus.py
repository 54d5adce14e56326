#!/usr/bin/env python3
"""Run the crate's case corpus through the official MCP Python SDK against a stdio server.

Usage:
    python3 check_corpus.py CASES.json -- SERVER_CMD [ARGS...]

The tools are listed first: each must publish an `inputSchema` and an `outputSchema`, both
plain objects (no "$ref", no "$schema"; no "null" type in an inputSchema, where it invites
clients to send numbers as strings; an outputSchema keeps it where the type may write it); listing also makes the SDK check
every later accepted result against the tool's outputSchema (a mismatch is an exception,
and any exception fails its case). Every case is then sent with `ClientSession.call_tool`
and compared exactly as the corpus defines it: an accepted value (`structuredContent`) by
JSON equality with numbers compared by value; a refusal (`isError`) by the envelope in the
JSON text of its one content item: the set of (code, path) pairs of its issues with
`error` "INVALID_ARGUMENT", or its `error` for a category. On a refusal,
`structuredContent`, when present, must be that same envelope, and it must be absent for a
tool that declared an outputSchema (the envelope would not fit it). A case whose arguments
are not a JSON object cannot be sent by the SDK (its `arguments` parameter is typed as an
object): the SDK must refuse it before anything reaches the server, and this script
asserts so (check_corpus.mjs sends such cases through the TypeScript SDK).
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
    return {(i.get("code"), i.get("path")) for i in issues or [] if isinstance(i, dict)}


def schema_problem(label, schema):
    """Why a published schema is not a plain object a client can use as it is, or None."""
    if not isinstance(schema, dict):
        return f"{label} is not an object: {json.dumps(schema)}"
    text = json.dumps(schema)
    needles = ('"$ref"', '"$schema"') + (('"null"',) if label == "inputSchema" else ())
    for needle in needles:
        if needle in text:
            return f"{label} contains {needle}: {text}"
    return None


def error_envelope(result, declared_output):
    """The envelope of an error result, or raise ValueError saying what is wrong with it."""
    content = result.content or []
    if len(content) != 1 or getattr(content[0], "type", None) != "text":
        raise ValueError("an error result should have one text content item, got "
                         + json.dumps([c.model_dump(mode="json", by_alias=True) for c in content]))
    text = content[0].text
    try:
        envelope = json.loads(text)
    except ValueError as exc:
        raise ValueError(f"content[0].text is not JSON ({exc}): {text[:100]}") from None
    structured = result.structured_content
    if structured is not None:
        if declared_output:
            raise ValueError("structuredContent on an error of a tool with an outputSchema: "
                             + json.dumps(structured))
        if not same_json(structured, envelope):
            raise ValueError(f"structuredContent {json.dumps(structured)} is not the envelope "
                             f"in content[0].text {text}")
    return envelope


def summary(outcome):
    """A short line for a passing case: the value, or the error and its issues."""
    kind, body = outcome
    if kind == "refused" and isinstance(body, dict):
        issues = " ".join(sorted(f"{c}@{p!s}" for c, p in pairs(body.get("issues"))))
        return f"{body.get('error')} {issues}".strip()
    return json.dumps(body, separators=(",", ":"), ensure_ascii=False)[:100]


def judge(expect, outcome):
    """outcome: ("ok", value) | ("refused", envelope) | ("other", text)."""
    kind, body = outcome
    if "value" in expect:
        return kind == "ok" and same_json(body, expect["value"])
    if "issues" in expect:
        return (kind == "refused" and isinstance(body, dict)
                and body.get("error") == "INVALID_ARGUMENT"
                and pairs(body.get("issues")) == pairs(expect["issues"]))
    if "category" in expect:
        return (kind == "refused" and isinstance(body, dict)
                and body.get("error") == expect["category"])
    return False


async def run(cases, server):
    params = StdioServerParameters(command=server[0], args=server[1:])
    rows = []
    skipped = []
    async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
        init = await session.initialize()
        print(f"# server {init.server_info.name} {init.server_info.version}, "
              f"protocol {init.protocol_version}")
        tools = (await session.list_tools()).tools
        declared_output = {tool.name: tool.output_schema is not None for tool in tools}
        for tool in tools:
            problems = [p for p in (schema_problem("inputSchema", tool.input_schema),
                                    schema_problem("outputSchema", tool.output_schema)) if p]
            if problems:
                rows.append((f"schema:{tool.name}", False, "; ".join(problems)))
        for case in cases:
            # A case written for other clients only is skipped (and counted as skipped).
            if case.get("clients") and "python" not in case["clients"]:
                skipped.append(case["id"])
                continue
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
            if result.is_error:
                try:
                    envelope = error_envelope(result, declared_output.get(case["tool"], False))
                except ValueError as exc:
                    rows.append((case["id"], False, str(exc)))
                    continue
                outcome = ("refused", envelope)
            else:
                outcome = ("ok", result.structured_content)
            ok = judge(case["expect"], outcome)
            rows.append((case["id"], ok, summary(outcome) if ok
                         else f"expected {json.dumps(case['expect'])}, got {json.dumps(outcome)}"))
    return rows, skipped


def main(argv):
    if "--" not in argv or argv.index("--") != 2:
        print(__doc__, file=sys.stderr)
        return 2
    cases = json.load(open(argv[1]))
    server = argv[3:]
    rows, skipped = anyio.run(run, cases, server)
    for name, ok, detail in rows:
        print(f"{'PASS' if ok else 'FAIL'}  {name:28} {detail}")
    for name in skipped:
        print(f"SKIP  {name:28} written for other clients")
    failed = sum(not ok for _, ok, _ in rows)
    print(f"{len(rows) - failed} passed, {failed} failed, {len(skipped)} skipped")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
