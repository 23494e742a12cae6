//! CIDR functions Terraform adds: `cidrhost`, `cidrnetmask`, `cidrsubnet`, `cidrsubnets`.
//!
//! Terraform v1.0.3 computes them with Go's `net` package and `go-cidr`; their behaviour at
//! the edges (IPv4-mapped IPv6 prefixes, negative numbers, extensions that go past the
//! address, `<nil>` results) is part of what configurations see, so it is reproduced here on
//! the same model: addresses are byte strings of 4 or 16 bytes (or empty: Go's nil), masks
//! likewise, and host and subnet numbers are big integers.

use hclkit_value::function::{Function, FunctionError, Parameter};
use hclkit_value::{Type, Value};
use num_bigint::{BigInt, Sign};
use num_traits::{One, Signed, Zero};

use crate::util::str_arg;
use crate::{FunctionInfo, Options, Origin, Table};

pub(crate) const INFO: &[FunctionInfo] = &[
    FunctionInfo { name: "cidrhost", origin: Origin::Terraform, since: "<=1.0", note: "" },
    FunctionInfo { name: "cidrnetmask", origin: Origin::Terraform, since: "<=1.0", note: "" },
    FunctionInfo { name: "cidrsubnet", origin: Origin::Terraform, since: "<=1.0", note: "" },
    FunctionInfo { name: "cidrsubnets", origin: Origin::Terraform, since: "<=1.0", note: "" },
];

pub(crate) fn register(table: &mut Table, _options: &Options) {
    table.insert("cidrhost", cidrhost());
    table.insert("cidrnetmask", cidrnetmask());
    table.insert("cidrsubnet", cidrsubnet());
    table.insert("cidrsubnets", cidrsubnets());
}

const WHOLE_INT: &str = "value must be a whole number, between -9223372036854775808 and 9223372036854775807";

fn int_arg(args: &[Value], i: usize) -> Result<i64, String> {
    args.get(i).and_then(Value::as_number).and_then(|n| n.to_i64()).ok_or_else(|| WHOLE_INT.to_string())
}

fn big_arg(args: &[Value], i: usize) -> Result<BigInt, FunctionError> {
    match args.get(i).and_then(Value::as_number).map(|n| n.to_bigint_limited()) {
        Some(Ok(Some(b))) => Ok(b),
        Some(Err(e)) => Err(FunctionError::new(e.to_string())),
        _ => Err(FunctionError::new("value must be a whole number")),
    }
}

fn parse_prefix(s: &str) -> Result<(Vec<u8>, Vec<u8>), String> {
    parse_cidr(s).ok_or_else(|| format!("invalid CIDR expression: invalid CIDR address: {s}"))
}

fn cidrhost() -> Function {
    Function::builder()
        .description("Calculates a full host IP address within a given IP network address prefix.")
        .param(Parameter::new("prefix", Type::String))
        .param(Parameter::new("hostnum", Type::Number))
        .static_return_type(Type::String)
        .implementation(|args, _| {
            let num = big_arg(args, 1)?;
            let (ip, mask) = parse_prefix(str_arg(args, 0)).map_err(FunctionError::new)?;
            let (parent, bits) = mask_size(&mask);
            let max: BigInt = (BigInt::one() << (bits - parent) as usize) - 1;
            let num = if num.is_negative() { &max - (-num - 1) } else { num };
            if num.is_negative() || num > max {
                return Err(FunctionError::new(format!(
                    "prefix of {parent} does not accommodate a host numbered {num}"
                )));
            }
            // go-cidr takes the address length from To4, the integer's from the bytes: an
            // IPv4-mapped prefix gets its host number 96 bits too far left, as in Terraform.
            let bitlength = if to4(&ip).is_some() { 32 } else { 128 };
            let host = insert_num(&ip, &num, bitlength).ok_or_else(out_of_range)?;
            Ok(Value::string(ip_string(&host)))
        })
        .build()
}

fn out_of_range() -> FunctionError {
    FunctionError::new("the number does not fit in the address (Terraform panics here)")
}

fn cidrnetmask() -> Function {
    Function::builder()
        .description("Converts an IPv4 address prefix given in CIDR notation into a subnet mask address.")
        .param(Parameter::new("prefix", Type::String))
        .static_return_type(Type::String)
        .implementation(|args, _| {
            let (_, mask) = parse_prefix(str_arg(args, 0)).map_err(FunctionError::new)?;
            Ok(Value::string(ip_string(&mask)))
        })
        .build()
}

