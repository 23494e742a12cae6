"""hclkit.evaluate: expressions to Python values, variables from Python values."""

from __future__ import annotations

import math
from decimal import Decimal

import pytest

import hclkit


def test_literals_and_operators() -> None:
    assert hclkit.evaluate("1 + 2 * 3") == 7
    assert hclkit.evaluate('"a" == "a" && !false') is True
    assert hclkit.evaluate("null") is None
    assert hclkit.evaluate('[1, "x", true]') == [1, "x", True]
    assert hclkit.evaluate('{a = 1, "b" = [2]}') == {"a": 1, "b": [2]}
    assert hclkit.evaluate("7 / 2") == 3.5
    assert hclkit.evaluate("[for x in [1, 2, 3]: x * x if x > 1]") == [4, 9]
    assert hclkit.evaluate('"${1 + 1}-x"') == "2-x"
    assert hclkit.evaluate("<<EOT\nhi ${2}\nEOT\n") == "hi 2\n"


def test_variables_from_python() -> None:
    variables = {
        "s": "str",
        "i": 42,
        "f": 2.5,
        "b": True,
        "n": None,
        "l": [1, "a"],
        "t": (1, 2),
        "d": {"k": {"deep": [1, {"x": None}]}},
        "dec": Decimal("0.1"),
        "st": {"a", "b"},
    }
    for name, value in variables.items():
        got = hclkit.evaluate(name, variables=variables)
        if isinstance(value, tuple):
            value = list(value)
        if isinstance(value, set):
            value = sorted(value)
        if isinstance(value, Decimal):
            value = float(value)
        assert got == value, name
    assert hclkit.evaluate("d.k.deep[1]", variables=variables) == {"x": None}
    assert hclkit.evaluate("i + f", variables=variables) == 44.5
    assert hclkit.evaluate("dec + 0.2", variables=variables, parse_float=Decimal) == Decimal("0.3")
    assert hclkit.evaluate("length(st)", variables=variables) == 2


def test_bad_variables() -> None:
    with pytest.raises(TypeError, match="cannot convert a Python object"):
        hclkit.evaluate("x", variables={"x": object()})
    with pytest.raises(TypeError, match="keys must be str"):
        hclkit.evaluate("x", variables={"x": {1: 2}})
    with pytest.raises(ValueError, match="NaN"):
        hclkit.evaluate("x", variables={"x": math.nan})
    with pytest.raises(TypeError, match="variables must be a dict"):
        hclkit.evaluate("x", variables=[1])
    with pytest.raises(TypeError, match="cannot make an HCL set"):
        hclkit.evaluate("x", variables={"x": {1, "a"} | {(1, 2)}})
    deep: list = []
    for _ in range(2000):
        deep = [deep]
    with pytest.raises(ValueError, match="nested more than"):
        hclkit.evaluate("x", variables={"x": deep})


def test_numbers_beyond_64_bits() -> None:
    big = 2**100 + 1
    assert hclkit.evaluate("x", variables={"x": big}) == big
    assert hclkit.evaluate("x * 2", variables={"x": big}) == 2 * big
    assert hclkit.evaluate("-x", variables={"x": big}) == -big
    assert hclkit.evaluate("18446744073709551616 + 1") == 2**64 + 1
    assert isinstance(hclkit.evaluate("1e30"), int)
    assert hclkit.evaluate("1e400") == 10**400
    assert hclkit.evaluate("0.1", parse_float=Decimal) == Decimal("0.1")
    assert hclkit.evaluate("x", variables={"x": math.inf}) == math.inf
    assert hclkit.evaluate("1.5", parse_float=str) == "1.5"


def test_stdlib_and_function_options() -> None:
    assert hclkit.evaluate('upper("a")') == "A"
    assert hclkit.evaluate('try(nope.x, "fallback")', variables={"nope": {}}) == "fallback"
    # Without a library there is no function table at all, as in the reference.
    with pytest.raises(hclkit.HCLError, match="Function calls not allowed"):
        hclkit.evaluate('upper("a")', stdlib=False)
    with pytest.raises(hclkit.HCLError, match="Function calls not allowed"):
        hclkit.evaluate('upper("a")', functions="none")
    with pytest.raises(hclkit.HCLError, match="Call to unknown function"):
        hclkit.evaluate('uppercase("a")')
    assert hclkit.evaluate('upper("a")', functions="stdlib") == "A"
    with pytest.raises(ValueError, match="functions must be one of"):
        hclkit.evaluate("1", functions="everything")
    with pytest.raises(ValueError, match="disagree"):
        hclkit.evaluate("1", functions="none", stdlib=True)
    assert set(hclkit.FUNCTION_LIBRARIES) >= {"none", "stdlib"}


