//! PLACEHOLDER: replaced by the real conversion module from the `convert` branch on merge.
//! The public API below is the contract other modules are written against.
#![allow(missing_docs)]
use crate::{Path, Type, Value};
use std::fmt;

/// Whether a conversion can lose information or fail for some values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Safety {
    Safe,
    Unsafe,
}

#[derive(Clone, Debug, PartialEq)]
pub struct ConversionError {
    pub path: Path,
    pub message: String,
}
impl ConversionError {
    pub fn path(&self) -> &Path {
        &self.path
    }
}
impl fmt::Display for ConversionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}
impl std::error::Error for ConversionError {}

/// cty `convert.Convert`: safe and unsafe conversions.
pub fn convert(value: &Value, want: &Type) -> Result<Value, ConversionError> {
    if want.is_dynamic() || value.ty() == *want {
        return Ok(value.clone());
    }
    if value.is_null() {
        return Ok(Value::null(want.clone()));
    }
    if value.is_dynamic() {
        return Ok(Value::unknown(want.clone()));
    }
    Err(ConversionError { path: Path::root(), message: format!("{} required", want.friendly_name()) })
}

/// Whether (and how safely) `from` converts to `to`; None when no conversion exists.
pub fn conversion_safety(from: &Type, to: &Type) -> Option<Safety> {
    if from == to || to.is_dynamic() || from.is_dynamic() {
        Some(Safety::Safe)
    } else {
        None
    }
}

/// cty `convert.Unify`: the type all of `types` convert to (preferring safe conversions).
pub fn unify(types: &[Type]) -> Option<Type> {
    let first = types.first()?;
    types.iter().all(|t| t == first).then(|| first.clone())
}

/// cty `convert.UnifyUnsafe`: like [`unify`], allowing unsafe conversions.
pub fn unify_unsafe(types: &[Type]) -> Option<Type> {
    let known: Vec<&Type> = types.iter().filter(|t| !t.is_dynamic()).collect();
    match known.first() {
        None => types.first().cloned(),
        Some(first) => known.iter().all(|t| t == first).then(|| (*first).clone()),
    }
}
