//! Go's `math.Log`, `math.Exp` and `math.Pow`, to the bit, as the reference computes them.
//!
//! go-cty's `log` and `pow` work in float64 with Go's math package, and the reference is a Go
//! 1.19 binary for amd64. There `Log` and `Exp` are assembly routines whose roundings differ
//! from the C library behind Rust's `ln`/`exp`/`powf` in the last bit now and then, so this
//! module implements the same published algorithms with the same operations in the same
//! order:
//!
//! - [`log`]: FreeBSD msun's `e_log.c` method (reduce to `f·2^k` with `f` near 1, then a
//!   minimax polynomial in `s = (f-1)/(f+1)`), as `log_amd64.s` runs it;
//! - [`exp`]: Naoki Shibata's method (SLEEF, "Efficient evaluation methods of elementary
//!   functions suitable for SIMD computation", ISC'10), as `exp_amd64.s` runs it on a CPU with
//!   AVX and FMA: its fused multiply-adds are [`f64::mul_add`] here, which rounds once
//!   whatever the CPU, so the results are those of the reference on such a machine (the
//!   reference itself gives other bits on a CPU without FMA);
//! - [`pow`]: Go's portable `pow.go` (FreeBSD's special cases, then `x^y` as
//!   `exp(yf·log x)` times `x^yi` by repeated squaring with the binary exponent kept apart).
//!
//! Plain Rust float arithmetic is never contracted into fused operations, so every `*`, `+`,
//! `-` and `/` below rounds exactly where the reference's instruction does.
//!
//! `crates/hclkit-value/tests/data/gomath.want.txt` (recorded from Go; see
//! `oracle/gomath/main.go`) pins tens of thousands of results bit for bit.

/// The sign bit of a float64.
const SIGN: u64 = 1 << 63;
/// The 52 fraction bits.
const FRACTION: u64 = (1 << 52) - 1;
/// Where the biased exponent starts.
const SHIFT: u32 = 52;
/// The exponent bias.
const BIAS: i64 = 1023;

/// `2^e` for an exponent of a normal float64 (`-1022 ..= 1023`).
fn pow2(e: i64) -> f64 {
    debug_assert!((-1022..=1023).contains(&e));
    f64::from_bits(((e + BIAS) as u64) << SHIFT)
}

// ---------------------------------------------------------------------------------------------
// log
//
// Each constant of log and exp is the float64 nearest the decimal literal of Go's assembly,
// shown in its comment (`constants_are_the_references_literals` checks them).

/// √2/2: below it the reduced argument is doubled, so that `f - 1` lies in about
/// `[-0.29, 0.41]`.
const HALF_SQRT2: f64 = std::f64::consts::FRAC_1_SQRT_2; // 7.07106781186547524401e-01
/// ln 2 split in two: the high part has 32 trailing zero bits, so `k·LN2_HI` is exact for
/// every exponent `k`.
const LN2_HI: f64 = 0.6931471803691238; // 6.93147180369123816490e-01
const LN2_LO: f64 = 1.9082149292705877e-10; // 1.90821492927058770002e-10
/// The coefficients of msun's minimax polynomial `R(z) ≈ (ln((1+s)/(1-s)) - 2s)/s`, split in
/// odd and even powers of `s⁴` as the reference evaluates it.
const LG: [f64; 7] = [
    0.6666666666666735,  // 6.666666666666735130e-01
    0.3999999999940942,  // 3.999999999940941908e-01
    0.2857142874366239,  // 2.857142874366239149e-01
    0.22222198432149784, // 2.222219843214978396e-01
    0.1818357216161805,  // 1.818357216161805012e-01
    0.15313837699209373, // 1.531383769920937332e-01
    0.14798198605116586, // 1.479819860511658591e-01
];