fn cidrsubnet() -> Function {
    Function::builder()
        .description("Calculates a subnet address within a given IP network address prefix.")
        .param(Parameter::new("prefix", Type::String))
        .param(Parameter::new("newbits", Type::Number))
        .param(Parameter::new("netnum", Type::Number))
        .static_return_type(Type::String)
        .implementation(|args, _| {
            let newbits = int_arg(args, 1).map_err(FunctionError::new)?;
            let num = big_arg(args, 2)?;
            let (ip, mask) = parse_prefix(str_arg(args, 0)).map_err(FunctionError::new)?;
            let (parent, bits) = mask_size(&mask);
            let new_len = parent as i128 + newbits as i128;
            if new_len > bits as i128 {
                return Err(FunctionError::new(format!(
                    "insufficient address space to extend prefix of {parent} by {newbits}"
                )));
            }
            let max_net: u64 = if (newbits as u64) >= 64 { u64::MAX } else { (1u64 << newbits) - 1 };
            if low_u64(&num) > max_net {
                return Err(FunctionError::new(format!(
                    "prefix extension of {newbits} does not accommodate a subnet numbered {num}"
                )));
            }
            let sub = insert_num(&ip, &num, new_len).ok_or_else(out_of_range)?;
            Ok(Value::string(ipnet_string(&sub, &cidr_mask(new_len, bits as i128))))
        })
        .build()
}

fn cidrsubnets() -> Function {
    Function::builder()
        .description("Calculates a sequence of consecutive subnet prefixes that may be of different prefix lengths under a common base prefix.")
        .param(Parameter::new("prefix", Type::String))
        .var_param(Parameter::new("newbits", Type::Number))
        .static_return_type(Type::list(Type::String))
        .implementation(|args, _| {
            let (ip, mask) = parse_prefix(str_arg(args, 0)).map_err(|e| FunctionError::arg(0, e))?;
            let start = mask_size(&mask).0 as i128;
            if args.len() < 2 {
                return Ok(Value::empty_list(Type::String));
            }
            let first = int_arg(args, 1).map_err(|e| FunctionError::arg(1, e))? as i128 + start;
            let mut current = previous_subnet(&ip, first);
            let mut out = Vec::with_capacity(args.len() - 1);
            for i in 1..args.len() {
                let length = int_arg(args, i).map_err(|e| FunctionError::arg(i, e))?;
                if length < 1 {
                    return Err(FunctionError::arg(i, "must extend prefix by at least one bit"));
                }
                if length > 32 {
                    return Err(FunctionError::arg(i, "may not extend prefix by more than 32 bits"));
                }
                let length = length as i128 + start;
                if length > ip.len() as i128 * 8 {
                    let protocol = if ip.len() == 4 { "IPv4" } else { "IPv6" };
                    return Err(FunctionError::arg(
                        i,
                        format!("would extend prefix to {length} bits, which is too long for an {protocol} address"),
                    ));
                }
                let next = next_subnet(&current, length);
                match next {
                    Some((next, false)) if contains(&ip, &mask, &next.0) => current = next,
                    _ => {
                        return Err(FunctionError::arg(
                            i,
                            format!(
                                "not enough remaining address space for a subnet with a prefix of {length} bits after {}",
                                ipnet_string(&current.0, &current.1)
                            ),
                        ))
                    }
                }
                out.push(Value::string(ipnet_string(&current.0, &current.1)));
            }
            Value::list(out).map_err(|e| FunctionError::new(e.to_string()))
        })
        .build()
}

// ---- Go's net package, as far as these functions use it ----

/// Go's `dtoi`: leading decimal digits (at least one), below 0xFFFFFF.
fn dtoi(s: &[u8]) -> Option<(u32, usize)> {
    let mut n: u32 = 0;
    let mut i = 0;
    while i < s.len() && s[i].is_ascii_digit() {
        n = n * 10 + (s[i] - b'0') as u32;
        if n >= 0xFF_FFFF {
            return None;
        }
        i += 1;
    }
    (i > 0).then_some((n, i))
}

/// Go's `xtoi`: leading hexadecimal digits (at least one), below 0xFFFFFF.
fn xtoi(s: &[u8]) -> Option<(u32, usize)> {
    let mut n: u32 = 0;
    let mut i = 0;
    while i < s.len() {
        let Some(d) = (s[i] as char).to_digit(16) else { break };
        n = n * 16 + d;
        if n >= 0xFF_FFFF {
            return None;
        }
        i += 1;
    }
    (i > 0).then_some((n, i))
}

