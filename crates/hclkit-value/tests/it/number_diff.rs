//! Differential test against go-cty: `tests/data/number_diff.want.txt` holds small RPN programs
//! over numbers and the results go-cty v1.12.1 (Go 1.19 `math/big`) gave for them, recorded
//! by `oracle/numbers/number_oracle.go` (see `oracle/numbers/record.sh`). Each program is
//! evaluated here with the `Number` API and the results must be identical: printed text
//! (`Text('f', -1)`), precision, and `String()` (`Text('g', 10)`).
//!
//! Set `NUMBER_DIFF_FILE` to run another recorded file (e.g. a large random batch).

use std::cmp::Ordering;

use hclkit_value::{Number, NumberError};

enum Outcome {
    Num(Number),
    Text(String),
}

fn err_text(e: NumberError) -> String {
    format!("ERR {e}")
}

fn eval(program: &str) -> String {
    match eval_inner(program) {
        Ok(Outcome::Num(n)) => format!("{} {} {}", n, n.precision(), n.to_string_g10()),
        Ok(Outcome::Text(t)) => t,
        Err(t) => t,
    }
}

fn eval_inner(program: &str) -> Result<Outcome, String> {
    let mut st: Vec<Number> = Vec::new();
    let pop = |st: &mut Vec<Number>| st.pop().ok_or_else(|| "BADSTACK".to_string());
    for tok in program.split_whitespace() {
        if let Some(lit) = tok.strip_prefix("p:") {
            st.push(Number::parse(lit).map_err(|e| format!("ERR {e}"))?);
        } else if let Some(lit) = tok.strip_prefix("i:") {
            st.push(Number::from_i64(lit.parse().map_err(|_| "BADTOKEN")?));
        } else if let Some(lit) = tok.strip_prefix("u:") {
            st.push(Number::from_u64(lit.parse().map_err(|_| "BADTOKEN")?));
        } else if let Some(bits) = tok.strip_prefix("f:") {
            let b = u64::from_str_radix(bits, 16).map_err(|_| "BADTOKEN")?;
            st.push(Number::from_f64(f64::from_bits(b)).ok_or("BADTOKEN")?);
        } else {
            match tok {
                "z" => st.push(Number::zero()),
                "pinf" => st.push(Number::infinity()),
                "ninf" => st.push(Number::neg_infinity()),
                "add" | "sub" | "mul" | "div" | "rem" => {
                    let b = pop(&mut st)?;
                    let a = pop(&mut st)?;
                    let r = match tok {
                        "add" => a.add(&b),
                        "sub" => a.sub(&b),
                        "mul" => a.mul(&b),
                        "div" => a.div(&b),
                        _ => a.rem(&b),
                    };
                    st.push(r.map_err(err_text)?);
                }
                "neg" | "abs" | "floor" | "ceil" | "int" => {
                    let a = pop(&mut st)?;
                    st.push(match tok {
                        "neg" => a.neg(),
                        "abs" => a.abs(),
                        "floor" => a.floor(),
                        "ceil" => a.ceil(),
                        _ => a.trunc(),
                    });
                }
                "cmp" => {
                    let b = pop(&mut st)?;
                    let a = pop(&mut st)?;
                    let c = match a.cmp(&b) {
                        Ordering::Less => "-1",
                        Ordering::Equal => "0",
                        Ordering::Greater => "1",
                    };
                    return Ok(Outcome::Text(c.to_string()));
                }
                "eq" => {
                    let b = pop(&mut st)?;
                    let a = pop(&mut st)?;
                    return Ok(Outcome::Text((a == b).to_string()));
                }
                "f64" => {
                    let a = pop(&mut st)?;
                    return Ok(Outcome::Text(format!("{:016x}", a.to_f64().to_bits())));
                }
                "i64" => {
                    let a = pop(&mut st)?;
                    return Ok(Outcome::Text(a.to_i64().map_or("none".to_string(), |v| v.to_string())));
                }
                _ => return Err(format!("BADTOKEN {tok}")),
            }
        }
    }
    if st.len() != 1 {
        return Err("BADSTACK".to_string());
    }
    Ok(Outcome::Num(st.remove(0)))
}

#[test]
fn number_programs_match_go_cty() {
    let path = std::env::var("NUMBER_DIFF_FILE")
        .unwrap_or_else(|_| concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/number_diff.want.txt").to_string());
    let data = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("reading {path}: {e}"));
    let mut checked = 0;
    let mut failures = Vec::new();
    for line in data.lines() {
        let Some((program, expected)) = line.split_once('\t') else { continue };
        if expected.starts_with("SKIP") {
            continue;
        }
        checked += 1;
        let got = eval(program);
        if got != expected {
            failures.push(format!("{program}\n  expected: {expected}\n  got:      {got}"));
        }
    }
    assert!(checked > 0, "no programs in {path}");
    assert!(
        failures.is_empty(),
        "{} of {checked} programs differ:\n{}",
        failures.len(),
        failures[..failures.len().min(20)].join("\n")
    );
}