def test_errors_have_locations() -> None:
    with pytest.raises(hclkit.HCLError) as info:
        hclkit.evaluate("1 +\n  nope(2)", filename="expr.hcl")
    err = info.value
    assert err.diagnostics == [{
        "severity": "error",
        "summary": "Call to unknown function",
        "detail": 'There is no function named "nope".',
        "filename": "expr.hcl",
        "line": 2,
        "column": 3,
        "end_line": 2,
        "end_column": 7,
    }]
    assert str(err) == 'expr.hcl:2:3: error: Call to unknown function; There is no function named "nope".'
    with pytest.raises(hclkit.HCLError, match='There is no variable named "missing"'):
        hclkit.evaluate("missing + 1")
    with pytest.raises(hclkit.HCLError) as info:
        hclkit.evaluate("1 +")
    assert info.value.diagnostics[0]["line"] == 1


def test_budget_stops_runaway_evaluation() -> None:
    with pytest.raises(hclkit.HCLError, match="Evaluation too large"):
        hclkit.evaluate("[for i in range(1000): [for j in range(1000): [for k in range(1000): k]]]")


def test_eval_limit() -> None:
    expr = "length(flatten([for i in range(1000): [for j in range(1000): j]]))"
    with pytest.raises(hclkit.HCLError, match="Evaluation too large"):
        hclkit.evaluate(expr)
    assert hclkit.evaluate(expr, eval_limit=None) == 1_000_000
    with pytest.raises(hclkit.HCLError, match="Evaluation too large"):
        hclkit.evaluate("[for i in range(100): i]", eval_limit=10)
    assert hclkit.evaluate("[for i in range(100): i]", eval_limit=10_000) == list(range(100))
    assert hclkit.DEFAULT_EVAL_LIMIT == 2_000_000
    spec = 'attr {\n  name = "v"\n  type = any\n}\n'
    with pytest.raises(hclkit.HCLError, match="Evaluation too large"):
        hclkit.decode("v = [for i in range(100): i]\n", spec, stdlib=True, eval_limit=10)
    assert len(hclkit.decode("v = [for i in range(100): i]\n", spec, stdlib=True)) == 100


def test_terraform_functions():
    # Expected values as Terraform v1.0.3's console prints them (../shared/tools/tfeval).
    assert hclkit.evaluate('cidrsubnet("10.0.0.0/8", 8, 2)', functions="terraform") == "10.2.0.0/16"
    assert hclkit.evaluate("sum([1, 2, 3.5])", functions="terraform") == 6.5
    assert hclkit.evaluate('base64encode("hi")', functions="terraform") == "aGk="
    assert hclkit.evaluate('length("héllo")', functions="terraform") == 5
    assert hclkit.evaluate('try(nosuch.attr, "fallback")', functions="terraform", variables={"nosuch": {}}) == "fallback"
    # stdlib=True asks for a library Terraform's table contains.
    assert hclkit.evaluate("one([7])", functions="terraform", stdlib=True) == 7
    # cty functions Terraform does not offer are not there.
    with pytest.raises(hclkit.HCLError) as err:
        hclkit.evaluate('strlen("a")', functions="terraform")
    assert err.value.diagnostics[0]["summary"] == "Call to unknown function"
    # The file functions read nothing from Python.
    with pytest.raises(hclkit.HCLError):
        hclkit.evaluate('file("/etc/hostname")', functions="terraform")
    assert "terraform" in hclkit.FUNCTION_LIBRARIES


def test_decode_with_terraform_functions():
    spec = 'attr {\n  name = "v"\n  type = string\n}\n'
    assert hclkit.decode('v = md5("a")\n', spec, functions="terraform") == "0cc175b9c0f1b6a831c399e269772661"
