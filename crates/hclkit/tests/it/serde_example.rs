//! The worked example of `docs/serde.md` and the README: services with a label, typed fields,
//! an optional nested block, one variable and one function, decoded by hclkit (asserted, so the
//! page stays true). The page's hcl-rs side is checked by
//! `crates/benchmarks/tests/hcl_rs_side_by_side.rs`, where the peers are dependencies.

/// The configuration (its first line is empty, so the service blocks start on line 2).
const SRC: &str = include_str!("../data/serde_example.hcl");

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
