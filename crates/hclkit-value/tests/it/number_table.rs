//! Numbers against the reference's printed results: `tests/data/number_table.want.txt` holds HCL
//! expressions and what the reference hcldec (HCL v2.14.1, go-cty v1.12.1, Go 1.19) printed
//! for them, recorded by `oracle/numbers/record.sh` from `tests/data/number_table.in`.
//! This test evaluates each expression with a small HCL arithmetic evaluator written on the
//! `Number` API (literals, `+ - * / %`, unary `-`, comparisons, and the spec functions
//! `strlen`, `abs`, `int`, `max`, `min`) and compares the printed result.

use std::cmp::Ordering;

use hclkit_value::Number;

#[derive(Debug, Clone)]
enum V {
    N(Number),
    B(bool),
    S(String),
}

struct P<'a> {
    s: &'a [u8],
    i: usize,
}

type R = Result<V, String>;

fn op_err(e: hclkit_value::NumberError) -> String {
    format!("ERROR Error during operation: {e}.")
}

impl<'a> P<'a> {
    fn ws(&mut self) {
        while self.i < self.s.len() && self.s[self.i].is_ascii_whitespace() {
            self.i += 1;
        }
    }

    fn eat(&mut self, t: &str) -> bool {
        self.ws();
        if self.s[self.i..].starts_with(t.as_bytes()) {
            self.i += t.len();
            true
        } else {
            false
        }
    }

    fn num(v: V) -> Result<Number, String> {
        match v {
            V::N(n) => Ok(n),
            other => Err(format!("not a number: {other:?}")),
        }
    }

    fn expr(&mut self) -> R {
        self.equality()
    }

    fn equality(&mut self) -> R {
        let mut l = self.relational()?;
        loop {
            let eq = if self.eat("==") {
                true
            } else if self.eat("!=") {
                false
            } else {
                return Ok(l);
            };
            let r = self.relational()?;
            let same = match (&l, &r) {
                (V::N(a), V::N(b)) => a == b,
                (V::B(a), V::B(b)) => a == b,
                (V::S(a), V::S(b)) => a == b,
                _ => false,
            };
            l = V::B(same == eq);
        }
    }

    fn relational(&mut self) -> R {
        let mut l = self.additive()?;
        loop {
            let op = ["<=", ">=", "<", ">"].into_iter().find(|op| self.eat(op));
            let Some(op) = op else { return Ok(l) };
            let a = Self::num(l)?;
            let b = Self::num(self.additive()?)?;
            // cty: LessThanOrEqualTo is LessThan or Equals (text equality).
            l = V::B(match op {
                "<" => a.cmp(&b) == Ordering::Less,
                ">" => a.cmp(&b) == Ordering::Greater,
                "<=" => a.cmp(&b) == Ordering::Less || a == b,
                _ => a.cmp(&b) == Ordering::Greater || a == b,
            });
        }
    }

    fn additive(&mut self) -> R {
        let mut l = self.multiplicative()?;
        loop {
            let plus = if self.eat("+") {
                true
            } else if self.eat("-") {
                false
            } else {
                return Ok(l);
            };
            let a = Self::num(l)?;
            let b = Self::num(self.multiplicative()?)?;
            l = V::N(if plus { a.add(&b) } else { a.sub(&b) }.map_err(op_err)?);
        }
    }

    fn multiplicative(&mut self) -> R {
        let mut l = self.unary()?;
        loop {
            let op = ["*", "/", "%"].into_iter().find(|op| self.eat(op));
            let Some(op) = op else { return Ok(l) };
            let a = Self::num(l)?;
            let b = Self::num(self.unary()?)?;
            let r = match op {
                "*" => a.mul(&b),
                "/" => a.div(&b),
                _ => a.rem(&b),
            };
            l = V::N(r.map_err(op_err)?);
        }
    }

    fn unary(&mut self) -> R {
        if self.eat("-") {
            return Ok(V::N(Self::num(self.unary()?)?.neg()));
        }
        self.primary()
    }

