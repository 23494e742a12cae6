//! `hclkit eval`, run as a user would. The expected values of the Terraform functions are
//! Terraform v1.0.3's (`terraform console`, through /work/shared/tools/tfeval), as recorded in
//! crates/hclkit-terraform/tests/data/recorded.

use std::process::{Command, Output};

fn hclkit(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_hclkit"))
        .arg("eval")
        .args(args)
        .env_remove("COLUMNS")
        .env("NO_COLOR", "1")
        .output()
        .expect("run hclkit")
}

fn text(b: &[u8]) -> String {
    String::from_utf8(b.to_vec()).expect("utf-8")
}

/// Exit status, standard output, standard error.
fn run(args: &[&str]) -> (Option<i32>, String, String) {
    let o = hclkit(args);
    (o.status.code(), text(&o.stdout), text(&o.stderr))
}

#[test]
fn prints_the_value_as_jsonencode_writes_it() {
    assert_eq!(
        run(&[r#"{b = [1, "x", null], a = true, c = 1.5e3}"#]),
        (Some(0), "{\"a\":true,\"b\":[1,\"x\",null],\"c\":1500}\n".into(), String::new())
    );
    assert_eq!(run(&[r#""<&>""#]).1, "\"\\u003c\\u0026\\u003e\"\n");
    assert_eq!(run(&["-1"]).1, "-1\n");
}

#[test]
fn terraform_functions_are_the_default() {
    // Terraform's length counts characters; cty's length (stdlib) rejects strings.
    assert_eq!(run(&[r#"length("héllo")"#]).1, "5\n");
    assert_eq!(run(&[r#"index(["a", "b"], "b")"#]).1, "1\n");
    assert_eq!(run(&["sum([1, 2.5])"]).1, "3.5\n");
    let (code, out, err) = run(&["--functions", "stdlib", r#"length("héllo")"#]);
    assert_eq!((code, out.as_str()), (Some(1), ""));
    assert!(err.contains("error: Invalid function argument") || err.contains("error: Error in function call"), "{err}");
    assert_eq!(run(&["--functions", "stdlib", r#"strlen("héllo")"#]).1, "5\n");
    let (code, _, err) = run(&["--functions", "terraform", r#"strlen("x")"#]);
    assert_eq!(code, Some(1));
    assert!(err.contains("Call to unknown function"), "{err}");
}

#[test]
fn an_unknown_function_says_which_library_has_it() {
    let note = |args: &[&str]| {
        let (code, out, err) = run(args);
        assert_eq!((code, out.as_str()), (Some(1), ""), "{err}");
        assert!(err.starts_with("error: Call to unknown function\n"), "{err}");
        err.lines().find_map(|l| l.strip_prefix("  = note: ")).unwrap_or_default().to_owned()
    };
    assert_eq!(
        note(&["--functions", "stdlib", r#"cidrhost("10.0.0.0/24", 5)"#]),
        r#"There is no function named "cidrhost". Use --functions terraform, which has it."#
    );
    assert_eq!(
        note(&["--functions", "terraform", r#"strlen("x")"#]),
        r#"There is no function named "strlen". Did you mean "strrev"? Use --functions stdlib, which has it."#
    );
    assert_eq!(
        note(&["--functions", "none", r#"upper("x")"#]),
        r#"There is no function named "upper". Use --functions stdlib or --functions terraform, which have it."#
    );
    // A name no library has gets the evaluator's words alone.
    assert_eq!(note(&["nosuch(1)"]), r#"There is no function named "nosuch"."#);
}

#[test]
fn an_unknown_variable_is_named_with_how_to_pass_it() {
    let (code, out, err) = run(&["region + 1"]);
    assert_eq!((code, out.as_str()), (Some(1), ""));
    assert_eq!(
        err,
        "error: Unknown variable\n --> <expr>:1:1\n  |\n1 | region + 1\n  | ^^^^^^\n  |\n\
         \x20 = note: There is no variable named \"region\". Variables come from --vars, a JSON object (or \
         @FILE holding one): --vars '{\"region\": ...}'.\n"
    );
    let (code, _, err) = run(&["--vars", r#"{"regions": 1}"#, "region"]);
    assert_eq!(code, Some(1));
    assert!(err.contains(r#"Did you mean "regions"? Variables come from --vars"#), "{err}");
}

#[test]
fn variables_come_from_a_json_object() {
    let vars = r#"{"m": {"a": [1, 2]}, "s": "x"}"#;
    assert_eq!(run(&["--vars", vars, r#"lookup(m, "a")[1] + length(s)"#]).1, "3\n");
    let dir = std::env::temp_dir().join(format!("hclkit-eval-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("vars.json");
    std::fs::write(&file, r#"{"n": 41}"#).unwrap();
    assert_eq!(run(&["--vars", &format!("@{}", file.display()), "n + 1"]).1, "42\n");
    // Unusable --vars exit with 2, as in hclkit check; a file that cannot be read says why.
    let (code, _, err) = run(&["--vars", r#"{"a":"#, "a"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("--> <vars>:1:"), "{err}");
    let (code, _, err) = run(&["--vars", "@/nonexistent/vars.json", "a"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("could not be read: No such file or directory."), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn errors_are_diagnostics_and_exit_one() {
    let (code, out, err) = run(&["index([], 1)"]);
    assert_eq!((code, out.as_str()), (Some(1), ""));
    assert_eq!(
        err,
        "error: Error in function call\n --> <expr>:1:1\n  |\n1 | index([], 1)\n  | ^^^^^^------\n  |\n\
         \x20 = note: Call to function \"index\" failed: cannot search an empty list.\n"
    );
    let (code, out, _) = run(&["--diags=json", r#"lookup({a = 1}, "b")"#]);
    assert_eq!(code, Some(1));
    let json: serde_json::Value = serde_json::from_str(&out).expect("JSON diagnostics");
    let d = &json["diagnostics"][0];
    assert_eq!(d["summary"], "Invalid function argument");
    assert_eq!(d["detail"], "Invalid value for \"inputMap\" parameter: the given object has no attribute \"b\".");
    assert_eq!(d["subject"]["start"]["byte"], 7);
    let (code, _, err) = run(&["1 +"]);
    assert_eq!(code, Some(1));
    assert!(err.contains("Missing expression"), "{err}");
    let (code, _, err) = run(&["1/0"]);
    assert_eq!(code, Some(1));
    assert!(err.contains("cannot serialize infinity as JSON"), "{err}");
}

#[test]
fn usage_errors_exit_two() {
    assert_eq!(run(&[]).0, Some(2));
    assert_eq!(run(&["--functions", "bogus", "1"]).0, Some(2));
    let (code, out, _) = run(&["--help"]);
    assert_eq!(code, Some(0));
    assert!(out.contains("--functions"), "{out}");
}

#[test]
fn expression_from_standard_input_and_planning() {
    use std::io::Write as _;
    let mut child = Command::new(env!("CARGO_BIN_EXE_hclkit"))
        .args(["eval", "-"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("run hclkit");
    child.stdin.take().unwrap().write_all(b"upper(\"multi\\n\")").unwrap();
    let o = child.wait_with_output().unwrap();
    assert_eq!((o.status.code(), text(&o.stdout)), (Some(0), "\"MULTI\\n\"\n".to_owned()));
    // Clock functions have values, unless planning.
    assert_eq!(run(&["length(timestamp()) > 0"]).1, "true\n");
    let (code, _, err) = run(&["--planning", "timestamp()"]);
    assert_eq!(code, Some(1));
    assert!(err.contains("Value not known"), "{err}");
}

/// Namespaced calls (HCL v2.20): values as Terraform v1.11.4 gives them
/// (crates/hclkit-terraform/tests/data/namespaced/terraform.want.jsonl).
#[test]
fn namespaced_calls() {
    assert_eq!(run(&["core::max(1, 2)"]), (Some(0), "2\n".into(), String::new()));
    assert_eq!(run(&["provider::terraform::encode_tfvars({a = 1})"]).1, "\"a = 1\\n\"\n");
    let (code, _, err) = run(&["core::max"]);
    assert_eq!(code, Some(1));
    assert!(err.contains("error: Missing open parenthesis"), "{err}");
    let (code, _, err) = run(&["--functions", "stdlib", "core::max(1)"]);
    assert_eq!(code, Some(1));
    assert!(err.contains("There are no functions in namespace \"core::\"."), "{err}");
}
