//! Bounds on huge powers of five, for printing and parsing numbers whose decimal exponent is
//! far larger than their precision (`1e600000000`, a million-digit literal).
//!
//! Computing `5^k` exactly costs time and memory in proportion to `k` (and `k` can be two
//! billion for a 16-byte literal). The digits of a number, and the rounding of a long
//! literal, only depend on a few hundred leading bits of such a power. So these helpers
//! compute a lower and an upper bound of `5^k`, each with a mantissa of `w` bits, by binary
//! powering with every product rounded down (for the lower bound) or up (for the upper
//! bound): `O(log k)` multiplications of `w`-bit numbers. The callers evaluate what they need
//! at both bounds and use the answer only when the two agree, which by monotonicity is the
//! answer for the exact power; otherwise they retry with more bits or fall back to exact
//! arithmetic when that is affordable.

use num_bigint::BigUint;
use num_integer::Integer;
use num_traits::{One, Zero};

/// A nonnegative dyadic rational `m × 2^x`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Dyadic {
    pub(crate) m: BigUint,
    pub(crate) x: i64,
}

impl Dyadic {
    /// The exact product.
    pub(crate) fn mul(&self, other: &Dyadic) -> Dyadic {
        Dyadic { m: &self.m * &other.m, x: self.x + other.x }
    }

    /// `m × 2^x` rounded down to at most `w` significant bits, and whether that was exact.
    fn narrow(self, w: u64) -> (Dyadic, bool) {
        let b = self.m.bits();
        if b <= w {
            return (self, true);
        }
        let s = b - w;
        let exact = self.m.trailing_zeros().is_some_and(|tz| tz >= s);
        (Dyadic { m: self.m >> s, x: self.x + i64::try_from(s).unwrap_or(i64::MAX) }, exact)
    }
}

/// Lower and upper bounds of `5^k` with `hi − lo ≤ 2^-w · 5^k`, with mantissas of at most
/// `w + 75` bits. Both are exact, and equal, when `5^k` fits in that many bits.
///
/// The lower bound is computed by left-to-right binary powering (square, times 5 for a one
/// bit), each step rounded down to `w' = w + bits(k) + 11` bits, so only the last
/// `log2(w')`-odd squarings are of full length. Each rounding loses less than a relative
/// `δ = 2^(1−w')`, and a loss doubles with every later squaring, so the result is at least
/// `5^k·(1−δ)^(2^bits(k) − 1) ≥ 5^k·(1 − 2k·δ)`, where `2k·δ ≤ 2^(−w−9)`. The upper bound
/// follows from it: `lo·(1 + 2^(−w−1))`, rounded up. (Computing it by a second powering
/// rounded upwards would cost as much again.)
pub(crate) fn pow5_bounds(k: u64, w: u64) -> (Dyadic, Dyadic) {
    let wp = w + u64::from(64 - k.leading_zeros()) + 11;
    let mut lo = Dyadic { m: BigUint::one(), x: 0 };
    let mut exact = true;
    for i in (0..64 - k.leading_zeros()).rev() {
        let mut d = lo.mul(&lo);
        if (k >> i) & 1 == 1 {
            d.m *= 5u32;
        }
        let (d, e) = d.narrow(wp);
        lo = d;
        exact &= e;
    }
    if exact {
        return (lo.clone(), lo);
    }
    let hi = Dyadic { m: &lo.m + (&lo.m >> usize::try_from(w + 1).unwrap_or(usize::MAX)) + 1u32, x: lo.x };
    (lo, hi)
}

