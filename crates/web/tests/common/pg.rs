//! A real PostgreSQL server for the tests: a new cluster in a temporary folder, on a free
//! loopback port, stopped and removed when dropped. It needs PostgreSQL's server programs
//! (Debian: `postgresql`; `.ci/run` installs it); without them a test fails, unless
//! `DAMIER_NO_POSTGRES=1` leaves the PostgreSQL tests out.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

pub struct PgServer {
    dir: PathBuf,
    bin: PathBuf,
    port: u16,
}

/// The folder of `initdb`, `pg_ctl` and `postgres`: on the PATH, or Debian's versioned one.
fn bin_dir() -> Option<PathBuf> {
    let on_path = std::env::var_os("PATH").and_then(|path| {
        std::env::split_paths(&path)
            .find(|d| d.join("initdb").is_file() && d.join("pg_ctl").is_file())
    });
    on_path.or_else(|| {
        let mut versions: Vec<PathBuf> = std::fs::read_dir("/usr/lib/postgresql")
            .ok()?
            .filter_map(|e| e.ok().map(|e| e.path().join("bin")))
            .filter(|d| d.join("initdb").is_file())
            .collect();
        versions.sort();
        versions.pop()
    })
}

fn is_root() -> bool {
    Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|o| String::from_utf8_lossy(&o.stdout).trim() == "0")
}

/// PostgreSQL refuses to run as root: as root, its programs run as the `postgres` user.
fn run(bin: &Path, program: &str, args: &[&str]) -> std::process::Output {
    let exe = bin.join(program);
    let mut cmd = if is_root() {
        let mut c = Command::new("runuser");
        c.args(["-u", "postgres", "--"]).arg(&exe);
        c
    } else {
        Command::new(&exe)
    };
    cmd.args(args)
        .stdin(Stdio::null())
        .output()
        .unwrap_or_else(|e| panic!("cannot run {program}: {e}"))
}

impl PgServer {
    /// Start a server, or `None` when PostgreSQL is left out on purpose.
    pub fn start(name: &str) -> Option<PgServer> {
        let Some(bin) = bin_dir() else {
            if std::env::var_os("DAMIER_NO_POSTGRES").is_some() {
                eprintln!("DAMIER_NO_POSTGRES is set: the PostgreSQL tests are left out");
                return None;
            }
            panic!(
                "the PostgreSQL tests need PostgreSQL's server programs (apt-get install \
                 postgresql; .ci/run installs it), or DAMIER_NO_POSTGRES=1 to leave them out"
            );
        };
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let dir =
            std::env::temp_dir().join(format!("damier-pg-{name}-{}-{port}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        if is_root() {
            let owned = Command::new("chown")
                .args(["-R", "postgres:postgres"])
                .arg(&dir)
                .status()
                .unwrap();
            assert!(owned.success(), "chown {}", dir.display());
        }
        let data = dir.join("data");
        let data_s = data.to_str().unwrap();
        let init = run(
            &bin,
            "initdb",
            &[
                "-D",
                data_s,
                "-U",
                "damier",
                "--auth=trust",
                "--no-sync",
                "-E",
                "UTF8",
            ],
        );
        assert!(
            init.status.success(),
            "initdb: {}",
            String::from_utf8_lossy(&init.stderr)
        );
        let options = format!(
            "-p {port} -k {} -c listen_addresses=127.0.0.1 -c fsync=off",
            dir.display()
        );
        let log = dir.join("log");
        let started = run(
            &bin,
            "pg_ctl",
            &[
                "-D",
                data_s,
                "-l",
                log.to_str().unwrap(),
                "-o",
                &options,
                "-w",
                "-t",
                "60",
                "start",
            ],
        );
        assert!(
            started.status.success(),
            "pg_ctl start: {}{}",
            String::from_utf8_lossy(&started.stderr),
            std::fs::read_to_string(&log).unwrap_or_default()
        );
        Some(PgServer { dir, bin, port })
    }

    /// The address of its `postgres` database.
    pub fn url(&self) -> String {
        format!("postgres://damier@127.0.0.1:{}/postgres", self.port)
    }
}

impl Drop for PgServer {
    fn drop(&mut self) {
        let data = self.dir.join("data");
        let _ = run(
            &self.bin,
            "pg_ctl",
            &[
                "-D",
                data.to_str().unwrap(),
                "-m",
                "immediate",
                "-w",
                "stop",
            ],
        );
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}
