"""hclkit.inspect: a Terraform module's declarations in terraform-config-inspect's JSON shape."""

from __future__ import annotations

from pathlib import Path

import pytest

import hclkit

MAIN = """variable "region" {
  type        = string
  description = "Where."
  default     = "eu-west-1"
}
variable "env" {
  nullable = false
}
locals {
  name = "app-${var.env}"
}
resource "aws_instance" "web" {
  provider = aws.west
}
module "vpc" {
  source  = "terraform-aws-modules/vpc/aws"
  version = "5.1.0"
}
"""


def test_a_directory(tmp_path: Path) -> None:
    (tmp_path / "main.tf").write_text(MAIN)
    (tmp_path / "out.tf.json").write_text('{"output": {"ip": {"value": "${aws_instance.web.id}"}}}')
    (tmp_path / "notes.md").write_text("not a module file")
    m = hclkit.inspect(tmp_path)
    assert m["path"] == str(tmp_path)
    region = m["variables"]["region"]
    assert (region["type"], region["description"], region["default"], region["required"]) == (
        "string",
        "Where.",
        "eu-west-1",
        False,
    )
    assert (region["pos"]["filename"], region["pos"]["line"], region["pos"]["column"]) == ("main.tf", 1, 1)
    assert m["variables"]["env"]["required"] is True
    assert m["variables"]["env"]["nullable"] is False
    assert m["managed_resources"]["aws_instance.web"]["provider"] == {"name": "aws", "alias": "west"}
    assert m["module_calls"]["vpc"]["version"] == "5.1.0"
    assert m["outputs"]["ip"]["pos"]["filename"] == "out.tf.json"
    assert m["locals"]["name"]["expression"] == '"app-${var.env}"'
    assert "diagnostics" not in m
    # A str naming the directory is the same.
    assert hclkit.inspect(str(tmp_path)) == m


def test_text_and_problems() -> None:
    m = hclkit.inspect('variable "x" {\n  default = \n}\noutput "o" {\n  value = 1\n}\n', filename="a.tf")
    assert m["outputs"]["o"]["pos"]["filename"] == "a.tf"
    assert m["diagnostics"][0]["severity"] == "error"
    assert m["diagnostics"][0]["pos"]["line"] == 2
    assert hclkit.inspect(b'locals {\n  a = 1\n}\n')["locals"]["a"]["expression"] == "1"


def test_a_missing_directory(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError):
        hclkit.inspect(tmp_path / "nope")
