//! The recipes of docs/scale-out.md, run for real: the GNU parallel script here and over ssh
//! to a host whose `/tmp` is its own, the Slurm array script on a real single-node Slurm
//! cluster that the test starts and stops, and the Kubernetes indexed Job, its manifest
//! checked against Kubernetes' schema and its command run for every index.
//!
//! Each needs tools from outside Rust (GNU parallel; sshd and `unshare`; Slurm and MUNGE;
//! `kubernetes-validate` and PyYAML). Where one is missing the test says so and passes,
//! unless `DLX_SCALE_OUT_TESTS=required` (set by `.ci/run`, which installs them all).

use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use crate::shards::scratch;
use crate::util;

/// 16 queens: 14,772,512 solutions (OEIS A000170), about a second a shard of 8 here.
const QUEENS16: &str = "14772512";

fn binary() -> &'static str {
    env!("CARGO_BIN_EXE_dlx")
}

/// Whether every program in `programs` runs; if not, the test is skipped (or fails, where
/// the tools are required).
fn have(programs: &[&[&str]]) -> bool {
    let missing: Vec<String> = programs
        .iter()
        .filter(|line| {
            !Command::new(line[0])
                .args(&line[1..])
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .status()
                .is_ok_and(|status| status.success())
        })
        .map(|line| line.join(" "))
        .collect();
    if missing.is_empty() {
        return true;
    }
    assert!(
        std::env::var("DLX_SCALE_OUT_TESTS").as_deref() != Ok("required"),
        "not installed: {missing:?}"
    );
    eprintln!("skipped: not installed: {missing:?}");
    false
}

fn run(command: &mut Command) -> Output {
    command.output().unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// The problem of 16 queens, written by `dlx queens 16 --format dlx`.
fn queens16(dir: &Path) -> PathBuf {
    let path = dir.join("queens16.dlx");
    let out = run(Command::new(binary()).args(["queens", "16", "--format", "dlx"]));
    assert!(out.status.success());
    std::fs::write(&path, out.stdout).unwrap();
    path
}

/// `dlx merge` of the files in `dir` whose names end with `suffix`.
fn merge_folder(dir: &Path, suffix: &str, status: bool) -> Output {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.to_str().unwrap().ends_with(suffix))
        .collect();
    files.sort();
    let mut command = Command::new(binary());
    command.arg("merge");
    if status {
        command.arg("--status");
    }
    run(command.args(files))
}

