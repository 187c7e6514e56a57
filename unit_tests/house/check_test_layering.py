#!/usr/bin/env python3
"""Fails where a family test names tessel's internals.

The tests at the top of unit_tests/ (test_*.cpp and the support headers
they share) read as specifications of the public interface: they reach
sizes and paths through TuningParameters, Tuning<Space> and the public
overloads, or compute them themselves. Tests of building blocks live in
unit_tests/detail/ and may name tessel::detail. Every line of a top-level
.cpp or .hpp that names the detail namespace (`detail::`, `tessel::detail`)
or includes <tessel/detail/...> is listed as FILE:LINE. The test mains
(test_main.cpp, mpi_test_main.cpp) may take Kokkos' options through
detail::kokkos_arguments, as every tessel program does, and nothing else.

  check_test_layering.py UNIT_TESTS_DIR  check a tree (its top level only)
  check_test_layering.py --self-test     check that a use of detail is caught
"""
import os
import re
import tempfile

from house import main

DETAIL = re.compile(r'\bdetail\s*::|\btessel\s*::\s*detail\b|#\s*include\s*[<"]tessel/detail/')
MAINS = ("test_main.cpp", "mpi_test_main.cpp")
MAINS_MAY = re.compile(r'tessel::detail::kokkos_arguments\(|#\s*include\s*<tessel/detail/base/kokkos_compat\.hpp>')


def violations(tests_dir):
    found = []
    for name in sorted(os.listdir(tests_dir)):
        path = os.path.join(tests_dir, name)
        if not os.path.isfile(path) or not name.endswith((".cpp", ".hpp")):
            continue
        with open(path, encoding="utf-8") as f:
            for number, line in enumerate(f, start=1):
                if DETAIL.search(line) and not (name in MAINS and MAINS_MAY.search(line)):
                    found.append(f"{name}:{number}: {line.strip()}")
    return found


def check(tests_dir):
    found = violations(tests_dir)
    for line in found:
        print("test_layering:", line)
    if found:
        print(f"test_layering: {len(found)} lines of family tests name tessel::detail; test building blocks in "
              "unit_tests/detail/, reach the rest through the public interface")
        return 1
    print("test_layering: the family tests name no detail")
    return 0


def self_test():
    with tempfile.TemporaryDirectory() as tests_dir:
        def write(name, *lines):
            path = os.path.join(tests_dir, name)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w", encoding="utf-8") as f:
                f.writelines(line + "\n" for line in lines)
        write("test_sort.cpp", "#include <tessel/sort.hpp>", "// the detail of the test", "tessel::sort(exec, keys);")
        write("support.hpp", "#include <tessel/tuning.hpp>")
        write("test_main.cpp", "#include <tessel/detail/base/kokkos_compat.hpp>",
              "auto arguments = tessel::detail::kokkos_arguments(argc, argv);")
        write("detail/test_plan.cpp", "#include <tessel/detail/sort/plan.hpp>", "using namespace tessel::detail;",
              "tessel::detail::plan();")
        if check(tests_dir) != 0:
            print("self-test: a clean tree (detail only under detail/) was rejected")
            return 1
        write("test_sort.cpp", "#include <tessel/sort.hpp>", "#include <tessel/detail/sort/plan.hpp>",
              "tessel::sort(exec, keys);")
        write("support.hpp", "#include <tessel/tuning.hpp>", "using namespace tessel::detail;",
              "const auto t = tessel::detail::plan();", "using detail ::plan;")
        write("test_main.cpp", "#include <tessel/detail/base/kokkos_compat.hpp>",
              "auto arguments = tessel::detail::kokkos_arguments(argc, argv);", "tessel::detail::plan();")
        found = violations(tests_dir)
        expected = ["test_sort.cpp:2", "support.hpp:2", "support.hpp:3", "support.hpp:4", "test_main.cpp:3"]
        missed = [where for where in expected if not any(line.startswith(where + ":") for line in found)]
        if missed or len(found) != len(expected) or check(tests_dir) == 0:
            print("self-test: expected " + ", ".join(expected) + "; found: " + "; ".join(found))
            return 1
    print("self-test: passed")
    return 0


if __name__ == "__main__":
    main(__doc__, check, self_test)