/// The natural logarithm, as Go's `math.Log` on amd64.
///
/// Special cases: `log(±0) = -∞`, `log(x < 0) = NaN`, `log(+∞) = +∞`, `log(NaN) = NaN`.
///
/// The method (msun `e_log.c`): write `x = f1·2^k` with `f1` in `(√2/2, √2]`, let `f = f1 - 1`
/// and `s = f/(2+f)`; then `ln(1+f) = f - f²/2 + s(f²/2 + R(s²))` with a minimax `R`, and
/// `ln x = k·ln2 + ln(1+f)`, summed so that the big terms come last.
///
/// Two details of the assembly routine are kept because they change results: the split takes
/// the exponent field and the fraction bits as they are, without normalizing first, so a
/// subnormal `x = fraction · 2^-1074` is read as `(1 + fraction/2^52) · 2^-1023` (Go's
/// `Log(5e-324)` is -709.09, not -744.44); and `f1` is doubled when it is `<=` √2/2 (the
/// portable Go code says `<`; the two differ in the last bit at `√2/2 · 2^32`, for one).
pub(crate) fn log(x: f64) -> f64 {
    let bits = x.to_bits();
    if bits & !SIGN == 0 {
        return f64::NEG_INFINITY;
    }
    if bits & SIGN != 0 {
        return f64::NAN;
    }
    if bits >= f64::INFINITY.to_bits() {
        return x; // +∞ or NaN
    }

    // x = f1 · 2^k with f1 in [0.5, 1) (for normal x), by the bits.
    let mut f1 = f64::from_bits(bits & FRACTION | 0.5f64.to_bits());
    let mut k = ((bits >> SHIFT) as i64 - (BIAS - 1)) as f64;
    if f1 <= HALF_SQRT2 {
        f1 *= 2.0;
        k -= 1.0;
    }
    let f = f1 - 1.0;

    let s = f / (2.0 + f);
    let s2 = s * s;
    let s4 = s2 * s2;
    let odd = s2 * (((LG[6] * s4 + LG[4]) * s4 + LG[2]) * s4 + LG[0]);
    let even = s4 * ((LG[5] * s4 + LG[3]) * s4 + LG[1]);
    let r = odd + even;
    let hfsq = 0.5 * f * f;
    k * LN2_HI - ((hfsq - (s * (hfsq + r) + k * LN2_LO)) - f)
}

// ---------------------------------------------------------------------------------------------
// exp

/// log2(e), to find the power of two nearest `e^x`.
const LOG2E: f64 = std::f64::consts::LOG2_E; // 1.4426950408889634073599246810018920
/// ln 2 in two parts (SLEEF's `L2U`, `L2L`) for the argument reduction `x - k·ln2`.
const LN2_UPPER: f64 = 0.693147180559663; // 0.69314718055966295651160180568695068359375
const LN2_LOWER: f64 = 2.8235290563031577e-13; // 0.28235290563031577122588448175013436025525412068e-12
/// Above this the reference returns +∞ without computing (it is a little below ln(MAX)).
const EXP_OVERFLOW: f64 = 709.782712893384; // 7.09782712893384e+02
/// Taylor coefficients 1/8! … 1/2! (then 1) of `e^r = 1 + r + r²/2 + …`.
const TAYLOR: [f64; 7] = [
    2.48015873015873e-5,   // 2.4801587301587301587e-5
    0.0001984126984126984, // 1.9841269841269841270e-4
    0.001388888888888889,  // 1.3888888888888888889e-3
    0.008333333333333333,  // 8.3333333333333333333e-3
    0.041666666666666664,  // 4.1666666666666666667e-2
    0.16666666666666666,   // 1.6666666666666666667e-1
    0.5,
];

