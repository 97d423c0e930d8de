//! `dlx binairo`: a game ([`super::game`]) with its own flags, the encoding to solve in and
//! `--repeats`.

use anyhow::Result;
use reductions::binairo::{Binairo, Strategy};

use crate::args::{BinairoArgs, BinairoEncoding};
use crate::process::Found;

pub fn run(args: &BinairoArgs) -> Result<Found> {
    let reduction = Binairo {
        strategy: match args.encoding {
            Some(BinairoEncoding::Cells) => Strategy::Cells,
            Some(BinairoEncoding::Patterns) => Strategy::Patterns,
            Some(BinairoEncoding::Colors) => Strategy::Colors,
            None => Strategy::Auto,
        },
    };
    let run = super::game::Run {
        file: args.file.as_deref(),
        make: &args.make,
        flags: &args.flags,
        size_suffix: if args.repeats { "r" } else { "" },
    };
    super::game::run(&reduction, &run)
}
