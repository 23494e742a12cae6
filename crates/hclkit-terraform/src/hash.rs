//! Hash and crypto functions Terraform adds: `md5`, `sha1`, `sha256`, `sha512`,
//! `base64sha256`, `base64sha512`, `bcrypt`, `uuid`, `uuidv5`, the `file*` hashes (reading
//! through the [`FsPolicy`](crate::FsPolicy)) and `rsadecrypt`.

use hclkit_value::function::{Function, FunctionError, Parameter};
use hclkit_value::{Type, Value};
use md5::Md5;
use sha1::Sha1;
use sha2::{Digest, Sha256, Sha512};

use crate::encoding::base64_encode;
use crate::util::{str_arg, string_to_string};
use crate::{FunctionInfo, Options, Origin, Table};

pub(crate) const INFO: &[FunctionInfo] = &[
    FunctionInfo { name: "md5", origin: Origin::Terraform, since: "<=1.0", note: "" },
    FunctionInfo { name: "sha1", origin: Origin::Terraform, since: "<=1.0", note: "" },
    FunctionInfo { name: "sha256", origin: Origin::Terraform, since: "<=1.0", note: "" },
    FunctionInfo { name: "sha512", origin: Origin::Terraform, since: "<=1.0", note: "" },
    FunctionInfo { name: "base64sha256", origin: Origin::Terraform, since: "<=1.0", note: "" },
    FunctionInfo { name: "base64sha512", origin: Origin::Terraform, since: "<=1.0", note: "" },
    FunctionInfo {
        name: "bcrypt",
        origin: Origin::Terraform,
        since: "<=1.0",
        note: "Random salt: unknown when planning (Options::planning). Costs above 15 are refused (Terraform: up to 31, days of CPU).",
    },
    FunctionInfo {
        name: "uuid",
        origin: Origin::Terraform,
        since: "<=1.0",
        note: "Random (128 random bits, no RFC 4122 version bits, as Terraform): unknown when planning (Options::planning).",
    },
    FunctionInfo { name: "uuidv5", origin: Origin::Terraform, since: "<=1.0", note: "" },
    FunctionInfo {
        name: "rsadecrypt",
        origin: Origin::Terraform,
        since: "<=1.0",
        note: "PKCS#1 and PKCS#8 RSA keys; messages for malformed key data (ASN.1) and non-RSA keys differ from Go's.",
    },
    FunctionInfo { name: "filemd5", origin: Origin::Terraform, since: "<=1.0", note: "Reads through the FsPolicy." },
    FunctionInfo { name: "filesha1", origin: Origin::Terraform, since: "<=1.0", note: "Reads through the FsPolicy." },
    FunctionInfo {
        name: "filesha256",
        origin: Origin::Terraform,
        since: "<=1.0",
        note: "Reads through the FsPolicy.",
    },
    FunctionInfo {
        name: "filesha512",
        origin: Origin::Terraform,
        since: "<=1.0",
        note: "Reads through the FsPolicy.",
    },
    FunctionInfo {
        name: "filebase64sha256",
        origin: Origin::Terraform,
        since: "<=1.0",
        note: "Reads through the FsPolicy.",
    },
    FunctionInfo {
        name: "filebase64sha512",
        origin: Origin::Terraform,
        since: "<=1.0",
        note: "Reads through the FsPolicy.",
    },
];

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

type Hasher = fn(&[u8]) -> String;

const HASHES: &[(&str, &str, Hasher)] = &[
    ("md5", "MD5 hash, hex", |b| hex(&Md5::digest(b))),
    ("sha1", "SHA1 hash, hex", |b| hex(&Sha1::digest(b))),
    ("sha256", "SHA256 hash, hex", |b| hex(&Sha256::digest(b))),
    ("sha512", "SHA512 hash, hex", |b| hex(&Sha512::digest(b))),
    ("base64sha256", "SHA256 hash, base64", |b| base64_encode(&Sha256::digest(b))),
    ("base64sha512", "SHA512 hash, base64", |b| base64_encode(&Sha512::digest(b))),
];

