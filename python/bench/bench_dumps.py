#!/usr/bin/env python3
"""hclkit.dumps against python-hcl2's hcl2.dumps on N generated resources, in one run.

Usage (in a virtual environment with both packages):

    pip install ./python python-hcl2
    python python/bench/bench_dumps.py [--resources N] [--repeat R]

The workload is python-hcl2#300's: a file of N ``resource`` blocks (500 by default), each
with string, number, boolean and reference attributes, a map and a list. Each library reads
it with its own ``loads`` (untimed), then its ``dumps`` writes that data back to HCL (timed,
best of R runs; python-hcl2 once unless --repeat-hcl2 is given, it is slow). hclkit gets an
hcldec spec naming ``resource`` as a block with two labels, so that it writes blocks, as
python-hcl2 does from its own markers. Both outputs are checked: each must read back
(``loads``) to the data it was written from.

Exit status 0 with the figures; 1 when an output does not read back to its data or python-hcl2
is missing; 2 on a usage error.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_loads import best_of  # noqa: E402 - the bench scripts' one timer

SPEC = """\
block_map {
  block_type = "resource"
  labels     = ["type", "name"]
  object {
    attr "ami" {
      type = string
    }
  }
}
"""


def workload(n: int) -> str:
    out = []
    for i in range(n):
        out.append(
            f'resource "aws_instance" "web_{i}" {{\n'
            f'  ami           = "ami-{i:08x}"\n'
            f'  instance_type = "t3.micro"\n'
            f"  count         = {i % 3 + 1}\n"
            f"  monitoring    = true\n"
            f"  subnet_id     = aws_subnet.main.id\n"
            f'  tags = {{\n    Name = "web-{i}"\n    Env  = "prod"\n  }}\n'
            f'  security_groups = ["sg-{i}", "sg-common"]\n'
            f"}}\n\n"
        )
    return "".join(out)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--resources", type=int, default=500, help="how many resource blocks")
    ap.add_argument("--repeat", type=int, default=5, help="hclkit runs (best is kept)")
    ap.add_argument("--repeat-hcl2", type=int, default=1, help="python-hcl2 runs (best is kept)")
    args = ap.parse_args()
    if args.resources < 1 or args.repeat < 1 or args.repeat_hcl2 < 1:
        ap.error("--resources, --repeat and --repeat-hcl2 must be at least 1")

    import hclkit

    try:
        import hcl2
    except ImportError:  # the benchmark needs it
        sys.exit("bench_dumps: python-hcl2 is not installed: pip install python-hcl2")

    text = workload(args.resources)
    ours = hclkit.loads(text)
    theirs = hcl2.loads(text)

    out_ours = hclkit.dumps(ours, SPEC)
    if hclkit.loads(out_ours) != ours:
        sys.exit("bench_dumps: hclkit.dumps's output does not read back to its data")
    t_hcl2 = best_of(args.repeat_hcl2, lambda: hcl2.dumps(theirs))
    out_theirs = hcl2.dumps(theirs)
    if hcl2.loads(out_theirs) != theirs:
        sys.exit("bench_dumps: hcl2.dumps's output does not read back to its data")
    t_ours = best_of(args.repeat, lambda: hclkit.dumps(ours, SPEC))

    version = getattr(hcl2, "__version__", None) or getattr(getattr(hcl2, "version", None), "version", "?")
    print(f"workload: {args.resources} resources, {len(text.encode()) / 1e3:.1f} kB of HCL")
    print(f"python-hcl2 {version} dumps: {t_hcl2:8.4f} s  ({len(out_theirs.encode()) / 1e3:.1f} kB out)")
    print(f"hclkit dumps:           {t_ours:8.4f} s  ({len(out_ours.encode()) / 1e3:.1f} kB out)")
    print(f"ratio: {t_hcl2 / t_ours:.0f}x")


if __name__ == "__main__":
    main()
