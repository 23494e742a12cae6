//! `textencodebase64` and `textdecodebase64` (Terraform 0.14): strings to and from other
//! character encodings, by IANA name or alias (case-insensitive), as golang.org/x/text's
//! `ianaindex` knows them. Supported: UTF-8, UTF-16 (BOM; big-endian without one), UTF-16BE,
//! UTF-16LE, US-ASCII, ISO-8859-1, ISO-8859-2 to -8, -10, -13 to -16, windows-874 and
//! windows-1250 to -1258, KOI8-R, KOI8-U, IBM866, macintosh, Shift_JIS, EUC-JP, ISO-2022-JP,
//! EUC-KR, GBK, GB18030, Big5. Others Terraform knows (IBM code pages such as 437, ISO-8859-9,
//! HZ-GB-2312, ...) are reported as unsupported.

use encoding_rs::Encoding;
use hclkit_value::function::{Function, FunctionError, Parameter};
use hclkit_value::{Type, Value};

use crate::encoding::base64_encode;
use crate::util::{quote, str_arg};
use crate::{FunctionInfo, Options, Origin, Table};

pub(crate) const INFO: &[FunctionInfo] = &[
    FunctionInfo {
        name: "textencodebase64",
        origin: Origin::Terraform,
        since: "<=1.0",
        note: "IANA encodings that encoding_rs has (WHATWG tables, as x/text), plus UTF-16, ISO-8859-1 and US-ASCII by hand; IBM code pages, ISO-8859-9 and a few others are not supported.",
    },
    FunctionInfo {
        name: "textdecodebase64",
        origin: Origin::Terraform,
        since: "<=1.0",
        note: "As textencodebase64; a result containing U+FFFD is refused, as in Terraform.",
    },
];

