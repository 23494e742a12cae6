#!/usr/bin/env python3
"""Differential fuzzer: our hcldec against the reference hcldec (hashicorp/hcl v2.14.1).

Generates random cases from the grammar (gen.py: expressions, templates, heredocs, for
expressions, splats, calls to spec-file user functions and the 15 spec functions, bodies with
block/block_list/block_set/block_map specs, attr type conversions, variables, JSON inputs and
deliberately broken inputs), runs both implementations exactly as oracle/conformance/record.py
runs the reference:

    hcldec --spec spec.hcldec --with-type --diags=json [--vars vars.json] [FLAGS] input.*

and compares what the conformance test compares: exit status, standard output as JSON, and the
first diagnostic (diagnostics sorted by position, the reference's order varies) by severity,
summary, detail and subject range. A disagreement is shrunk (dropping attributes, blocks,
elements, spec parts and variables, replacing expressions by sub-expressions) while it persists,
and written as a case directory in the layout of crates/hclkit-cli/tests/data/conformance/*/* (no want.json:
record it with oracle/conformance/record.py once it is a golden case).

Set aside, not counted as disagreements (the reference's defects, see the hcldec issue):
- the reference crashing (a Go panic): counted as "reference crashes";
- the reference printing invalid JSON (an infinite number in the result);
- the reference timing out;
- the reference answering differently on the same case (e.g. several equally close "Did you
  mean" suggestions, picked at random): counted as "reference nondeterministic".
In the first three cases ours still runs, and its panicking (exit status 101, "panicked" on
standard error, or killed by a signal) or timing out is a disagreement.
`block_attrs` and single-spec `default` specs are never generated.

Each case has its own seed "SEED:INDEX", so a run is deterministic for a seed and any case can be
regenerated alone (--only INDEX).

Usage: difffuzz.py [--seed S] [--cases N] [--ours PATH] [--ref PATH] [--out DIR] [--jobs J]
                   [--fail] [--only I] [--keep-going]
--ref defaults to $HCLDEC_REF, else the reference built by shared/oracle/build.sh:
$HCL_ORACLE_DIR/hcldec, or ~/.cache/hcl-oracle/hcldec without HCL_ORACLE_DIR.
Exit status: 1 with --fail when there was a disagreement, else 0.
"""
import argparse
import concurrent.futures
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import threading

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gen  # noqa: E402
from gen import N  # noqa: E402

TIMEOUT = 20


def write_case(d, case):
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, "spec.hcldec"), "w", encoding="utf-8", newline="") as f:
        f.write(case.spec.render())
    name = "input.json" if case.json_input else "input.hcl"
    with open(os.path.join(d, name), "w", encoding="utf-8", newline="") as f:
        f.write(case.input.render())
    if case.vars is not None:
        with open(os.path.join(d, "vars.json"), "w") as f:
            f.write(json.dumps(case.vars, sort_keys=True) + "\n")
    if case.flags:
        with open(os.path.join(d, "flags"), "w") as f:
            f.write("\n".join(case.flags) + "\n")