/// Go 1.16's `parseIPv4` (leading zeros allowed, read as decimal).
fn parse_ipv4(mut s: &[u8]) -> Option<[u8; 4]> {
    let mut out = [0u8; 4];
    for (j, byte) in out.iter_mut().enumerate() {
        if j > 0 {
            if s.first() != Some(&b'.') {
                return None;
            }
            s = &s[1..];
        }
        let (n, c) = dtoi(s)?;
        if n > 0xFF {
            return None;
        }
        *byte = n as u8;
        s = &s[c..];
    }
    s.is_empty().then_some(out)
}

/// Go 1.16's `parseIPv6` (no zone).
fn parse_ipv6(mut s: &[u8]) -> Option<[u8; 16]> {
    let mut ip = [0u8; 16];
    let mut ellipsis: Option<usize> = None;
    if s.len() >= 2 && s[0] == b':' && s[1] == b':' {
        ellipsis = Some(0);
        s = &s[2..];
        if s.is_empty() {
            return Some(ip);
        }
    }
    let mut i = 0;
    while i < 16 {
        let (n, c) = xtoi(s)?;
        if n > 0xFFFF {
            return None;
        }
        if c < s.len() && s[c] == b'.' {
            if ellipsis.is_none() && i != 12 {
                return None;
            }
            if i + 4 > 16 {
                return None;
            }
            let v4 = parse_ipv4(s)?;
            ip[i..i + 4].copy_from_slice(&v4);
            s = &[];
            i += 4;
            break;
        }
        ip[i] = (n >> 8) as u8;
        ip[i + 1] = n as u8;
        i += 2;
        s = &s[c..];
        if s.is_empty() {
            break;
        }
        if s[0] != b':' || s.len() == 1 {
            return None;
        }
        s = &s[1..];
        if s[0] == b':' {
            if ellipsis.is_some() {
                return None;
            }
            ellipsis = Some(i);
            s = &s[1..];
            if s.is_empty() {
                break;
            }
        }
    }
    if !s.is_empty() {
        return None;
    }
    if i < 16 {
        let e = ellipsis?;
        let n = 16 - i;
        for j in (e..i).rev() {
            ip[j + n] = ip[j];
        }
        for b in &mut ip[e..e + n] {
            *b = 0;
        }
    } else if ellipsis.is_some() {
        return None;
    }
    Some(ip)
}

/// Go's `net.ParseCIDR`: the network address (masked; 4 bytes for IPv4) and the mask.
fn parse_cidr(s: &str) -> Option<(Vec<u8>, Vec<u8>)> {
    let slash = s.find('/')?;
    let (addr, bits) = (&s.as_bytes()[..slash], &s.as_bytes()[slash + 1..]);
    let (ip, iplen): (Vec<u8>, usize) = match parse_ipv4(addr) {
        Some(v4) => (v4_in_v6(&v4), 4),
        None => (parse_ipv6(addr)?.to_vec(), 16),
    };
    let (n, c) = dtoi(bits)?;
    if c != bits.len() || n as usize > 8 * iplen {
        return None;
    }
    let m = cidr_mask(n as i128, 8 * iplen as i128);
    Some((ip_mask(&ip, &m), m))
}

fn v4_in_v6(v4: &[u8; 4]) -> Vec<u8> {
    let mut out = vec![0u8; 16];
    out[10] = 0xff;
    out[11] = 0xff;
    out[12..].copy_from_slice(v4);
    out
}

/// Go's `net.CIDRMask` (empty, Go's nil, when out of range).
fn cidr_mask(ones: i128, bits: i128) -> Vec<u8> {
    if (bits != 32 && bits != 128) || ones < 0 || ones > bits {
        return Vec::new();
    }
    let mut m = vec![0u8; bits as usize / 8];
    let mut n = ones as usize;
    for b in &mut m {
        if n >= 8 {
            *b = 0xff;
            n -= 8;
        } else {
            *b = !(0xffu8 >> n);
            n = 0;
        }
    }
    m
}

/// Go's `simpleMaskLength`: the number of leading ones, if the mask is canonical.
fn simple_mask_length(m: &[u8]) -> Option<usize> {
    let mut n = 0;
    let mut seen_zero = false;
    for &b in m {
        if seen_zero {
            if b != 0 {
                return None;
            }
            continue;
        }
        if b == 0xff {
            n += 8;
            continue;
        }
        let ones = b.leading_ones() as usize;
        if b << ones != 0 {
            return None;
        }
        n += ones;
        seen_zero = true;
    }
    Some(n)
}

/// Go's `IPMask.Size`.
fn mask_size(m: &[u8]) -> (u32, u32) {
    match simple_mask_length(m) {
        Some(n) => (n as u32, m.len() as u32 * 8),
        None => (0, 0),
    }
}

