"""hclkit.decode against the reference's hcldec.

Every case of crates/hclkit-cli/tests/data/conformance (expected outputs recorded from the reference hcldec,
hashicorp/hcl v2.14.1, by oracle/conformance/record.py) is decoded in-process and compared
with what hcldec printed: the value (numbers as record.py's json.loads read hcldec's output:
integers exactly, others as float), or, when
hcldec failed, an HCLError whose first diagnostic in source order has hcldec's severity,
summary, detail and range.
"""

from __future__ import annotations

import json
from decimal import Decimal
from pathlib import Path

import pytest

import hclkit

CASES = Path(__file__).resolve().parents[2] / "crates" / "hclkit-cli" / "tests" / "data" / "conformance"

# Cases that test hcldec's command line rather than decoding, so decode() has no counterpart.
NOT_DECODING = {
    # --var-refs prints the variables an input references instead of decoding it.
    "flags/004",
    "flags/005",
    "spec_variables/021",
    # A --vars JSON file with a repeated property: a Python dict cannot repeat a key.
    "variables/json-vars-duplicate",
}


def all_cases() -> list[Path]:
    return sorted(p.parent for p in CASES.glob("*/*/want.json"))


def case_id(d: Path) -> str:
    return f"{d.parent.name}/{d.name}"


def test_the_corpus_is_there() -> None:
    cases = all_cases()
    assert len(cases) >= 800
    ids = {case_id(d) for d in cases}
    assert NOT_DECODING <= ids, "an excluded case no longer exists"
    flagged = {case_id(d) for d in cases if (d / "flags").exists() and "--var-refs" in (d / "flags").read_text()}
    assert flagged <= NOT_DECODING


def first_in_source_order(diags: list[dict]) -> dict:
    return sorted(diags, key=lambda d: (d.get("filename") or "", d.get("line") or 0, d.get("column") or 0,
                                        d["summary"], d["detail"]))[0]


def expected_first(diags: list[dict]) -> dict:
    return sorted(diags, key=lambda d: ((d.get("subject") or {}).get("filename", ""),
                                        (d.get("subject") or {}).get("start", {}).get("byte", -1),
                                        d["summary"], d["detail"]))[0]


@pytest.mark.parametrize("case", [d for d in all_cases() if case_id(d) not in NOT_DECODING], ids=case_id)
def test_decode_matches_hcldec(case: Path) -> None:
    expected = json.loads((case / "want.json").read_text())
    input_name = "input.json" if (case / "input.json").exists() else "input.hcl"
    flags = (case / "flags").read_text().split() if (case / "flags").exists() else []
    variables = None
    if (case / "vars.json").exists():
        variables = json.loads((case / "vars.json").read_text(), parse_float=Decimal)
        # hcldec ignores a top-level "//" property of a JSON --vars document (a comment).
        variables.pop("//", None)
    kwargs = dict(
        variables=variables,
        filename=input_name,
        spec_filename="spec.hcldec",
        keep_nulls="--keep-nulls" in flags,
    )
    text = (case / input_name).read_bytes()
    spec = (case / "spec.hcldec").read_bytes()
    if expected["exit"] == 0:
        got = hclkit.decode(text, spec, **kwargs)
        # With --with-type a null result loses its "value" with the other nulls, or hcldec
        # prints just null.
        stdout = expected["stdout"]
        assert got == (None if stdout is None else stdout.get("value"))
    else:
        with pytest.raises(hclkit.HCLError) as info:
            hclkit.decode(text, spec, **kwargs)
        want = expected_first(expected["diagnostics"])
        got = first_in_source_order(info.value.diagnostics)
        assert (got["severity"], got["summary"], got["detail"]) == (want["severity"], want["summary"], want["detail"])
        subject = want.get("subject")
        if subject is None:
            assert got["filename"] is None
        else:
            assert (got["filename"], got["line"], got["column"], got["end_line"], got["end_column"]) == (
                subject["filename"],
                subject["start"]["line"],
                subject["start"]["column"],
                subject["end"]["line"],
                subject["end"]["column"],
            )


SPEC = """
object {
  attr "name" {
    type = string
    required = true
  }
  attr "port" { type = number }
  attr "tags" { type = map(string) }
  block_list "listen" {
    block_type = "listen"
    object {
      attr "addr" { type = string }
    }
  }
}
"""


def test_decode_native_and_json_give_the_same() -> None:
    native = 'name = "web"\nport = 8080\ntags = { env = "prod" }\nlisten { addr = ":80" }\nlisten { addr = ":443" }\n'
    as_json = '{"name": "web", "port": 8080, "tags": {"env": "prod"}, "listen": [{"addr": ":80"}, {"addr": ":443"}]}'
    want = {"name": "web", "port": 8080, "tags": {"env": "prod"}, "listen": [{"addr": ":80"}, {"addr": ":443"}]}
    assert hclkit.decode(native, SPEC) == want
    assert hclkit.decode(as_json, SPEC, filename="x.json") == want
    assert hclkit.decode(as_json, SPEC, syntax="json") == want


def test_decode_leaves_out_nulls_unless_asked() -> None:
    assert hclkit.decode('name = "a"\n', SPEC) == {"name": "a", "listen": []}
    assert hclkit.decode('name = "a"\n', SPEC, keep_nulls=True) == {
        "name": "a", "port": None, "tags": None, "listen": []}


def test_decode_variables_and_stdlib() -> None:
    spec = 'attr {\n  name = "v"\n  type = any\n}\n'
    assert hclkit.decode('v = x * 2\n', spec, variables={"x": 21}) == 42
    with pytest.raises(hclkit.HCLError, match="Function calls not allowed"):
        hclkit.decode('v = upper("a")\n', spec)
    assert hclkit.decode('v = upper("a")\n', spec, stdlib=True) == "A"
    assert hclkit.decode('v = upper("a")\n', spec, functions="stdlib") == "A"
    # Spec-file variables are defaults the caller's override, as hcldec --vars does.
    spec_vars = 'variables {\n x = 1\n y = 2\n}\n' + spec
    assert hclkit.decode('v = [x, y]\n', spec_vars, variables={"y": 20}) == [1, 20]


def test_decode_error_lines() -> None:
    with pytest.raises(hclkit.HCLError) as info:
        hclkit.decode('\n\nport = "eighty"\n', SPEC, filename="main.hcl")
    d = info.value.diagnostics
    summaries = [x["summary"] for x in d]
    assert "Missing required argument" in summaries
    bad = next(x for x in d if x["summary"] == "Incorrect attribute value type")
    assert (bad["filename"], bad["line"], bad["column"], bad["end_line"], bad["end_column"]) == ("main.hcl", 3, 8, 3, 16)


def test_decode_spec_errors_name_the_spec_file() -> None:
    with pytest.raises(hclkit.HCLError) as info:
        hclkit.decode("a = 1\n", "object {\n  attr {\n  }\n", spec_filename="my.hcldec")
    assert info.value.diagnostics[0]["filename"] == "my.hcldec"
    assert str(info.value).startswith("my.hcldec:")


def test_decode_big_numbers_and_decimals() -> None:
    spec = 'attr {\n  name = "v"\n  type = any\n}\n'
    assert hclkit.decode("v = 123456789012345678901234567890 * 10\n", spec) == 1234567890123456789012345678900
    assert hclkit.decode("v = 0.1\n", spec, parse_float=Decimal) == Decimal("0.1")
    assert hclkit.decode("v = 1 / 3\n", spec) == pytest.approx(1 / 3)