/// The GNU parallel script: one shard fails (stopped by a limit, so its record says
/// incomplete and its status is 1) and one is killed (SIGKILL, before it wrote anything);
/// the others go on, the script says what to do and exits with 1; run again, it runs those
/// two only and prints the exact total.
#[test]
fn gnu_parallel_resumes_failed_and_killed_shards() {
    if !have(&[&["parallel", "--version"]]) {
        return;
    }
    let dir = scratch("parallel");
    let results = dir.join("results");
    // A dlx that, while the file `fail` exists, stops shard 4 early and is killed on shard 2.
    let wrapper = dir.join("dlx-wrapper");
    let fail = dir.join("fail");
    std::fs::write(
        &wrapper,
        format!(
            "#!/bin/sh\nif [ -e '{fail}' ]; then case \"$*\" in\n\
             *'--shard 4/6'*) exec '{dlx}' \"$@\" --node-limit 5;;\n\
             *'--shard 2/6'*) kill -KILL $$;;\nesac; fi\nexec '{dlx}' \"$@\"\n",
            fail = fail.display(),
            dlx = binary(),
        ),
    )
    .unwrap();
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&wrapper, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    std::fs::write(&fail, "").unwrap();
    let script = |dir: &Path| {
        run(Command::new("bash")
            .arg(util::repo_root().join("scripts/shards-gnu-parallel.sh"))
            .arg(util::corpus_path("queens10.dlx"))
            .args(["6", results.to_str().unwrap(), "--jobs", "2"])
            .env("DLX", &wrapper)
            .current_dir(dir))
    };
    let first = script(&dir);
    assert_eq!(first.status.code(), Some(1), "{}", text(&first.stderr));
    let stderr = text(&first.stderr);
    assert!(
        stderr.contains("2 shards did not finish")
            && stderr.contains("incomplete: 4/6")
            && stderr.contains("the node limit was reached")
            && stderr.contains("missing: 2/6"),
        "{stderr}"
    );
    let done: Vec<_> = [0, 1, 3, 5]
        .into_iter()
        .map(|i| {
            let path = results.join(format!("shard-{i}-of-6.out"));
            std::fs::metadata(path).unwrap().modified().unwrap()
        })
        .collect();
    std::fs::remove_file(&fail).unwrap();
    let again = script(&dir);
    assert!(again.status.success(), "{}", text(&again.stderr));
    assert_eq!(text(&again.stdout), "724\n");
    // Only the failed shards ran again: the others' records are the first run's.
    let after: Vec<_> = [0, 1, 3, 5]
        .into_iter()
        .map(|i| {
            let path = results.join(format!("shard-{i}-of-6.out"));
            std::fs::metadata(path).unwrap().modified().unwrap()
        })
        .collect();
    assert_eq!(done, after);
    let joblog = std::fs::read_to_string(results.join("joblog")).unwrap();
    assert_eq!(joblog.lines().count(), 1 + 6 + 2, "{joblog}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The traps of the GNU parallel script, each of which once printed a wrong total with exit
/// status 0 or ran a command hidden in a file name: a folder reused for another problem, or
/// for another N, is refused (the joblog knows jobs by number only); a problem whose path
/// holds a space and `$(...)` is counted as it is, running nothing; and a record of another
/// problem slipped into the folder is refused by the merge's `--expect`.
#[test]
fn gnu_parallel_refuses_a_folder_of_another_count() {
    if !have(&[&["parallel", "--version"]]) {
        return;
    }
    let dir = scratch("parallel-traps");
    let odd = dir.join("sp ace$(touch PWNED).dlx");
    std::fs::copy(util::corpus_path("queens10.dlx"), &odd).unwrap();
    let script = |problem: &Path, shards: &str, results: &str| {
        run(Command::new("bash")
            .arg(util::repo_root().join("scripts/shards-gnu-parallel.sh"))
            .arg(problem)
            .args([shards, results])
            .env("DLX", binary())
            .current_dir(&dir))
    };
    let first = script(&odd, "4", "results");
    assert!(first.status.success(), "{}", text(&first.stderr));
    assert_eq!(text(&first.stdout), "724\n");
    assert!(
        !dir.join("PWNED").exists(),
        "a command in the file name ran"
    );
    for (problem, shards) in [(util::corpus_path("queens8.dlx"), "4"), (odd.clone(), "8")] {
        let again = script(&problem, shards, "results");
        assert_eq!(again.status.code(), Some(2), "{}", text(&again.stderr));
        assert!(
            text(&again.stderr).contains("holds the records of another count"),
            "{}",
            text(&again.stderr)
        );
        assert!(again.stdout.is_empty());
    }
    // A record of queens8 among queens10's: not added, whatever the counts.
    let foreign = run(Command::new(binary()).args([
        "solve",
        util::corpus_path("queens8.dlx").to_str().unwrap(),
        "--count",
        "--shard",
        "1/4",
    ]));
    std::fs::write(dir.join("results/shard-1-of-4.out"), &foreign.stdout).unwrap();
    let mixed = script(&odd, "4", "results");
    assert_ne!(mixed.status.code(), Some(0), "{}", text(&mixed.stdout));
    assert!(
        text(&mixed.stderr).contains("of another count"),
        "{}",
        text(&mixed.stderr)
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A free TCP port on the loopback.
fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// The GNU parallel script over `--sshlogin`, to an sshd on the loopback that runs in a
/// mount namespace of its own, where the results folder is another, empty one (a tmpfs
/// mounted over it): the records come back through ssh into this side's folder, where a `>`
/// run on the remote side would have written them into the other. (A namespace of its own
/// for the whole of `/tmp` would hide the binary and the problem too, wherever the checkout
/// is.)
#[test]
fn gnu_parallel_over_ssh_brings_the_records_back() {
    if !have(&[
        &["parallel", "--version"],
        &["unshare", "--version"],
        &["ssh", "-V"],
        &["test", "-x", "/usr/sbin/sshd"],
    ]) {
        return;
    }
    let dir = scratch("parallel-ssh");
    let home = dir.join("sshd");
    let results = dir.join("results");
    std::fs::create_dir_all(&home).unwrap();
    std::fs::create_dir_all(&results).unwrap();
    std::fs::write(results.join("here"), "").unwrap();
    for key in ["client", "host"] {
        let made = run(Command::new("ssh-keygen")
            .args(["-q", "-t", "ed25519", "-N", "", "-f"])
            .arg(home.join(key)));
        assert!(made.status.success(), "{}", text(&made.stderr));
    }
    let port = free_port();
    let config = home.join("sshd_config");
    std::fs::write(
        &config,
        format!(
            "Port {port}\nListenAddress 127.0.0.1\nHostKey {home}/host\n\
             AuthorizedKeysFile {home}/client.pub\nPermitRootLogin prohibit-password\n\
             PasswordAuthentication no\nUsePAM no\nStrictModes no\nPidFile {home}/sshd.pid\n",
            home = home.display()
        ),
    )
    .unwrap();
    std::fs::create_dir_all("/run/sshd").unwrap();
    let started = run(Command::new("unshare")
        .args(["--mount", "--propagation", "private", "sh", "-c"])
        .arg(format!(
            "mount -t tmpfs tmpfs '{}' && exec /usr/sbin/sshd -f '{}' -E '{}'",
            results.display(),
            config.display(),
            home.join("log").display()
        )));
    let stop = || stop_daemon(&home.join("sshd.pid"), "sshd");
    assert!(started.status.success(), "{}", text(&started.stderr));
    let ssh = format!(
        "ssh -p {port} -i {} -o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null \
         -o LogLevel=ERROR",
        home.join("client").display()
    );
    let waited = Instant::now();
    loop {
        let probe = run(Command::new("sh").arg("-c").arg(format!(
            "{ssh} root@127.0.0.1 'ls -A {} | wc -l'",
            results.display()
        )));
        if probe.status.success() {
            assert_eq!(
                text(&probe.stdout).trim(),
                "0",
                "the remote side's results folder is its own"
            );
            break;
        }
        if waited.elapsed() > Duration::from_secs(20) {
            stop();
            panic!("the sshd did not answer: {}", text(&probe.stderr));
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    std::fs::remove_file(results.join("here")).unwrap();
    let out = run(Command::new("bash")
        .arg(util::repo_root().join("scripts/shards-gnu-parallel.sh"))
        .arg(util::corpus_path("queens10.dlx"))
        .args(["4", results.to_str().unwrap(), "--ssh", &ssh])
        .args(["--sshlogin", "2/root@127.0.0.1"])
        .env("DLX", binary()));
    stop();
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout), "724\n");
    let joblog = std::fs::read_to_string(results.join("joblog")).unwrap();
    assert!(
        joblog
            .lines()
            .skip(1)
            .all(|line| line.contains("root@127.0.0.1")),
        "every shard ran over ssh: {joblog}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A single-node Slurm cluster in a folder of its own: MUNGE, the controller and the node's
/// daemon on free loopback ports, stopped when dropped.
struct Slurm {
    dir: PathBuf,
    config: PathBuf,
}

impl Slurm {
    fn start(dir: &Path) -> Slurm {
        let munge = dir.join("munge");
        std::fs::create_dir_all(&munge).unwrap();
        let made = run(Command::new("dd")
            .args(["if=/dev/urandom", "bs=1024", "count=1", "status=none"])
            .arg(format!("of={}", munge.join("munge.key").display())));
        assert!(made.status.success());
        let chmod = |mode: &str, path: &Path| {
            assert!(run(Command::new("chmod").arg(mode).arg(path))
                .status
                .success());
        };
        chmod("400", &munge.join("munge.key"));
        chmod("711", &munge);
        let socket = munge.join("socket");
        let started = run(Command::new("munged")
            .arg("--force")
            .arg(format!("--socket={}", socket.display()))
            .arg(format!("--key-file={}", munge.join("munge.key").display()))
            .arg(format!("--log-file={}", munge.join("log").display()))
            .arg(format!("--pid-file={}", munge.join("pid").display()))
            .arg(format!("--seed-file={}", munge.join("seed").display())));
        assert!(
            started.status.success(),
            "munged: {}",
            text(&started.stderr)
        );
        let host = text(&run(Command::new("hostname").arg("-s")).stdout)
            .trim()
            .to_owned();
        let cpus = std::thread::available_parallelism().map_or(1, |n| n.get());
        for sub in ["state", "spool"] {
            std::fs::create_dir_all(dir.join(sub)).unwrap();
        }
        let config = dir.join("slurm.conf");
        // proctrack/linuxproc and task/none: no cgroups to manage in a container; the
        // controller named with its address, which it must resolve to itself.
        std::fs::write(
            &config,
            format!(
                "ClusterName=dlxtest\nSlurmctldHost={host}(127.0.0.1)\nSlurmUser=root\n\
                 SlurmdUser=root\nAuthType=auth/munge\nCredType=cred/munge\n\
                 AuthInfo=socket={socket}\nSlurmctldPort={ctld}\nSlurmdPort={slurmd}\n\
                 StateSaveLocation={dir}/state\nSlurmdSpoolDir={dir}/spool\n\
                 SlurmctldPidFile={dir}/slurmctld.pid\nSlurmdPidFile={dir}/slurmd.pid\n\
                 SlurmctldLogFile={dir}/slurmctld.log\nSlurmdLogFile={dir}/slurmd.log\n\
                 ProctrackType=proctrack/linuxproc\nTaskPlugin=task/none\n\
                 SchedulerType=sched/builtin\nSelectType=select/cons_tres\n\
                 SelectTypeParameters=CR_Core\nReturnToService=2\nMpiDefault=none\n\
                 JobAcctGatherType=jobacct_gather/none\n\
                 AccountingStorageType=accounting_storage/none\n\
                 NodeName={host} NodeAddr=127.0.0.1 CPUs={cpus} State=UNKNOWN\n\
                 PartitionName=test Nodes={host} Default=YES MaxTime=INFINITE State=UP\n",
                socket = socket.display(),
                ctld = free_port(),
                slurmd = free_port(),
                dir = dir.display(),
            ),
        )
        .unwrap();
        let slurm = Slurm {
            dir: dir.to_owned(),
            config,
        };
        for daemon in [&["slurmctld", "-c"][..], &["slurmd"][..]] {
            let out = run(slurm.command(daemon[0]).args(&daemon[1..]));
            assert!(out.status.success(), "{daemon:?}: {}", text(&out.stderr));
        }
        let waited = Instant::now();
        loop {
            let state = run(slurm.command("sinfo").args(["-h", "-o", "%T"]));
            if text(&state.stdout).trim() == "idle" {
                break;
            }
            assert!(
                waited.elapsed() < Duration::from_secs(60),
                "the node did not come up: {} {}",
                text(&state.stdout),
                std::fs::read_to_string(dir.join("slurmctld.log")).unwrap_or_default()
            );
            std::thread::sleep(Duration::from_millis(200));
        }
        slurm
    }

    /// A Slurm command run against this cluster.
    fn command(&self, program: &str) -> Command {
        let mut command = Command::new(program);
        command.env("SLURM_CONF", &self.config);
        command
    }

    /// Submits `scripts/shards.sbatch` as an array; returns the job's number.
    fn submit(&self, array: &str, results: &Path, export: &str) -> String {
        let out = run(self
            .command("sbatch")
            .args(["--parsable", "--array", array])
            .arg(format!("--chdir={}", results.display()))
            .arg(format!("--export=ALL,{export}"))
            .arg(util::repo_root().join("scripts/shards.sbatch")));
        assert!(out.status.success(), "sbatch: {}", text(&out.stderr));
        text(&out.stdout).trim().to_owned()
    }

    /// Waits until none of the job's tasks is pending or running.
    fn wait(&self, job: &str) {
        let waited = Instant::now();
        loop {
            let queue = run(self.command("squeue").args(["-h", "-j", job]));
            if text(&queue.stdout).trim().is_empty() {
                return;
            }
            assert!(
                waited.elapsed() < Duration::from_secs(300),
                "job {job} still queued: {}",
                text(&queue.stdout)
            );
            std::thread::sleep(Duration::from_millis(200));
        }
    }
}

impl Drop for Slurm {
    fn drop(&mut self) {
        let _ = run(self.command("scontrol").arg("shutdown"));
        std::thread::sleep(Duration::from_millis(500));
        for (file, name) in [
            ("slurmd.pid", "slurmd"),
            ("slurmctld.pid", "slurmctld"),
            ("munge/pid", "munged"),
        ] {
            stop_daemon(&self.dir.join(file), name);
        }
    }
}

/// Sends SIGTERM to the process whose number `pid_file` holds, if it is still `name` (a
/// daemon already gone leaves its number to be taken by another process: another test's
/// chromedriver was killed so), and waits up to 10 s for it to go: a daemon still writing its
/// files while the test removes its folder made that removal fail (DirectoryNotEmpty).
fn stop_daemon(pid_file: &Path, name: &str) {
    let Ok(pid) = std::fs::read_to_string(pid_file) else {
        return;
    };
    let pid = pid.trim();
    let running = || {
        std::fs::read_to_string(format!("/proc/{pid}/comm")).is_ok_and(|comm| comm.trim() == name)
    };
    if running() {
        let _ = run(Command::new("kill").arg(pid));
        let asked = Instant::now();
        while running() && asked.elapsed() < Duration::from_secs(10) {
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

/// `scripts/shards.sbatch` on a real Slurm cluster: an array of 8 counts 16 queens; one task
/// is cancelled while it runs (its record says interrupted by SIGTERM) and merge refuses the
/// set; that task submitted again (with SHARDS, as the script asks of a part of an array)
/// completes it, and merge gives the exact count, passing over the incomplete record.
#[test]
fn a_slurm_array_counts_and_runs_a_cancelled_task_again() {
    // (`sbatch --version` fails without a configuration, which the test makes.)
    if !have(&[
        &["munged", "--version"],
        &["slurmctld", "-V"],
        &[
            "sh",
            "-c",
            "command -v sbatch && command -v squeue && command -v scancel",
        ],
    ]) {
        return;
    }
    let dir = scratch("slurm");
    let slurm = Slurm::start(&dir);
    let results = dir.join("results");
    std::fs::create_dir_all(&results).unwrap();
    let problem = queens16(&dir);
    let export = format!(
        "PROBLEM={},DLX={},PROGRESS=0.1",
        problem.display(),
        binary()
    );
    let job = slurm.submit("0-7", &results, &export);
    // Task 3 is cancelled once its log shows it searching.
    let log = results.join(format!("shard-{job}_3.err"));
    let waited = Instant::now();
    while !std::fs::read_to_string(&log).is_ok_and(|log| log.contains("dlx: progress:")) {
        assert!(
            waited.elapsed() < Duration::from_secs(120),
            "task 3 never ran"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    let cancelled = run(slurm.command("scancel").arg(format!("{job}_3")));
    assert!(cancelled.status.success(), "{}", text(&cancelled.stderr));
    slurm.wait(&job);
    let record = std::fs::read_to_string(results.join(format!("shard-{job}_3.out"))).unwrap();
    assert!(
        record.contains("status: incomplete: interrupted by SIGTERM\n"),
        "{record}"
    );
    let refused = merge_folder(&results, ".out", false);
    assert_eq!(refused.status.code(), Some(2));
    assert!(
        text(&refused.stderr).contains("incomplete: 3/8"),
        "{}",
        text(&refused.stderr)
    );

    // A part of the array that does not say N is refused by the script.
    let wrong = slurm.submit("3", &results, &export);
    slurm.wait(&wrong);
    let log = std::fs::read_to_string(results.join(format!("shard-{wrong}_3.err"))).unwrap();
    assert!(log.contains("give the number of shards, SHARDS=N"), "{log}");
    let _ = std::fs::remove_file(results.join(format!("shard-{wrong}_3.out")));

    let again = slurm.submit("3", &results, &format!("{export},SHARDS=8"));
    slurm.wait(&again);
    let merged = merge_folder(&results, ".out", false);
    assert!(merged.status.success(), "{}", text(&merged.stderr));
    assert_eq!(text(&merged.stdout).trim(), QUEENS16);
    let status = merge_folder(&results, ".out", true);
    assert!(
        text(&status.stdout).contains("done: 8 of 8 shards (9 records)"),
        "{}",
        text(&status.stdout)
    );
    drop(slurm);
    // A task's step may still be closing its files when the daemons have gone: the folder
    // is removed once it is quiet (and `scratch` clears it before another run anyway).
    let asked = Instant::now();
    while std::fs::remove_dir_all(&dir).is_err() && asked.elapsed() < Duration::from_secs(10) {
        std::thread::sleep(Duration::from_millis(100));
    }
}

/// The indexed Job of deploy/kubernetes: the manifest passes Kubernetes' schema (strictly:
/// no field it does not know), and its container's command, run for every index with the
/// volumes' mount paths on local folders, writes records that add up to the exact count.
#[test]
fn the_kubernetes_job_validates_and_its_command_counts() {
    if !have(&[
        &["kubernetes-validate", "--version"],
        &["python3", "-c", "import yaml"],
    ]) {
        return;
    }
    let manifest = util::repo_root().join("deploy/kubernetes/count-job.yaml");
    let checked = run(Command::new("kubernetes-validate")
        .args(["--strict", "--quiet"])
        .arg(&manifest));
    assert!(
        checked.status.success(),
        "{}{}",
        text(&checked.stdout),
        text(&checked.stderr)
    );
    // The Job's completions, its shell command, and its volumes' mount paths, as JSON.
    let read = run(Command::new("python3")
        .arg("-c")
        .arg(
            "import json, sys, yaml\n\
         job = [d for d in yaml.safe_load_all(open(sys.argv[1])) if d['kind'] == 'Job'][0]\n\
         c = job['spec']['template']['spec']['containers'][0]\n\
         print(json.dumps({'completions': job['spec']['completions'],\n\
                           'command': c['command'] + c['args'],\n\
                           'mounts': {m['name']: m['mountPath'] for m in c['volumeMounts']}}))",
        )
        .arg(&manifest));
    assert!(read.status.success(), "{}", text(&read.stderr));
    let job: serde_json::Value = serde_json::from_slice(&read.stdout).unwrap();
    let completions = job["completions"].as_u64().unwrap();
    let command: Vec<String> = job["command"]
        .as_array()
        .unwrap()
        .iter()
        .map(|word| word.as_str().unwrap().to_owned())
        .collect();
    assert_eq!(command[..2], ["sh", "-c"]);
    let dir = scratch("kubernetes");
    let problem_dir = dir.join("problem");
    let results = dir.join("results");
    std::fs::create_dir_all(&problem_dir).unwrap();
    std::fs::create_dir_all(&results).unwrap();
    std::fs::copy(
        util::corpus_path("queens10.dlx"),
        problem_dir.join("problem.dlx"),
    )
    .unwrap();
    // The volumes on local folders, and `dlx` the binary under test.
    let mut script = command[2].clone();
    for (volume, local) in [("problem", &problem_dir), ("results", &results)] {
        let mount = job["mounts"][volume].as_str().unwrap();
        for before in [" ", "\""] {
            script = script.replace(
                &format!("{before}{mount}/"),
                &format!("{before}{}/", local.display()),
            );
        }
    }
    let script = script.replacen("exec dlx ", &format!("exec {} ", binary()), 1);
    assert!(script.contains(binary()), "{script}");
    for index in 0..completions {
        let out = run(Command::new("sh")
            .args(["-c", &script])
            .env("JOB_COMPLETION_INDEX", index.to_string()));
        assert!(out.status.success(), "index {index}: {}", text(&out.stderr));
    }
    let merged = merge_folder(&results, ".out", false);
    assert!(merged.status.success(), "{}", text(&merged.stderr));
    assert_eq!(text(&merged.stdout), "724\n");
    // The merge Job: valid, and its command, on the same folders, prints the total.
    let merge_job = util::repo_root().join("deploy/kubernetes/merge-job.yaml");
    let checked = run(Command::new("kubernetes-validate")
        .args(["--strict", "--quiet"])
        .arg(&merge_job));
    assert!(checked.status.success(), "{}", text(&checked.stdout));
    let read = run(Command::new("python3")
        .arg("-c")
        .arg(
            "import sys, yaml\n\
         job = list(yaml.safe_load_all(open(sys.argv[1])))[0]\n\
         print(job['spec']['template']['spec']['containers'][0]['args'][0])",
        )
        .arg(&merge_job));
    let mut merge_script = text(&read.stdout).trim().to_owned();
    for (volume, local) in [("problem", &problem_dir), ("results", &results)] {
        let mount = job["mounts"][volume].as_str().unwrap();
        merge_script = merge_script.replace(&format!("{mount}/"), &format!("{}/", local.display()));
    }
    let merge_script = merge_script.replacen("exec dlx ", &format!("exec {} ", binary()), 1);
    assert!(
        merge_script.contains(&format!("--shards {completions}")),
        "{merge_script}"
    );
    let total = run(Command::new("sh").args(["-c", &merge_script]));
    assert!(
        total.status.success(),
        "{merge_script}: {}",
        text(&total.stderr)
    );
    assert_eq!(text(&total.stdout), "724\n");
    std::fs::remove_dir_all(&dir).unwrap();
}
