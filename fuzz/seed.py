#!/usr/bin/env python3
"""Build the seed corpora, fuzz/corpus/<target>/, from the crate's own test data.

- the four argument targets (entry_roundtrip, routes_agree, plain_serde, envelope): the
  `arguments` of every call in tests/data/cases.json (real client calls, sent as JSON
  text), and the lax spellings of docs/contract.md for the fields of the fuzz structs;
- history_repair: every history fixture of crates/history/tests/data (their `input`) and
  the sample request bodies;
- dialect_rewrite: every tool's `inputSchema` of the golden tools/list files, the golden
  schemas, and the `schema` of every rule fixture of crates/dialect/tests/data/rules;
- schema_compile: the demo's input schemas (tools/list and the golden schemas), a sample of
  the published servers' input schemas (crates/testsuite/tests/data/published/servers.json:
  the smallest schema of each server and each schema that uses a keyword, or a keyword
  inside another, that no smaller one does), and hostile shapes (recursive references,
  nested unions, patterns only a backtracking engine or none reads, validator keywords);
- formats: the strings the corpus sends to demo_schedule_event, and the spellings of the
  formats table it leaves out;
- schema_coerce: `[schema, call]` pairs: the bundled corpus of real calls
  (tests/data/cases.json) against the demo tool they name, and for every schema of
  schema_compile a canonical call built from it and the same call in the contract's lax
  spellings (numbers and booleans as strings, arrays as comma strings or JSON text, objects
  as JSON text, enum names folded), some with keys folded or wrapped in `arguments`.

Each seed is a file named by the SHA-1 of its content (as libFuzzer names them), so that
running it again gives the same files. Usage: fuzz/seed.py [--check]; --check exits 1
when the committed corpus differs from what the script builds.
"""

import hashlib
import json
import pathlib
import sys

FUZZ = pathlib.Path(__file__).resolve().parent
ROOT = FUZZ.parent
ARGUMENT_TARGETS = ["entry_roundtrip", "routes_agree", "plain_serde", "envelope"]


def load(path):
    return json.loads(path.read_text(encoding="utf-8"))


def compact(value):
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def argument_seeds():
    seeds = []
    for case in load(ROOT / "tests/data/cases.json"):
        arguments = case.get("arguments")
        seeds.append(compact(arguments))
    # The lax spellings the contract lists, on the fields of the fuzz structs (Args, Lax).
    base = {"ids": [1, 2], "query": "rust", "text": "t"}
    spellings = {
        "ids": ["[1,2,3]", "1, 2, 3", "7", 7, ["1", 2, 3.0], "\"[1,2]\"", "1,000", "[1,2",
                "99999999999999999999", 1e20, [1, 2.5], "foo,bar", "", [], None, True],
        "big": ["170141183460469231731687303715884105727", ["-99999999999999999999"], 1e20],
        "small": ["1,2", [255], "256"],
        "query": ["  rust  ", "", "x" * 41, 42, None],
        "text": ["", "null", 7],
        "tags": ["a, b", ["a,b"], "[\"a\",\"b\"]", "['a','b']", "[draft] notes", ",", 42],
        "titles": ["Smith, John", ["a", "b", "c", "d"], ""],
        "items": [[{"id": 1, "status": "fast"}], "[{\"id\":\"2\",\"status\":\"AI-ML\"}]",
                  {"id": 1, "status": "slow"}, [{"id": 1.5, "status": "x"}], [[1, "fast"]]],
        "modes": ["fast", ["aiml", "SLOW_AND_STEADY"], "[\"fast\"]"],
        "digits": ["[1,2]", [10], 3],
        "limit": ["10", 500, " +5 ", 5.0, "5.5", "", "null", None, 0],
        "page": [0, 500, "", None],
        "offset": ["-1", "18446744073709551615", 1e300],
        "count": [5, "5"],
        "level": ["255", 256],
        "ratio": ["0.5", 2, "1e3", "NaN", "inf"],
        "score": ["1e400", "0x10", 1],
        "flag": ["yes", "FALSE", 1, 2, "maybe", "off"],
        "note": ["", "null", "a" * 100],
        "ticket": [" T-42 ", "T-", "null", "", "T-1234567"],
        "mode": ["AI/ML", "ai ml", "fats", "", 3],
        "filter": ["{\"limit\": \"3\"}", {"limit": 11, "words": "a,b"}, "\"{}\"", "[1]", [], {"exact": "yes"}],
        "extra": [{"__proto__": {}}, "{\"a\":{\"constructor\":1}}", {"a": [[[[[[[[[1]]]]]]]]]}, "{mode: fast}"],
        "url": ["HTTPS://Img.Example.com/a", "https://127.0.0.1/", "http://a.example.com/", "https://example.com/",
                "https://u:p@a.example.com/", "not a url", "https://a.example.com/" + "x" * 200],
        "plain_big": [340282366920938463463374607431768211455, 18446744073709551616, 5],
        "plain_ratio": [0.1, 1e39, 3.4028234663852886e38],
        "name": ["12345", 5],
    }
    for field, values in spellings.items():
        for value in values:
            seeds.append(compact({**base, field: value}))
    # Arguments as a whole.
    seeds += [
        "null", "\"{\\\"ids\\\":[1],\\\"query\\\":\\\"q\\\"}\"", "[1]", "42", "{",
        compact({"{\"ids\":[1]}": None}), compact({"querry": "rust", "IDS": [1]}),
        "{\"limit\":1,\"limit\":2}", compact({("k" * 80): 1}),
        compact({"filter": {"a" * 300: {"b" * 300: 1}}, "items": [{"note": "n" * 500}] * 120}),
    ]
    return seeds


