//! The projection that stops a graph of all solutions as soon as its growth shows it cannot
//! fit its memory limit ([`MemoError::WouldPassLimit`]), rather than when it has filled it.

use super::table::Budget;
use super::{bytes, MemoError};

/// [`bytes`] of a projection, which may pass every `usize`: a power of ten past a thousand TiB.
pub(super) fn approximate_bytes(count: f64) -> String {
    if count < (1u64 << 50) as f64 {
        bytes(count as usize)
    } else {
        format!("10^{:.0} bytes", count.log10().floor())
    }
}

/// The signatures each level of a graph kept whole makes as it is expanded (its successors
/// not seen before): the projection of what the rest will take, to stop at once a graph
/// that cannot fit ([`MemoError::WouldPassLimit`]).
#[derive(Default)]
pub(super) struct Growth {
    /// Each level done that made signatures, with their number.
    sizes: Vec<(usize, u64)>,
    /// The signatures held after the last level done.
    live: u64,
}

impl Growth {
    /// Projections start once the graph holds this share of the limit: below it, a graph
    /// fails fast enough by the limit itself.
    const FROM_SHARE: usize = 64;
    /// A graph is stopped when its projection is this many times the limit, so that a
    /// projection off by that much still lets it run.
    const MARGIN: f64 = 4.0;
    /// The levels ahead a projection looks: the graph stops when their growth alone would
    /// take it past [`MARGIN`](Self::MARGIN) times the limit.
    const AHEAD: f64 = 3.0;

    /// Level `level` (of `levels`) is expanded, and `live` signatures, none freed, take the
    /// budget's bytes now. An error when the next [`AHEAD`](Self::AHEAD) levels, each making
    /// more than the last by the mean growth of the last three levels, would take more than
    /// [`MARGIN`](Self::MARGIN) times the limit.
    pub(super) fn done(
        &mut self,
        (level, levels): (usize, usize),
        live: u64,
        budget: &Budget,
    ) -> Result<(), MemoError> {
        let signatures = live.saturating_sub(self.live);
        self.live = live;
        if signatures == 0 {
            return Ok(());
        }
        self.sizes.push((level, signatures));
        let used = budget.used();
        let done = self.sizes.len();
        if used < budget.limit / Self::FROM_SHARE || done < 4 || live == 0 {
            return Ok(());
        }
        let over = (self.sizes[done - 4].1, signatures);
        let growth = (over.1 as f64 / over.0 as f64).powf(1.0 / 3.0);
        if growth <= 1.0 {
            return Ok(());
        }
        // Only a few levels ahead: the levels of a grid grow, then shrink towards the end.
        // Levels advance by the items an option settles, as many at a time as so far.
        let per_level = (level - self.sizes[0].0) as f64 / (done - 1) as f64;
        let left = ((levels - level) as f64 / per_level.max(1.0)).floor();
        let ahead = left.min(Self::AHEAD);
        // s (g + g^2 + ... + g^ahead) signatures, at the bytes a signature takes now.
        let future = signatures as f64 * growth * (growth.powf(ahead) - 1.0) / (growth - 1.0);
        let projected = used as f64 + future * used as f64 / live as f64;
        if projected > Self::MARGIN * budget.limit as f64 {
            return Err(MemoError::WouldPassLimit {
                limit: budget.limit,
                used,
                // A float converts to an integer saturating.
                projected: projected as u128,
                growth: over,
                level,
                levels,
            });
        }
        Ok(())
    }
}
