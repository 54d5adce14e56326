#!/usr/bin/env python3
"""Fail when a dependency of a published crate declares a newer rust-version than the crate.

Reads `cargo metadata --format-version 1 --all-features` on stdin. For each workspace member
that can be published, every package its normal and build dependencies reach (with every
feature on, as in the lock file) must declare no `rust-version` above the member's own: the
one toolchain CI has is newer than the minimum supported version, so nothing else would
notice.
"""
import json
import sys


def version(text):
    """`1.88` and `1.88.0` alike, as (1, 88, 0)."""
    parts = [int(part) for part in text.split(".")]
    return tuple(parts + [0] * (3 - len(parts)))


def main():
    meta = json.load(sys.stdin)
    packages = {p["id"]: p for p in meta["packages"]}
    nodes = {n["id"]: n for n in meta["resolve"]["nodes"]}
    members = [packages[i] for i in meta["workspace_members"]]
    problems = []
    for member in members:
        if member.get("publish") == [] or not member.get("rust_version"):
            continue
        floor = version(member["rust_version"])
        seen, todo = set(), [member["id"]]
        while todo:
            node = todo.pop()
            if node in seen:
                continue
            seen.add(node)
            for dep in nodes[node]["deps"]:
                if any(k["kind"] in (None, "build") for k in dep["dep_kinds"]):
                    todo.append(dep["pkg"])
        for pkg in sorted((packages[i] for i in seen), key=lambda p: p["name"]):
            declared = pkg.get("rust_version")
            if declared and version(declared) > floor:
                problems.append(
                    f"{member['name']} (rust-version {member['rust_version']}) depends on "
                    f"{pkg['name']} {pkg['version']} (rust-version {declared})"
                )
    for line in problems:
        print(line)
    checked = sum(1 for m in members if m.get("publish") != [])
    print(f"{checked} published crates checked, {len(problems)} dependencies too new")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
