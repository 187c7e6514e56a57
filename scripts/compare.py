#!/usr/bin/env python3
"""Side-by-side table of a tessel_perf run.

    tessel_perf --benchmark_out=run.json --benchmark_out_format=json
    scripts/compare.py run.json [--against tessel] [--filter REGEX]

Benchmarks are named family/implementation/type/shape. For every
family/type/shape the table lists each implementation's time and its ratio to
the reference implementation (default "tessel"): a ratio above 1 means the
other implementation is slower than the reference.
"""
import argparse
import collections
import json
import re
import sys


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("json", help="Google Benchmark JSON output of tessel_perf")
    parser.add_argument("--against", default="tessel", help="reference implementation (default: tessel)")
    parser.add_argument("--filter", default="", help="only benchmarks whose name matches this regex")
    arguments = parser.parse_args()

    with open(arguments.json) as handle:
        run = json.load(handle)
    rows = collections.OrderedDict()
    for benchmark in run.get("benchmarks", []):
        if benchmark.get("run_type") == "aggregate" and benchmark.get("aggregate_name") != "median":
            continue
        name = benchmark["name"].split("/manual_time")[0]
        if arguments.filter and not re.search(arguments.filter, name):
            continue
        parts = name.split("/")
        if len(parts) != 4:
            continue
        family, implementation, value_type, shape = parts
        unit = {"ns": 1e-6, "us": 1e-3, "ms": 1.0, "s": 1e3}[benchmark.get("time_unit", "ns")]
        rows.setdefault((family, value_type, shape), {})[implementation] = benchmark["real_time"] * unit

    print(f"{'family/type/shape':44} {'implementation':22} {'ms':>10} {'ratio':>8}")
    for (family, value_type, shape), times in rows.items():
        reference = times.get(arguments.against)
        for implementation, milliseconds in times.items():
            ratio = f"{milliseconds / reference:8.2f}" if reference else "       -"
            print(f"{family + '/' + value_type + '/' + shape:44} {implementation:22} {milliseconds:10.3f} {ratio}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
