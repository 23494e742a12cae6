"""hclkit.loads / hclkit.load: files as Python data in the JSON-syntax shape."""

from __future__ import annotations

import io
import os
import json
from decimal import Decimal
from pathlib import Path

import pytest

import hclkit

REPO = Path(__file__).resolve().parents[2]

CONFIG = """\
# the region
region = "eu-west-1"
count  = 3
ratio  = 0.25
on     = true
none   = null
list   = [1, "two", false]
obj    = { a = 1, "b c" = "d" }
expr   = var.a + 1
tmpl   = "web-${var.env}"

resource "aws_instance" "web" {
  ami = var.ami
  lifecycle {
    create_before_destroy = true
  }
}

resource "aws_instance" "db" {
  tags = { Name = "db" }
}

locals {
  a = 1
}

locals {
  b = 2
}
"""


def test_loads_shape() -> None:
    assert hclkit.loads(CONFIG) == {
        "region": "eu-west-1",
        "count": 3,
        "ratio": 0.25,
        "on": True,
        "none": None,
        "list": [1, "two", False],
        "obj": {"a": 1, "b c": "d"},
        "expr": "${var.a + 1}",
        "tmpl": "web-${var.env}",
        "resource": {
            "aws_instance": {
                "web": {"ami": "${var.ami}", "lifecycle": {"create_before_destroy": True}},
                "db": {"tags": {"Name": "db"}},
            }
        },
        "locals": [{"a": 1}, {"b": 2}],
    }


def test_loads_keeps_source_order() -> None:
    assert list(hclkit.loads(CONFIG)) == [
        "region", "count", "ratio", "on", "none", "list", "obj", "expr", "tmpl", "resource", "locals"]


def test_loads_options() -> None:
    doc = hclkit.loads(CONFIG, blocks="array", comments=True, simplify=True)
    assert doc["//"] == "the region"
    assert doc["resource"]["aws_instance"]["web"] == [
        {"ami": "${var.ami}", "lifecycle": [{"create_before_destroy": True}]}]
    assert doc["locals"] == [{"a": 1}, {"b": 2}]
    assert hclkit.loads("x = 1 + 2\n", simplify=True) == {"x": 3}
    assert hclkit.loads("x = 1 + 2\n") == {"x": "${1 + 2}"}
    with pytest.raises(ValueError, match="blocks must be"):
        hclkit.loads("", blocks="list")
    with pytest.raises(ValueError, match="syntax must be"):
        hclkit.loads("", syntax="yaml")


RECURRING = """
resource "aws_vpc" "this" {
  cidr_block = "10.0.0.0/16"
}
resource "aws_subnet" "public" {
  vpc_id = aws_vpc.this.id
}
resource "aws_vpc" "other" {
  cidr_block = "10.1.0.0/16"
}
resource "aws_subnet" "public" {
  vpc_id = "x"
}
"""


def test_recurring_labels_are_grouped() -> None:
    # A resource type that comes back after another: every label level is still a dict.
    doc = hclkit.loads(RECURRING)
    assert doc == {"resource": {
        "aws_vpc": {"this": {"cidr_block": "10.0.0.0/16"}, "other": {"cidr_block": "10.1.0.0/16"}},
        "aws_subnet": {"public": [{"vpc_id": "${aws_vpc.this.id}"}, {"vpc_id": "x"}]},
    }}
    assert doc["resource"]["aws_vpc"]["this"]["cidr_block"] == "10.0.0.0/16"
    # blocks="ordered" keeps the source order: the type level becomes a list of dicts.
    assert hclkit.loads(RECURRING, blocks="ordered")["resource"] == [
        {"aws_vpc": {"this": {"cidr_block": "10.0.0.0/16"}}, "aws_subnet": {"public": {"vpc_id": "${aws_vpc.this.id}"}}},
        {"aws_vpc": {"other": {"cidr_block": "10.1.0.0/16"}}, "aws_subnet": {"public": {"vpc_id": "x"}}},
    ]


