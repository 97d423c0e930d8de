//! The names of a problem's items or colors, kept in one buffer.
//!
//! A puzzle's problem has hundreds of short names (`p37`, `r4a`), and a program may build
//! thousands of such problems a second: a string of its own for each name would be an
//! allocation when it is made and a free when the problem goes. Instead a builder copies each
//! name into one growing text, and the problem keeps that text and where each name ends.

/// Names in the order they were added, each found by its number.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Names {
    /// The names, one after another.
    text: String,
    /// Where each name ends in `text` (the next one starts there).
    ends: Vec<usize>,
}

impl Names {
    /// Room for `names` names of up to 8 bytes without growing.
    pub fn with_capacity(names: usize) -> Names {
        Names {
            text: String::with_capacity(names.saturating_mul(8)),
            ends: Vec::with_capacity(names),
        }
    }

    /// Adds a name; it is number `len()` before the call.
    #[inline]
    pub fn push(&mut self, name: &str) {
        self.text.push_str(name);
        self.ends.push(self.text.len());
    }

    /// The number of names.
    #[inline]
    pub fn len(&self) -> usize {
        self.ends.len()
    }

    /// Name number `k`.
    ///
    /// # Panics
    /// If there are not more than `k` names.
    #[inline]
    pub fn get(&self, k: usize) -> &str {
        let start = match k {
            0 => 0,
            _ => self.ends[k - 1],
        };
        &self.text[start..self.ends[k]]
    }

    /// The names in order.
    pub fn iter(&self) -> impl ExactSizeIterator<Item = &str> + '_ {
        let mut start = 0;
        self.ends.iter().map(move |&end| {
            let name = &self.text[start..end];
            start = end;
            name
        })
    }

    /// Adds `other`'s names after these.
    pub fn append(&mut self, other: &Names) {
        let shift = self.text.len();
        self.text.push_str(&other.text);
        self.ends.extend(other.ends.iter().map(|end| end + shift));
    }
}

#[cfg(test)]
mod tests {
    use super::Names;

    #[test]
    fn names_read_back_in_order_after_appending() {
        let mut first = Names::default();
        for name in ["a", "", "bc", "項目"] {
            first.push(name);
        }
        let mut second = Names::default();
        second.push("x1");
        second.push("");
        first.append(&second);
        assert_eq!(first.len(), 6);
        assert_eq!(
            first.iter().collect::<Vec<_>>(),
            ["a", "", "bc", "項目", "x1", ""]
        );
        assert_eq!(first.get(3), "項目");
        assert_eq!(Names::default().iter().count(), 0);
    }
}
