#!/usr/bin/env python3
"""Ratios to the floor from criterion's saved estimates, as markdown tables.

Usage: ratios.py RUN_DIR [RUN_DIR ...]

Each RUN_DIR is a copy of target/criterion from one run of the benches (see
crates/bench/benches/run.sh). Within each run, every route's median time is divided by the
median of the `floor` route of the same group and size (the ratio-in-one-run approach: both
were measured minutes apart on the same machine state). The table shows, per group, size and route, the
median over the runs of the median time and of that ratio, plus the time per element.
"""
import json
import os
import statistics
import sys


def load(run_dir):
    """{(group, route, size): median ns} for one run."""
    out = {}
    for root, _dirs, files in os.walk(run_dir):
        if "estimates.json" not in files or os.path.basename(root) != "new":
            continue
        with open(os.path.join(root, "benchmark.json")) as f:
            bench = json.load(f)
        with open(os.path.join(root, "estimates.json")) as f:
            est = json.load(f)
        group = bench["group_id"]
        route = bench.get("function_id") or ""
        size = bench.get("value_str") or ""
        out[(group, route, size)] = est["median"]["point_estimate"]
    return out


def main(run_dirs):
    runs = [load(d) for d in run_dirs]
    keys = sorted(set().union(*runs), key=lambda k: (k[0], int(k[2]) if k[2].isdigit() else 0, k[1] != "floor", k[1]))
    print(f"runs: {len(runs)}\n")
    print("| group | size | route | median time | per element | ratio to floor (median of runs) | min-max ratio |")
    print("|---|---:|---|---:|---:|---:|---:|")
    for group, route, size in keys:
        times, ratios = [], []
        for run in runs:
            t = run.get((group, route, size))
            floor = run.get((group, "floor", size))
            if t is None:
                continue
            times.append(t)
            if floor:
                ratios.append(t / floor)
        t = statistics.median(times)
        per = f"{t / int(size):.2f} ns" if size.isdigit() else ""
        ratio = f"{statistics.median(ratios):.2f}x" if ratios else ""
        spread = f"{min(ratios):.2f}-{max(ratios):.2f}" if ratios else ""
        print(f"| {group} | {size} | {route} | {fmt(t)} | {per} | {ratio} | {spread} |")


def scaling(run_dirs):
    """Per-element time of each route across sizes: flat means linear."""
    runs = [load(d) for d in run_dirs]
    series = {}
    for run in runs:
        for (group, route, size), t in run.items():
            if size.isdigit():
                series.setdefault((group, route), {}).setdefault(int(size), []).append(t / int(size))
    sizes = sorted({n for s in series.values() for n in s})
    if len(sizes) < 2:
        return
    print("\n| group | route | " + " | ".join(f"ns/element at {n:,}" for n in sizes) + " | largest vs 100 |")
    print("|---|---|" + "---:|" * (len(sizes) + 1))
    for (group, route), per in sorted(series.items()):
        if len(per) < 2:
            continue
        med = {n: statistics.median(v) for n, v in per.items()}
        cells = [f"{med[n]:.2f}" if n in med else "" for n in sizes]
        big = max(med)
        trend = f"{med[big] / med[100]:.2f}x" if 100 in med and big != 100 else ""
        print(f"| {group} | {route} | " + " | ".join(cells) + f" | {trend} |")


def fmt(ns):
    if ns >= 1e6:
        return f"{ns / 1e6:.2f} ms"
    if ns >= 1e3:
        return f"{ns / 1e3:.2f} µs"
    return f"{ns:.0f} ns"


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    main(sys.argv[1:])
    scaling(sys.argv[1:])