def test_recurring_labels_decode_as_the_native_file() -> None:
    # The grouped document, read back in the JSON syntax, decodes as the native file does
    # with a spec that keys the blocks by label.
    spec = """
    object {
      block_map "resource" {
        labels = ["type", "name"]
        object {
          attr "cidr_block" { type = string }
          attr "vpc_id" { type = string }
        }
      }
    }
    """
    # A block_map takes one block per labels: the second subnet gets its own name.
    src = RECURRING.replace('aws_subnet" "public" {\n  vpc_id = "x"', 'aws_subnet" "private" {\n  vpc_id = "x"')
    assert src != RECURRING
    variables = {"aws_vpc": {"this": {"id": "vpc-1"}}}
    native = hclkit.decode(src, spec, variables=variables)
    assert native["resource"]["aws_subnet"]["public"]["vpc_id"] == "vpc-1"
    for blocks in ("nested", "ordered", "array"):
        doc = hclkit.loads(src, blocks=blocks)
        assert hclkit.decode(json.dumps(doc), spec, syntax="json", variables=variables) == native, blocks


def test_repeated_comments_become_a_list() -> None:
    doc = hclkit.loads("# one\na = 1\n# two\nb = 2\n", comments=True)
    assert doc == {"//": ["one", "two"], "a": 1, "b": 2}


def test_heredoc_with_interpolation() -> None:
    # python-hcl2 cannot parse ${} inside heredocs.
    doc = hclkit.loads('h = <<EOT\nhello ${name}\nEOT\nplain = <<-EOT\n  text\n  EOT\n')
    assert doc["h"] == "${<<EOT\nhello ${name}\nEOT\n}"
    assert doc["plain"] == "text\n"


def test_unicode_identifiers_and_strings() -> None:
    doc = hclkit.loads('résumé = "ünïcode ✓"\nблок "ярлык" {\n  名前 = "値"\n}\n')
    assert doc == {"résumé": "ünïcode ✓", "блок": {"ярлык": {"名前": "値"}}}


def test_numbers_beyond_64_bits() -> None:
    doc = hclkit.loads(f"big = {2**200}\nneg = -{2**70}\nexp = 1e30\nfrac = 1.5\n")
    assert doc["big"] == 2**200 and isinstance(doc["big"], int)
    assert doc["neg"] == "${-" + str(2**70) + "}" or doc["neg"] == -(2**70)
    assert doc["exp"] == 10**30 and isinstance(doc["exp"], int)
    assert doc["frac"] == 1.5 and isinstance(doc["frac"], float)
    # Longer than Python's int-from-string limit (4300 digits): built from bytes.
    long = "9" * 5000
    assert hclkit.loads(f"x = {long}\n")["x"] == 10**5000 - 1
    assert hclkit.loads("x = 0.1\n", parse_float=Decimal)["x"] == Decimal("0.1")
    assert hclkit.loads('{"x": 0.1, "y": 123456789012345678901234567890}', syntax="json", parse_float=Decimal) == {
        "x": Decimal("0.1"), "y": 123456789012345678901234567890}


def test_json_syntax() -> None:
    text = '{"a": 1, "b": [true, null, "s"], "resource": {"x": {"y": {"n": 2.5}}}}'
    want = {"a": 1, "b": [True, None, "s"], "resource": {"x": {"y": {"n": 2.5}}}}
    assert hclkit.loads(text, filename="main.tf.json") == want
    assert hclkit.loads(text, syntax="json") == want
    # A property repeated in JSON syntax means several blocks: all of them are kept.
    assert hclkit.loads('{"b": {"x": 1}, "b": {"x": 2}}', syntax="json") == {"b": [{"x": 1}, {"x": 2}]}


def test_json_syntax_errors_have_lines() -> None:
    with pytest.raises(hclkit.HCLError) as info:
        hclkit.loads('{\n  "a": 1,\n}\n', filename="bad.json")
    # The reference's order: the trailing comma, then the root it left unfinished.
    d = info.value.diagnostics[0]
    assert d["summary"] == "Trailing comma in object"
    assert str(info.value).startswith("bad.json:2:9: error: Trailing comma in object; ")
    assert (d["filename"], d["line"]) == ("bad.json", 2)


