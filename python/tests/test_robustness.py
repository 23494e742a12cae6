"""No input makes the package panic or raise anything but its documented errors: random
damage to valid sources, seeded so a failure repeats."""

from __future__ import annotations

import random

import hclkit

SEEDS = [
    b'resource "aws_instance" "web" {\n  ami = var.ami\n  tags = { Name = "x-${var.env}" }\n}\n',
    b'locals {\n  list = [for i, v in var.xs : upper(v) if i > 0]\n  h = <<EOT\nhi ${a}\nEOT\n}\n',
    b'a = 1 + 2 * (3 - x) ? "y" : null\nb = x[*].y\nc = { for k, v in m : k => v... }\n',
    b'{"a": [1, 2.5, "${x}"], "b": {"c": null, "d": true}}',
]
SPEC = b'object {\n  attr "a" { type = any }\n  block_list "b" { block_type = "b" }\n}\n'
ALLOWED = (hclkit.HCLError, ValueError)


def damaged(rng: random.Random, src: bytes) -> bytes:
    b = bytearray(src)
    for _ in range(rng.randint(1, 6)):
        op = rng.randrange(4)
        i = rng.randrange(len(b) + 1)
        if op == 0 and b:
            del b[min(i, len(b) - 1)]
        elif op == 1:
            b[i:i] = bytes([rng.choice(b'{}[]()"$%<>=\\\n#*.:?,\xff\xc3')])
        elif op == 2 and b:
            j = rng.randrange(len(b))
            b[i:i] = b[j : j + rng.randint(1, 8)]
        else:
            b = b[:i]
    return bytes(b)


def test_damaged_inputs_raise_only_documented_errors() -> None:
    rng = random.Random(17)
    calls = 0
    for _ in range(600):
        src = damaged(rng, rng.choice(SEEDS))
        for f in (
            lambda s: hclkit.loads(s),
            lambda s: hclkit.loads(s, syntax="json"),
            lambda s: hclkit.evaluate(s, variables={"x": 1, "var": {"ami": "a", "env": "e"}}),
            lambda s: hclkit.decode(s, SPEC, variables={"x": 1}, stdlib=True),
            lambda s: hclkit.decode(s, SPEC, syntax="json"),
            lambda s: hclkit.format(s, check=False),
            lambda s: hclkit.format(s),
            lambda s: hclkit.decode(b"a = 1\n", s),
        ):
            calls += 1
            try:
                f(src)
            except ALLOWED:
                pass
    assert calls == 4800
