//! Parses each JSON file named on the command line and prints its diagnostics as
//! `hcldec --diags=json` does (nothing when there are none).
use std::process::ExitCode;

fn main() -> ExitCode {
    let mut failed = false;
    for path in std::env::args().skip(1) {
        let src = match std::fs::read(&path) {
            Ok(s) => s,
            Err(e) => {
                eprintln!("{path}: {e}");
                return ExitCode::from(1);
            }
        };
        let diags = hclkit::syntax::json::parse(src, &path).into_diagnostics();
        if !diags.is_empty() {
            failed = true;
            print!("{}", diags.to_json());
        }
    }
    if failed {
        ExitCode::from(2)
    } else {
        ExitCode::SUCCESS
    }
}