def history_seeds():
    seeds = []
    data = ROOT / "crates/history/tests/data"
    for path in sorted(data.rglob("*.json")):
        seeds.append(compact(load(path)))
    return seeds


def dialect_seeds():
    seeds = []
    for tools in [ROOT / "crates/testsuite/tests/data/tools_list.json",
                  ROOT / "crates/dialect/tests/data/demo_tools_list.json",
                  *sorted((ROOT / "crates/testsuite/tests/data/testing").glob("*.json"))]:
        listed = load(tools)
        listed = listed.get("tools", listed) if isinstance(listed, dict) else listed
        for tool in listed:
            if isinstance(tool, dict) and "inputSchema" in tool:
                seeds.append(compact(tool["inputSchema"]))
    for path in sorted((ROOT / "crates/testsuite/tests/data/schemas").glob("*.json")):
        seeds.append(compact(load(path)))
    dialect = ROOT / "crates/dialect/tests/data"
    seeds.append(compact(load(dialect / "demo_input.json")))
    for path in sorted((dialect / "golden").glob("*.json")):
        seeds.append(compact(load(path)))
    for path in sorted((dialect / "rules").glob("*.json")):
        seeds.append(compact(load(path)["schema"]))
    # The shapes the rules name, small.
    seeds += [
        compact({"type": "object", "properties": {"t": {"$ref": "#/$defs/T"}},
                 "$defs": {"T": {"type": "object", "properties": {"c": {"$ref": "#/$defs/T"}}}}}),
        compact({"type": ["integer", "string", "null"], "minimum": 1, "maxLength": 3}),
        compact({"allOf": [{"type": "object", "properties": {"a": {"type": "integer"}}},
                           {"required": ["a"]}]}),
        compact({"oneOf": [{"type": "string"}, {"type": "integer", "maximum": 5}]}),
        "true", "false", "{}",
    ]
    return seeds


PUBLISHED = ROOT / "crates/testsuite/tests/data/published/servers.json"
DEMO_TOOLS = ROOT / "crates/testsuite/tests/data/tools_list.json"
# A schema seed, or a `[schema, call]` seed, is at most this long (the targets' -max_len).
MAX_SCHEMA_SEED = 16 * 1024
# Keywords whose value maps names to schemas.
NAMED_SCHEMAS = {"properties", "patternProperties", "$defs", "definitions", "dependentSchemas"}


def features(value, parent="", out=None):
    """The (enclosing keyword, keyword, kind of value) triples of a schema: what the
    published sample keeps a schema for."""
    out = set() if out is None else out
    if isinstance(value, dict):
        for key, child in value.items():
            if parent in NAMED_SCHEMAS:
                features(child, "*", out)
                continue
            kind = child if key in ("type", "format") and isinstance(child, str) else type(child).__name__
            out.add((parent, key, kind))
            features(child, key, out)
    elif isinstance(value, list):
        for child in value:
            features(child, parent, out)
    return out


