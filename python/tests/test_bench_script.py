"""python/bench/bench_loads.py fails, rather than timing nothing, when its corpus is missing."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[1] / "bench" / "bench_loads.py"


def test_a_missing_corpus_is_an_error(tmp_path: Path) -> None:
    missing = tmp_path / "no-corpus"
    r = subprocess.run([sys.executable, str(SCRIPT), str(missing)], capture_output=True, text=True)
    assert r.returncode == 1, (r.stdout, r.stderr)
    assert r.stdout == ""
    assert f"no corpus files (*.tf, *.hcl, *.nomad, *.tfvars) under {missing}" in r.stderr


def test_an_empty_corpus_is_an_error(tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("not HCL")
    r = subprocess.run([sys.executable, str(SCRIPT), str(tmp_path)], capture_output=True, text=True)
    assert r.returncode == 1, (r.stdout, r.stderr)
    assert "no corpus files" in r.stderr


DUMPS = Path(__file__).resolve().parents[1] / "bench" / "bench_dumps.py"


def test_dumps_bench_refuses_a_bad_count() -> None:
    r = subprocess.run([sys.executable, str(DUMPS), "--resources", "0"], capture_output=True, text=True)
    assert r.returncode == 2, (r.stdout, r.stderr)
    assert "must be at least 1" in r.stderr


def test_dumps_bench_workload_reads_back() -> None:
    # The workload the bench times is valid HCL whose dumps reads back to the same data.
    import importlib.util

    import hclkit

    spec = importlib.util.spec_from_file_location("bench_dumps", DUMPS)
    assert spec and spec.loader
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    data = hclkit.loads(mod.workload(3))
    assert list(data["resource"]["aws_instance"]) == ["web_0", "web_1", "web_2"]
    out = hclkit.dumps(data, mod.SPEC)
    assert out.count('resource "aws_instance"') == 3
    assert hclkit.loads(out) == data
