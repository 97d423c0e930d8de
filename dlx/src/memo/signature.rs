//! Signatures: the state of a subproblem as a few machine words, and options compiled into
//! word masks that test and apply themselves to a signature.
//!
//! The words hold, in order: one *settled* bit per primary item (covered as often as it may
//! be, or branched on and so closed), then for each primary item that may be covered more
//! than once the number of times it is covered so far, then for each secondary item its
//! state: 0 free, 1 taken without a color, `2 + k` taken with its `k`-th color. No field
//! straddles two words, so every test and update is a mask on one word.

use crate::problem::{ItemId, OptionId, Problem};

/// A field of a signature: `width` bits at `shift` in word `word`.
#[derive(Copy, Clone, Debug)]
struct Field {
    word: u32,
    shift: u32,
    mask: u64,
}

impl Field {
    fn get(self, state: &[u64]) -> u64 {
        (state[self.word as usize] >> self.shift) & self.mask
    }

    fn set(self, state: &mut [u64], value: u64) {
        let word = &mut state[self.word as usize];
        *word = (*word & !(self.mask << self.shift)) | (value << self.shift);
    }
}

/// An option as word masks: for each word it touches, the bits that must be zero and the
/// bits it sets; then the colored and counted items, which need more than a mask.
#[derive(Clone, Debug, Default)]
struct Compiled {
    masks: Vec<(u32, u64, u64)>,
    colored: Vec<(Field, u64)>,
    counted: Vec<u32>,
}

/// The signature layout of a problem, with its options compiled against it.
#[derive(Debug)]
pub(crate) struct Layout {
    /// Words in a signature.
    pub(crate) words: usize,
    /// Primary items, the settled bits at the start of the signature.
    pub(crate) primary: usize,
    /// For each primary item, `(min, max)`.
    bounds: Vec<(u32, u32)>,
    /// For each primary item with `max > 1`, the field counting its covers so far.
    counters: Vec<Option<Field>>,
    options: Vec<Compiled>,
    /// For each primary item, the options that contain it, in order.
    item_options: Vec<Vec<u32>>,
    /// For problems without colors and with few options: which options each bit of a
    /// signature rules out.
    conflicts: Option<Conflicts>,
}

/// For each bit of a signature that some option needs to be zero, the options that need it,
/// as a set of option numbers in words; and which bits those are. The options that no set
/// bit of a signature rules out are the options that fit it, found in a few word operations
/// a set bit, instead of testing each option in turn: choosing the item with the fewest
/// options tests every open item's options at every signature.
#[derive(Debug)]
struct Conflicts {
    option_words: usize,
    by_bit: Vec<u64>,
    used: Vec<u64>,
    /// For each primary item, its options as a set: the words from its first option's to its
    /// last option's (a reduction tends to list an item's options together).
    item_sets: Vec<(usize, Vec<u64>)>,
}

/// The most words of options [`Conflicts`] keeps per bit (4,096 options), and in all (32 MiB).
const CONFLICT_OPTION_WORDS: usize = 64;
const CONFLICT_WORDS: usize = 1 << 22;

/// Bits needed to write `0..=largest`.
fn width_for(largest: u64) -> u32 {
    (64 - largest.leading_zeros()).max(1)
}

/// Hands out fields in words, none straddling a word boundary.
struct Packer {
    word: u32,
    bit: u32,
}

impl Packer {
    fn field(&mut self, width: u32) -> Field {
        if self.bit + width > 64 {
            self.word += 1;
            self.bit = 0;
        }
        let field = Field {
            word: self.word,
            shift: self.bit,
            mask: if width == 64 {
                u64::MAX
            } else {
                (1 << width) - 1
            },
        };
        self.bit += width;
        field
    }

    fn words(&self) -> usize {
        self.word as usize + usize::from(self.bit > 0)
    }
}

