//! The hcl-rs side of `docs/serde.md`'s side-by-side: the same configuration as
//! `crates/hclkit/tests/it/serde_example.rs` decoded by hcl-rs 0.19, asserted so the page stays
//! true. It lives here because hcl-rs is a dependency only of this crate.

/// The configuration of the hclkit example.
const SRC: &str = include_str!("../../hclkit/tests/data/serde_example.hcl");

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