pub(crate) fn register(table: &mut Table, options: &Options) {
    for &(name, what, hasher) in HASHES {
        let description = format!("Computes the {what} of the given string (as UTF-8).");
        table.insert(name, string_to_string("str", &description, move |s| Ok(hasher(s.as_bytes()))));
        let policy = options.filesystem.clone();
        let description = format!("Computes the {what} of the contents of the given file.");
        let file_name: &'static str = match name {
            "md5" => "filemd5",
            "sha1" => "filesha1",
            "sha256" => "filesha256",
            "sha512" => "filesha512",
            "base64sha256" => "filebase64sha256",
            _ => "filebase64sha512",
        };
        table.insert(file_name, string_to_string("path", &description, move |p| Ok(hasher(&policy.read(p)?))));
    }
    table.insert("bcrypt", bcrypt(options.planning));
    table.insert("uuid", uuid(options.planning));
    table.insert("uuidv5", uuidv5());
    table.insert("rsadecrypt", rsadecrypt());
}

/// The highest bcrypt cost computed (Terraform allows up to 31, which takes days).
const MAX_BCRYPT_COST: i64 = 15;

/// `bcrypt(str, cost...)`: a `$2a$` bcrypt hash with a random salt (cost 10 by default and
/// for costs below 4, as Go's bcrypt).
fn bcrypt(planning: bool) -> Function {
    Function::builder()
        .description("Computes a hash of the given string using the Blowfish cipher.")
        .param(Parameter::new("str", Type::String))
        .var_param(Parameter::new("cost", Type::Number))
        .static_return_type(Type::String)
        .implementation(move |args, _| {
            if args.len() > 2 {
                return Err(FunctionError::new("bcrypt() takes no more than two arguments"));
            }
            let mut cost: i64 = 10;
            if let Some(c) = args.get(1) {
                cost = c.as_number().and_then(|n| n.to_i64()).ok_or_else(|| {
                    FunctionError::new(
                        "value must be a whole number, between -9223372036854775808 and 9223372036854775807",
                    )
                })?;
            }
            if planning {
                return Ok(Value::unknown(Type::String));
            }
            if cost < 4 {
                cost = 10;
            }
            if cost > 31 {
                return Err(FunctionError::new(format!(
                    "error occured generating password crypto/bcrypt: cost {cost} is outside allowed range (4,31)"
                )));
            }
            if cost > MAX_BCRYPT_COST {
                return Err(FunctionError::new(format!(
                    "bcrypt cost {cost} is above the {MAX_BCRYPT_COST} this library allows (each step doubles the time: cost 31 takes days)"
                )));
            }
            let parts = bcrypt::hash_with_result(str_arg(args, 0), cost as u32)
                .map_err(|e| FunctionError::new(format!("error occured generating password {e}")))?;
            Ok(Value::string(parts.format_for_version(bcrypt::Version::TwoA)))
        })
        .build()
}

/// `uuid()`: a random UUID as Terraform makes it: 128 random bits in the hyphenated
/// hexadecimal form, without the version and variant bits of RFC 4122 (hashicorp/go-uuid).
fn uuid(planning: bool) -> Function {
    Function::builder()
        .description("Generates and returns a Type-4 UUID in the standard hexadecimal string format.")
        .static_return_type(Type::String)
        .implementation(move |_, _| {
            if planning {
                return Ok(Value::unknown(Type::String));
            }
            // hashicorp/go-uuid's GenerateUUID: random bytes, no version or variant bits.
            let mut bytes = [0u8; 16];
            getrandom::fill(&mut bytes).map_err(|e| FunctionError::new(format!("failed to read random bytes: {e}")))?;
            Ok(Value::string(uuid::Uuid::from_bytes(bytes).hyphenated().to_string()))
        })
        .build()
}