def published_schemas():
    """The smallest input schema of each published server, and each schema with a feature
    no smaller one has, smallest first."""
    servers = load(PUBLISHED)["servers"]
    candidates = []
    for server in servers:
        for tool in server["tools"]:
            schema = tool.get("inputSchema")
            text = compact(schema)
            if len(text.encode("utf-8")) <= MAX_SCHEMA_SEED:
                candidates.append((len(text), text, server["server"], schema))
    candidates.sort(key=lambda c: (c[0], c[1]))
    seen, servers_seen, out = set(), set(), []
    for _, _, server, schema in candidates:
        found = features(schema)
        if not found <= seen or server not in servers_seen:
            out.append(schema)
            seen |= found
            servers_seen.add(server)
    return out


def demo_tools():
    listed = load(DEMO_TOOLS)
    return listed.get("tools", listed) if isinstance(listed, dict) else listed


# Hostile and unusual schemas, small: what the engine bounds or reads specially.
HOSTILE_SCHEMAS = [
    {"$defs": {"node": {"type": "object", "properties": {"value": {"type": "integer"},
                                                          "children": {"type": "array", "items": {"$ref": "#/$defs/node"}}}}},
     "$ref": "#/$defs/node"},
    {"$ref": "#"},
    {"$defs": {"a": {"$ref": "#/$defs/b"}, "b": {"$ref": "#/$defs/a"}}, "properties": {"x": {"$ref": "#/$defs/a"}}},
    {"$defs": {"a": {"allOf": [{"$ref": "#/$defs/a"}], "items": {"$ref": "#/$defs/a"}}}, "$ref": "#/$defs/a"},
    {"anyOf": [{"anyOf": [{"anyOf": [{"type": "integer"}, {"type": "boolean"}]}, {"type": "array", "items": {"type": "integer"}}]},
               {"type": "object", "properties": {"a": {"anyOf": [{"type": "number"}, {"type": "null"}]}}}]},
    {"oneOf": [{"type": "integer"}, {"type": "number"}]},
    {"oneOf": [{"properties": {"kind": {"const": "a"}, "n": {"type": "integer"}}, "required": ["kind"]},
               {"properties": {"kind": {"const": "b"}, "s": {"type": "string"}}, "required": ["kind"]}]},
    {"enum": ["ai_ml", "AI/ML", "date-desc", 1, 1.5, None, True, [1], {"a": 1}]},
    {"type": "string", "pattern": "^(a|a)+\\1$"},
    {"type": "string", "pattern": "^(a+)+$"},
    {"type": "string", "pattern": "(?<=x)y(?!z)"},
    {"type": "string", "pattern": "(?P<name>x)"},
    {"type": "string", "pattern": "\\Ax"},
    {"patternProperties": {"^x-": {"type": "integer"}, "(?P<p>q)": {"type": "boolean"}}, "additionalProperties": False},
    {"propertyNames": {"pattern": "^[a-z]+$", "maxLength": 3}},
    {"type": "object", "properties": {"limit": {"type": "integer", "default": 10}}, "required": ["limit"]},
    {"type": "object", "properties": {"n": {"type": ["integer", "null"], "minimum": 1, "exclusiveMaximum": 10, "multipleOf": 3}}},
    {"$schema": "http://json-schema.org/draft-04/schema#", "type": "number", "minimum": 0, "exclusiveMinimum": True},
    {"$schema": "http://json-schema.org/draft-07/schema#", "type": "array", "items": [{"type": "integer"}, {"type": "boolean"}], "additionalItems": False},
    {"type": "array", "prefixItems": [{"type": "integer"}], "items": {"type": "string"}, "uniqueItems": True, "minItems": 1, "maxItems": 3},
    {"$id": "https://example.com/root.json", "$defs": {"a": {"$id": "a.json", "$anchor": "here", "type": "integer"}},
     "properties": {"x": {"$ref": "a.json"}, "y": {"$ref": "a.json#here"}}},
    {"$ref": "https://example.com/remote.json"},
    {"not": {"type": "string"}, "if": {"type": "integer"}, "then": {"minimum": 1}, "else": {"maxLength": 2},
     "dependentRequired": {"a": ["b"]}, "contains": {"const": 1}, "minProperties": 1, "unevaluatedProperties": False},
    {"type": "object", "properties": {"__proto__": {"type": "integer"}}, "additionalProperties": {"type": "object"}},
    {"type": "string", "minLength": 1, "maxLength": 2, "format": "date-time"},
    {"type": "boolean"}, {"type": "null"}, {"const": None}, {"enum": [None, "a"]},
    True, False, {},
]


