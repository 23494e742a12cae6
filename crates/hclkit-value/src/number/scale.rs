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

    /// `m × 2^x` rounded down (`up == false`) or up to at most `w` significant bits.
    fn narrow(self, w: u64, up: bool) -> Dyadic {
        let b = self.m.bits();
        if b <= w {
            return self;
        }
        let s = b - w;
        let dropped = self.m.trailing_zeros().is_some_and(|tz| tz < s);
        let mut m = self.m >> s;
        if up && dropped {
            m += 1u32;
        }
        Dyadic { m, x: self.x + i64::try_from(s).unwrap_or(i64::MAX) }
    }
}

/// Lower and upper bounds of `5^k`, each within a relative `2^-w` of it, with mantissas of
/// at most `w + 72` bits. Both are exact, and equal, when `5^k` fits in that many bits.
///
/// The products are rounded at `w' = w + bits(k) + 8` bits: a rounding error `ε ≤ 2^(1−w')`
/// doubles with every squaring, so the base after `i` squarings is off by less than
/// `2^(i+1)·ε` (relatively), and the product of the bases by less than `(4k + 64)·ε`, which
/// is below `2^-w`.
pub(crate) fn pow5_bounds(k: u64, w: u64) -> (Dyadic, Dyadic) {
    let w = w + u64::from(64 - k.leading_zeros()) + 8;
    let one = || Dyadic { m: BigUint::one(), x: 0 };
    let (mut lo, mut hi) = (one(), one());
    let (mut blo, mut bhi) = (Dyadic { m: BigUint::from(5u32), x: 0 }, Dyadic { m: BigUint::from(5u32), x: 0 });
    let mut k = k;
    while k > 0 {
        if k & 1 == 1 {
            lo = lo.mul(&blo).narrow(w, false);
            hi = hi.mul(&bhi).narrow(w, true);
        }
        k >>= 1;
        if k > 0 {
            blo = blo.mul(&blo).narrow(w, false);
            bhi = bhi.mul(&bhi).narrow(w, true);
        }
    }
    (lo, hi)
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
                assert!(lo.m.bits() <= w + 72 && hi.m.bits() <= w + 72);
                // lo ≤ 5^k ≤ hi, compared exactly.
                let at = |d: &Dyadic| d.m.clone() << usize::try_from(d.x).unwrap();
                assert!(at(&lo) <= exact && exact <= at(&hi), "k={k} w={w}");
                if exact.bits() <= w + 8 {
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