def test_native_syntax_errors_have_lines() -> None:
    with pytest.raises(hclkit.HCLError) as info:
        hclkit.loads('a = 1\nb = {\nc = 2\n', filename="main.tf")
    err = info.value
    assert err.diagnostics[0]["severity"] == "error"
    assert err.diagnostics[0]["filename"] == "main.tf"
    assert err.diagnostics[0]["line"] >= 2
    assert str(err).startswith("main.tf:")


def test_bytes_and_load() -> None:
    assert hclkit.loads(b"a = 1\n") == {"a": 1}
    assert hclkit.loads(bytearray(b"a = 1\n")) == {"a": 1}
    assert hclkit.load(io.StringIO("a = 2\n")) == {"a": 2}
    assert hclkit.load(io.BytesIO(b'{"a": 3}'), filename="x.json") == {"a": 3}
    with pytest.raises(TypeError):
        hclkit.loads(12)


def test_load_takes_the_file_name(tmp_path: Path) -> None:
    p = tmp_path / "vars.json"
    p.write_text('{"x": [1, 2]}')
    with open(p) as f:
        assert hclkit.load(f) == {"x": [1, 2]}
    bad = tmp_path / "bad.hcl"
    bad.write_text("a = \n")
    with open(bad, "rb") as f, pytest.raises(hclkit.HCLError) as info:
        hclkit.load(f)
    assert info.value.diagnostics[0]["filename"] == str(bad)


def test_invalid_utf8_is_a_diagnostic() -> None:
    with pytest.raises(hclkit.HCLError) as info:
        hclkit.loads(b'a = "\xff"\n')
    assert info.value.diagnostics[0]["line"] == 1


def test_loads_output_reads_back_as_the_same_configuration() -> None:
    # The JSON document loads() gives, read back in JSON syntax, decodes as the native file
    # does (with a context, where JSON strings are templates).
    spec = """
    object {
      attr "region" { type = string }
      attr "expr" { type = number }
      attr "tmpl" { type = string }
      block_map "resource" {
        labels = ["type", "name"]
        object {
          attr "ami" { type = string }
        }
      }
    }
    """
    native = 'region = "eu"\nexpr = x + 1\ntmpl = "a-${x}"\nresource "t" "n" {\n  ami = "ami-${x}"\n}\n'
    doc = hclkit.loads(native)
    got_json = hclkit.decode(json.dumps(doc), spec, syntax="json", variables={"x": 41})
    got_native = hclkit.decode(native, spec, variables={"x": 41})
    assert got_json == got_native == {
        "region": "eu", "expr": 42, "tmpl": "a-41", "resource": {"t": {"n": {"ami": "ami-41"}}}}


def corpus_dir() -> Path:
    shared = os.environ.get("HCLKIT_SHARED")
    return (Path(shared) if shared else REPO.parent / "shared") / "corpus" / "realworld"


def test_realworld_corpus_loads() -> None:
    # Every file of the real-world corpus (all accepted by the reference parser) loads. As
    # the Rust corpus test: skipped when the corpus is absent, unless CI is set.
    d = corpus_dir()
    if not d.exists():
        assert "CI" not in os.environ, f"corpus missing at {d}"
        pytest.skip(f"corpus not found at {d}")
    files = sorted(p for p in d.rglob("*") if p.is_file())
    assert len(files) > 6000
    with_resources = 0
    for p in files:
        doc = hclkit.loads(p.read_bytes(), filename=p.name.removesuffix(".json") + ".hcl")
        assert isinstance(doc, dict)
        # The documented access pattern, doc["resource"][type][label], works on every file.
        if p.suffix == ".tf" and isinstance(doc.get("resource"), dict):
            with_resources += 1
            for rtype, by_name in doc["resource"].items():
                assert isinstance(by_name, dict), (p, rtype)
                for name in by_name:
                    assert isinstance(doc["resource"][rtype][name], (dict, list)), (p, rtype, name)
    assert with_resources > 600
    vpc = hclkit.loads((d / "terraform-aws-modules__terraform-aws-vpc" / "main.tf").read_bytes())
    assert "cidr_block" in vpc["resource"]["aws_vpc"]["this"]