#[derive(Clone, Copy)]
enum Codec {
    Utf8,
    Utf16Bom,
    Utf16Be,
    Utf16Le,
    Ascii,
    Latin1,
    Whatwg(&'static Encoding),
}

/// The encoding an IANA name or alias denotes, and its IANA name.
fn lookup(name: &str) -> Option<(Codec, &'static str)> {
    let n = name.to_ascii_lowercase();
    let iso = |k: &str| ["iso-8859-", "iso_8859-", "iso8859-"].iter().any(|p| n == format!("{p}{k}"));
    let table: &[(&[&str], Codec, &str)] = &[
        (&["utf-8", "csutf8"], Codec::Utf8, "UTF-8"),
        (&["utf-16", "csutf16"], Codec::Utf16Bom, "UTF-16"),
        (&["utf-16be", "csutf16be"], Codec::Utf16Be, "UTF-16BE"),
        (&["utf-16le", "csutf16le"], Codec::Utf16Le, "UTF-16LE"),
        (
            &[
                "us-ascii",
                "iso-ir-6",
                "ansi_x3.4-1968",
                "ansi_x3.4-1986",
                "iso_646.irv:1991",
                "iso646-us",
                "us",
                "ibm367",
                "cp367",
                "csascii",
            ],
            Codec::Ascii,
            "US-ASCII",
        ),
        (
            &[
                "iso_8859-1:1987",
                "iso-ir-100",
                "iso_8859-1",
                "iso-8859-1",
                "latin1",
                "l1",
                "ibm819",
                "cp819",
                "csisolatin1",
            ],
            Codec::Latin1,
            "ISO_8859-1:1987",
        ),
        (&["shift_jis", "ms_kanji", "csshiftjis"], Codec::Whatwg(encoding_rs::SHIFT_JIS), "Shift_JIS"),
        (
            &["euc-jp", "extended_unix_code_packed_format_for_japanese", "cseucpkdfmtjapanese"],
            Codec::Whatwg(encoding_rs::EUC_JP),
            "EUC-JP",
        ),
        (&["iso-2022-jp", "csiso2022jp"], Codec::Whatwg(encoding_rs::ISO_2022_JP), "ISO-2022-JP"),
        (&["euc-kr", "cseuckr"], Codec::Whatwg(encoding_rs::EUC_KR), "EUC-KR"),
        (&["gbk", "cp936", "ms936", "windows-936", "csgbk"], Codec::Whatwg(encoding_rs::GBK), "GBK"),
        (&["gb18030", "csgb18030"], Codec::Whatwg(encoding_rs::GB18030), "GB18030"),
        (&["big5", "csbig5"], Codec::Whatwg(encoding_rs::BIG5), "Big5"),
        (&["koi8-r", "cskoi8r"], Codec::Whatwg(encoding_rs::KOI8_R), "KOI8-R"),
        (&["koi8-u"], Codec::Whatwg(encoding_rs::KOI8_U), "KOI8-U"),
        (&["ibm866", "cp866", "866", "csibm866"], Codec::Whatwg(encoding_rs::IBM866), "IBM866"),
        (&["macintosh", "mac", "csmacintosh"], Codec::Whatwg(encoding_rs::MACINTOSH), "macintosh"),
        (&["windows-874", "cswindows874"], Codec::Whatwg(encoding_rs::WINDOWS_874), "windows-874"),
    ];
    for (aliases, codec, canonical) in table {
        if aliases.contains(&n.as_str()) {
            return Some((*codec, canonical));
        }
    }
    const WINDOWS: [(&Encoding, &str); 9] = [
        (encoding_rs::WINDOWS_1250, "windows-1250"),
        (encoding_rs::WINDOWS_1251, "windows-1251"),
        (encoding_rs::WINDOWS_1252, "windows-1252"),
        (encoding_rs::WINDOWS_1253, "windows-1253"),
        (encoding_rs::WINDOWS_1254, "windows-1254"),
        (encoding_rs::WINDOWS_1255, "windows-1255"),
        (encoding_rs::WINDOWS_1256, "windows-1256"),
        (encoding_rs::WINDOWS_1257, "windows-1257"),
        (encoding_rs::WINDOWS_1258, "windows-1258"),
    ];
    for (enc, canonical) in WINDOWS {
        if n == canonical || n == format!("cs{canonical}").replace('-', "") {
            return Some((Codec::Whatwg(enc), canonical));
        }
    }
    const ISO: [(&str, &Encoding, &str); 12] = [
        ("2", encoding_rs::ISO_8859_2, "ISO_8859-2:1987"),
        ("3", encoding_rs::ISO_8859_3, "ISO_8859-3:1988"),
        ("4", encoding_rs::ISO_8859_4, "ISO_8859-4:1988"),
        ("5", encoding_rs::ISO_8859_5, "ISO_8859-5:1988"),
        ("6", encoding_rs::ISO_8859_6, "ISO_8859-6:1987"),
        ("7", encoding_rs::ISO_8859_7, "ISO_8859-7:1987"),
        ("8", encoding_rs::ISO_8859_8, "ISO_8859-8:1988"),
        ("10", encoding_rs::ISO_8859_10, "ISO-8859-10"),
        ("13", encoding_rs::ISO_8859_13, "ISO-8859-13"),
        ("14", encoding_rs::ISO_8859_14, "ISO-8859-14"),
        ("15", encoding_rs::ISO_8859_15, "ISO-8859-15"),
        ("16", encoding_rs::ISO_8859_16, "ISO-8859-16"),
    ];
    for (k, enc, canonical) in ISO {
        if iso(k) || n == canonical.to_ascii_lowercase() {
            return Some((Codec::Whatwg(enc), canonical));
        }
    }
    None
}

fn encode(codec: Codec, s: &str) -> Option<Vec<u8>> {
    match codec {
        Codec::Utf8 => Some(s.as_bytes().to_vec()),
        Codec::Utf16Bom => {
            let mut out = vec![0xFE, 0xFF];
            out.extend(s.encode_utf16().flat_map(u16::to_be_bytes));
            Some(out)
        }
        Codec::Utf16Be => Some(s.encode_utf16().flat_map(u16::to_be_bytes).collect()),
        Codec::Utf16Le => Some(s.encode_utf16().flat_map(u16::to_le_bytes).collect()),
        Codec::Ascii => s.is_ascii().then(|| s.as_bytes().to_vec()),
        Codec::Latin1 => s.chars().map(|c| u8::try_from(c as u32).ok()).collect(),
        Codec::Whatwg(enc) => {
            let (bytes, _, had_errors) = enc.encode(s);
            (!had_errors).then(|| bytes.into_owned())
        }
    }
}

fn decode(codec: Codec, b: &[u8]) -> Option<String> {
    let out = match codec {
        Codec::Utf8 => String::from_utf8(b.to_vec()).ok()?,
        Codec::Utf16Bom => match b {
            [0xFF, 0xFE, rest @ ..] => decode(Codec::Utf16Le, rest)?,
            [0xFE, 0xFF, rest @ ..] => decode(Codec::Utf16Be, rest)?,
            _ => decode(Codec::Utf16Be, b)?,
        },
        Codec::Utf16Be => encoding_rs::UTF_16BE.decode_without_bom_handling_and_without_replacement(b)?.into_owned(),
        Codec::Utf16Le => encoding_rs::UTF_16LE.decode_without_bom_handling_and_without_replacement(b)?.into_owned(),
        Codec::Ascii => b.iter().all(|c| *c < 0x80).then(|| b.iter().map(|c| *c as char).collect())?,
        Codec::Latin1 => b.iter().map(|c| *c as char).collect(),
        Codec::Whatwg(enc) => enc.decode_without_bom_handling_and_without_replacement(b)?.into_owned(),
    };
    (!out.contains('\u{FFFD}')).then_some(out)
}

fn codec_arg(args: &[Value]) -> Result<(Codec, &'static str), FunctionError> {
    let name = str_arg(args, 1);
    lookup(name).ok_or_else(|| {
        FunctionError::arg(
            1,
            format!("{} is not a supported IANA encoding name or alias in this Terraform version", quote(name)),
        )
    })
}

/// Go's `base64.StdEncoding.DecodeString` error offset for invalid input: the first byte
/// that is not a base64 symbol (CR and LF skipped), or the start of an unfinished quantum.
fn corrupt_offset(s: &str) -> usize {
    let b = s.as_bytes();
    let is_sym = |c: u8| c.is_ascii_alphanumeric() || c == b'+' || c == b'/';
    let (mut quantum_start, mut j) = (0, 0);
    for (i, &c) in b.iter().enumerate() {
        if c == b'\r' || c == b'\n' {
            continue;
        }
        if !is_sym(c) {
            return i;
        }
        if j == 0 {
            quantum_start = i;
        }
        j = (j + 1) % 4;
    }
    if j != 0 {
        quantum_start
    } else {
        b.len()
    }
}

pub(crate) fn register(table: &mut Table, _options: &Options) {
    table.insert(
        "textencodebase64",
        Function::builder()
            .description("Encodes the given string in the given character encoding and returns the result in base64.")
            .param(Parameter::new("string", Type::String))
            .param(Parameter::new("encoding", Type::String))
            .static_return_type(Type::String)
            .implementation(|args, _| {
                let (codec, name) = codec_arg(args)?;
                let bytes = encode(codec, str_arg(args, 0)).ok_or_else(|| {
                    FunctionError::arg(
                        0,
                        format!("the given string contains characters that cannot be represented in {name}"),
                    )
                })?;
                Ok(Value::string(base64_encode(&bytes)))
            })
            .build(),
    );
    table.insert(
        "textdecodebase64",
        Function::builder()
            .description("Decodes base64 and then interprets the result as characters in the given encoding.")
            .param(Parameter::new("source", Type::String))
            .param(Parameter::new("encoding", Type::String))
            .static_return_type(Type::String)
            .implementation(|args, _| {
                let (codec, name) = codec_arg(args)?;
                let src = str_arg(args, 0);
                let bytes = crate::encoding::go_base64_decode(src).ok_or_else(|| {
                    FunctionError::arg(
                        0,
                        format!("the given value is has an invalid base64 symbol at offset {}", corrupt_offset(src)),
                    )
                })?;
                let text = decode(codec, &bytes).ok_or_else(|| {
                    FunctionError::arg(0, format!("the given string contains symbols that are not defined for {name}"))
                })?;
                Ok(Value::string(text))
            })
            .build(),
    );
}
