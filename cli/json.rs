//! The JSON that the commands print besides boards (which `board.rs` writes): counts,
//! and the types that write numbers of any size whole. Each line is a value serialized by
//! serde, fields in the order of their struct.

use std::io::{self, Write};

use serde::ser::{Error, Serialize, Serializer};
use serde_json::value::RawValue;

/// A whole number of any size, from its decimal digits, written as a JSON number (a count
/// past 128 bits included), never as a string or through a float.
pub struct Whole(pub String);

impl Serialize for Whole {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        if self.0.is_empty() || !self.0.bytes().all(|b| b.is_ascii_digit()) {
            return Err(S::Error::custom(format!(
                "{:?} is not a whole number",
                self.0
            )));
        }
        RawValue::from_string(self.0.clone())
            .map_err(S::Error::custom)?
            .serialize(serializer)
    }
}

/// The line of `--count --format json`: the count, whether it is exact, and why not (a
/// shard's count is its record, `shard.rs`).
#[derive(serde::Serialize)]
pub struct CountLine {
    pub count: Whole,
    pub complete: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stopped: Option<String>,
}

/// Writes `value` as one line of JSON.
pub fn write_line<T: Serialize>(out: &mut dyn Write, value: &T) -> io::Result<()> {
    serde_json::to_writer(&mut *out, value)?;
    writeln!(out)
}

/// `value` as one line of JSON, without the line end (for stderr's notes).
pub fn line<T: Serialize>(value: &T) -> String {
    serde_json::to_string(value).expect("the values written here always serialize")
}
