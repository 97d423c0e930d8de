//! Names joined in a sentence, for the messages that list choices.

/// Names in a sentence: `a`, `a and b`, `a, b and c`.
pub fn and_list(names: &[&str]) -> String {
    joined(names, "and")
}

/// `a`, `a or b`, `a, b or c`.
pub fn or_list(names: &[&str]) -> String {
    joined(names, "or")
}

fn joined(names: &[&str], word: &str) -> String {
    match names {
        [] => String::new(),
        [one] => (*one).to_owned(),
        [rest @ .., last] => format!("{} {word} {last}", rest.join(", ")),
    }
}