/// Lower and upper bounds of `5^−k` with `hi − lo ≤ 2^-w · 5^−k`, with mantissas of at most
/// `w + 80` bits: what dividing by a huge power of five needs. One division of bounds of
/// `5^k` (a division costs about two multiplications; powering `1/5` directly would do
/// every squaring at full length).
pub(crate) fn pow5_inv_bounds(k: u64, w: u64) -> (Dyadic, Dyadic) {
    let (p_lo, p_hi) = pow5_bounds(k, w + 2);
    if p_lo == p_hi && p_lo.m.is_one() {
        return (p_lo, p_hi); // k = 0
    }
    // 1/p_hi ≥ 5^−k·(1 − 2^(−w−2)) and 5^−k ≤ (1/p_hi)·(1 + 2^(−w−2)).
    // r = ⌊2^c / p_hi.m⌋ with at least w + 6 bits: r ≤ 2^c/p_hi.m < r + 1.
    let c = w + 6 + p_hi.m.bits();
    let r = (BigUint::one() << usize::try_from(c).unwrap_or(usize::MAX)) / &p_hi.m;
    let x = -i64::try_from(c).unwrap_or(i64::MAX) - p_hi.x;
    // hi = (r + 1)·(1 + 2^(−w−2)), rounded up: r + 2 + (r >> (w + 2)).
    let hi = Dyadic { m: &r + (&r >> usize::try_from(w + 2).unwrap_or(usize::MAX)) + 2u32, x };
    (Dyadic { m: r, x }, hi)
}

/// `5^k` exactly (callers make sure `k` is small).
pub(crate) fn pow5_exact(k: u64) -> BigUint {
    let five = BigUint::from(5u32);
    match u32::try_from(k) {
        Ok(k) => five.pow(k),
        Err(_) => {
            let mut r = BigUint::one();
            let mut base = five;
            let mut k = k;
            while k > 0 {
                if k & 1 == 1 {
                    r *= &base;
                }
                base = &base * &base;
                k >>= 1;
            }
            r
        }
    }
}

/// A shift amount for a nonnegative count.
fn sh(n: i64) -> usize {
    usize::try_from(n).unwrap_or(usize::MAX)
}

/// `⌊a × 2^s⌋`.
pub(crate) fn floor_shift(a: &BigUint, s: i64) -> BigUint {
    if s >= 0 {
        a << sh(s)
    } else {
        a >> sh(-s)
    }
}

/// `⌊a × 2^s / d⌋` and whether the division left a remainder (`d` nonzero).
pub(crate) fn div_shift(a: &BigUint, s: i64, d: &BigUint) -> (BigUint, bool) {
    let (q, r) = if s >= 0 { (a << sh(s)).div_rem(d) } else { a.div_rem(&(d << sh(-s))) };
    (q, !r.is_zero())
}

/// `⌊a × 2^s / d⌋`.
pub(crate) fn floor_div_shift(a: &BigUint, s: i64, d: &BigUint) -> BigUint {
    div_shift(a, s, d).0
}

/// `⌈a × 2^s / d⌉`.
pub(crate) fn ceil_div_shift(a: &BigUint, s: i64, d: &BigUint) -> BigUint {
    let (q, rest) = div_shift(a, s, d);
    if rest {
        q + 1u32
    } else {
        q
    }
}

