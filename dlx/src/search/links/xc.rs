//! The search loop of Algorithms X and C (TAOCP 7.2.2.1, steps X1-X8 and C1-C8).

use crate::search::{Event, Resume, Search};

impl Search {
    /// Algorithm X's search loop: a function of its own.
    #[inline(never)]
    pub(in crate::search) fn run_x(&mut self) -> Event {
        self.run_with::<false, false, false>()
    }

    /// Algorithm C's search loop: a function of its own too, so that what the compiler makes
    /// of it does not depend on [`run`](Search::run) around it.
    #[inline(never)]
    pub(in crate::search) fn run_c(&mut self) -> Event {
        self.run_with::<true, false, false>()
    }

    /// The loops of Algorithms X and C on a table that watches for emptied lists (see
    /// [`Links::choose_watched`](super::Links::choose_watched)): instances of their
    /// own, because the early stop slowed the plain loops by 5-8% (n queens, Langford pairs).
    #[inline(never)]
    pub(in crate::search) fn run_watched<const COLORS: bool>(&mut self) -> Event {
        self.links.sync_watched();
        self.run_with::<COLORS, false, true>()
    }

    /// The search loop with propagation at every node: an instance of its own, so that the
    /// plain loops stay Knuth's.
    #[inline(never)]
    pub(in crate::search) fn run_propagating<const COLORS: bool>(&mut self) -> Event {
        self.run_with::<COLORS, true, false>()
    }

    /// Steps X2 to X8 until the next solution, checkpoint or prefix, or the end. With
    /// `PROPAGATE`, each level entered runs the propagation (after X2 counts its node, unless
    /// it is a solution) and each level left puts back what that removed: a level whose
    /// propagation fails is left at once.
    #[inline(always)]
    pub(in crate::search) fn run_with<
        const COLORS: bool,
        const PROPAGATE: bool,
        const WATCH: bool,
    >(
        &mut self,
    ) -> Event {
        let Search {
            links,
            level: saved_level,
            choice,
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
        // Checked once here: the loop walks nodes and items read from the table.
        links.check_colors::<COLORS>();
        let mut level = *saved_level;
        let mut enter = match *resume {
            Resume::EnterLevel => true,
            Resume::LeaveLevel => false,
            Resume::Finished => return Event::Done,
        };
        // A local copy, written back on the way out: counting through the field cost
        // Langford pairs 6% more instructions.
        let mut quiet = *quiet_solutions;
        let nonempty = PROPAGATE && propagate.as_ref().is_some_and(|p| p.leaves_no_empty_list());
        let event = 'search: loop {
            if enter {
                // X2 [Enter level l.]
                if PROPAGATE {
                    propagate.as_mut().expect("propagating").enter(level);
                }
                if *nodes >= *checkpoint_at {
                    *saved_level = level;
                    *resume = Resume::EnterLevel;
                    break 'search Event::Checkpoint;
                }
                if level >= *cutoff && !links.all_covered() {
                    *saved_level = level;
                    *resume = Resume::LeaveLevel;
                    break 'search Event::Prefix;
                }
                *nodes += 1;
                profile[level] += 1;
                if links.all_covered() {
                    if quiet == 0 {
                        *saved_level = level;
                        *resume = Resume::LeaveLevel;
                        break 'search Event::Solution;
                    }
                    quiet -= 1;
                    enter = false;
                    continue;
                }
                if PROPAGATE {
                    let propagate = propagate.as_mut().expect("propagating");
                    if !propagate.run(links, &choice[..level], &[]) {
                        enter = false;
                        continue;
                    }
                }
                // X3 [Choose i.]
                let i = if WATCH {
                    links.choose_watched()
                } else if PROPAGATE && nonempty {
                    links.choose_nonempty()
                } else {
                    links.choose()
                };
                // X4 [Cover i.]
                links.cover_item::<COLORS, WATCH>(i);
                choice[level] = links.down(i) as u32;
            } else {
                // X8 [Leave level l.]
                if PROPAGATE {
                    propagate.as_mut().expect("propagating").leave(links, level);
                }
                if level == base {
                    *resume = Resume::Finished;
                    *saved_level = base;
                    break 'search Event::Done;
                }
                level -= 1;
                // X6 [Try again.]
                let x = choice[level] as usize;
                links.uncover_rest_from_table::<COLORS, WATCH>(x);
                choice[level] = links.down(x) as u32;
            }
            loop {
                // X5 [Try x_l.]
                let x = choice[level] as usize;
                if links.is_header(x) {
                    // X7 [Backtrack.] (x_l = i: the item's options are exhausted.)
                    links.uncover_item::<COLORS, WATCH>(x);
                    // X8 [Leave level l.]
                    if PROPAGATE {
                        propagate.as_mut().expect("propagating").leave(links, level);
                    }
                    if level == base {
                        *resume = Resume::Finished;
                        *saved_level = base;
                        break 'search Event::Done;
                    }
                    level -= 1;
                    // X6 [Try again.]
                    let x = choice[level] as usize;
                    links.uncover_rest_from_table::<COLORS, WATCH>(x);
                    choice[level] = links.down(x) as u32;
                    continue;
                }
                links.cover_rest_from_table::<COLORS, WATCH>(x);
                level += 1;
                break;
            }
            enter = true;
        };
        *quiet_solutions = quiet;
        event
    }
}
