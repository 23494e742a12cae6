//! The file functions under the application's filesystem policy (hand-written: the recorder
//! runs Terraform in a directory of its own, so relative paths, the base directory and the
//! refusals of the policy cannot be recorded).

use std::path::PathBuf;

use hclkit_terraform::{functions, FsPolicy, Options};
use hclkit_value::{Type, Value};

fn fixture() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/fsdata")
}

fn call(options: &Options, name: &str, args: &[Value]) -> Result<Value, String> {
    functions(options)[name].call(args).map_err(|e| e.message().to_string())
}

fn s(v: &str) -> Value {
    Value::string(v)
}

#[test]
fn the_default_policy_reads_nothing() {
    let options = Options::new();
    for name in ["file", "filebase64", "filemd5", "filesha256", "fileexists"] {
        let err = call(&options, name, &[s("hello.txt")]).unwrap_err();
        assert!(err.contains("allows no file access"), "{name}: {err}");
    }
    let err = call(&options, "fileset", &[s("."), s("*")]).unwrap_err();
    assert!(err.contains("allows no file access"), "{err}");
    let err = call(&options, "templatefile", &[s("greet.tftpl"), Value::empty_object()]).unwrap_err();
    assert!(err.contains("allows no file access"), "{err}");
    assert!(call(&options, "abspath", &[s("x")]).unwrap_err().contains("no base directory"));
    assert!(call(&options, "pathexpand", &[s("~/x")]).unwrap_err().contains("does not allow"));
    // Pure path functions need no access.
    assert_eq!(call(&options, "dirname", &[s("a/b")]).unwrap(), s("a"));
    assert_eq!(call(&options, "abspath", &[s("/a/../b")]).unwrap(), s("/b"));
}

#[test]
fn relative_paths_resolve_against_the_base_directory() {
    let options = Options::new().with_filesystem(FsPolicy::under(fixture()));
    assert_eq!(call(&options, "file", &[s("hello.txt")]).unwrap(), s("hello\n"));
    assert_eq!(call(&options, "file", &[s("sub/../hello.txt")]).unwrap(), s("hello\n"));
    assert_eq!(call(&options, "fileexists", &[s("sub/s.txt")]).unwrap(), Value::bool(true));
    assert_eq!(call(&options, "fileexists", &[s("nope.txt")]).unwrap(), Value::bool(false));
    assert_eq!(
        call(&options, "filemd5", &[s("hello.txt")]).unwrap(),
        s("b1946ac92492d2347c6235b4d2611184") // md5 of "hello\n", as recorded from Terraform
    );
    let set = call(&options, "fileset", &[s("sub"), s("*.txt")]).unwrap();
    assert_eq!(set, Value::set(vec![s("s.txt")]).unwrap());
    let vars = Value::object([("name", s("you"))]);
    assert_eq!(call(&options, "templatefile", &[s("greet.tftpl"), vars]).unwrap(), s("Hello, you!\n"));
    let abs = call(&options, "abspath", &[s("sub/./x")]).unwrap();
    let want = std::path::absolute(fixture()).unwrap().join("sub/x");
    assert_eq!(abs, s(want.to_str().unwrap()));
    // Messages name the path as Terraform does, relative to the module directory.
    let err = call(&options, "filemd5", &[s("nope.txt")]).unwrap_err();
    assert_eq!(err, "open nope.txt: no such file or directory");
    let err = call(&options, "file", &[s("nope.txt")]).unwrap_err();
    assert!(err.starts_with("no file exists at nope.txt;"), "{err}");
}

#[test]
fn a_relative_base_directory_is_taken_from_the_working_directory() {
    // Tests run in the crate's directory.
    let options = Options::new().with_filesystem(FsPolicy::under("tests/data/fsdata"));
    assert_eq!(call(&options, "file", &[s("hello.txt")]).unwrap(), s("hello\n"));
    assert!(call(&options, "file", &[s("../it/recorded.rs")]).unwrap_err().contains("outside"));
    let options = Options::new().with_filesystem(FsPolicy::under("."));
    assert_eq!(call(&options, "file", &[s("tests/data/fsdata/hello.txt")]).unwrap(), s("hello\n"));
}

#[test]
fn nothing_outside_the_base_directory_unless_allowed() {
    let base = fixture().join("sub");
    let options = Options::new().with_filesystem(FsPolicy::under(&base));
    for path in ["../hello.txt", fixture().join("hello.txt").to_str().unwrap(), "deeper/../../hello.txt"] {
        for name in ["file", "filebase64", "filesha1", "fileexists"] {
            let err = call(&options, name, &[s(path)]).unwrap_err();
            assert!(err.contains("outside the directory"), "{name}({path}): {err}");
        }
    }
    let err = call(&options, "fileset", &[s(".."), s("*")]).unwrap_err();
    assert!(err.contains("outside the directory"), "{err}");
    // A pattern that climbs out finds nothing it may report.
    assert_eq!(call(&options, "fileset", &[s("."), s("../*.txt")]).unwrap(), Value::empty_set(Type::String));
    let open = Options::new().with_filesystem(FsPolicy::under(&base).allow_outside(true));
    assert_eq!(call(&open, "file", &[s("../hello.txt")]).unwrap(), s("hello\n"));
    let set = call(&open, "fileset", &[s("."), s("../h*.txt")]).unwrap();
    assert_eq!(set, Value::set(vec![s("../hello.txt")]).unwrap());
    if let Ok(home) = std::env::var("HOME") {
        assert_eq!(call(&open, "pathexpand", &[s("~/x")]).unwrap(), s(&format!("{home}/x")));
    }
}

#[test]
fn unknown_arguments_give_unknown_results() {
    let options = Options::new().with_filesystem(FsPolicy::under(fixture()));
    let u = Value::unknown(Type::String);
    for name in ["file", "filebase64", "fileexists", "abspath", "dirname", "basename", "pathexpand"] {
        assert!(call(&options, name, std::slice::from_ref(&u)).unwrap().is_unknown(), "{name}");
    }
    assert!(call(&options, "fileset", &[s("."), u.clone()]).unwrap().is_unknown());
    assert!(call(&options, "templatefile", &[u.clone(), Value::empty_object()]).unwrap().is_unknown());
    // Unknown variables render as unknown results.
    let vars = Value::object([("name", u)]);
    assert!(call(&options, "templatefile", &[s("greet.tftpl"), vars]).unwrap().is_unknown());
}