/// The exact integer formed by decimal digits (ASCII, already validated), in time
/// `O(M(n) log n)` for `n` digits, where `M` is the cost of a multiplication (Karatsuba and
/// Toom-3 in `num-bigint`): the digits are read in chunks of 19 and combined pairwise,
/// doubling the chunk size at each level. Plain Horner evaluation is quadratic.
pub(crate) fn digits_value(d: &[u8]) -> BigUint {
    const CHUNK: usize = 19;
    const CHUNK_POW: u64 = 10_000_000_000_000_000_000;
    fn chunk(d: &[u8]) -> u64 {
        d.iter().fold(0u64, |a, &c| a * 10 + u64::from(c - b'0'))
    }
    if d.len() <= CHUNK * 64 {
        let mut acc = BigUint::zero();
        let head = d.len() % CHUNK;
        if head > 0 {
            acc = BigUint::from(chunk(&d[..head]));
        }
        for c in d[head..].chunks(CHUNK) {
            acc = acc * CHUNK_POW + chunk(c);
        }
        return acc;
    }
    // Chunks aligned to the right end, most significant first; only the first may be short.
    let head = d.len() % CHUNK;
    let mut parts: Vec<BigUint> = Vec::with_capacity(d.len() / CHUNK + 1);
    if head > 0 {
        parts.push(BigUint::from(chunk(&d[..head])));
    }
    parts.extend(d[head..].chunks(CHUNK).map(|c| BigUint::from(chunk(c))));
    let mut pow = BigUint::from(CHUNK_POW);
    while parts.len() > 1 {
        let mut next = Vec::with_capacity(parts.len() / 2 + 1);
        let mut it = parts.into_iter();
        if it.len() % 2 == 1 {
            // The most significant part, possibly short, stays as it is.
            next.extend(it.next());
        }
        while let (Some(hi), Some(lo)) = (it.next(), it.next()) {
            next.push(hi * &pow + lo);
        }
        parts = next;
        if parts.len() > 1 {
            pow = &pow * &pow;
        }
    }
    parts.pop().unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn value(d: &Dyadic) -> BigUint {
        floor_shift(&d.m, d.x)
    }

    #[test]
    fn pow5_bounds_enclose_the_power() {
        for k in [0u64, 1, 27, 28, 100, 221, 222, 1000, 4321, 65537] {
            for w in [16u64, 64, 600] {
                let exact = pow5_exact(k);
                let (lo, hi) = pow5_bounds(k, w);
                assert!(lo.m.bits() <= w + 75 && hi.m.bits() <= w + 75);
                // lo ≤ 5^k ≤ hi, compared exactly.
                let at = |d: &Dyadic| d.m.clone() << usize::try_from(d.x).unwrap();
                assert!(at(&lo) <= exact && exact <= at(&hi), "k={k} w={w}");
                if exact.bits() <= w + 11 {
                    assert_eq!((&lo, &hi), (&hi, &lo));
                    assert_eq!(value(&lo), exact);
                } else {
                    // Within the promised relative error: hi − lo < 2·2^-w·5^k.
                    let gap = at(&hi) - at(&lo);
                    assert!(gap.bits() + w <= exact.bits() + 1, "k={k} w={w}");
                }
            }
        }
    }

    #[test]
    fn inverse_bounds_enclose_the_inverse_power() {
        for k in [1u64, 2, 27, 100, 1000, 65537] {
            for w in [16u64, 64, 600] {
                let (lo, hi) = pow5_inv_bounds(k, w);
                assert!(lo.m.bits() <= w + 80 && hi.m.bits() <= w + 80);
                // lo·5^k ≤ 1 ≤ hi·5^k, i.e. lo.m·5^k ≤ 2^−x ≤ hi.m·5^k.
                let p = pow5_exact(k);
                let one = |d: &Dyadic| BigUint::one() << usize::try_from(-d.x).unwrap();
                assert!(&lo.m * &p <= one(&lo) && one(&hi) <= &hi.m * &p, "k={k} w={w}");
                let gap = (&hi.m - &lo.m) * &p; // (hi − lo)·5^k in units of 2^x
                assert!(gap.bits() + w <= one(&lo).bits() + 1, "k={k} w={w}");
            }
        }
    }

    #[test]
    fn divisions_round_as_named() {
        let a = BigUint::from(7u32);
        let d = BigUint::from(2u32);
        assert_eq!(floor_div_shift(&a, 0, &d), BigUint::from(3u32));
        assert_eq!(ceil_div_shift(&a, 0, &d), BigUint::from(4u32));
        assert_eq!(ceil_div_shift(&a, 1, &d), BigUint::from(7u32));
        assert_eq!(floor_div_shift(&a, -1, &d), BigUint::from(1u32));
        assert_eq!(ceil_div_shift(&a, -1, &d), BigUint::from(2u32));
    }

    #[test]
    fn digits_value_matches_horner() {
        let mut s = Vec::new();
        let mut x: u64 = 12345;
        for len in [1usize, 18, 19, 20, 1215, 1216, 1217, 5000, 20_011] {
            s.clear();
            for _ in 0..len {
                x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                s.push(b'0' + ((x >> 33) % 10) as u8);
            }
            let want = BigUint::parse_bytes(&s, 10).unwrap();
            assert_eq!(digits_value(&s), want, "{len} digits");
        }
    }
}
