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