impl Conflicts {
    /// The conflicts of `options` on signatures of `words` words, if the problem has no
    /// colors (a colored item's fit depends on more than one bit) and few enough options.
    fn new(options: &[Compiled], words: usize, item_options: &[Vec<u32>]) -> Option<Conflicts> {
        let option_words = options.len().div_ceil(64).max(1);
        if option_words > CONFLICT_OPTION_WORDS
            || words * 64 * option_words > CONFLICT_WORDS
            || options.iter().any(|compiled| !compiled.colored.is_empty())
        {
            return None;
        }
        let mut by_bit = vec![0u64; words * 64 * option_words];
        let mut used = vec![0u64; words];
        for (o, compiled) in options.iter().enumerate() {
            for &(word, zero, _) in &compiled.masks {
                used[word as usize] |= zero;
                let mut bits = zero;
                while bits != 0 {
                    let bit = word as usize * 64 + bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    by_bit[bit * option_words + o / 64] |= 1 << (o % 64);
                }
            }
        }
        let item_sets = item_options
            .iter()
            .map(|list| {
                let first = list.first().map_or(0, |&o| o as usize / 64);
                let last = list.last().map_or(0, |&o| o as usize / 64);
                let mut set = vec![0u64; last + 1 - first];
                for &o in list {
                    set[o as usize / 64 - first] |= 1 << (o % 64);
                }
                (first, set)
            })
            .collect();
        Some(Conflicts {
            option_words,
            by_bit,
            used,
            item_sets,
        })
    }
}

impl Layout {
    pub(crate) fn new(problem: &Problem) -> Layout {
        let primary = problem.primary_count();
        let items = problem.item_count();
        let bounds: Vec<(u32, u32)> = (0..primary)
            .map(|i| problem.bounds(ItemId(i as u32)).unwrap_or((1, 1)))
            .collect();
        let mut packer = Packer {
            word: (primary / 64) as u32,
            bit: (primary % 64) as u32,
        };
        let counters: Vec<Option<Field>> = bounds
            .iter()
            .map(|&(_, max)| (max > 1).then(|| packer.field(width_for(u64::from(max) - 1))))
            .collect();
        // Each secondary item's colors, numbered in order of first use.
        let mut colors: Vec<Vec<u32>> = vec![Vec::new(); items - primary];
        for option in problem.options() {
            for entry in problem.option(option) {
                if let Some(color) = entry.color() {
                    let seen = &mut colors[entry.item().index() - primary];
                    if !seen.contains(&color.0) {
                        seen.push(color.0);
                    }
                }
            }
        }
        let secondary: Vec<Field> = colors
            .iter()
            .map(|seen| packer.field(width_for(seen.len() as u64 + 1)))
            .collect();
        let mut item_options = vec![Vec::new(); primary];
        let options: Vec<Compiled> = problem
            .options()
            .map(|option: OptionId| {
                let mut compiled = Compiled::default();
                let mut add_mask = |word: u32, zero: u64, set: u64| match compiled
                    .masks
                    .iter_mut()
                    .find(|m| m.0 == word)
                {
                    Some(mask) => {
                        mask.1 |= zero;
                        mask.2 |= set;
                    }
                    None => compiled.masks.push((word, zero, set)),
                };
                let mut colored = Vec::new();
                let mut counted = Vec::new();
                for entry in problem.option(option) {
                    let index = entry.item().index();
                    if index < primary {
                        item_options[index].push(option.0);
                        let bit = 1u64 << (index % 64);
                        if counters[index].is_some() {
                            add_mask((index / 64) as u32, bit, 0);
                            counted.push(index as u32);
                        } else {
                            add_mask((index / 64) as u32, bit, bit);
                        }
                    } else {
                        let field = secondary[index - primary];
                        match entry.color() {
                            None => {
                                add_mask(field.word, field.mask << field.shift, 1 << field.shift)
                            }
                            Some(color) => {
                                let seen = &colors[index - primary];
                                let k = seen.iter().position(|&c| c == color.0).unwrap_or(0);
                                colored.push((field, 2 + k as u64));
                            }
                        }
                    }
                }
                compiled.masks.sort_unstable_by_key(|m| m.0);
                compiled.colored = colored;
                compiled.counted = counted;
                compiled
            })
            .collect();
        let words = packer.words().max(1);
        let conflicts = Conflicts::new(&options, words, &item_options);
        Layout {
            words,
            primary,
            bounds,
            counters,
            options,
            item_options,
            conflicts,
        }
    }

    /// How many options of primary item `item` are not in `blocked` (as
    /// [`blocked`](Self::blocked) wrote it).
    pub(crate) fn unblocked_options(&self, item: usize, blocked: &[u64]) -> usize {
        let conflicts = self.conflicts.as_ref().expect("blocked sets are kept");
        let (first, set) = &conflicts.item_sets[item];
        set.iter()
            .zip(&blocked[*first..])
            .map(|(&options, &ruled)| (options & !ruled).count_ones() as usize)
            .sum()
    }

