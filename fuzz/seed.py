#!/usr/bin/env python3
"""Build the seed corpora, fuzz/corpus/<target>/, from the crate's own test data.

- the four argument targets (entry_roundtrip, routes_agree, plain_serde, envelope): the
  `arguments` of every call in tests/data/cases.json (real client calls, sent as JSON
  text), and the lax spellings of docs/contract.md for the fields of the fuzz structs;
- history_repair: every history fixture of crates/history/tests/data (their `input`) and
  the sample request bodies;
- dialect_rewrite: every tool's `inputSchema` of the golden tools/list files, the golden
  schemas, and the `schema` of every rule fixture of crates/dialect/tests/data/rules.

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


def build():
    corpora = {target: argument_seeds() for target in ARGUMENT_TARGETS}
    corpora["history_repair"] = history_seeds()
    corpora["dialect_rewrite"] = dialect_seeds()
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
