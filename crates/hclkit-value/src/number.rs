//! PLACEHOLDER: replaced by the real implementation from the `number` branch on merge.
#![allow(missing_docs, clippy::should_implement_trait)]
use std::fmt;

#[derive(Clone, Debug)]
pub struct Number(f64, u32);
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NumberError(pub String);
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseNumberError;
impl fmt::Display for NumberError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}
impl fmt::Display for ParseNumberError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a number is required")
    }
}
impl std::error::Error for NumberError {}
impl std::error::Error for ParseNumberError {}
impl Number {
    pub fn parse(s: &str) -> Result<Number, ParseNumberError> {
        s.parse::<f64>().map(|v| Number(v, 512)).map_err(|_| ParseNumberError)
    }
    pub fn from_i64(v: i64) -> Number {
        Number(v as f64, 64)
    }
    pub fn from_u64(v: u64) -> Number {
        Number(v as f64, 64)
    }
    pub fn from_f64(v: f64) -> Option<Number> {
        if v.is_nan() {
            None
        } else {
            Some(Number(v, 53))
        }
    }
    pub fn infinity() -> Number {
        Number(f64::INFINITY, 0)
    }
    pub fn neg_infinity() -> Number {
        Number(f64::NEG_INFINITY, 0)
    }
    pub fn zero() -> Number {
        Number(0.0, 64)
    }
    pub fn is_zero(&self) -> bool {
        self.0 == 0.0
    }
    pub fn is_infinite(&self) -> bool {
        self.0.is_infinite()
    }
    pub fn is_integer(&self) -> bool {
        self.0.fract() == 0.0
    }
    pub fn is_negative(&self) -> bool {
        self.0.is_sign_negative()
    }
    pub fn signum(&self) -> i32 {
        if self.0 > 0.0 {
            1
        } else if self.0 < 0.0 {
            -1
        } else {
            0
        }
    }
    pub fn to_i64(&self) -> Option<i64> {
        if self.is_integer() {
            Some(self.0 as i64)
        } else {
            None
        }
    }
    pub fn to_u64(&self) -> Option<u64> {
        if self.is_integer() && self.0 >= 0.0 {
            Some(self.0 as u64)
        } else {
            None
        }
    }
    pub fn to_f64(&self) -> f64 {
        self.0
    }
    pub fn precision(&self) -> u32 {
        self.1
    }
    pub fn add(&self, o: &Number) -> Result<Number, NumberError> {
        Ok(Number(self.0 + o.0, 512))
    }
    pub fn sub(&self, o: &Number) -> Result<Number, NumberError> {
        Ok(Number(self.0 - o.0, 512))
    }
    pub fn mul(&self, o: &Number) -> Result<Number, NumberError> {
        Ok(Number(self.0 * o.0, 512))
    }
    pub fn div(&self, o: &Number) -> Result<Number, NumberError> {
        Ok(Number(self.0 / o.0, 512))
    }
    pub fn rem(&self, o: &Number) -> Result<Number, NumberError> {
        Ok(Number(self.0 % o.0, 512))
    }
    pub fn neg(&self) -> Number {
        Number(-self.0, self.1)
    }
    pub fn abs(&self) -> Number {
        Number(self.0.abs(), self.1)
    }
    pub fn floor(&self) -> Number {
        Number(self.0.floor(), self.1)
    }
    pub fn ceil(&self) -> Number {
        Number(self.0.ceil(), self.1)
    }
    pub fn trunc(&self) -> Number {
        Number(self.0.trunc(), self.1)
    }
    pub fn cmp(&self, o: &Number) -> std::cmp::Ordering {
        self.0.partial_cmp(&o.0).unwrap_or(std::cmp::Ordering::Equal)
    }
    pub fn to_string_g10(&self) -> String {
        format!("{}", self.0)
    }
}
impl PartialEq for Number {
    fn eq(&self, o: &Number) -> bool {
        self.0 == o.0
    }
}
impl Eq for Number {}
impl std::hash::Hash for Number {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        self.to_string().hash(h)
    }
}
impl fmt::Display for Number {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}
impl From<i64> for Number {
    fn from(v: i64) -> Number {
        Number::from_i64(v)
    }
}
impl From<i32> for Number {
    fn from(v: i32) -> Number {
        Number::from_i64(v as i64)
    }
}
impl From<u32> for Number {
    fn from(v: u32) -> Number {
        Number::from_i64(v as i64)
    }
}
impl From<u64> for Number {
    fn from(v: u64) -> Number {
        Number::from_u64(v)
    }
}
impl From<usize> for Number {
    fn from(v: usize) -> Number {
        Number::from_u64(v as u64)
    }
}