/// `uuidv5(namespace, name)`: the SHA-1 name-based UUID of `name` in a namespace (`dns`, `url`,
/// `oid`, `x500`, or a UUID in any of its usual spellings).
fn uuidv5() -> Function {
    Function::builder()
        .description("Generates and returns a Type-5 UUID in the standard hexadecimal string format.")
        .param(Parameter::new("namespace", Type::String))
        .param(Parameter::new("name", Type::String))
        .static_return_type(Type::String)
        .implementation(|args, _| {
            let ns = str_arg(args, 0);
            let namespace = match ns {
                "dns" => uuid::Uuid::NAMESPACE_DNS,
                "url" => uuid::Uuid::NAMESPACE_URL,
                "oid" => uuid::Uuid::NAMESPACE_OID,
                "x500" => uuid::Uuid::NAMESPACE_X500,
                _ => parse_uuid(ns)
                    .map_err(|e| FunctionError::new(format!("uuidv5() doesn't support namespace {ns} ({e})")))?,
            };
            let id = uuid::Uuid::new_v5(&namespace, str_arg(args, 1).as_bytes());
            Ok(Value::string(id.hyphenated().to_string()))
        })
        .build()
}

/// google/uuid's `Parse`: 36 characters (hyphenated), 38 (braced), 45 (`urn:uuid:`) or 32
/// (plain hex), with its error texts.
fn parse_uuid(s: &str) -> Result<uuid::Uuid, String> {
    let b = s.as_bytes();
    let hyphenated = match b.len() {
        36 => s,
        38 => s.get(1..37).ok_or("invalid UUID format")?,
        45 => {
            if !b[..9].eq_ignore_ascii_case(b"urn:uuid:") {
                return Err(format!("invalid urn prefix: {}", crate::util::quote(s.get(..9).unwrap_or(s))));
            }
            s.get(9..).ok_or("invalid UUID format")?
        }
        32 => {
            return uuid::Uuid::try_parse_ascii(b).map_err(|_| "invalid UUID format".to_string());
        }
        n => return Err(format!("invalid UUID length: {n}")),
    };
    let h = hyphenated.as_bytes();
    if h.len() != 36 || h[8] != b'-' || h[13] != b'-' || h[18] != b'-' || h[23] != b'-' {
        return Err("invalid UUID format".into());
    }
    uuid::Uuid::try_parse_ascii(h).map_err(|_| "invalid UUID format".to_string())
}

/// `rsadecrypt(ciphertext, privatekey)`: PKCS #1 v1.5 decryption with an RSA private key in
/// PEM form (PKCS #1 `RSA PRIVATE KEY` or PKCS #8 `PRIVATE KEY`), as Terraform reads it with
/// `ssh.ParseRawPrivateKey`.
pub(crate) fn rsadecrypt() -> Function {
    Function::builder()
        .description("Decrypts an RSA-encrypted ciphertext.")
        .param(Parameter::new("ciphertext", Type::String))
        .param(Parameter::new("privatekey", Type::String))
        .static_return_type(Type::String)
        .implementation(|args, _| {
            use rsa::pkcs1::DecodeRsaPrivateKey;
            use rsa::pkcs8::DecodePrivateKey;
            let s = str_arg(args, 0);
            let ciphertext = crate::encoding::go_base64_decode(s).ok_or_else(|| {
                FunctionError::arg(
                    0,
                    format!("failed to decode input {}: cipher text must be base64-encoded", crate::util::quote(s)),
                )
            })?;
            let invalid = |msg: &str| FunctionError::arg(1, format!("invalid private key: {msg}"));
            let (kind, headers, der) = pem_decode(str_arg(args, 1)).ok_or_else(|| invalid("ssh: no key found"))?;
            if headers.iter().any(|h| h.starts_with("Proc-Type:") && h.contains("ENCRYPTED")) {
                return Err(invalid("ssh: this private key is passphrase protected"));
            }
            let key = match kind.as_str() {
                "RSA PRIVATE KEY" => rsa::RsaPrivateKey::from_pkcs1_der(&der).map_err(|e| invalid(&e.to_string()))?,
                "PRIVATE KEY" => rsa::RsaPrivateKey::from_pkcs8_der(&der).map_err(|e| invalid(&e.to_string()))?,
                "EC PRIVATE KEY" | "DSA PRIVATE KEY" | "OPENSSH PRIVATE KEY" => {
                    return Err(FunctionError::arg(1, "invalid private key type: not an RSA key"))
                }
                other => {
                    return Err(invalid(&format!("ssh: unsupported key type {}", crate::util::quote(other))));
                }
            };
            let out = key
                .decrypt(rsa::Pkcs1v15Encrypt, &ciphertext)
                .map_err(|_| FunctionError::new("failed to decrypt: crypto/rsa: decryption error"))?;
            Ok(Value::string(String::from_utf8_lossy(&out).into_owned()))
        })
        .build()
}

