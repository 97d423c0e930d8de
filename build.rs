//! The version that `dlx --version` prints: the package's, and where the build is of a git
//! checkout, the commit (`dlx 0.1.0 (commit 0123456789ab)`), so that two builds that differ
//! say so. A build from the published package has no commit and prints the version alone.

use std::path::Path;
use std::process::Command;

fn main() {
    let version = env!("CARGO_PKG_VERSION");
    // Built again when the checkout moves to another commit: HEAD, the branch it names, and
    // the packed references where a branch may live.
    println!("cargo:rerun-if-changed=build.rs");
    let git = Path::new(".git");
    if let Ok(head) = std::fs::read_to_string(git.join("HEAD")) {
        println!("cargo:rerun-if-changed=.git/HEAD");
        if let Some(branch) = head.trim().strip_prefix("ref: ") {
            if git.join(branch).exists() {
                println!("cargo:rerun-if-changed=.git/{branch}");
            }
        }
        if git.join("packed-refs").exists() {
            println!("cargo:rerun-if-changed=.git/packed-refs");
        }
    }
    let commit = Command::new("git")
        .args(["rev-parse", "--short=12", "HEAD"])
        .output()
        .ok()
        .filter(|output| output.status.success() && git.exists())
        .and_then(|output| String::from_utf8(output.stdout).ok())
        .map(|hash| hash.trim().to_owned())
        .filter(|hash| !hash.is_empty() && hash.bytes().all(|b| b.is_ascii_hexdigit()));
    match commit {
        Some(hash) => println!("cargo:rustc-env=DLX_VERSION={version} (commit {hash})"),
        None => println!("cargo:rustc-env=DLX_VERSION={version}"),
    }
}
