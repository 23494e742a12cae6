//! The worked example of `docs/serde.md` and the README: services with a label, typed fields,
//! an optional nested block, one variable and one function, decoded by hclkit and, for the
//! side-by-side, by hcl-rs (both asserted, so the page stays true).

const SRC: &str = r#"
service "web" {
  image    = "nginx:${version}"
  port     = 8080
  replicas = max(2, 3)
  health {
    path     = "/healthz"
    interval = 10
  }
}
service "db" {
  image    = "postgres:${version}"
  port     = 5432
  replicas = 1
}
"#;

// --- hclkit (the example: 23 non-blank lines from here to the end marker; hcl-rs: 29) ---
use hclkit_value::{stdlib, Value};
use serde::Deserialize;

#[derive(Deserialize, Debug)]
struct Config {
    service: Vec<Service>,
}

#[derive(Deserialize, Debug)]
struct Service {
    #[serde(rename = "@name")]
    name: String,
    image: String,
    port: u16,
    replicas: u32,
    health: Option<Health>,
}

#[derive(Deserialize, Debug)]
struct Health {
    path: String,
    interval: u32,
}

fn load(src: &str) -> Result<Config, hclkit::Error> {
    hclkit::Decoder::new().variable("version", Value::string("1.27")).functions(stdlib::all()).from_str(src)
}
// --- end of the hclkit example ---

#[test]
fn hclkit_example() {
    let config = load(SRC).unwrap();
    assert_eq!(config.service.len(), 2);
    let web = &config.service[0];
    assert_eq!((web.name.as_str(), web.image.as_str(), web.port, web.replicas), ("web", "nginx:1.27", 8080, 3));
    assert_eq!(web.health.as_ref().map(|h| (h.path.as_str(), h.interval)), Some(("/healthz", 10)));
    let db = &config.service[1];
    assert_eq!((db.name.as_str(), db.port, db.health.is_none()), ("db", 5432, true));

    // A typo and a wrong type: both reported, each at its place, with the line shown.
    let err = load(&SRC.replace("interval", "intervall").replace("8080", "\"http\"")).unwrap_err();
    assert_eq!(
        err.to_string(),
        "error: Incorrect attribute value type
 --> <input>:4:14
  |
4 |   port     = \"http\"
  |   -----------^^^^^^
  |
  = note: Inappropriate value for attribute \"port\": a number is required.

error: Missing required argument
 --> <input>:6:10
  |
6 |   health {
  |          ^
  |
  = note: The argument \"interval\" is required, but no definition was found.

error: Unsupported argument
 --> <input>:8:5
  |
8 |     intervall = 10
  |     ^^^^^^^^^
  |
  = note: An argument named \"intervall\" is not expected here. Did you mean \"interval\"?
"
    );
    // A string where a number is wanted converts as the reference converts it.
    assert_eq!(load(&SRC.replace("5432", "\"5432\"")).unwrap().service[1].port, 5432);
}

// --- hcl-rs 0.19, the same configuration ---
mod hcl_rs {
    use std::collections::BTreeMap;

    use hcl::eval::{Context, FuncArgs, FuncDef, ParamType};
    use serde::Deserialize;

    #[derive(Deserialize, Debug)]
    pub struct Config {
        pub service: BTreeMap<String, Service>, // labels only as map keys
    }

    #[derive(Deserialize, Debug)]
    pub struct Service {
        pub image: String,
        pub port: u16,
        pub replicas: u32,
        pub health: Option<Health>,
    }

    #[derive(Deserialize, Debug)]
    pub struct Health {
        pub path: String,
        pub interval: u32,
    }

    fn max(args: FuncArgs) -> Result<hcl::Value, String> {
        let (a, b) = (args[0].as_number().unwrap(), args[1].as_number().unwrap());
        Ok(hcl::Value::Number(if a.as_f64() >= b.as_f64() { *a } else { *b }))
    }

    pub fn load(src: &str) -> Result<Config, hcl::Error> {
        let mut ctx = Context::new();
        ctx.declare_var("version", "1.27");
        ctx.declare_func("max", FuncDef::builder().params([ParamType::Number, ParamType::Number]).build(max));
        hcl::eval::from_str(src, &ctx)
    }
}
// --- end of the hcl-rs version ---

#[test]
fn hcl_rs_side_by_side() {
    let config = hcl_rs::load(SRC).unwrap();
    let web = &config.service["web"];
    assert_eq!((web.image.as_str(), web.port, web.replicas), ("nginx:1.27", 8080, 3));
    assert_eq!(web.health.as_ref().map(|h| (h.path.as_str(), h.interval)), Some(("/healthz", 10)));
    // hcl-rs: no position for a semantic error, and the typo is silently ignored
    // (so the error is about the missing field only).
    let err = hcl_rs::load(&SRC.replace("interval", "intervall")).unwrap_err();
    assert_eq!(err.to_string(), "missing field `interval`");
    let err = hcl_rs::load(&SRC.replace("8080", "\"http\"")).unwrap_err();
    assert_eq!(err.to_string(), "invalid type: string \"http\", expected u16");
    // No conversion of "5432" either.
    assert!(hcl_rs::load(&SRC.replace("5432", "\"5432\"")).is_err());
}