def schema_compile_seeds():
    seeds = [compact(tool["inputSchema"]) for tool in demo_tools()]
    for path in sorted((ROOT / "crates/testsuite/tests/data/schemas").glob("*.json")):
        seeds.append(compact(load(path)))
    seeds += [compact(schema) for schema in published_schemas()]
    seeds += [compact(schema) for schema in HOSTILE_SCHEMAS]
    return seeds


def resolve(schema, root, hops=0):
    """`schema` past a local `$ref` (a few hops), else itself."""
    while isinstance(schema, dict) and isinstance(schema.get("$ref"), str) and hops < 8:
        ref = schema["$ref"]
        if not ref.startswith("#"):
            return schema
        target = root
        for token in [t for t in ref[1:].split("/") if t]:
            token = token.replace("~1", "/").replace("~0", "~")
            if isinstance(target, dict) and token in target:
                target = target[token]
            else:
                return schema
        schema, hops = target, hops + 1
    return schema


def kind_of(schema):
    """The one non-null type a schema names, or None."""
    kinds = schema.get("type") if isinstance(schema, dict) else None
    if isinstance(kinds, list):
        kinds = [k for k in kinds if k != "null"]
        kinds = kinds[0] if len(kinds) == 1 else None
    return kinds if isinstance(kinds, str) else None


def canonical(schema, root, depth=0):
    """A value `schema` should accept as sent, built from its keywords (a guess: the
    target judges it with the validator)."""
    schema = resolve(schema, root)
    if not isinstance(schema, dict) or depth > 6:
        return "text"
    if "const" in schema:
        return schema["const"]
    if isinstance(schema.get("enum"), list) and schema["enum"]:
        return schema["enum"][0]
    if "default" in schema and schema["default"] is not None:
        return schema["default"]
    for union in ("anyOf", "oneOf", "allOf"):
        branches = schema.get(union)
        if isinstance(branches, list) and branches and "type" not in schema:
            typed = [b for b in branches if kind_of(resolve(b, root)) not in (None, "null")]
            return canonical(typed[0] if typed else branches[0], root, depth + 1)
    kind = kind_of(schema)
    if kind == "integer" or kind == "number":
        low = schema.get("minimum", schema.get("exclusiveMinimum", 0))
        low = low if isinstance(low, (int, float)) and not isinstance(low, bool) else 0
        value = int(low) + 1 if kind == "integer" else float(int(low)) + 1.5
        high = schema.get("maximum", schema.get("exclusiveMaximum"))
        if isinstance(high, (int, float)) and not isinstance(high, bool) and value > high:
            value = int(high) - 1 if kind == "integer" else high - 0.5
        return value
    if kind == "boolean":
        return True
    if kind == "array":
        items = schema.get("items", {})
        count = max(2, schema.get("minItems", 0) if isinstance(schema.get("minItems"), int) else 0)
        count = min(count, schema.get("maxItems", count) if isinstance(schema.get("maxItems"), int) else count)
        return [canonical(items, root, depth + 1) for _ in range(min(count, 4))]
    if kind == "object" or "properties" in schema:
        properties = schema.get("properties", {})
        if not isinstance(properties, dict):
            return {}
        return {name: canonical(child, root, depth + 1) for name, child in properties.items()}
    if kind == "null":
        return None
    return "text"


def lax(schema, root, value, depth=0):
    """`value` in the contract's lax spellings for `schema`."""
    schema = resolve(schema, root)
    if not isinstance(schema, dict) or depth > 6:
        return value
    kind = kind_of(schema)
    if isinstance(value, bool):
        return "yes" if value else "OFF"
    if isinstance(value, (int, float)):
        return f" {value} " if kind == "integer" else str(value)
    if isinstance(value, str) and isinstance(schema.get("enum"), list) and len(value) > 1:
        return value.upper().replace("_", "-") if "-" not in value else value.replace("-", "_").upper()
    if isinstance(value, list):
        items = resolve(schema.get("items", {}), root)
        if value and all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in value):
            return ", ".join(str(v) for v in value)
        if value and all(isinstance(v, str) and "," not in v for v in value) and kind_of(items) == "string":
            return ",".join(value)
        return compact([lax(items, root, v, depth + 1) for v in value])
    if isinstance(value, dict):
        properties = schema.get("properties", {}) if isinstance(schema.get("properties"), dict) else {}
        inner = {k: lax(properties.get(k, {}), root, v, depth + 1) for k, v in value.items()}
        return inner if depth == 0 else compact(inner)
    return value


