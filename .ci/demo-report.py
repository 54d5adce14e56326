"""`demo --jsonl tests/data/cases.json --report`, as the README writes it, against the pinned
reports (tests/data/reports.json): every case's coercions, as rule@path in order."""
import json
import subprocess
import sys

cases = json.load(open("tests/data/cases.json"))
pins = json.load(open("tests/data/reports.json"))
out = subprocess.run(
    ["cargo", "run", "--quiet", "--example", "demo", "--", "--jsonl", "tests/data/cases.json", "--report"],
    check=True, capture_output=True, text=True,
).stdout.splitlines()
if len(out) != len(cases):
    sys.exit(f"{len(out)} lines for {len(cases)} cases")
bad = []
for case, line in zip(cases, out):
    got = [f"{c['rule']}@{c['path']}" for c in json.loads(line)["coercions"]]
    if got != pins[case["id"]]:
        bad.append(f"{case['id']}: expected {pins[case['id']]}, got {got}")
if bad:
    sys.exit("\n".join(bad))
print(f"{len(cases)} cases: every report as pinned")
