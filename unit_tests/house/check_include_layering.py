#!/usr/bin/env python3
"""Fails on an include cycle between tessel's folders.

Each header under src/tessel/detail/<folder>/ belongs to the node
detail/<folder> (sort/radix/ is part of sort/); each public header is a node
of its own. The graph of #include <tessel/...> edges between nodes must have
no cycle, and every included tessel header must exist.

  check_include_layering.py SRC_DIR      check a tree (SRC_DIR holds tessel/)
  check_include_layering.py --self-test  check that a cycle is caught
"""
import os
import re
import tempfile

from house import main

INCLUDE = re.compile(r'^\s*#\s*include\s*<(tessel/[^>]+)>', re.M)


def node_of(header):
    parts = header.split("/")
    if len(parts) >= 3 and parts[1] == "detail":
        return "detail/" + parts[2]
    return header


def include_graph(src):
    edges, missing = {}, []
    root = os.path.join(src, "tessel")
    for directory, _, files in os.walk(root):
        for name in files:
            if not name.endswith((".hpp", ".inc")):
                continue
            path = os.path.join(directory, name)
            header = os.path.relpath(path, src).replace(os.sep, "/")
            with open(path, encoding="utf-8") as f:
                for included in INCLUDE.findall(f.read()):
                    if not os.path.exists(os.path.join(src, included)):
                        missing.append(f"{header} includes {included}, which does not exist")
                    a, b = node_of(header), node_of(included)
                    if a != b:
                        edges.setdefault(a, {}).setdefault(b, f"{header} -> {included}")
    return edges, missing


def find_cycle(edges):
    """A list of nodes forming a cycle, or None (depth-first search)."""
    state, stack = {}, []

    def visit(node):
        state[node] = "open"
        stack.append(node)
        for successor in sorted(edges.get(node, {})):
            if state.get(successor) == "open":
                return stack[stack.index(successor):] + [successor]
            if successor not in state:
                cycle = visit(successor)
                if cycle:
                    return cycle
        stack.pop()
        state[node] = "done"
        return None

    for node in sorted(edges):
        if node not in state:
            cycle = visit(node)
            if cycle:
                return cycle
    return None


def check(src):
    edges, missing = include_graph(src)
    for line in missing:
        print("include_layering:", line)
    cycle = find_cycle(edges)
    if cycle:
        print("include_layering: a cycle between folders: " + " -> ".join(cycle))
        for a, b in zip(cycle, cycle[1:]):
            print(f"  {a} -> {b}: {edges[a][b]}")
    nodes = set(edges) | {b for targets in edges.values() for b in targets}
    if not cycle and not missing:
        print(f"include_layering: {len(nodes)} folders and public headers, no cycle")
    return 1 if cycle or missing else 0


def self_test():
    with tempfile.TemporaryDirectory() as src:
        def write(header, *includes):
            path = os.path.join(src, header)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w", encoding="utf-8") as f:
                f.writelines(f"#include <{i}>\n" for i in includes)
        write("tessel/scan.hpp", "tessel/detail/scan/a.hpp")
        write("tessel/detail/scan/a.hpp", "tessel/detail/core/b.hpp")
        write("tessel/detail/core/b.hpp")
        if check(src) != 0:
            print("self-test: an acyclic tree was rejected")
            return 1
        write("tessel/detail/core/b.hpp", "tessel/detail/scan/c.hpp")
        write("tessel/detail/scan/c.hpp")
        if check(src) == 0:
            print("self-test: the cycle detail/scan -> detail/core -> detail/scan was not found")
            return 1
    print("self-test: passed")
    return 0


if __name__ == "__main__":
    main(__doc__, check, self_test)
