"""hclkit.format: the reference formatter's layout (hclfmt)."""

from __future__ import annotations

from pathlib import Path

import pytest

import hclkit

REPO = Path(__file__).resolve().parents[2]


def test_format_aligns_and_indents() -> None:
    assert hclkit.format("a=1\nbbb = [1,2]\nblock  \"x\"{\ny=2\n}\n") == (
        'a   = 1\nbbb = [1, 2]\nblock "x" {\n  y = 2\n}\n')


def test_format_is_idempotent_and_accepts_bytes() -> None:
    once = hclkit.format(b"x {\ny=1\n  zz = { a = 1, b = 2 }\n}\n")
    assert hclkit.format(once) == once


def test_format_unicode() -> None:
    # Columns count characters: both names are two wide.
    assert hclkit.format('名前="値"\nabc = 1\n') == '名前  = "値"\nabc = 1\n'


def test_format_refuses_syntax_errors() -> None:
    with pytest.raises(hclkit.HCLError) as info:
        hclkit.format("a = {\n", filename="x.hcl")
    assert info.value.diagnostics[0]["filename"] == "x.hcl"
    assert info.value.diagnostics[0]["line"] in (1, 2)


def test_format_keeps_tokens_apart() -> None:
    # The reference joins `2. 3` (the number 2 and a legacy index) into the number `2.3`;
    # hclkit.format keeps the space, so formatting never changes what a file means.
    assert hclkit.format("a =   [2. 3]\n") == "a = [2. 3]\n"


def test_binary_input_is_one_error() -> None:
    elf = b"\x7fELF\x02\x01\x01\x00" + bytes(range(1, 256)) * 8
    for call in (lambda: hclkit.format(elf, filename="a.out"), lambda: hclkit.format(elf, check=False),
                 lambda: hclkit.loads(elf, filename="a.out")):
        with pytest.raises(hclkit.HCLError) as info:
            call()
        assert len(info.value.diagnostics) == 1
        assert info.value.diagnostics[0]["summary"] == "Not a text file"


def test_format_matches_recorded_hclfmt_output() -> None:
    # crates/hclkit/tests/data/fmt: NAME.in and the reference's hclwrite.Format output NAME.want,
    # recorded by oracle/fmt/record.sh. hclwrite formats broken input too: so does check=False.
    cases = REPO / "crates" / "hclkit" / "tests" / "data" / "fmt"
    pairs = [(p, p.with_suffix(".want")) for p in sorted(cases.rglob("*.in")) if p.with_suffix(".want").exists()]
    assert len(pairs) > 100
    valid = 0
    for inp, out in pairs:
        src = inp.read_bytes()
        want = out.read_bytes()
        if b"\xff" in want or b"\xfe" in want:
            continue  # bytes that are not UTF-8 cannot come back in a str
        try:
            want_text = want.decode()
        except UnicodeDecodeError:
            continue
        assert hclkit.format(src, check=False) == want_text, inp.name
        try:
            assert hclkit.format(src) == want_text, inp.name
            valid += 1
        except hclkit.HCLError:
            pass
    assert valid > len(pairs) // 3
