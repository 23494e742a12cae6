"""The package's surface: names, stubs in step with the native functions, HCLError."""

from __future__ import annotations

import ast
import inspect
from pathlib import Path

import pytest

import hclkit

PKG = Path(hclkit.__file__).parent


def test_public_names() -> None:
    for name in ["loads", "load", "decode", "evaluate", "format", "dumps", "inspect", "HCLError", "__version__"]:
        assert hasattr(hclkit, name), name
    assert issubclass(hclkit.HCLError, Exception)
    assert (PKG / "py.typed").exists()
    for f in [hclkit.loads, hclkit.load, hclkit.decode, hclkit.evaluate, hclkit.format, hclkit.dumps, hclkit.inspect]:
        assert f.__doc__ and len(f.__doc__) > 80, f.__name__


def test_dir_shows_the_public_api_only() -> None:
    # Not the typing names (Any, IO, ...) nor the private modules the package is built from.
    assert sorted(dir(hclkit)) == sorted(hclkit.__all__)
    for name in ["Any", "IO", "Callable", "annotations", "_errors", "_hclkit"]:
        assert name not in dir(hclkit), name
    # The annotations still resolve.
    import typing

    assert set(typing.get_type_hints(hclkit.load)) == {"fp", "kwargs", "return"}


def stub_signatures() -> dict[str, list[str]]:
    tree = ast.parse((PKG / "_hclkit.pyi").read_text())
    out = {}
    for node in tree.body:
        if isinstance(node, ast.FunctionDef):
            a = node.args
            out[node.name] = [x.arg for x in a.posonlyargs + a.args] + ["*"] + [x.arg for x in a.kwonlyargs]
    return out


def test_stubs_match_the_native_signatures() -> None:
    stubs = stub_signatures()
    assert set(stubs) == {"loads", "decode", "evaluate", "format", "dumps", "inspect"}
    for name, params in stubs.items():
        sig = inspect.signature(getattr(hclkit, name))
        runtime = [p.name for p in sig.parameters.values() if p.kind is not p.KEYWORD_ONLY] + ["*"] + [
            p.name for p in sig.parameters.values() if p.kind is p.KEYWORD_ONLY]
        assert runtime == params, name


def test_hcl_error_fields_and_text() -> None:
    with pytest.raises(hclkit.HCLError) as info:
        hclkit.loads('a = 1\nb = "unterminated\nc = 3\n', filename="main.tf")
    err = info.value
    assert err.diagnostics, "no diagnostics"
    for d in err.diagnostics:
        assert set(d) == {"severity", "summary", "detail", "filename", "line", "column", "end_line", "end_column"}
        assert d["severity"] in ("error", "warning")
    first = err.diagnostics[0]
    assert first["line"] == 2
    assert str(err).startswith(f"main.tf:{first['line']}:{first['column']}: error: ")
    assert first["summary"] in str(err)
    if len(err.diagnostics) > 1:
        assert str(err).endswith(f", and {len(err.diagnostics) - 1} other diagnostic(s)")


def test_hcl_error_can_be_raised_by_users() -> None:
    e = hclkit.HCLError("x.hcl:1,1-2: Bad; Very bad.", [{"severity": "error"}])
    assert str(e) == "x.hcl:1,1-2: Bad; Very bad."
    assert e.diagnostics == [{"severity": "error"}]
    assert hclkit.HCLError("plain").diagnostics == []


def test_an_empty_range_at_the_start() -> None:
    with pytest.raises(hclkit.HCLError) as info:
        hclkit.decode("a = 1\n", "")
    assert info.value.diagnostics == [{
        "severity": "error",
        "summary": "Missing spec block",
        "detail": "A spec file must have exactly one root block specifying how to map to a JSON value.",
        "filename": "<spec>",
        "line": 1,
        "column": 1,
        "end_line": 1,
        "end_column": 1,
    }]
