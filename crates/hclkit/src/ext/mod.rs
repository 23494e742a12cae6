//! Extensions to the language, as the reference's `ext` packages offer them: functions that
//! take expressions rather than values ([`customdecode`]), `try` and `can` ([`tryfunc`]), and
//! `dynamic` blocks ([`dynblock`]).

pub mod customdecode;
pub mod dynblock;
pub mod tryfunc;
