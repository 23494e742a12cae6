"""The examples of docs/python.md and python/README.md run and hold."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import hclkit

REPO = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("doc", ["docs/python.md", "python/README.md"])
def test_examples_run(doc: str) -> None:
    blocks = re.findall(r"```python\n(.*?)```", (REPO / doc).read_text(), re.S)
    assert blocks
    for block in blocks:
        exec(compile(block, doc, "exec"), {})


def test_shape_table_rows() -> None:
    assert hclkit.loads('s = "a$${b}"\n') == {"s": "a$${b}"}
    assert hclkit.loads('resource "aws_instance" "web" { ami = "x" }\n', blocks="array") == {
        "resource": {"aws_instance": {"web": [{"ami": "x"}]}}}
