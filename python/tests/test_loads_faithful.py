"""loads is faithful: its document, written as JSON and read back in the JSON syntax, decodes
with each conformance case's spec to what the native input decodes to (the expected outputs
recorded from the reference hcldec). As oracle/convert/faithful.py checks `hclkit convert`,
this checks the Python objects loads builds from that conversion.

Decoding runs with variables (a dummy one when the case has none), because the JSON syntax
reads strings as templates only when evaluated with a context. Numbers go through the JSON
text exactly as loads read them (parse_float keeps their digits).
"""

from __future__ import annotations

import json
from decimal import Decimal
import re
from pathlib import Path

import pytest

import hclkit

CASES = Path(__file__).resolve().parents[2] / "crates" / "hclkit-cli" / "tests" / "data" / "conformance"


# What the JSON syntax cannot say (hclkit convert warns about it too).
NOT_EXPRESSIBLE = {
    # An attribute and a block both named "a": one JSON property cannot be both; loads gives
    # the list of both values.
    "fuzz/conflicting-schema",
}


def native_cases() -> list[Path]:
    out = []
    for exp in sorted(CASES.glob("*/*/want.json")):
        d = exp.parent
        flags = (d / "flags").read_text() if (d / "flags").exists() else ""
        if f"{d.parent.name}/{d.name}" in NOT_EXPRESSIBLE:
            continue
        if (d / "input.hcl").exists() and "--var-refs" not in flags and json.loads(exp.read_text())["exit"] == 0:
            out.append(d)
    return out


def to_json_text(doc: object) -> str:
    # Numbers that are not integers were kept as their text: put the text back unquoted.
    text = json.dumps(doc, ensure_ascii=False)
    return re.sub(r'"\\u0000NUM([^"\\]*)\\u0000"', r"\1", text)


def test_enough_cases() -> None:
    assert len(native_cases()) > 400


def test_attribute_and_block_of_one_name() -> None:
    src = (CASES / "fuzz" / "conflicting-schema" / "input.hcl").read_text()
    assert hclkit.loads(src) == {"a": [1, {"v": 2}]}


@pytest.mark.parametrize("case", native_cases(), ids=lambda d: f"{d.parent.name}/{d.name}")
def test_loads_document_decodes_like_the_native_file(case: Path) -> None:
    variables = {"__dummy": 1}
    if (case / "vars.json").exists():
        variables = json.loads((case / "vars.json").read_text(), parse_float=Decimal)
        variables.pop("//", None)
        variables = variables or {"__dummy": 1}
    flags = (case / "flags").read_text().split() if (case / "flags").exists() else []
    spec = (case / "spec.hcldec").read_bytes()
    src = (case / "input.hcl").read_bytes()
    keep = "--keep-nulls" in flags
    want = hclkit.decode(src, spec, variables=variables, filename="input.hcl", keep_nulls=keep)
    doc = hclkit.loads(src, filename="input.hcl", parse_float=lambda t: f"\x00NUM{t}\x00")
    got = hclkit.decode(to_json_text(doc), spec, variables=variables, filename="input.json", keep_nulls=keep)
    assert got == want
