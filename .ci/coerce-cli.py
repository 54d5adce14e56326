"""`cargo run --example coerce -- --tools FILE --jsonl CALLS`, as the README writes it, over
the demo's published tools/list and the bundled corpus: every case answered as its
expectation says, except the cases a policy the published schema cannot say explains
(listed here, each with its policy and the schema route's outcome; the typed-against-schema
test, crates/testsuite/tests/suite/typed_vs_schema.rs, holds the same list)."""
import json
import subprocess
import sys

TOOLS = "crates/testsuite/tests/data/tools_list.json"
CASES = "tests/data/cases.json"

# case id -> (policy, the schema route's outcome: "ok" or the set of code@path)
LISTED = {
    "project-trimmed": ("trimming", {"pattern_mismatch@/project"}),
    "card-padded": ("a pattern string's trimming", {"pattern_mismatch@/card_id"}),
    "search-limit-clamped-high": ("clamping", {"too_big@/limit"}),
    "search-limit-clamped-low": ("clamping", {"too_small@/limit"}),
    "category-slug": ("a default carried by the type", "ok"),
    "category-spaced": ("a default carried by the type", "ok"),
    "category-lowercase": ("a default carried by the type", "ok"),
    "free-only-true": ("a default carried by the type", "ok"),
    "free-only-false": ("a default carried by the type", "ok"),
    "free-only-upper": ("a default carried by the type", "ok"),
    "max-price-string": ("a default carried by the type", "ok"),
    "image-http": ("URL host policies", "ok"),
    "image-file": ("URL host policies", "ok"),
    "image-private-ip": ("URL host policies", "ok"),
    "image-other-host": ("URL host policies", "ok"),
    "image-not-url": ("URL host policies (format: uri asks for an absolute URI only)", {"format_invalid@/image_url"}),
    "key-near-miss-optional": ("an undeclared key stays (a Rust struct drops it)", "ok"),
    "ids-big-native": ("integer bounds past 2^53 - 1 (published clipped)", {"too_big@/ids/0"}),
    "ids-big-string": ("integer bounds past 2^53 - 1 (published clipped)", {"too_big@/ids/0"}),
    "event-start-lowercase": ("a format valid as sent is kept as sent (typed: its canonical text)", "ok"),
    "event-start-fraction": ("a format valid as sent is kept as sent (typed: its canonical text)", "ok"),
}


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


def issues(line):
    return {f"{i['code']}@{i['path']}" for i in line.get("error", {}).get("issues", [])}


cases = json.load(open(CASES))
out = subprocess.run(
    ["cargo", "run", "--quiet", "--example", "coerce", "--", "--tools", TOOLS, "--jsonl", CASES],
    check=True, capture_output=True, text=True,
).stdout.splitlines()
if len(out) != len(cases):
    sys.exit(f"{len(out)} lines for {len(cases)} cases")
bad = []
for case, text in zip(cases, out):
    line = json.loads(text)
    if case["id"] in LISTED:
        policy, want = LISTED[case["id"]]
        got = "ok" if line["ok"] else issues(line)
        if got != want:
            bad.append(f"{case['id']} ({policy}): expected {want}, got {got}")
        continue
    expect = case["expect"]
    if "value" in expect:
        ok = line["ok"] and same(line["value"], expect["value"])
    elif "issues" in expect:
        ok = not line["ok"] and issues(line) == {f"{i['code']}@{i['path']}" for i in expect["issues"]}
    else:
        ok = not line["ok"] and line.get("error", {}).get("error") == expect["category"]
    if not ok:
        bad.append(f"{case['id']}: expected {json.dumps(expect)}, got {text[:200]}")
if bad:
    sys.exit("\n".join(bad))
print(f"{len(cases)} cases: {len(cases) - len(LISTED)} as the corpus expects, "
      f"{len(LISTED)} as their listed policy says")
