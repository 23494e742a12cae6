#!/usr/bin/env python3
"""hclkit.loads against python-hcl2's hcl2.loads on the real-world corpus, in one run.

Usage (in a virtual environment with both packages):

    pip install ./python python-hcl2
    python python/bench/bench_loads.py [CORPUS_DIR] [--every N] [--repeat R] [--threads T]

CORPUS_DIR defaults to ../shared/corpus/realworld beside the repository (or
$HCLKIT_SHARED/corpus/realworld). Both libraries parse the same files, the ones python-hcl2
accepts (the files it rejects are counted and left out of both timings); each timing is the
best of R runs (python-hcl2: one run unless --repeat-hcl2 is given, it is slow). --every N takes
every Nth file (sorted by path) for a quicker run. With --threads, hclkit.loads also runs on a
thread pool (the GIL is released while it parses).

Exit status 0 with the figures; 1 when there is nothing to time or a timing would be wrong: no
corpus files, python-hcl2 accepting none, or hclkit rejecting a file python-hcl2 accepts (named
on standard error); 2 on a usage error.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Callable, List, Tuple

SUFFIXES = {".tf", ".hcl", ".nomad", ".tfvars"}


def default_corpus() -> Path:
    shared = os.environ.get("HCLKIT_SHARED")
    if shared:
        return Path(shared) / "corpus" / "realworld"
    return Path(__file__).resolve().parents[2].parent / "shared" / "corpus" / "realworld"


def best_of(runs: int, f: Callable[[], None]) -> float:
    best = float("inf")
    for _ in range(runs):
        t0 = time.perf_counter()
        f()
        best = min(best, time.perf_counter() - t0)
    return best


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("corpus", nargs="?", type=Path, default=default_corpus())
    ap.add_argument("--every", type=int, default=1, help="take every Nth file")
    ap.add_argument("--repeat", type=int, default=3, help="hclkit runs (best is kept)")
    ap.add_argument("--repeat-hcl2", type=int, default=1, help="python-hcl2 runs (best is kept)")
    ap.add_argument("--threads", type=int, default=0, help="also time hclkit.loads on T threads")
    args = ap.parse_args()

    # The corpus first, so that a missing one is reported as such whatever is installed.
    paths = sorted(p for p in args.corpus.rglob("*") if p.is_file() and p.suffix in SUFFIXES)[:: args.every]
    if not paths:
        sys.exit(f"bench_loads: no corpus files (*.tf, *.hcl, *.nomad, *.tfvars) under {args.corpus}")

    import hclkit

    try:
        import hcl2
    except ImportError:  # the benchmark needs it
        sys.exit("bench_loads: python-hcl2 is not installed: pip install python-hcl2")
    files: List[Tuple[str, str]] = []
    for p in paths:
        try:
            files.append((p.name, p.read_text(encoding="utf-8")))
        except UnicodeDecodeError:
            pass

    # The files python-hcl2 accepts; both libraries are timed on exactly these.
    accepted: List[Tuple[str, str]] = []
    rejected = 0
    t0 = time.perf_counter()
    for name, text in files:
        try:
            hcl2.loads(text)
            accepted.append((name, text))
        except Exception:  # noqa: BLE001 - any failure of python-hcl2 counts as a rejection
            rejected += 1
    first_hcl2 = time.perf_counter() - t0

    if not accepted:
        sys.exit(f"bench_loads: python-hcl2 accepts none of the {len(files)} files: nothing to compare")
    hclkit_failures = 0
    for name, text in accepted:
        try:
            hclkit.loads(text, filename=name)
        except hclkit.HCLError as e:
            hclkit_failures += 1
            print(f"bench_loads: hclkit rejects {name}: {e}", file=sys.stderr)
    if hclkit_failures:
        sys.exit(f"bench_loads: hclkit rejects {hclkit_failures} file(s) python-hcl2 accepts; not timed")

    size = sum(len(t.encode()) for _, t in accepted)
    mb = size / 1e6

    def run_hcl2() -> None:
        for _, text in accepted:
            hcl2.loads(text)

    def run_hclkit() -> None:
        for name, text in accepted:
            hclkit.loads(text, filename=name)

    t_hcl2 = first_hcl2 if args.repeat_hcl2 <= 1 else min(first_hcl2, best_of(args.repeat_hcl2 - 1, run_hcl2))
    t_hclkit = best_of(args.repeat, run_hclkit)

    print(f"corpus: {args.corpus} ({len(files)} files read, every {args.every})")
    print(f"python-hcl2 {getattr(hcl2, '__version__', '?')} accepts {len(accepted)} files ({mb:.2f} MB); "
          f"rejects {rejected}; hclkit accepts all of those")
    print(f"python-hcl2 loads: {t_hcl2:8.3f} s  {mb / t_hcl2:8.2f} MB/s")
    print(f"hclkit loads:      {t_hclkit:8.3f} s  {mb / t_hclkit:8.2f} MB/s")
    print(f"ratio: {t_hcl2 / t_hclkit:.1f}x")
    if args.threads:
        def run_threads() -> None:
            with ThreadPoolExecutor(max_workers=args.threads) as pool:
                for _ in pool.map(lambda f: hclkit.loads(f[1], filename=f[0]), accepted, chunksize=16):
                    pass

        t_thr = best_of(args.repeat, run_threads)
        print(f"hclkit loads, {args.threads} threads: {t_thr:8.3f} s  {mb / t_thr:8.2f} MB/s  "
              f"(ratio {t_hcl2 / t_thr:.1f}x)")


if __name__ == "__main__":
    main()