/// Go's `IP.To4`.
fn to4(ip: &[u8]) -> Option<&[u8]> {
    match ip.len() {
        4 => Some(ip),
        16 if ip[..10].iter().all(|b| *b == 0) && ip[10] == 0xff && ip[11] == 0xff => Some(&ip[12..]),
        _ => None,
    }
}

/// Go's `IP.Mask` (empty when the lengths do not fit).
fn ip_mask(ip: &[u8], mask: &[u8]) -> Vec<u8> {
    let mut mask = mask;
    let mut ip = ip;
    if mask.len() == 16 && ip.len() == 4 && mask[..12].iter().all(|b| *b == 0xff) {
        mask = &mask[12..];
    }
    if mask.len() == 4 && ip.len() == 16 && ip[..10].iter().all(|b| *b == 0) && ip[10] == 0xff && ip[11] == 0xff {
        ip = &ip[12..];
    }
    if ip.len() != mask.len() {
        return Vec::new();
    }
    ip.iter().zip(mask).map(|(a, b)| a & b).collect()
}

/// Go's `IP.Equal`.
fn ip_equal(a: &[u8], b: &[u8]) -> bool {
    if a.len() == b.len() {
        return a == b;
    }
    match (to4(a), to4(b)) {
        (Some(x), Some(y)) if a.len() + b.len() == 20 => x == y,
        _ => false,
    }
}

/// Go's `IP.String`.
fn ip_string(ip: &[u8]) -> String {
    if ip.is_empty() {
        return "<nil>".into();
    }
    if let Some(v4) = to4(ip) {
        return format!("{}.{}.{}.{}", v4[0], v4[1], v4[2], v4[3]);
    }
    if ip.len() != 16 {
        return format!("?{}", ip.iter().map(|b| format!("{b:02x}")).collect::<String>());
    }
    let (mut e0, mut e1): (isize, isize) = (-1, -1);
    let mut i = 0;
    while i < 16 {
        let mut j = i;
        while j < 16 && ip[j] == 0 && ip[j + 1] == 0 {
            j += 2;
        }
        if j > i && (j - i) as isize > e1 - e0 {
            e0 = i as isize;
            e1 = j as isize;
            i = j;
        }
        i += 2;
    }
    if e1 - e0 <= 2 {
        e0 = -1;
        e1 = -1;
    }
    let mut out = String::new();
    let mut i = 0isize;
    while i < 16 {
        if i == e0 {
            out.push_str("::");
            i = e1;
            if i >= 16 {
                break;
            }
        } else if i > 0 {
            out.push(':');
        }
        let group = ((ip[i as usize] as u16) << 8) | ip[i as usize + 1] as u16;
        out.push_str(&format!("{group:x}"));
        i += 2;
    }
    out
}

/// Go's `networkNumberAndMask`.
fn network_number_and_mask<'a>(ip: &'a [u8], mask: &'a [u8]) -> Option<(&'a [u8], &'a [u8])> {
    let ip = match to4(ip) {
        Some(v4) => v4,
        None if ip.len() == 16 => ip,
        None => return None,
    };
    let mask = match mask.len() {
        4 if ip.len() == 4 => mask,
        4 => return None,
        16 if ip.len() == 4 => &mask[12..],
        16 => mask,
        _ => return None,
    };
    Some((ip, mask))
}

/// Go's `IPNet.String`.
fn ipnet_string(ip: &[u8], mask: &[u8]) -> String {
    let Some((nn, m)) = network_number_and_mask(ip, mask) else { return "<nil>".into() };
    match simple_mask_length(m) {
        Some(l) => format!("{}/{l}", ip_string(nn)),
        None => format!("{}/{}", ip_string(nn), m.iter().map(|b| format!("{b:02x}")).collect::<String>()),
    }
}

/// Go's `IPNet.Contains`.
fn contains(net_ip: &[u8], net_mask: &[u8], ip: &[u8]) -> bool {
    let Some((nn, m)) = network_number_and_mask(net_ip, net_mask) else { return false };
    let ip = to4(ip).unwrap_or(ip);
    if ip.len() != nn.len() {
        return false;
    }
    (0..ip.len()).all(|i| nn[i] & m[i] == ip[i] & m[i])
}

// ---- go-cidr ----

fn ip_to_int(ip: &[u8]) -> Option<(BigInt, u32)> {
    let bits = match ip.len() {
        4 => 32,
        16 => 128,
        _ => return None,
    };
    Some((BigInt::from_bytes_be(Sign::Plus, ip), bits))
}

