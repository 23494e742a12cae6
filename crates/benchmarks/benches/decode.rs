//! The decode step of `hcldec` (spec decoding with evaluation) on the benchmark workload of
//! `benches/hcldec/workload.py` at 1 MB: `service` blocks with templates, for expressions,
//! conditionals, a user function, nested blocks and a `block_map` spec. Parsing is outside
//! the timed part; `Throughput::Bytes` is the input size.
//!
//! The `growth` group parses and decodes the workload at n and 4n in one run.
//!
//! `cargo bench -p hclkit-benchmarks --bench decode` (the whole-process comparison with the reference is
//! `benches/hcldec/run.sh`).

#![allow(missing_docs)] // criterion's macros generate undocumented items

use std::collections::BTreeMap;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use hclkit::decode::specfile::load_spec;
use hclkit::eval::EvalContext;
use hclkit::syntax::native::NativeBody;
use hclkit_value::Value;

/// The spec of the workload (shared with workload.py).
const SPEC: &str = include_str!("../../../benches/hcldec/spec.hcldec");

/// One service block; `@I@` and the other `@…@` markers are replaced per block.
const SERVICE: &str = r#"service "svc-@I6@" {
  image    = "registry.example.com/${team}/svc-@I6@:v@MAJOR@.${@MINOR@ + 1}"
  replicas = stage == "prod" ? @I@ % 5 + 2 : 1
  enabled  = @I@ % 7 != 0
  env = {
    REGION   = region
    SERVICE  = "svc-@I6@"
    LOGLEVEL = stage == "prod" ? "info" : "debug"
    SLOT     = "${@I@ % 16}"
  }
  ports = [for p in [80, 443, @P@] : p + base_port if p != 443]
  tags  = [for t in ["web", "@TAG@", region] : "${t}-@I@"]
  endpoint = endpoint("svc-@I6@", base_port + @I@ % 100)
  limits = {
    cpu    = @CPU@ * 0.5
    memory = "${@MEM@ * 64}Mi"
  }

  listener {
    port        = @P@
    protocol    = "http"
    description = "%{ if @I@ % 2 == 0 }even%{ else }odd%{ endif } listener of svc-@I6@"
  }
  listener {
    port     = base_port + @I@ % 1000
    protocol = "tcp"
  }

  health {
    path     = "/health/${stage}/${domain}/@I@"
    interval = @INTERVAL@ * 5
  }
}

"#;

fn workload(bytes: usize) -> String {
    let mut out = String::with_capacity(bytes + SERVICE.len() * 2);
    let mut i = 0usize;
    while out.len() < bytes {
        let block = SERVICE
            .replace("@I6@", &format!("{i:06}"))
            .replace("@I@", &i.to_string())
            .replace("@MAJOR@", &(i % 10).to_string())
            .replace("@MINOR@", &(i % 50).to_string())
            .replace("@P@", &(9000 + i % 500).to_string())
            .replace("@TAG@", ["api", "worker", "batch"][i % 3])
            .replace("@CPU@", &(1 + i % 8).to_string())
            .replace("@MEM@", &(1 + i % 32).to_string())
            .replace("@INTERVAL@", &(1 + i % 6).to_string());
        out.push_str(&block);
        i += 1;
    }
    out
}

fn decode(c: &mut Criterion) {
    let (spec_file, d) = hclkit::parse_config(SPEC.as_bytes().to_vec(), "spec.hcldec").into_parts();
    assert!(!d.has_errors(), "{d}");
    let (spec, d) = load_spec(&NativeBody::from_file(&spec_file));
    assert!(!d.has_errors(), "{d}");
    let mut vars: BTreeMap<String, Value> = spec.variables.clone();
    vars.insert("region".into(), Value::string("eu-west-1"));
    vars.insert("stage".into(), Value::string("prod"));
    vars.insert("team".into(), Value::string("platform"));
    vars.insert("base_port".into(), Value::number(8000));
    let ctx = EvalContext::new().with_variables(vars).with_functions(spec.functions.clone());

    let src = workload(1_000_000);
    let (file, d) = hclkit::parse_config(src.as_bytes().to_vec(), "input.hcl").into_parts();
    assert!(!d.has_errors(), "{d}");
    let body = NativeBody::from_file(&file);
    let (value, d) = hclkit::decode::decode(&body, &spec.root, Some(&ctx));
    assert!(!d.has_errors(), "{d}");
    assert!(value.is_known());

    let mut g = c.benchmark_group("hcldec_decode");
    g.throughput(Throughput::Bytes(src.len() as u64));
    g.sample_size(10).measurement_time(Duration::from_secs(10));
    g.bench_function("services_1MB", |b| {
        b.iter(|| hclkit::decode::decode(&body, &spec.root, Some(&ctx)));
    });
    g.finish();
}

/// How cost grows: parsing and decoding the workload at n = 256 KB and 4n = 1 MB in one run
/// (`growth/parse/…`, `growth/decode/…`); linear growth reads as a time ratio of about 4.
fn growth(c: &mut Criterion) {
    let (spec_file, d) = hclkit::parse_config(SPEC.as_bytes().to_vec(), "spec.hcldec").into_parts();
    assert!(!d.has_errors(), "{d}");
    let (spec, d) = load_spec(&NativeBody::from_file(&spec_file));
    assert!(!d.has_errors(), "{d}");
    let mut vars: BTreeMap<String, Value> = spec.variables.clone();
    vars.insert("region".into(), Value::string("eu-west-1"));
    vars.insert("stage".into(), Value::string("prod"));
    vars.insert("team".into(), Value::string("platform"));
    vars.insert("base_port".into(), Value::number(8000));
    let ctx = EvalContext::new().with_variables(vars).with_functions(spec.functions.clone());

    let mut g = c.benchmark_group("growth");
    g.sample_size(10).warm_up_time(Duration::from_millis(500)).measurement_time(Duration::from_secs(2));
    for n in [256_000, 1_024_000] {
        let src: std::sync::Arc<[u8]> = workload(n).into_bytes().into();
        g.bench_with_input(BenchmarkId::new("parse", n), &src, |b, src| {
            b.iter_with_large_drop(|| hclkit::parse_config(src.clone(), "input.hcl"))
        });
        let (file, d) = hclkit::parse_config(src.clone(), "input.hcl").into_parts();
        assert!(!d.has_errors(), "{d}");
        let body = NativeBody::from_file(&file);
        g.bench_with_input(BenchmarkId::new("decode", n), &body, |b, body| {
            b.iter_with_large_drop(|| hclkit::decode::decode(body, &spec.root, Some(&ctx)))
        });
    }
    g.finish();
}

criterion_group!(benches, decode, growth);
criterion_main!(benches);
