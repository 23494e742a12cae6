"""Namespaced function calls (HCL v2.20: ``core::max(1, 2)``,
``provider::terraform::encode_tfvars({a = 1})``), a departure from the v2.14.1 reference
(docs/spec-departures.md, "Newer HCL"): every entry point passes the whole name through."""

from __future__ import annotations

import pytest

import hclkit


def test_loads_keeps_the_call_text() -> None:
    src = "locals {\n  a = provider::aws::arn_parse(var.arn)\n  b = core :: max(1, 2)\n}\n"
    assert hclkit.loads(src) == {
        "locals": {"a": "${provider::aws::arn_parse(var.arn)}", "b": "${core :: max(1, 2)}"}}


def test_evaluate_looks_the_whole_name_up() -> None:
    assert hclkit.evaluate("core::max(1, 2)", functions="terraform") == 2
    assert hclkit.evaluate("provider::terraform::encode_tfvars({a = 1})", functions="terraform") == "a = 1\n"
    assert hclkit.evaluate('"${core::upper("x")}-${core :: min(3, 4)}"', functions="terraform") == "X-3"


def test_errors_are_hcl_errors() -> None:
    with pytest.raises(hclkit.HCLError, match='There are no functions in namespace "core::"'):
        hclkit.evaluate("core::max(1)")
    suggestion = r"no function named \"uppper\" in namespace core::\. Did you mean core::upper\?"
    with pytest.raises(hclkit.HCLError, match=suggestion):
        hclkit.evaluate('core::uppper("a")', functions="terraform")
    with pytest.raises(hclkit.HCLError, match="Missing open parenthesis"):
        hclkit.evaluate("core::max")
    with pytest.raises(hclkit.HCLError, match="Missing function name"):
        hclkit.loads("a = core::\n")


def test_decode_and_format() -> None:
    spec = 'attr {\n  name = "a"\n  type = number\n}\n'
    assert hclkit.decode("a = core::max(1, 5)\n", spec, functions="terraform") == 5
    assert hclkit.format("a=core :: max(1,2)\n") == "a = core::max(1, 2)\n"