def folded_key(name):
    """A spelling of a property name that folds to it (`order_by` -> `orderBy`)."""
    if "_" in name:
        head, *rest = name.split("_")
        return head + "".join(part[:1].upper() + part[1:] for part in rest)
    return name[:1].upper() + name[1:] if name[:1].islower() else name.lower() + "_"


def schema_coerce_seeds():
    seeds = []
    schemas = {tool["name"]: tool["inputSchema"] for tool in demo_tools()}
    for case in load(ROOT / "tests/data/cases.json"):
        schema = schemas.get(case.get("tool"))
        if schema is not None:
            seeds.append(compact([schema, case.get("arguments")]))
    samples = [tool["inputSchema"] for tool in demo_tools()]
    samples += published_schemas() + HOSTILE_SCHEMAS
    for index, schema in enumerate(samples):
        call = canonical(schema, schema)
        seeds.append(compact([schema, call]))
        seeds.append(compact([schema, lax(schema, schema, call)]))
        if index % 4 == 0 and isinstance(call, dict) and call:
            seeds.append(compact([schema, {folded_key(k): v for k, v in call.items()}]))
            seeds.append(compact([schema, {"arguments": call}]))
    # Hostile calls.
    tree = HOSTILE_SCHEMAS[0]
    deep = {"value": 0}
    for _ in range(100):
        deep = {"value": "1", "children": [deep]}
    seeds += [
        compact([tree, deep]),
        compact([{"type": "string", "pattern": "^(a|a)+\\1$"}, "a" * 40 + "!"]),
        compact([{"type": "array", "items": {"type": "integer"}}, ",".join(str(i) for i in range(1000))]),
        compact([{"type": "object"}, {"a": {"__proto__": {"x": 1}}}]),
        compact([{"type": "integer"}, 1e300]),
        compact([{"type": "integer"}, 18446744073709551616]),
        compact([{"type": "object", "properties": {"a": {}}}, {"{\"a\":1}": None}]),
        compact([{"type": "object", "properties": {"q": {"type": "string"}}}, {"name": "t", "arguments": "{\"q\":\"x\"}"}]),
    ]
    return [s for s in seeds if len(s.encode("utf-8")) <= MAX_SCHEMA_SEED]


def formats_seeds():
    """Every string the bundled corpus sends to demo_schedule_event, and the spellings of
    the formats table (docs/contract.md, "Formats") the corpus leaves out."""
    seeds = []
    for case in load(ROOT / "tests" / "data" / "cases.json"):
        if case["tool"] == "demo_schedule_event" and isinstance(case["arguments"], dict):
            seeds += [v for v in case["arguments"].values() if isinstance(v, str)]
    seeds += [
        "2026-01-15T10:00:00.123456789-23:59",
        "2016-12-31T23:59:60Z",
        "1768471200123",
        "-00:00",
        "0000-01-01T00:00:00+00:00",
        "9999-12-31T23:59:59-00:01",
        "a.b@c-d.e",
        "\"ann\"@example.com",
        "ann@[192.0.2.1]",
        "::ffff:192.0.2.1",
        "1.2.3.04",
        "URN:UUID:{6F9619FF-8B86-D011-B42D-00C04FC964FF}",
    ]
    return sorted(set(seeds))


def build():
    corpora = {target: argument_seeds() for target in ARGUMENT_TARGETS}
    corpora["formats"] = formats_seeds()
    corpora["history_repair"] = history_seeds()
    corpora["dialect_rewrite"] = dialect_seeds()
    corpora["schema_compile"] = schema_compile_seeds()
    corpora["schema_coerce"] = schema_coerce_seeds()
    return corpora


def main():
    check = "--check" in sys.argv[1:]
    differs = False
    for target, seeds in build().items():
        directory = FUZZ / "corpus" / target
        want = {}
        for seed in seeds:
            data = seed.encode("utf-8")
            want[hashlib.sha1(data).hexdigest()] = data
        if check:
            have = {p.name for p in directory.glob("*")} if directory.is_dir() else set()
            missing = set(want) - have
            if missing:
                print(f"{target}: {len(missing)} seeds missing", file=sys.stderr)
                differs = True
            continue
        directory.mkdir(parents=True, exist_ok=True)
        for name, data in want.items():
            (directory / name).write_bytes(data)
        print(f"{target}: {len(want)} seeds")
    sys.exit(1 if differs else 0)


if __name__ == "__main__":
    main()
