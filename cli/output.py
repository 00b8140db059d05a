"""Machine-readable output for the tools that print tables (``arena``, ``bench``): ``--json``
prints one JSON object (the run's facts and its ``rows``), ``--csv`` the rows alone, one a line
with a header, in place of the markdown; progress and notes stay on stderr."""
from __future__ import annotations

import csv
import json
import sys


def add_output_flags(p) -> None:
    out = p.add_mutually_exclusive_group()
    out.add_argument("--json", action="store_true", help="print the results as one JSON object instead of markdown")
    out.add_argument("--csv", action="store_true", help="print the results as CSV rows (with a header) instead of markdown")


def machine_readable(args) -> bool:
    return args.json or args.csv


def print_rows(args, rows: list, facts: dict) -> None:
    """``rows`` (dicts with the same keys) as ``--json`` (with ``facts``) or ``--csv`` asked."""
    if args.json:
        json.dump({**facts, "rows": rows}, sys.stdout, indent=2)
        sys.stdout.write("\n")
        return
    fields = list(dict.fromkeys(k for row in rows for k in row))
    writer = csv.DictWriter(sys.stdout, fieldnames=fields, lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