/// Go's `pem.Decode` for the first block: its type, headers and decoded body.
fn pem_decode(text: &str) -> Option<(String, Vec<String>, Vec<u8>)> {
    let mut rest = text;
    loop {
        let start = rest.find("-----BEGIN ")?;
        let after = &rest[start + 11..];
        let type_end = after.find("-----")?;
        let kind = &after[..type_end];
        let body_start = &after[type_end + 5..];
        let Some(body_start) = body_start.strip_prefix("\r\n").or_else(|| body_start.strip_prefix('\n')) else {
            rest = &rest[start + 11..];
            continue;
        };
        let end_marker = format!("-----END {kind}-----");
        let Some(end) = body_start.find(&end_marker) else {
            rest = &rest[start + 11..];
            continue;
        };
        let mut headers = Vec::new();
        let mut body = String::new();
        let mut in_headers = true;
        for line in body_start[..end].lines() {
            if in_headers && line.contains(':') {
                headers.push(line.to_string());
                continue;
            }
            in_headers = false;
            body.extend(line.chars().filter(|c| !c.is_whitespace()));
        }
        let der = crate::encoding::go_base64_decode(&body)?;
        return Some((kind.to_string(), headers, der));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table(planning: bool) -> Table {
        let mut t = Table::new();
        register(&mut t, &Options::default().with_planning(planning));
        t
    }

    #[test]
    fn bcrypt_hashes_verify_and_terraforms_hash_verifies_here() {
        let t = table(false);
        let h = t["bcrypt"].call(&[Value::string("hello"), Value::number(4)]).unwrap();
        let h = h.as_str().unwrap();
        assert!(h.starts_with("$2a$04$"), "{h}");
        assert!(bcrypt::verify("hello", h).unwrap());
        assert!(!bcrypt::verify("hellO", h).unwrap());
        // Recorded from Terraform v1.0.3: bcrypt("a", 3) (cost below 4 means 10).
        assert!(bcrypt::verify("a", "$2a$10$LYY7Ou21kCRJ2rmTGjo/9eQlXJa6VNHYxmpCnxzpAc/dVe.OVPbFG").unwrap());
        let err = t["bcrypt"].call(&[Value::string("a"), Value::number(16)]).unwrap_err();
        assert!(err.message().contains("above the 15"), "{err:?}");
    }

    #[test]
    fn random_functions_are_unknown_when_planning() {
        let t = table(true);
        assert!(t["bcrypt"].call(&[Value::string("a")]).unwrap().is_unknown());
        assert!(t["uuid"].call(&[]).unwrap().is_unknown());
        // Argument errors are still reported.
        assert!(t["bcrypt"].call(&[Value::string("a"), Value::number(1), Value::number(2)]).is_err());
        let t = table(false);
        let a = t["uuid"].call(&[]).unwrap();
        let b = t["uuid"].call(&[]).unwrap();
        assert_ne!(a, b);
        assert!(uuid::Uuid::parse_str(a.as_str().unwrap()).is_ok());
    }

    #[test]
    fn unknown_arguments_make_unknown_results() {
        let t = table(false);
        for name in ["md5", "sha1", "sha256", "sha512", "base64sha256", "base64sha512", "filemd5", "bcrypt"] {
            assert!(t[name].call(&[Value::unknown(Type::String)]).unwrap().is_unknown(), "{name}");
        }
        let u = t["uuidv5"].call(&[Value::string("dns"), Value::unknown(Type::String)]).unwrap();
        assert!(u.is_unknown());
    }

    #[test]
    fn file_hashes_read_nothing_by_default() {
        let err = table(false)["filemd5"].call(&[Value::string("x")]).unwrap_err();
        assert!(err.message().contains("no file access"), "{err:?}");
    }
}