    fn primary(&mut self) -> R {
        self.ws();
        let start = self.i;
        let c = *self.s.get(self.i).ok_or("unexpected end")?;
        if c == b'(' {
            self.i += 1;
            let v = self.expr()?;
            if !self.eat(")") {
                return Err("missing )".into());
            }
            return Ok(v);
        }
        if c == b'"' {
            self.i += 1;
            while self.s[self.i] != b'"' {
                self.i += 1;
            }
            self.i += 1;
            return Ok(V::S(String::from_utf8_lossy(&self.s[start + 1..self.i - 1]).into_owned()));
        }
        if c.is_ascii_digit() {
            // HCL's number token: digits, an optional fraction, an optional exponent.
            let digits = |p: &mut Self| {
                while p.i < p.s.len() && p.s[p.i].is_ascii_digit() {
                    p.i += 1;
                }
            };
            digits(self);
            if self.s.get(self.i) == Some(&b'.') {
                self.i += 1;
                digits(self);
            }
            if matches!(self.s.get(self.i), Some(b'e' | b'E')) {
                self.i += 1;
                if matches!(self.s.get(self.i), Some(b'+' | b'-')) {
                    self.i += 1;
                }
                digits(self);
            }
            let lit = std::str::from_utf8(&self.s[start..self.i]).map_err(|e| e.to_string())?;
            return Number::parse(lit).map(V::N).map_err(|e| e.to_string());
        }
        if c.is_ascii_alphabetic() {
            while self.i < self.s.len() && self.s[self.i].is_ascii_alphanumeric() {
                self.i += 1;
            }
            let name = String::from_utf8_lossy(&self.s[start..self.i]).into_owned();
            if !self.eat("(") {
                return Err(format!("unknown name {name}"));
            }
            let mut args = Vec::new();
            if !self.eat(")") {
                loop {
                    args.push(self.expr()?);
                    if self.eat(")") {
                        break;
                    }
                    if !self.eat(",") {
                        return Err("expected ,".into());
                    }
                }
            }
            return call(&name, args);
        }
        Err(format!("unexpected {:?}", c as char))
    }
}

fn call(name: &str, args: Vec<V>) -> R {
    let mut nums = Vec::new();
    for a in &args {
        match (name, a) {
            ("strlen", V::S(s)) => return Ok(V::N(Number::from(s.chars().count()))),
            (_, V::N(n)) => nums.push(n.clone()),
            _ => return Err(format!("bad argument to {name}")),
        }
    }
    match name {
        "abs" => Ok(V::N(nums[0].abs())),
        "int" => Ok(V::N(nums[0].trunc())),
        // cty's max/min: start from the canonical infinity, replace on strict comparison.
        "max" => {
            Ok(V::N(nums.into_iter().fold(
                Number::neg_infinity(),
                |m, x| {
                    if x.cmp(&m) == Ordering::Greater {
                        x
                    } else {
                        m
                    }
                },
            )))
        }
        "min" => {
            Ok(V::N(nums.into_iter().fold(Number::infinity(), |m, x| if x.cmp(&m) == Ordering::Less { x } else { m })))
        }
        _ => Err(format!("unknown function {name}")),
    }
}

fn eval(expr: &str) -> String {
    let mut p = P { s: expr.as_bytes(), i: 0 };
    let v = p.expr().and_then(|v| {
        p.ws();
        if p.i == p.s.len() {
            Ok(v)
        } else {
            Err(format!("trailing input at {}", p.i))
        }
    });
    match v {
        Ok(V::N(n)) => n.to_string(),
        Ok(V::B(b)) => b.to_string(),
        Ok(V::S(s)) => s,
        Err(e) => e,
    }
}

#[test]
fn hcl_expressions_print_as_the_reference() {
    let data = include_str!("../data/number_table.want.txt");
    let mut failures = Vec::new();
    let mut count = 0;
    for line in data.lines() {
        let (expr, expected) = line.split_once('\t').expect("a tab-separated line");
        count += 1;
        let got = eval(expr);
        if got != expected {
            failures.push(format!("{expr}\n  expected: {expected}\n  got:      {got}"));
        }
    }
    assert!(count >= 70, "only {count} cases");
    assert!(failures.is_empty(), "{} of {count} differ:\n{}", failures.len(), failures.join("\n"));
}
