"""The command line shared by the house checks: DIR to check a tree, or
--self-test to check that the check itself catches what it must."""
import sys


def main(doc, check, self_test):
    if len(sys.argv) == 2 and sys.argv[1] == "--self-test":
        sys.exit(self_test())
    if len(sys.argv) != 2:
        print(doc)
        sys.exit(2)
    sys.exit(check(sys.argv[1]))
