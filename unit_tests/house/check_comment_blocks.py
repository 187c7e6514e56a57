#!/usr/bin/env python3
"""Fails on a comment block of more than 8 lines in tessel's headers.

House rule (DESIGN.md): a comment says what and why in a few lines;
measurements, sweeps and histories live in docs/notes/. A block is a run of
consecutive lines that start with // (after indentation).

  check_comment_blocks.py SRC_DIR      check a tree (SRC_DIR holds tessel/)
  check_comment_blocks.py --self-test  check that a 9-line block is caught
"""
import os
import tempfile

from house import main

LIMIT = 8


def long_blocks(src):
    """(path relative to src, first line, length) of every block over LIMIT."""
    found = []
    for directory, dirs, files in os.walk(os.path.join(src, "tessel")):
        dirs.sort()
        for name in sorted(files):
            path = os.path.join(directory, name)
            with open(path, encoding="utf-8") as f:
                lines = f.read().split("\n")
            run, start = 0, 0
            for number, line in enumerate(lines + [""], start=1):
                if line.lstrip().startswith("//"):
                    if run == 0:
                        start = number
                    run += 1
                    continue
                if run > LIMIT:
                    found.append((os.path.relpath(path, src).replace(os.sep, "/"), start, run))
                run = 0
    return found


def check(src):
    found = long_blocks(src)
    for path, line, length in found:
        print(f"{path}:{line}: a comment block of {length} lines (at most {LIMIT}; the rest goes to docs/notes/)")
    if not found:
        print(f"comment_blocks: no comment block over {LIMIT} lines")
    return 1 if found else 0


def self_test():
    with tempfile.TemporaryDirectory() as src:
        def write(header, comment_lines):
            path = os.path.join(src, header)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w", encoding="utf-8") as f:
                f.write("#pragma once\n\n")
                f.writelines(f"  // line {i}\n" for i in range(comment_lines))
                f.write("int x;\n")
        write("tessel/detail/scan/a.hpp", LIMIT)
        write("tessel/b.hpp", 1)
        if check(src) != 0:
            print(f"self-test: a block of {LIMIT} lines was rejected")
            return 1
        write("tessel/detail/core/c.hpp", LIMIT + 1)
        if long_blocks(src) != [("tessel/detail/core/c.hpp", 3, LIMIT + 1)]:
            print(f"self-test: the block of {LIMIT + 1} lines in tessel/detail/core/c.hpp:3 was not found")
            return 1
    print("self-test: passed")
    return 0


if __name__ == "__main__":
    main(__doc__, check, self_test)
