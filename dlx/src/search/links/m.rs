//! Algorithm M's search loop (TAOCP 7.2.2.1, steps M1-M9): exact cover with multiplicities,
//! primary items covered between `u` and `v` times, and colors.

use crate::search::{Event, Resume, Search};

/// The branching degree at which Algorithm M's propagating search takes the first item it
/// finds (see `Links::choose_bounded_until`): a forced one.
const FORCED_DEGREE: i64 = 1;

impl Search {
    /// Step M3's stop for this search: the first item with at most this branching degree
    /// is taken, as `run_bounded` takes it (0 for Knuth's choice, in the plain search).
    pub(in crate::search) fn enough_degree(&self) -> i64 {
        if self.propagate.is_some() {
            FORCED_DEGREE
        } else {
            0
        }
    }

    /// Algorithm M's search loop without colors: a function of its own, as `run_x` is.
    #[inline(never)]
    pub(in crate::search) fn run_m(&mut self) -> Event {
        self.run_bounded::<false, false>()
    }

    /// Algorithm M's search loop with colors, a function of its own as well.
    #[inline(never)]
    pub(in crate::search) fn run_m_colored(&mut self) -> Event {
        self.run_bounded::<true, false>()
    }

    /// Algorithm M: exact cover with multiplicities (and colors), TAOCP 7.2.2.1.
    ///
    /// A level branches on the item `i` with the smallest branching degree (see
    /// `Links::choose_bounded`): on each option of `i` in turn, each time *tweaking* the
    /// options already tried out of `i`'s list so that the options of `i` in a solution are
    /// chosen in list order (no solution twice), and finally on the null move that leaves `i`
    /// as it is, when its lower bound allows.
    ///
    /// With `PROPAGATE`, as in Algorithms X and C, each level entered runs the propagation
    /// (after M2 counts its node, unless it is a solution) and each level left puts back what
    /// that removed, after the level's own branches are undone: a level whose propagation
    /// fails is left at once.
    #[inline(always)]
    pub(in crate::search) fn run_bounded<const COLORS: bool, const PROPAGATE: bool>(
        &mut self,
    ) -> Event {
        let Search {
            links,
            level: saved_level,
            choice,
            first_tweak,
            degree,
            resume,
            base,
            cutoff,
            nodes,
            profile,
            checkpoint_at,
            propagate,
            quiet_solutions,
            ..
        } = self;
        let base = *base;
        // Checked once here: the loop walks nodes read from the table.
        links.check_colors::<COLORS>();
        let mut level = *saved_level;
        // Whether the loop starts at M2 (enter a level) or at M9 (leave one). Within a turn,
        // `leave` says whether M5 follows (try the level's current x_l) or M9: two states,
        // not a step variable of three, which cost a dispatch at every step.
        let mut enter = match *resume {
            Resume::EnterLevel => true,
            Resume::LeaveLevel => false,
            Resume::Finished => return Event::Done,
        };
        loop {
            let mut leave = !enter;
            if enter {
                // M2 [Enter level l.]
                if PROPAGATE {
                    propagate.as_mut().expect("propagating").enter(level);
                }
                if *nodes >= *checkpoint_at {
                    *saved_level = level;
                    *resume = Resume::EnterLevel;
                    return Event::Checkpoint;
                }
                // (The first level with `cutoff` options above it follows an option.)
                if level >= *cutoff
                    && !links.all_covered()
                    && choice[..level]
                        .iter()
                        .filter(|&&x| !links.is_header(x as usize))
                        .count()
                        == *cutoff
                {
                    *saved_level = level;
                    *resume = Resume::LeaveLevel;
                    return Event::Prefix;
                }
                *nodes += 1;
                profile[level] += 1;
                if links.all_covered() {
                    if *quiet_solutions == 0 {
                        *saved_level = level;
                        *resume = Resume::LeaveLevel;
                        return Event::Solution;
                    }
                    *quiet_solutions -= 1;
                    leave = true;
                } else if PROPAGATE
                    && !propagate.as_mut().expect("propagating").run(
                        links,
                        &choice[..level],
                        &degree[..level],
                    )
                {
                    leave = true;
                } else {
                    // M3 [Choose i.]
                    let (i, score) =
                        links.choose_bounded_until(if PROPAGATE { FORCED_DEGREE } else { 0 });
                    if score <= 0 {
                        leave = true;
                    } else {
                        // M4 [Prepare to branch on i.]
                        let x = links.down(i) as u32;
                        choice[level] = x;
                        first_tweak[level] = x;
                        degree[level] = score.min(u32::MAX as i64) as u32;
                        links.prepare_branch::<COLORS>(i);
                    }
                }
            }
            loop {
                if leave {
                    // M9 [Leave level l.]
                    if PROPAGATE {
                        propagate.as_mut().expect("propagating").leave(links, level);
                    }
                    if level == base {
                        *resume = Resume::Finished;
                        *saved_level = base;
                        return Event::Done;
                    }
                    level -= 1;
                    let x = choice[level] as usize;
                    if links.is_header(x) {
                        // The null move is this level's last branch.
                        links.reactivate(x);
                        links.restore::<COLORS>(x, first_tweak[level] as usize);
                        continue;
                    }
                    // M7 [Try again.]
                    links.uncover_rest_bounded_from_table::<COLORS>(x);
                    choice[level] = links.down(x) as u32;
                }
                // M5 [Possibly tweak x_l.]
                let x = choice[level] as usize;
                let i = if links.is_header(x) {
                    x
                } else {
                    links.item_of(x)
                };
                let (bound, slack) = (links.bound(i), links.slack(i));
                if bound == 0 && slack == 0 {
                    if x == i {
                        // M8 [Restore i.] (i was covered, not tweaked)
                        links.restore::<COLORS>(i, x);
                        leave = true;
                        continue;
                    }
                } else if links.too_few_left(i) {
                    // Too few options are left for i's lower bound.
                    links.restore::<COLORS>(i, first_tweak[level] as usize);
                    leave = true;
                    continue;
                } else if x != i {
                    links.tweak::<COLORS>(x, i, bound != 0);
                } else if bound != 0 {
                    // The null move: i takes no more options.
                    links.deactivate(i);
                }
                // M6 [Try x_l.]
                if x != i {
                    links.cover_rest_bounded_from_table::<COLORS>(x);
                }
                level += 1;
                break;
            }
            enter = true;
        }
    }
}