def run(hcldec, d, case):
    """(exit, stdout JSON, sorted diagnostics, crashed, raw stdout) of one hcldec run."""
    cmd = [hcldec, "--spec", "spec.hcldec", "--with-type", "--diags=json"]
    if case.vars is not None:
        cmd += ["--vars", "vars.json"]
    cmd += case.flags
    cmd.append("input.json" if case.json_input else "input.hcl")
    try:
        p = subprocess.run(cmd, cwd=d, capture_output=True, timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        return {"timeout": True}
    out = p.stdout.decode("utf-8", "replace")
    err = p.stderr.decode("utf-8", "replace")
    res = {"exit": p.returncode, "stdout": None, "diags": [], "crash": False, "invalid": False}
    # A Go panic ("panic:", "goroutine"), a Rust panic (exit status 101, "panicked at") or a
    # signal.
    if ("panic:" in err or "goroutine " in err or "panicked" in err or p.returncode == 101
            or p.returncode < 0):
        res["crash"] = True
        return res
    if out.strip():
        try:
            res["stdout"] = json.loads(out)
        except ValueError:
            res["stdout"] = {"$invalid_json": out}
            res["invalid"] = True
    if err.strip():
        try:
            diags = json.loads(err)["diagnostics"]
        except (ValueError, KeyError, TypeError):
            res["diags"] = [{"$stderr": err[:500]}]
            return res
        diags.sort(key=lambda g: (
            (g.get("subject") or {}).get("filename", ""),
            (g.get("subject") or {}).get("start", {}).get("byte", -1),
            g.get("summary", ""),
            g.get("detail", ""),
        ))
        res["diags"] = diags
    return res


def differences(ours, ref):
    """What differs, as a list of (key, text); empty if the outcomes agree."""
    if ours.get("timeout"):
        return [("timeout", "our hcldec timed out")]
    if ours.get("crash"):
        return [("crash", "our hcldec crashed")]
    out = []
    if ours["exit"] != ref["exit"]:
        out.append(("exit", "exit %s, reference %s" % (ours["exit"], ref["exit"])))
    if ours["stdout"] != ref["stdout"]:
        out.append(("stdout", "stdout %s\n   reference %s" % (
            json.dumps(ours["stdout"], ensure_ascii=False)[:600], json.dumps(ref["stdout"], ensure_ascii=False)[:600])))
    w = ref["diags"][0] if ref["diags"] else None
    g = ours["diags"][0] if ours["diags"] else None
    if (w is None) != (g is None):
        out.append(("diag", "first diagnostic %s\n   reference %s" % (json.dumps(g, ensure_ascii=False), json.dumps(w, ensure_ascii=False))))
    elif w is not None:
        for field in ["severity", "summary", "detail", "subject"]:
            if w.get(field) != g.get(field):
                out.append(("diag", "first diagnostic's %s: %s\n   reference %s" % (
                    field, json.dumps(g.get(field), ensure_ascii=False), json.dumps(w.get(field), ensure_ascii=False))))
    return out


class Runner:
    def __init__(self, ours, ref, tmp):
        self.ours = ours
        self.ref = ref
        self.tmp = tmp
        self.local = threading.local()

    def dir(self):
        if not hasattr(self.local, "d"):
            self.local.d = tempfile.mkdtemp(dir=self.tmp)
        return self.local.d

    def outcome(self, case, check_ref=False):
        """("agree"|"disagree"|"ref_crash"|"ref_invalid"|"ref_timeout"|"ref_nondet", diffs)."""
        d = self.dir()
        for f in os.listdir(d):
            os.remove(os.path.join(d, f))
        write_case(d, case)
        ref = run(self.ref, d, case)
        ours = run(self.ours, d, case)
        set_aside = ("ref_timeout" if ref.get("timeout") else "ref_crash" if ref["crash"]
                     else "ref_invalid" if ref["invalid"] else None)
        if set_aside:
            # Nothing to compare with, but ours must still not crash or hang.
            if ours.get("timeout"):
                return "disagree", [("timeout", "our hcldec timed out (%s)" % set_aside)]
            if ours["crash"]:
                return "disagree", [("crash", "our hcldec crashed (%s), exit %s" % (set_aside, ours["exit"]))]
            return set_aside, []
        diffs = differences(ours, ref)
        if not diffs:
            return ("agree" if ref["exit"] == 0 else "agree_error"), []
        if check_ref:
            for _ in range(24):
                again = run(self.ref, d, case)
                if again.get("timeout") or again != ref:
                    return "ref_nondet", diffs
        return "disagree", diffs


# ---------------------------------------------------------------- shrinking

def nearest_exprs(node):
    for p in node.parts:
        if isinstance(p, N):
            if p.cat == "e":
                yield p
            else:
                yield from nearest_exprs(p)


def variants(node):
    """Simpler copies of `node` (None: remove it from its parent)."""
    if node.drop:
        yield None
    if node.cat == "e":
        for sub in nearest_exprs(node):
            yield sub
        yield N(["1"], cat="e")
        yield N(["null"], cat="e")
    for i, p in enumerate(node.parts):
        if isinstance(p, N):
            for v in variants(p):
                parts = node.parts[:i] + ([v] if v is not None else []) + node.parts[i + 1:]
                yield N(parts, node.cat, node.drop)


def weight(case):
    return len(case.spec.render()) + len(case.input.render()) + len(json.dumps(case.vars)) + len(case.flags)


def case_variants(case):
    for v in variants(case.input):
        yield case.replace(input=v if v is not None else N([]))
    for v in variants(case.spec):
        if v is not None:
            yield case.replace(spec=v)
    if case.vars:
        for k in sorted(case.vars):
            vs = dict(case.vars)
            del vs[k]
            yield case.replace(vars=vs)
    if case.vars is not None:
        yield case.replace(vars=None)
    if case.flags:
        yield case.replace(flags=[])


def shrink(runner, case, diffs, budget=500):
    keys = sorted(set(k for k, _ in diffs))
    best, best_w = case, weight(case)
    tries = 0
    improved = True
    while improved and tries < budget:
        improved = False
        for cand in case_variants(best):
            w = weight(cand)
            if w >= best_w:
                continue
            tries += 1
            status, cdiffs = runner.outcome(cand)
            if status == "disagree" and sorted(set(k for k, _ in cdiffs)) == keys:
                best, best_w, diffs = cand, w, cdiffs
                improved = True
                break
            if tries >= budget:
                break
    return best, diffs


# ---------------------------------------------------------------- main

def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    root = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
    target = os.environ.get("CARGO_TARGET_DIR", os.path.join(root, "target"))
    ap.add_argument("--seed", default=None, help="base seed (default: a fresh one, printed)")
    ap.add_argument("--cases", type=int, default=2000)
    ap.add_argument("--ours", default=os.path.join(target, "release", "hcldec"))
    oracle_dir = os.environ.get("HCL_ORACLE_DIR") or os.path.expanduser("~/.cache/hcl-oracle")
    ap.add_argument("--ref", default=os.environ.get("HCLDEC_REF") or os.path.join(oracle_dir, "hcldec"))
    ap.add_argument("--out", default=None, help="where minimal cases go (default: a temp dir)")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--fail", action="store_true", help="exit 1 on any disagreement")
    ap.add_argument("--only", type=int, default=None, help="run only case INDEX of the seed")
    ap.add_argument("--no-shrink", action="store_true")
    ap.add_argument("--start", type=int, default=0, help="first case index")
    args = ap.parse_args()
    for tool in (args.ours, args.ref):
        if not os.access(tool, os.X_OK):
            sys.exit("difffuzz: %s is not an executable (build it, or pass --ours/--ref)" % tool)
    seed = args.seed if args.seed is not None else str(random.SystemRandom().randrange(10 ** 9))
    out_dir = args.out or tempfile.mkdtemp(prefix="difffuzz-out-")
    tmp = tempfile.mkdtemp(prefix="difffuzz-")
    runner = Runner(os.path.abspath(args.ours), os.path.abspath(args.ref), tmp)
    indices = [args.only] if args.only is not None else list(range(args.start, args.start + args.cases))
    print("difffuzz: seed %s, %d cases, ours %s, reference %s" % (seed, len(indices), args.ours, args.ref), flush=True)

    counts = {}
    kinds = {}
    found = []

    def one(i):
        case = gen.generate("%s:%d" % (seed, i))
        status, diffs = runner.outcome(case, check_ref=True)
        if status == "disagree" and not args.no_shrink:
            case, diffs = shrink(runner, case, diffs)
        return i, case, status, diffs

    try:
        with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
            for i, case, status, diffs in pool.map(one, indices):
                counts[status] = counts.get(status, 0) + 1
                kinds[case.kind] = kinds.get(case.kind, 0) + 1
                if status == "disagree":
                    d = os.path.join(out_dir, "%s-%d" % (seed.replace(":", "_"), i))
                    if os.path.isdir(d):
                        shutil.rmtree(d)
                    write_case(d, case)
                    found.append(d)
                    print("DISAGREEMENT seed %s case %d (%s): %s" % (seed, i, case.kind, d), flush=True)
                    for _, text in diffs[:3]:
                        print("   " + text, flush=True)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    print("difffuzz: seed %s: %d cases: %d agree (%d of them on an error), %d disagree, %d reference crashes, "
          "%d reference invalid JSON (infinity), %d reference nondeterministic, %d reference timeouts"
          % (seed, len(indices), counts.get("agree", 0) + counts.get("agree_error", 0), counts.get("agree_error", 0), counts.get("disagree", 0), counts.get("ref_crash", 0),
             counts.get("ref_invalid", 0), counts.get("ref_nondet", 0), counts.get("ref_timeout", 0)))
    print("difffuzz: kinds: " + ", ".join("%s %d" % kv for kv in sorted(kinds.items())))
    if found:
        print("difffuzz: minimal cases in %s" % out_dir)
    sys.exit(1 if (found and args.fail) else 0)


if __name__ == "__main__":
    main()
