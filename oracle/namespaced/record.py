#!/usr/bin/env python3
"""Records Terraform v1.11.4's answers about namespaced function calls (HCL v2.20's
`core::max(1, 2)`, `provider::terraform::encode_tfvars({a = 1})`), which the v2.14.1 reference
and Terraform v1.0.3 refuse.

Writes
  crates/hclkit-terraform/tests/data/namespaced/terraform.want.jsonl
      one line a expression of namespaced/exprs.txt beside it, evaluated by `terraform console`
      in a directory whose main.tf requires the built-in `terraform` provider: the header line
      names the Terraform version, then {"expr": E, "result": R} with R as tfeval writes it
      ({"ok": true, "json": V}: V the value as jsonencode writes it, decoded; or
      {"ok": false, "summary": S, "detail": D}); read by crates/hclkit-terraform/tests/it/recorded.rs.
  crates/hclkit/tests/data/fmt/namespaced/NAME.want
      `terraform fmt -` of each NAME.in there; read by crates/hclkit/tests/it/fmt.rs.

Usage: oracle/namespaced/record.py   (TERRAFORM names the binary; default: terraform on PATH).
Skips, saying so, when Terraform is not installed: the recorded files stay as they are."""
import json, os, shutil, subprocess, sys, tempfile

root = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
tf = os.environ.get("TERRAFORM") or shutil.which("terraform")
if not tf:
    print("record.py: no terraform on PATH; nothing recorded", file=sys.stderr)
    sys.exit(0)
env = dict(os.environ, TF_CLI_CONFIG_FILE="/dev/null", CHECKPOINT_DISABLE="1", TF_IN_AUTOMATION="1")
version = json.loads(subprocess.run([tf, "version", "-json"], capture_output=True, text=True, env=env, check=True).stdout)["terraform_version"]

MAIN_TF = """terraform {
  required_providers {
    terraform = {
      source = "terraform.io/builtin/terraform"
    }
  }
}
"""

def console(work, expr):
    r = subprocess.run([tf, "console", "-no-color"], input=f"jsonencode({expr})\n", capture_output=True, text=True, cwd=work, env=env)
    if r.returncode == 0:
        return {"ok": True, "json": json.loads(json.loads(r.stdout.strip()))}
    lines = [l.strip(" │╷╵") for l in r.stderr.splitlines()]
    summary = next((l[len("Error: "):] for l in lines if l.startswith("Error: ")), r.stderr.strip())
    body = [l for l in lines if l and not l.startswith(("Error: ", "on <console-input>", "(source code not available)"))]
    return {"ok": False, "summary": summary, "detail": " ".join(body)}

def record_console():
    data = os.path.join(root, "crates/hclkit-terraform/tests/data/namespaced")
    with open(os.path.join(data, "exprs.txt")) as f:
        exprs = [l.rstrip("\n") for l in f if l.strip() and not l.startswith("#")]
    work = tempfile.mkdtemp(prefix="tf-namespaced-")
    try:
        with open(os.path.join(work, "main.tf"), "w") as f:
            f.write(MAIN_TF)
        subprocess.run([tf, "init", "-input=false", "-no-color"], cwd=work, env=env, check=True, capture_output=True)
        out = [json.dumps({"recorded_by": "oracle/namespaced/record.py", "terraform": version})]
        for e in exprs:
            out.append(json.dumps({"expr": e, "result": console(work, e)}, ensure_ascii=False))
    finally:
        shutil.rmtree(work, ignore_errors=True)
    path = os.path.join(data, "terraform.want.jsonl")
    with open(path, "w") as f:
        f.write("\n".join(out) + "\n")
    print(f"{path}: {len(out) - 1} cases (Terraform {version})", file=sys.stderr)

def record_fmt():
    d = os.path.join(root, "crates/hclkit/tests/data/fmt/namespaced")
    n = 0
    for name in sorted(os.listdir(d)):
        if not name.endswith(".in"):
            continue
        with open(os.path.join(d, name), "rb") as f:
            src = f.read()
        r = subprocess.run([tf, "fmt", "-no-color", "-"], input=src, capture_output=True, env=env)
        if r.returncode != 0:
            sys.exit(f"terraform fmt failed on {name}: {r.stderr.decode()}")
        with open(os.path.join(d, name[:-3] + ".want"), "wb") as f:
            f.write(r.stdout)
        n += 1
    print(f"{d}: {n} cases (terraform fmt {version})", file=sys.stderr)

record_console()
record_fmt()
