//! Typed decoding with serde: `hclkit::from_str` against hcl-rs's `hcl::from_str` on the same
//! generated configuration (about 4 MB of `service` blocks with a label, typed attributes, a
//! map, a list, an optional nested block and repeated nested blocks; literals only, which
//! both libraries read without an evaluation context), in the same run. Each side parses and
//! decodes into its own natural types (hclkit: labels in a field, blocks in a `Vec`; hcl-rs:
//! labelled blocks as a map keyed by the label, as it requires).
//!
//! `cargo bench -p hclkit-benchmarks --bench serde`

#![allow(missing_docs)] // criterion's macros generate undocumented items
#![allow(dead_code)] // the decoded structs are only built, as a configuration loader would build them

use std::collections::BTreeMap;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use serde::Deserialize;

const SERVICE: &str = r#"service "svc-@I@" {
  image    = "registry.example.com/team/svc-@I@:v@MAJOR@"
  port     = @P@
  replicas = @R@
  enabled  = true
  weight   = 0.@W@
  tags     = ["web", "tier-@T@", "zone-@Z@"]
  env = {
    REGION   = "eu-west-1"
    SERVICE  = "svc-@I@"
    LOGLEVEL = "info"
  }
  health {
    path     = "/health/@I@"
    interval = @INTERVAL@
  }
  listener {
    port     = @P@
    protocol = "http"
  }
  listener {
    port     = @P2@
    protocol = "tcp"
  }
}
"#;

fn workload(bytes: usize) -> String {
    let mut out = String::with_capacity(bytes + SERVICE.len() * 2);
    let mut i = 0usize;
    while out.len() < bytes {
        out.push_str(
            &SERVICE
                .replace("@I@", &format!("{i:06}"))
                .replace("@MAJOR@", &(i % 10).to_string())
                .replace("@P2@", &(20000 + i % 1000).to_string())
                .replace("@P@", &(9000 + i % 500).to_string())
                .replace("@R@", &(1 + i % 5).to_string())
                .replace("@W@", &(i % 100).to_string())
                .replace("@T@", &(i % 3).to_string())
                .replace("@Z@", &(i % 4).to_string())
                .replace("@INTERVAL@", &(5 + i % 6).to_string()),
        );
        i += 1;
    }
    out
}

mod ours {
    use super::*;

    #[derive(Deserialize)]
    pub struct Config {
        pub service: Vec<Service>,
    }
    #[derive(Deserialize)]
    pub struct Service {
        #[serde(rename = "@name")]
        pub name: String,
        pub image: String,
        pub port: u16,
        pub replicas: u32,
        pub enabled: bool,
        pub weight: f64,
        pub tags: Vec<String>,
        pub env: BTreeMap<String, String>,
        pub health: Option<Health>,
        pub listener: Vec<Listener>,
    }
    #[derive(Deserialize)]
    pub struct Health {
        pub path: String,
        pub interval: u32,
    }
    #[derive(Deserialize)]
    pub struct Listener {
        pub port: u16,
        pub protocol: String,
    }
}

mod theirs {
    use super::*;

    #[derive(Deserialize)]
    pub struct Config {
        pub service: BTreeMap<String, Service>,
    }
    #[derive(Deserialize)]
    pub struct Service {
        pub image: String,
        pub port: u16,
        pub replicas: u32,
        pub enabled: bool,
        pub weight: f64,
        pub tags: Vec<String>,
        pub env: BTreeMap<String, String>,
        pub health: Option<Health>,
        pub listener: Vec<Listener>,
    }
    #[derive(Deserialize)]
    pub struct Health {
        pub path: String,
        pub interval: u32,
    }
    #[derive(Deserialize)]
    pub struct Listener {
        pub port: u16,
        pub protocol: String,
    }
}

fn serde_decode(c: &mut Criterion) {
    let src = workload(4_000_000);
    let a: ours::Config = hclkit::from_str(&src).unwrap();
    let b: theirs::Config = hcl::from_str(&src).unwrap();
    assert_eq!(a.service.len(), b.service.len());
    assert_eq!(a.service[7].listener[1].port, b.service[&a.service[7].name].listener[1].port);

    let mut g = c.benchmark_group("serde_from_str");
    g.throughput(Throughput::Bytes(src.len() as u64));
    g.sample_size(10).measurement_time(Duration::from_secs(8));
    g.bench_function("hclkit_4MB", |bench| bench.iter(|| hclkit::from_str::<ours::Config>(&src).unwrap()));
    g.bench_function("hcl-rs_4MB", |bench| bench.iter(|| hcl::from_str::<theirs::Config>(&src).unwrap()));
    g.finish();
}

criterion_group!(benches, serde_decode);
criterion_main!(benches);
