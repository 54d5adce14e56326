#!/usr/bin/env python3
"""The maintenance figures of the repository, as the take-over review counts them.

Run from the repository root: `python3 .ci/figures.py [--rustdoc]`. It prints

- doc lines per code line in src/: a doc line starts with `///` or `//!` (or is a line of a
  `doc = "..."` attribute); a code line is any other non-blank line that is not a comment;
  `#[cfg(test)]` modules are left out;
- the longest doc comment on a public item of src/entry.rs (the entry points);
- the README's length in lines;
- the integration test binaries of the workspace (`cargo metadata` targets of kind `test`);
- assertions per adapter family: `assert*!`/`prop_assert*!`/`check*!` calls and table rows
  (a line opening a tuple row, or a call of a row constructor: `ok(`, `err(`, `invalid(`,
  `refused(`, `wrong_type(`, `missing(`, `absent*(`, `row(`; not a match arm on a tuple)
  in the test files, by the family the module, test function or file is named after
  (`other` where none is);
- with `--rustdoc`, the public items rustdoc lists for the crate (all features, and default
  features), from `target/doc/mcp_coerce/all.html`.

The `duplicates` pairs in src/ come from the tool library's command (`duplicates --repo src
--most 200`), not from this script.
"""
import json
import os
import re
import subprocess
import sys
from collections import Counter


def strip_cfg_test(lines):
    """The lines of a file without its `#[cfg(test)]` modules."""
    out, i = [], 0
    while i < len(lines):
        if lines[i].strip() == "#[cfg(test)]" and i + 1 < len(lines) and re.match(
            r"\s*(pub(\(crate\))? )?mod \w+", lines[i + 1]
        ):
            j = i + 1
            if lines[j].rstrip().endswith(";"):
                i = j + 1
                continue
            depth = 0
            while j < len(lines):
                depth += lines[j].count("{") - lines[j].count("}")
                j += 1
                if depth <= 0 and "{" in "".join(lines[i + 1 : j]):
                    break
            i = j
            continue
        out.append(lines[i])
        i += 1
    return out


def doc_ratio(root="src"):
    docs = code = 0
    in_doc_attr = False
    for dirpath, _, files in os.walk(root):
        for name in files:
            if not name.endswith(".rs"):
                continue
            with open(os.path.join(dirpath, name), encoding="utf-8") as f:
                lines = strip_cfg_test(f.read().splitlines())
            in_block = False
            for line in lines:
                s = line.strip()
                if not s:
                    continue
                if in_block:
                    if "*/" in s:
                        in_block = False
                    continue
                if s.startswith("/*"):
                    in_block = "*/" not in s
                    continue
                if s.startswith("///") or s.startswith("//!"):
                    docs += 1
                    continue
                if s.startswith("//"):
                    continue
                if re.search(r'\bdoc = "', s) or in_doc_attr:
                    docs += 1
                    in_doc_attr = not s.rstrip(",)]").endswith('"') or s.endswith("\\")
                    continue
                code += 1
    return docs, code


def longest_entry_doc(path="src/entry.rs"):
    best, run, name = (0, ""), 0, ""
    with open(path, encoding="utf-8") as f:
        for line in f:
            s = line.strip()
            if s.startswith("///"):
                run += 1
                continue
            if s.startswith("#[") or not s:
                continue
            m = re.match(r"pub (?:fn|struct|enum|trait|type) (\w+)", s)
            if m and run > best[0]:
                best = (run, m.group(1))
            run = 0
    return best


def test_binaries():
    meta = json.loads(
        subprocess.check_output(
            ["cargo", "metadata", "--no-deps", "--format-version", "1"], text=True
        )
    )
    tests = [
        (p["name"], t["name"])
        for p in meta["packages"]
        for t in p["targets"]
        if "test" in t["kind"]
    ]
    return tests


FAMILIES = [
    "int_array", "string_array", "array", "int", "number", "bool", "text", "pattern",
    "enum", "json_object", "safe_object", "url", "format", "optional", "secret",
]
# How a family's name may end in a file, module or function name (`boolean`, `enums`, ...).
SUFFIX = r"(?:s|ean|_like)?"
ASSERT = re.compile(r"\b(?:prop_)?assert(?:_eq|_ne|_matches)?!|\bcheck(?:_\w+)?!|\brow!|\bcase!")
ROW = re.compile(
    r'^\s*(?:\(\s*(?:"|r#"|r"|&|\[|-?\d|json!|Some|None|b")'
    r"|(?:ok|err|invalid|refused|wrong_type|missing|absent|absent_ok|absent_err|row)\()"
)

# A match arm whose pattern is a tuple (`(Some(g), Some(w)) => ...`) opens a line as a
# tuple row does, but is no row.
MATCH_ARM = re.compile(r"^\s*\(.*\)\s*(?:if .*)?=>")


def family_of(text):
    text = text.lower()
    for fam in FAMILIES:
        if re.search(r"(^|[^a-z])" + fam + SUFFIX + r"($|[^a-z])", text):
            return fam
    return None


def assertions(roots=("tests", "crates/testsuite/tests")):
    """Assertion calls and table rows by adapter family, by the module (`mod x`) or the file
    they stand in; the rest as `other`."""
    counts = Counter()
    for root in roots:
        for dirpath, _, files in os.walk(root):
            for name in sorted(files):
                if not name.endswith(".rs"):
                    continue
                path = os.path.join(dirpath, name)
                file_family = family_of(os.path.relpath(path, root)) or "other"
                fam = file_family
                with open(path, encoding="utf-8") as f:
                    for line in f:
                        m = re.match(r"\s*(?:pub )?mod (\w+)\s*\{", line)
                        if m:
                            fam = family_of(m.group(1)) or file_family
                        m = re.match(r"\s*(?:#\[test\]\s*)?fn (\w+)", line)
                        if m and family_of(m.group(1)):
                            fam = family_of(m.group(1))
                        counts[fam] += len(ASSERT.findall(line))
                        if ROW.match(line) and not MATCH_ARM.match(line):
                            counts[fam] += 1
    return counts


def rustdoc_items():
    out = {}
    for label, flags in (("all features", ["--all-features"]), ("default features", [])):
        subprocess.check_call(
            ["cargo", "doc", "-q", "--no-deps", "-p", "mcp-coerce", *flags],
            stdout=subprocess.DEVNULL,
        )
        with open("target/doc/mcp_coerce/all.html", encoding="utf-8") as f:
            html = f.read()
        out[label] = len(re.findall(r"<li><a href=", html))
    return out


def main():
    docs, code = doc_ratio()
    print(f"doc lines / code lines in src/: {docs} / {code} = {docs / code:.3f}")
    n, name = longest_entry_doc()
    print(f"longest doc of an entry point (src/entry.rs): {n} lines ({name})")
    with open("README.md", encoding="utf-8") as f:
        print(f"README.md: {sum(1 for _ in f)} lines")
    tests = test_binaries()
    print(f"integration test binaries: {len(tests)}")
    for pkg, count in sorted(Counter(p for p, _ in tests).items()):
        print(f"  {pkg}: {count}")
    counts = assertions()
    print(f"assertions and table rows in the tests: {sum(counts.values())}")
    for fam, n in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])):
        print(f"  {fam}: {n}")
    if "--rustdoc" in sys.argv:
        for label, n in rustdoc_items().items():
            print(f"public items (rustdoc, {label}): {n}")


if __name__ == "__main__":
    main()