/// `e^x`, as Go's `math.Exp` on amd64 with FMA.
///
/// Special cases: `exp(+∞) = +∞`, `exp(-∞) = 0`, `exp(NaN) = NaN`; `x` above
/// 709.782712893384 gives +∞, and so does any `x` for which `k` below rounds to 1024 (709.78,
/// whose `e^x` would be finite).
///
/// The method (Shibata): `k = round(x·log2 e)`, `r = (x - k·ln2)/16` (two fused
/// multiply-adds with ln 2 split in two), `e^r - 1` by a degree-8 Taylor polynomial, squared
/// four times as `(1+u)² - 1 = u(u+2)` to get `e^(16r) - 1`, plus one, times `2^k`. The
/// rounding of `k` is the processor's (ties to even); results that are subnormal are scaled
/// in two steps, the second rounding.
pub(crate) fn exp(x: f64) -> f64 {
    if !x.is_finite() {
        return if x == f64::NEG_INFINITY { 0.0 } else { x };
    }
    if x > EXP_OVERFLOW {
        return f64::INFINITY;
    }
    // CVTSD2SL: rounds to nearest even; out of i32 range it yields i32::MIN (the saturating
    // `as` differs only far below -2^31, where the result is 0 either way).
    let k = (x * LOG2E).round_ties_even() as i32;
    let kf = f64::from(k);

    let mut r = (-kf).mul_add(LN2_UPPER, x);
    r = (-kf).mul_add(LN2_LOWER, r);
    r *= 0.0625;

    // u = e^r - 1 = r·(1 + r/2 + r²/6 + … + r⁷/8!)
    let mut poly = TAYLOR[0];
    for &c in &TAYLOR[1..] {
        poly = poly.mul_add(r, c);
    }
    poly = poly.mul_add(r, 1.0);
    let mut u = r * poly;
    // Square (1+u) three times as u ← u(u+2), the fourth time adding the 1 in the same fused
    // operation.
    for _ in 0..3 {
        u *= u + 2.0;
    }
    let m = (u + 2.0).mul_add(u, 1.0);

    // m · 2^k
    let biased = i64::from(k) + BIAS;
    if biased >= 0x7FF {
        f64::INFINITY
    } else if biased > 0 {
        m * pow2(i64::from(k))
    } else if biased < -52 {
        0.0
    } else {
        // Subnormal result: first by 2^(k+1022) (normal, exact), then by 2^-1022 (rounds).
        m * pow2(i64::from(k) + 1022) * pow2(-1022)
    }
}

// ---------------------------------------------------------------------------------------------
// pow and its helpers

/// `(frac, exp)` with `x = frac · 2^exp` and `|frac|` in `[0.5, 1)` (Go's `Frexp`); zeros,
/// infinities and NaN come back as they are with exponent 0.
fn frexp(x: f64) -> (f64, i64) {
    if x == 0.0 || !x.is_finite() {
        return (x, 0);
    }
    // Subnormals are scaled into the normal range first (exactly).
    let (x, adjust) = if x.abs() < f64::MIN_POSITIVE { (x * pow2(52), -52) } else { (x, 0) };
    let bits = x.to_bits();
    let e = ((bits >> SHIFT) & 0x7FF) as i64 - (BIAS - 1) + adjust;
    let frac = f64::from_bits(bits & !(0x7FF << SHIFT) | ((BIAS - 1) as u64) << SHIFT);
    (frac, e)
}

/// `frac · 2^exp`, correctly rounded, overflowing to ±∞ and underflowing to ±0 (Go's `Ldexp`).
fn ldexp(frac: f64, exp: i64) -> f64 {
    if frac == 0.0 || !frac.is_finite() {
        return frac;
    }
    let (frac, e) = frexp(frac);
    // The exponent of the result's leading bit, with frac now in [1, 2).
    let top = exp.saturating_add(e - 1);
    if top < -1075 {
        return 0.0_f64.copysign(frac);
    }
    if top > 1023 {
        return f64::INFINITY.copysign(frac);
    }
    let frac = frac * 2.0; // [1, 2)
    if top >= -1022 {
        frac * pow2(top)
    } else {
        // One rounding, by the last multiplication, into the subnormal range.
        frac * pow2(top + 53) * pow2(-53)
    }
}

/// Whether `y` is an odd whole number, as Go's `isOddInt` (through `int64`): every float64
/// from 2^53 up is even.
fn is_odd_int(y: f64) -> bool {
    y.abs() < 9_007_199_254_740_992.0 && y.fract() == 0.0 && (y as i64) & 1 == 1
}

