#!/usr/bin/env python3
"""Writes the hcldec benchmark workload: a file of `service` blocks and the spec decoding it.

Each service block uses templates (interpolations and an `if` directive), for expressions
(with an `if` filter), conditionals, arithmetic, a user function from the spec file, nested
blocks (`listener` list, `health` block) and variables given with --vars; the spec decodes
the services with a `block_map` (spec.hcldec beside this script, shared with the criterion
bench crates/benchmarks/benches/decode.rs). The output is deterministic for a size.

Usage: workload.py OUT_DIR [SIZE_MB]   (default 10) -> OUT_DIR/{spec.hcldec,input.hcl,vars.json}
"""
import json
import os
import sys

SPEC = open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "spec.hcldec")).read()

VARS = {"region": "eu-west-1", "stage": "prod", "team": "platform", "base_port": 8000}

SERVICE = '''service "svc-{i:06d}" {{
  image    = "registry.example.com/${{team}}/svc-{i:06d}:v{major}.${{{minor} + 1}}"
  replicas = stage == "prod" ? {i} % 5 + 2 : 1
  enabled  = {i} % 7 != 0
  env = {{
    REGION   = region
    SERVICE  = "svc-{i:06d}"
    LOGLEVEL = stage == "prod" ? "info" : "debug"
    SLOT     = "${{{i} % 16}}"
  }}
  ports = [for p in [80, 443, {p}] : p + base_port if p != 443]
  tags  = [for t in ["web", "{tag}", region] : "${{t}}-{i}"]
  endpoint = endpoint("svc-{i:06d}", base_port + {i} % 100)
  limits = {{
    cpu    = {cpu} * 0.5
    memory = "${{{mem} * 64}}Mi"
  }}

  listener {{
    port        = {p}
    protocol    = "http"
    description = "%{{ if {i} % 2 == 0 }}even%{{ else }}odd%{{ endif }} listener of svc-{i:06d}"
  }}
  listener {{
    port     = base_port + {i} % 1000
    protocol = "tcp"
  }}

  health {{
    path     = "/health/${{stage}}/${{domain}}/{i}"
    interval = {interval} * 5
  }}
}}

'''


def service(i):
    return SERVICE.format(
        i=i, major=i % 10, minor=i % 50, p=9000 + i % 500, tag=["api", "worker", "batch"][i % 3],
        cpu=1 + i % 8, mem=1 + i % 32, interval=1 + i % 6,
    )


def main():
    out = sys.argv[1]
    size = float(sys.argv[2]) if len(sys.argv) > 2 else 10.0
    os.makedirs(out, exist_ok=True)
    target = int(size * 1000 * 1000)
    parts = []
    total = 0
    i = 0
    while total < target:
        s = service(i)
        parts.append(s)
        total += len(s)
        i += 1
    with open(os.path.join(out, "input.hcl"), "w") as f:
        f.write("".join(parts))
    with open(os.path.join(out, "spec.hcldec"), "w") as f:
        f.write(SPEC)
    with open(os.path.join(out, "vars.json"), "w") as f:
        f.write(json.dumps(VARS) + "\n")
    print("%d services, %d bytes" % (i, total))


main()