    /// Writes into `blocked` the set of options that `state` rules out (bit `o % 64` of word
    /// `o / 64` for option `o`), and returns true; or returns false when this layout does not
    /// keep [`Conflicts`] (then [`fits`](Self::fits) tells option by option).
    pub(crate) fn blocked(&self, state: &[u64], blocked: &mut Vec<u64>) -> bool {
        let Some(conflicts) = &self.conflicts else {
            return false;
        };
        let width = conflicts.option_words;
        blocked.clear();
        blocked.resize(width, 0);
        for (w, (&word, &used)) in state.iter().zip(&conflicts.used).enumerate() {
            let mut bits = word & used;
            while bits != 0 {
                let bit = w * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let row = &conflicts.by_bit[bit * width..][..width];
                for (out, &ruled) in blocked.iter_mut().zip(row) {
                    *out |= ruled;
                }
            }
        }
        true
    }

    /// The options that contain primary item `item`.
    pub(crate) fn options_of(&self, item: usize) -> &[u32] {
        &self.item_options[item]
    }

    /// Whether option `option` can still be chosen in `state`.
    #[inline]
    pub(crate) fn fits(&self, option: u32, state: &[u64]) -> bool {
        let compiled = &self.options[option as usize];
        compiled
            .masks
            .iter()
            .all(|&(word, zero, _)| state[word as usize] & zero == 0)
            && compiled.colored.iter().all(|&(field, code)| {
                let value = field.get(state);
                value == 0 || value == code
            })
    }

    /// Chooses option `option`, which [`fits`](Self::fits) `state`.
    #[inline]
    pub(crate) fn apply(&self, option: u32, state: &mut [u64]) {
        let compiled = &self.options[option as usize];
        for &(word, _, set) in &compiled.masks {
            state[word as usize] |= set;
        }
        for &(field, code) in &compiled.colored {
            field.set(state, code);
        }
        for &item in &compiled.counted {
            let field = self.counters[item as usize].expect("a counted item has a counter");
            let covers = field.get(state) + 1;
            if covers == u64::from(self.bounds[item as usize].1) {
                self.settle(item as usize, state);
            } else {
                field.set(state, covers);
            }
        }
    }

    /// Closes primary item `item`: no option may cover it any more.
    pub(crate) fn settle(&self, item: usize, state: &mut [u64]) {
        state[item / 64] |= 1 << (item % 64);
        if let Some(field) = self.counters[item] {
            field.set(state, 0);
        }
    }

    /// How many more times `item` must and may be covered in `state`: `(min, max)`.
    pub(crate) fn need(&self, item: usize, state: &[u64]) -> (u32, u32) {
        let covers = self.counters[item].map_or(0, |field| field.get(state) as u32);
        let (min, max) = self.bounds[item];
        (min.saturating_sub(covers), max - covers)
    }

    /// The open primary items of `state`, in item order: a word of settled items is
    /// passed over at once, so a state deep in a long search costs its words, not its items.
    pub(crate) fn open_items<'s>(&self, state: &'s [u64]) -> impl Iterator<Item = usize> + 's {
        let primary = self.primary;
        state[..primary.div_ceil(64)]
            .iter()
            .enumerate()
            .flat_map(|(k, &word)| {
                let mut open = !word;
                std::iter::from_fn(move || {
                    (open != 0).then(|| {
                        let item = 64 * k + open.trailing_zeros() as usize;
                        open &= open - 1;
                        item
                    })
                })
            })
            .take_while(move |&item| item < primary)
    }

    /// The number of settled primary items in `state`.
    #[inline]
    pub(crate) fn settled(&self, state: &[u64]) -> usize {
        let full = self.primary / 64;
        let mut total: usize = state[..full].iter().map(|w| w.count_ones() as usize).sum();
        if self.primary % 64 != 0 {
            let mask = (1u64 << (self.primary % 64)) - 1;
            total += (state[full] & mask).count_ones() as usize;
        }
        total
    }

    /// The first primary item not yet settled in `state`, if any.
    #[inline]
    pub(crate) fn first_open(&self, state: &[u64]) -> Option<usize> {
        let words = self.primary.div_ceil(64);
        for (k, &word) in state[..words].iter().enumerate() {
            if word != u64::MAX {
                let item = 64 * k + word.trailing_ones() as usize;
                return (item < self.primary).then_some(item);
            }
        }
        None
    }
}
