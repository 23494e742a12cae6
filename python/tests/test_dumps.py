"""hclkit.dumps: Python data in the shape loads returns to formatted native HCL."""

from __future__ import annotations

import decimal

import pytest

import hclkit

SPEC = """
object {
  block_map "resource" {
    labels = ["type", "name"]
    object {
      attr "ami" { type = string }
      block_list "ebs" {
        object {
          attr "size" { type = number }
        }
      }
    }
  }
  attr "region" { type = string }
}
"""

CONFIG = """\
region = "eu-west-1"
resource "aws_instance" "web" {
  ami   = var.ami
  count = 2
  tags = {
    Name = "web-${var.env}"
  }
  ebs {
    size = 10
  }
  ebs {
    size = 20
  }
}
"""


def test_attributes_in_order_and_expressions_bare() -> None:
    data = {"zone": "b", "count": "${var.n + 1}", "name": "v${n}", "on": True, "none": None, "xs": [1, 2.5]}
    assert hclkit.dumps(data) == (
        'zone  = "b"\ncount = var.n + 1\nname  = "v${n}"\non    = true\nnone  = null\nxs    = [1, 2.5]\n'
    )


def test_without_a_spec_dicts_are_objects() -> None:
    out = hclkit.dumps({"tags": {"Name": "a", "n": 1}})
    assert out == 'tags = {\n  Name = "a"\n  n    = 1\n}\n'


def test_spec_makes_blocks_and_round_trips_loads() -> None:
    data = hclkit.loads(CONFIG)
    out = hclkit.dumps(data, SPEC)
    assert out == CONFIG  # the input is formatted already
    assert hclkit.loads(out) == data
    # Formatted: a fixed point of the formatter.
    assert hclkit.format(out) == out


def test_without_the_spec_the_same_data_is_attributes() -> None:
    out = hclkit.dumps(hclkit.loads(CONFIG))
    assert out.startswith('region = "eu-west-1"\nresource = {\n')
    assert hclkit.format(out) == out


def test_comments_big_ints_and_decimals() -> None:
    out = hclkit.dumps({"//": "a note", "big": 2**80, "d": decimal.Decimal("0.10"), "f": 1e21})
    assert out == "# a note\nbig = 1208925819614629174706176\nd   = 0.1\nf   = 1000000000000000000000\n"


def test_errors() -> None:
    with pytest.raises(TypeError):
        hclkit.dumps([1, 2])  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        hclkit.dumps({1: 2})  # type: ignore[dict-item]
    with pytest.raises(TypeError):
        hclkit.dumps({"a": object()})
    with pytest.raises(ValueError):
        hclkit.dumps({"a": float("nan")})
    with pytest.raises(ValueError):
        hclkit.dumps({"a": float("inf")})
    # Not writable as HCL: a diagnostic with summary, detail and range.
    with pytest.raises(hclkit.HCLError) as info:
        hclkit.dumps({"not a name": 1})
    d = info.value.diagnostics[0]
    assert d["summary"] == "Invalid name" and "identifier" in d["detail"]
    assert d["filename"] == "<data>" and d["line"] == 1 and d["column"] > 1
    with pytest.raises(hclkit.HCLError):
        hclkit.dumps({"a": "${"})
    # A spec with errors.
    with pytest.raises(hclkit.HCLError) as info:
        hclkit.dumps({"a": 1}, "block_map {", spec_filename="s.hcl")
    assert info.value.diagnostics[0]["filename"] == "s.hcl"
