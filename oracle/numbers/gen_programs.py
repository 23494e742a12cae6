#!/usr/bin/env python3
"""Generates random RPN programs over numbers for number_oracle.go / crates/hclkit-value/tests/it/number_diff.rs.

Usage: gen_programs.py COUNT SEED > programs.txt
The literals aim at the hard cases: long decimals, exponents, exact midpoints between
512-bit (and 53/64-bit) values written out in full, values near powers of ten and two.
"""
import random
import struct
import sys


def exact_decimal(m, e2):
    """The exact decimal text of m * 2**e2 (m >= 0)."""
    if e2 >= 0:
        return str(m << e2)
    k = -e2
    s = str(m * 5**k).rjust(k + 1, "0")
    whole, frac = s[:-k], s[-k:].rstrip("0")
    return whole + ("." + frac if frac else "")


def midpoint_literal(r, prec):
    """A decimal at (or next to) the midpoint of two prec-bit floats."""
    m = r.getrandbits(prec) | (1 << (prec - 1))
    mid = 2 * m + 1
    e2 = r.choice([r.randint(-prec - 700, -1), r.randint(-60, 60), r.randint(1, 400)])
    s = exact_decimal(mid, e2)
    t = r.random()
    if t < 0.3 and len(s) > 3:
        # nudge the last digit
        last = s[-1]
        if last.isdigit():
            d = int(last)
            d2 = min(9, d + 1) if r.random() < 0.5 else max(0, d - 1)
            s = s[:-1] + str(d2)
    elif t < 0.5:
        # truncate to a random number of significant digits
        digits = [i for i, c in enumerate(s) if c.isdigit()]
        cut = r.randint(1, len(digits))
        s = s[: digits[cut - 1] + 1]
    elif t < 0.7:
        # move the decimal point into an exponent
        if "." in s:
            w, f = s.split(".")
            s = w + f + "e-" + str(len(f))
        else:
            z = len(s) - len(s.rstrip("0"))
            if z > 0:
                s = s[: len(s) - z] + "e" + str(z)
    return s


def rand_literal(r):
    k = r.random()
    if k < 0.15:
        return str(r.randint(0, 10**r.randint(1, 18)))
    if k < 0.25:
        return str(r.randint(0, 10**r.randint(19, 250)))
    if k < 0.40:
        w = str(r.randint(0, 10**r.randint(0, 6)))
        f = "".join(r.choice("0123456789") for _ in range(r.randint(1, r.choice([3, 20, 80, 250]))))
        return w + "." + f
    if k < 0.55:
        mant = str(r.randint(1, 10**r.randint(1, 30)))
        if r.random() < 0.5:
            mant = mant[:1] + "." + mant[1:] if len(mant) > 1 else mant
        e = r.choice([r.randint(-30, 30), r.randint(-400, 400), r.randint(-2000, 2000)])
        return mant + r.choice("eE") + (r.choice(["", "+"]) if e >= 0 else "") + str(e)
    if k < 0.75:
        return midpoint_literal(r, r.choice([512, 512, 513, 64, 53, 600]))
    if k < 0.80:
        p = r.randint(1, 100)
        return r.choice(["1", "9", "5", "0.5", "2.5"]) + "e" + str(r.choice([p, -p]))
    if k < 0.85:
        return "0." + "0" * r.randint(0, 20) + str(r.randint(1, 999))
    if k < 0.88:
        return r.choice(["0", "-0", "0.0", "+1", "-1", "Inf", "-Inf", "1p3", "1.5P-1", "00012", ".5", "5."])
    if k < 0.94:
        return str(2 ** r.randint(0, 300) + r.randint(-3, 3))
    return r.choice(["3.14159265358979323846264338327950288419716939937510582097494459",
                     "0.1", "0.2", "0.3", "1.1", "2.675", "1e23", "9007199254740993",
                     "18446744073709551617", "123456789012345678901234567890"])


def rand_operand(r):
    k = r.random()
    if k < 0.62:
        lit = rand_literal(r)
        if r.random() < 0.1 and not lit.startswith(("-", "+")):
            lit = "-" + lit
        return "p:" + lit
    if k < 0.80:
        c = r.random()
        if c < 0.5:
            v = r.randint(-1000, 1000)
        elif c < 0.8:
            v = r.randint(-(2**63), 2**63 - 1)
        else:
            v = r.choice([0, 1, -1, 2**63 - 1, -(2**63), 2**53, 2**53 + 1, 2**62, -(2**62)])
        return "i:%d" % v
    if k < 0.83:
        return "u:%d" % r.choice([r.randint(0, 2**64 - 1), 2**64 - 1, 2**63, 2**63 + 1])
    if k < 0.97:
        c = r.random()
        if c < 0.4:
            x = r.choice([0.1, 0.2, 0.3, 1 / 3, 2 / 3, 1e23, 1e-7, 5e-324, 2.2250738585072014e-308,
                          1.7976931348623157e308, -0.0, 0.5, 1.5, 3.0, 2.0**60, 123456.789])
            bits = struct.unpack("<Q", struct.pack("<d", x))[0]
        elif c < 0.7:
            bits = r.getrandbits(64)
            if (bits >> 52) & 0x7FF == 0x7FF:
                bits ^= 1 << 62
        else:
            x = r.uniform(-1e6, 1e6) * 10 ** r.randint(-20, 20)
            bits = struct.unpack("<Q", struct.pack("<d", x))[0]
        return "f:%016x" % bits
    return r.choice(["z", "pinf", "ninf"])


BIN = ["add", "sub", "mul", "div", "rem"]
UN = ["neg", "abs", "floor", "ceil", "int"]


def rand_expr(r, depth):
    if depth == 0 or r.random() < 0.3:
        return [rand_operand(r)]
    if r.random() < 0.2:
        return rand_expr(r, depth - 1) + [r.choice(UN)]
    return rand_expr(r, depth - 1) + rand_expr(r, depth - 1) + [r.choice(BIN)]


def main():
    count, seed = int(sys.argv[1]), int(sys.argv[2])
    r = random.Random(seed)
    for _ in range(count):
        k = r.random()
        if k < 0.75:
            prog = rand_expr(r, r.randint(0, 3))
        elif k < 0.85:
            prog = rand_expr(r, 1) + rand_expr(r, 1) + [r.choice(["cmp", "eq"])]
        elif k < 0.93:
            prog = rand_expr(r, 1) + ["f64"]
        else:
            prog = rand_expr(r, 1) + ["i64"]
        print(" ".join(prog))


main()
