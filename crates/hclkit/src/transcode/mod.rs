//! Transcoding between the native syntax and the HCL JSON syntax (`hclkit convert`).
//!
//! (Converting a *value* to a *type* is [`hclkit_value::convert`]; this module converts
//! *syntax*.)
//!
//! * Native → JSON: [`file_to_json`] (a parsed [`File`](crate::syntax::native::File)) or
//!   [`native_to_json`] (source text) build a [`Node`], the ordered JSON document of
//!   [`hclkit_value::json`] that keeps repeated property names and numbers as exact text;
//!   [`Node::to_compact`] and [`Node::to_pretty`] write it. The output is the JSON syntax the reference reads as
//!   the same configuration (see [`file_to_json`] for the one condition: evaluation with a context).
//!   [`write_file_json`] writes the same text straight from the syntax tree, without the
//!   document (faster: what `hclkit convert` and the npm package's `parse` use).
//! * JSON → native: [`file_to_native`] (a parsed JSON file) or [`json_to_native`] (source text)
//!   write native syntax laid out by the formatter, with a [`Schema`] (usually
//!   [`Schema::from_spec`] of an hcldec spec) deciding which properties are blocks.
//!
//! The shape, with the default [`ToJsonOptions`]:
//!
//! ```
//! use hclkit::transcode::{native_to_json, ToJsonOptions};
//!
//! let src = br#"
//! region = "eu-west-1" # the default
//! resource "aws_instance" "web" {
//!   ami   = var.ami
//!   count = 2
//! }
//! resource "aws_instance" "db" {
//!   tags = { Name = "db-${var.env}" }
//! }
//! "#;
//! let doc = native_to_json(src.as_slice(), "main.tf", &ToJsonOptions::default()).unwrap();
//! assert_eq!(
//!     doc.to_pretty(),
//!     r#"{
//!   "region": "eu-west-1",
//!   "//": "the default",
//!   "resource": {
//!     "aws_instance": {
//!       "web": {
//!         "ami": "${var.ami}",
//!         "count": 2
//!       },
//!       "db": {
//!         "tags": {
//!           "Name": "db-${var.env}"
//!         }
//!       }
//!     }
//!   }
//! }"#
//! );
//! ```

mod to_json;
mod to_native;
mod write_json;

pub use to_json::{body_to_json, escape_template, file_to_json, BlockShape, ToJsonOptions};
pub use to_native::{data_to_native, file_to_native, json_to_native, BlockSchema, Schema};
pub use write_json::write_file_json;

use std::sync::Arc;

use hclkit_value::json::Node;

use crate::diagnostic::Diagnostics;

/// Parses native source and converts it with [`file_to_json`]; the parse diagnostics when
/// there are errors (the conversion's warnings are dropped: call [`file_to_json`] for them).
///
/// ```
/// use hclkit::transcode::{native_to_json, ToJsonOptions};
///
/// let err = native_to_json(b"a = ".as_slice(), "x.hcl", &ToJsonOptions::default()).unwrap_err();
/// assert!(err.has_errors());
/// ```
pub fn native_to_json(src: impl Into<Arc<[u8]>>, filename: &str, opts: &ToJsonOptions) -> Result<Node, Diagnostics> {
    let (file, diags) = crate::syntax::native::parse_config(src, filename).into_parts();
    if diags.has_errors() {
        return Err(diags);
    }
    Ok(file_to_json(&file, opts).0)
}
