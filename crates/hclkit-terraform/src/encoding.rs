//! Encoding functions Terraform adds: `base64encode`, `base64decode`, `base64gzip`,
//! `urlencode`, `textencodebase64`, `textdecodebase64`, `yamlencode`, `yamldecode`
//! (`csvdecode`, `jsonencode` and `jsondecode` are go-cty's, unchanged in Terraform).

use base64::engine::{DecodePaddingMode, GeneralPurpose, GeneralPurposeConfig};
use base64::Engine;
use hclkit_value::function::FunctionError;

use crate::util::string_to_string;
use crate::{FunctionInfo, Options, Origin, Table};

/// Go's `base64.StdEncoding` for decoding: padding required, non-zero trailing bits accepted
/// (Go ignores them), and (below) CR and LF skipped.
const GO_STD: GeneralPurpose = GeneralPurpose::new(
    &base64::alphabet::STANDARD,
    GeneralPurposeConfig::new()
        .with_decode_allow_trailing_bits(true)
        .with_decode_padding_mode(DecodePaddingMode::RequireCanonical),
);

/// Decodes standard base64 as Go does (CR and LF ignored); `None` when it is not valid.
pub(crate) fn go_base64_decode(s: &str) -> Option<Vec<u8>> {
    let cleaned: Vec<u8> = s.bytes().filter(|b| *b != b'\r' && *b != b'\n').collect();
    GO_STD.decode(cleaned).ok()
}

/// Standard base64 with padding.
pub(crate) fn base64_encode(bytes: &[u8]) -> String {
    base64::engine::general_purpose::STANDARD.encode(bytes)
}

pub(crate) const INFO: &[FunctionInfo] = &[
    FunctionInfo { name: "base64encode", origin: Origin::Terraform, since: "<=1.0", note: "" },
    FunctionInfo {
        name: "base64decode",
        origin: Origin::Terraform,
        since: "<=1.0",
        note: "Go's standard decoding: padding required, CR/LF ignored; the result must be UTF-8.",
    },
    FunctionInfo {
        name: "base64gzip",
        origin: Origin::Terraform,
        since: "<=1.0",
        note: "A valid gzip stream of the same bytes (Go's header), but not Go's compressor's exact bytes.",
    },
    FunctionInfo { name: "urlencode", origin: Origin::Terraform, since: "<=1.0", note: "Go's url.QueryEscape." },
    FunctionInfo {
        name: "yamlencode",
        origin: Origin::Terraform,
        since: "<=1.0",
        note: "go-cty-yaml's output through libyaml's emitter rules, reproduced by hand.",
    },
    FunctionInfo {
        name: "yamldecode",
        origin: Origin::Terraform,
        since: "<=1.0",
        note: "yaml-rust2 parses; go-cty-yaml's YAML 1.1 resolution (yes/no/on/off, 0x/0o, timestamps, merge keys, tags) by hand; syntax-error texts mapped to libyaml's where they differ, positions approximate; alias expansion capped.",
    },
];

pub(crate) fn register(table: &mut Table, _options: &Options) {
    table.insert(
        "base64encode",
        string_to_string("str", "Applies Base64 encoding to a string.", |s| Ok(base64_encode(s.as_bytes()))),
    );
    table.insert(
        "base64decode",
        string_to_string("str", "Decodes a string containing a base64 sequence.", |s| {
            let Some(bytes) = go_base64_decode(s) else {
                return Err(FunctionError::new(format!("failed to decode base64 data '{s}'")));
            };
            String::from_utf8(bytes)
                .map_err(|_| FunctionError::new("the result of decoding the provided string is not valid UTF-8"))
        }),
    );
    table.insert(
        "base64gzip",
        string_to_string("str", "Compresses a string with gzip and then encodes the result in Base64 encoding.", |s| {
            Ok(base64_encode(&gzip(s.as_bytes())))
        }),
    );
    table.insert("yamlencode", crate::yaml::yamlencode());
    table.insert("yamldecode", crate::yaml::yamldecode());
    table.insert(
        "urlencode",
        string_to_string("str", "Applies URL encoding to a given string.", |s| Ok(query_escape(s))),
    );
}

/// A gzip stream of `data` framed as Terraform's Go writes it: Go's `gzip.NewWriter` header
/// (no name, no modification time, operating system "unknown"), the deflated data ended by a
/// sync flush (`Flush`), then `Close`'s final empty stored block, CRC-32 and length. The
/// deflate blocks are the `flate2` (miniz) compressor's: for short or repetition-free input
/// they are Go's bytes, otherwise another valid encoding of the same data.
fn gzip(data: &[u8]) -> Vec<u8> {
    let mut out = vec![0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff];
    let mut deflate = flate2::Compress::new(flate2::Compression::default(), false);
    // Compressing into a Vec with enough reserved room cannot fail; retry with more room until
    // the sync flush has been written whole.
    let mut body = Vec::with_capacity(data.len() + data.len() / 8 + 64);
    let mut input = data;
    loop {
        let before = deflate.total_in();
        let status = deflate.compress_vec(input, &mut body, flate2::FlushCompress::Sync);
        input = &input[(deflate.total_in() - before) as usize..];
        let done = input.is_empty() && body.len() < body.capacity();
        if status.is_err() || done {
            break;
        }
        body.reserve(body.capacity().max(64));
    }
    if data.is_empty() {
        // Go's Flush of no data writes one empty stored block.
        body = vec![0, 0, 0, 0xff, 0xff];
    }
    out.extend_from_slice(&body);
    out.extend_from_slice(&[1, 0, 0, 0xff, 0xff]);
    out.extend_from_slice(&crc32fast::hash(data).to_le_bytes());
    out.extend_from_slice(&(data.len() as u32).to_le_bytes());
    out
}

/// Go's `url.QueryEscape`: letters, digits and `-_.~` stay, a space becomes `+`, every other
/// byte is `%XX` (upper-case hex).
fn query_escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for b in s.bytes() {
        match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => out.push(b as char),
            b' ' => out.push('+'),
            _ => {
                const HEX: &[u8; 16] = b"0123456789ABCDEF";
                out.push('%');
                out.push(HEX[(b >> 4) as usize] as char);
                out.push(HEX[(b & 15) as usize] as char);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use hclkit_value::Value;
    use std::io::Read;

    #[test]
    fn base64gzip_round_trips_with_gos_header() {
        let mut table = Table::new();
        register(&mut table, &Options::default());
        for text in ["", "test", "Hello World Hello World Hello World", "é☃😀"] {
            let out = table["base64gzip"].call(&[Value::string(text)]).unwrap();
            let bytes = go_base64_decode(out.as_str().unwrap()).unwrap();
            // Go's header: magic, deflate, no flags, zero mtime, no extra flags, OS unknown.
            assert_eq!(&bytes[..10], &[0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff][..]);
            let mut back = String::new();
            flate2::read::GzDecoder::new(&bytes[..]).read_to_string(&mut back).unwrap();
            assert_eq!(back, text);
        }
    }

    #[test]
    fn query_escape_is_gos() {
        assert_eq!(query_escape("a b+c/é~"), "a+b%2Bc%2F%C3%A9~");
    }
}