/// `x^y`, as Go's `math.Pow` on amd64 (the portable algorithm over [`log`] and [`exp`]).
///
/// Special cases, in order: `x^±0 = 1` and `1^y = 1` for any `x`, `y` (NaN included);
/// `x^1 = x`; NaN in, NaN out; `±0^y` is ±∞ or ±0 by the sign of `y` and whether it is an odd
/// integer; `(-1)^±∞ = 1`, otherwise `x^±∞` is 0 or +∞ by whether `|x| < 1`; `(+∞)^y` is +∞ or
/// 0 by the sign of `y` and `(-∞)^y = (-0)^-y`; `x^±½` is (one over) the square root; a
/// negative `x` with a fractional `y` is NaN.
///
/// Otherwise, with `y = yi + yf` (`|yf| <= ½` after moving a fraction above ½ to `yi`):
/// `x^y = exp(yf·ln x) · x^yi`, the integer power by repeated squaring of `frexp(x)`'s
/// fraction with the binary exponent accumulated apart, so that it overflows or underflows
/// only at the end (`ldexp`). A negative `y` takes the reciprocal of the product before
/// applying the exponent.
pub(crate) fn pow(x: f64, y: f64) -> f64 {
    if y == 0.0 || x == 1.0 {
        return 1.0;
    }
    if y == 1.0 {
        return x;
    }
    if x.is_nan() || y.is_nan() {
        return f64::NAN;
    }
    if x == 0.0 {
        return match (y < 0.0, is_odd_int(y)) {
            (true, true) => f64::INFINITY.copysign(x),
            (true, false) => f64::INFINITY,
            (false, true) => x,
            (false, false) => 0.0,
        };
    }
    if y.is_infinite() {
        return if x == -1.0 {
            1.0
        } else if (x.abs() < 1.0) == (y > 0.0) {
            0.0
        } else {
            f64::INFINITY
        };
    }
    if x.is_infinite() {
        if x < 0.0 {
            return pow(1.0 / x, -y); // (-0)^-y
        }
        return if y < 0.0 { 0.0 } else { f64::INFINITY };
    }
    if y == 0.5 {
        return x.sqrt();
    }
    if y == -0.5 {
        return 1.0 / x.sqrt();
    }

    let ay = y.abs();
    let mut yi = ay.trunc();
    let mut yf = ay - yi;
    if yf != 0.0 && x < 0.0 {
        return f64::NAN;
    }
    if yi >= 9_223_372_036_854_775_808.0 {
        // An even integer power this large overflows or underflows for every x but -1.
        return if x == -1.0 {
            1.0
        } else if (x.abs() < 1.0) == (y > 0.0) {
            0.0
        } else {
            f64::INFINITY
        };
    }

    // The answer is a1 · 2^ae.
    let mut a1 = 1.0;
    let mut ae: i64 = 0;

    // x^yf, with yf in (-½, ½].
    if yf != 0.0 {
        if yf > 0.5 {
            yf -= 1.0;
            yi += 1.0;
        }
        a1 = exp(yf * log(x));
    }

    // x^yi by squaring x1 (kept in [0.5, 1)) and doubling its exponent xe, multiplying in
    // the squares the bits of yi select.
    let (mut x1, mut xe) = frexp(x);
    let mut i = yi as i64;
    while i != 0 {
        if !(-(1 << 12)..=1 << 12).contains(&xe) {
            // The exponent already overflows any float64 whatever the remaining bits do:
            // count it once and let ldexp overflow or underflow.
            ae += xe;
            break;
        }
        if i & 1 == 1 {
            a1 *= x1;
            ae += xe;
        }
        x1 *= x1;
        xe <<= 1;
        if x1 < 0.5 {
            x1 += x1;
            xe -= 1;
        }
        i >>= 1;
    }

    if y < 0.0 {
        a1 = 1.0 / a1;
        ae = -ae;
    }
    ldexp(a1, ae)
}

#[cfg(test)]
mod tests;