/// go-cidr's `intToIP`: the magnitude's bytes, right-aligned (`None` where Go indexes out of
/// range and panics).
fn int_to_ip(n: &BigInt, bits: u32) -> Option<Vec<u8>> {
    let (_, bytes) = n.to_bytes_be();
    let bytes: &[u8] = if n.is_zero() { &[] } else { &bytes };
    let len = bits as usize / 8;
    if bytes.len() > len {
        return None;
    }
    let mut out = vec![0u8; len];
    out[len - bytes.len()..].copy_from_slice(bytes);
    Some(out)
}

/// go-cidr's `insertNumIntoIP`: `num` shifted to end at bit `prefix_len`, or-ed in (two's
/// complement for negative numbers, as `big.Int.Or`).
fn insert_num(ip: &[u8], num: &BigInt, prefix_len: i128) -> Option<Vec<u8>> {
    let (ip_int, bits) = ip_to_int(ip)?;
    if num.is_zero() {
        return int_to_ip(&ip_int, bits);
    }
    let shift = bits as i128 - prefix_len;
    if !(0..=256).contains(&shift) {
        return None;
    }
    let shifted = num << shift as usize;
    int_to_ip(&(ip_int | shifted), bits)
}

/// The low 64 bits of the magnitude (Go's `big.Int.Uint64`).
fn low_u64(n: &BigInt) -> u64 {
    n.magnitude().iter_u64_digits().next().unwrap_or(0)
}

fn inc(ip: &[u8]) -> Vec<u8> {
    let mut out = ip.to_vec();
    for b in out.iter_mut().rev() {
        *b = b.wrapping_add(1);
        if *b != 0 {
            break;
        }
    }
    out
}

fn dec(ip: &[u8]) -> Vec<u8> {
    let mut out = ip.to_vec();
    for b in out.iter_mut().rev() {
        *b = b.wrapping_sub(1);
        if *b != 0xff {
            break;
        }
    }
    out
}

type Net = (Vec<u8>, Vec<u8>);

fn previous_subnet(ip: &[u8], prefix_len: i128) -> Net {
    let start = to4(ip).unwrap_or(ip);
    let prev = dec(start);
    let mask = cidr_mask(prefix_len, 8 * prev.len() as i128);
    (ip_mask(&prev, &mask), mask)
}

fn address_range(net: &Net) -> Option<Vec<u8>> {
    let (prefix, bits) = mask_size(&net.1);
    if prefix == bits {
        return Some(net.0.clone());
    }
    let (first, ip_bits) = ip_to_int(&net.0)?;
    let host_len = ip_bits.checked_sub(prefix)?;
    let last = ((BigInt::one() << host_len as usize) - 1) | first;
    int_to_ip(&last, ip_bits)
}

/// go-cidr's `NextSubnet`: the next subnet of `prefix_len` bits, and whether the address
/// rolled over (`None` where Go would panic).
fn next_subnet(net: &Net, prefix_len: i128) -> Option<(Net, bool)> {
    let current_last = address_range(net)?;
    let mask = cidr_mask(prefix_len, 8 * current_last.len() as i128);
    let subnet = (ip_mask(&current_last, &mask), mask.clone());
    let last = inc(&address_range(&subnet)?);
    let rollover = ip_equal(&last, &v4_in_v6(&[0; 4])) || ip_equal(&last, &[0; 16]);
    Some(((ip_mask(&last, &mask), mask), rollover))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ipv6_text_is_gos() {
        for s in ["::", "::1", "1::", "1:0:0:2::3", "fd00:fd12:3456:7890::22", "1:2:3:4:5:6:7:0"] {
            let ip = parse_ipv6(s.as_bytes()).unwrap();
            assert_eq!(ip_string(&ip), s);
        }
        assert_eq!(ip_string(&parse_ipv6(b"1:0:2:3:4:5:6:7").unwrap()), "1:0:2:3:4:5:6:7");
        assert!(parse_ipv6(b"1:2").is_none());
        assert!(parse_ipv6(b":1::").is_none());
    }

    #[test]
    fn no_panic_on_hostile_numbers() {
        let f = cidrsubnet();
        for (newbits, num) in [(-8, 1), (-300, 5), (i64::MIN, 1), (i64::MAX, 0)] {
            let _ = f.call(&[Value::string("10.0.0.0/8"), Value::number(newbits), Value::number(num)]);
        }
        let huge = Value::number(hclkit_value::Number::parse("1e5000").unwrap());
        assert!(cidrhost().call(&[Value::string("::/0"), huge]).is_err());
    }
}
