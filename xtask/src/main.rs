//! The README's two commands, with nothing but the standard library.
//!
//! - `cargo xtask serve [--port N]`: installs what is missing (the wasm32 target, trunk
//!   [`TRUNK_VERSION`], wasm-bindgen-cli at the wasm-bindgen version locked in `Cargo.lock`),
//!   building the game's wasm meanwhile, then serves the release build with `trunk serve
//!   --release` on 127.0.0.1 (port 8080 unless told).
//! - `cargo xtask test`: installs what is missing (the above, in the background while the checks
//!   that need neither tool run; Debian's `chromium`, `chromium-driver` and `fonts-liberation`;
//!   the npm packages of `package-lock.json`), then runs every check in order and stops at the
//!   first that fails, naming it: formatting, the JavaScript unit tests, the supply chain
//!   (licences, bans and sources of the Rust dependencies against `deny.toml`, see [`deny`];
//!   `npm audit --omit=dev`), clippy (native and wasm32), native tests, the wasm-bindgen tests in
//!   headless Chromium, the trunk release build, the JavaScript type check and the end-to-end
//!   browser tests.
//!
//! - `cargo xtask package`: installs what is missing, builds the release, then makes the npm
//!   package `ultima-board` (a tarball in `target/npm/`) and its API page (`dist/api/`): see
//!   `package.rs`. `cargo xtask test` does the same after its release build.
//!
//! - `cargo xtask build-info`: trunk's post-build hook (Trunk.toml). Announces the game page's
//!   first modules in its head (`preload.rs`), then writes `www/build.js` into trunk's staging
//!   folder: the build's file list and an id hashed from every file's content, for the service
//!   worker (`sw.js`) to cache; under `cargo xtask serve` it says "no service worker" instead and
//!   removes `sw.js`, so the development server never installs one.
//!
//! Both are idempotent: an installed tool of the right version is left alone, so a warm run does
//! only the checks. Each step prints its name and wall time. Tools are installed quietly (see
//! [`job`]): one line of progress, the compiler's output in `target/xtask/*.log`, shown when
//! something fails.

mod deny;
mod job;
mod package;
mod preload;

use std::env;
use std::ffi::OsString;
use std::fmt;
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Stdio};
use std::time::{Duration, Instant};

use job::Job;

/// The trunk release the project builds with.
const TRUNK_VERSION: &str = "0.21.14";
/// The Rust target of the browser build.
const WASM_TARGET: &str = "wasm32-unknown-unknown";
/// The bindings crate: the one crate built for [`WASM_TARGET`].
const WASM_CRATE: &str = "ultima-wasm";
/// Debian's Chromium and ChromeDriver (packages `chromium` and `chromium-driver`).
const CHROMIUM: &str = "/usr/bin/chromium";
const CHROMEDRIVER: &str = "/usr/bin/chromedriver";
/// Chromium's sans-serif on Debian (its stand-in for Arial), which the board's coordinates are
/// drawn in: the golden images of `e2e/golden.test.mjs` need it (Debian package fonts-liberation).
const LIBERATION_SANS: &str = "/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf";
/// What the browser tests need from Debian, and the packages that bring it.
const BROWSER_FILES: [&str; 3] = [CHROMIUM, CHROMEDRIVER, LIBERATION_SANS];
const BROWSER_PACKAGES: [&str; 3] = ["chromium", "chromium-driver", "fonts-liberation"];
/// The oldest Node.js that runs the end-to-end tests (playwright-core needs 20).
const NODE_MAJOR_MIN: u32 = 20;
/// Where `cargo xtask serve` listens unless `--port` says otherwise.
const DEFAULT_PORT: u16 = 8080;
/// Set for `trunk serve` by `cargo xtask serve`: the build is for the development server.
const DEV_SERVER_ENV: &str = "ULTIMA_DEV_SERVER";
/// The build description `cargo xtask build-info` writes, relative to the build's root.
const BUILD_INFO: &str = "www/build.js";
/// The service worker, at the build's root so that its scope is the whole build.
const SERVICE_WORKER: &str = "sw.js";
/// Where `cargo xtask serve` builds (with trunk's live-reload script), apart from `dist/`.
const SERVE_DIST: &str = "target/trunk-serve";
/// Where the logs of quiet set-up commands go.
const LOG_DIR: &str = "target/xtask";
/// Where each tool install builds (`target/tools/<crate>`): an install that was stopped goes on
/// from where it was; the folder is removed once the tool is installed. One folder per tool, so
/// that installs can run at once (trunk's and wasm-bindgen-cli's locked dependencies are other
/// versions of the same crates: one shared folder would save nothing).
const TOOLS_TARGET_DIR: &str = "target/tools";

const USAGE: &str = "\
usage: cargo xtask <command>

commands:
  serve [--port N]  install what is missing, then build the release and serve it
                    on http://127.0.0.1:N/ (default 8080) with trunk
  test              install what is missing, then run every check and test in order:
                    fmt, JavaScript unit tests, Rust dependencies (deny.toml), npm
                    audit, clippy, native tests, wasm tests in headless Chromium,
                    trunk release build, JavaScript type check, end-to-end tests
  package           install what is missing, build the release, then the npm package
                    (target/npm/ultima-board-<version>.tgz) and its API page (dist/api/)
  build-info        (trunk's post-build hook) write www/build.js, the file list and
                    build id for the service worker, into TRUNK_STAGING_DIR
  help              print this message";

fn main() -> ExitCode {
    let args: Vec<String> = env::args().skip(1).collect();
    let command = match Cli::parse(&args) {
        Ok(command) => command,
        Err(message) => {
            eprintln!("xtask: {message}\n\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let mut steps = match Steps::new() {
        Ok(steps) => steps,
        Err(message) => {
            eprintln!("xtask: {message}");
            return ExitCode::FAILURE;
        }
    };
    let outcome = match command {
        Cli::Help => {
            println!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        Cli::Serve { port } => serve(&mut steps, port),
        Cli::Test => test(&mut steps),
        Cli::Package => package_release(&mut steps),
        Cli::BuildInfo => {
            return match build_info() {
                Ok(()) => ExitCode::SUCCESS,
                Err(message) => {
                    eprintln!("xtask build-info: {message}");
                    ExitCode::FAILURE
                }
            };
        }
    };
    steps.stop_background();
    steps.summary(&outcome);
    match outcome {
        Ok(()) => ExitCode::SUCCESS,
        Err(_) => ExitCode::FAILURE,
    }
}

/// A parsed command line.
#[derive(Debug, PartialEq, Eq)]
enum Cli {
    Serve { port: u16 },
    Test,
    Package,
    BuildInfo,
    Help,
}

impl Cli {
    fn parse(args: &[String]) -> Result<Cli, String> {
        let Some((command, rest)) = args.split_first() else {
            return Err("no command given".to_string());
        };
        match command.as_str() {
            "serve" => {
                let mut port = DEFAULT_PORT;
                let mut rest = rest.iter();
                while let Some(arg) = rest.next() {
                    let value = if arg == "--port" {
                        rest.next().map(String::as_str)
                    } else if let Some(value) = arg.strip_prefix("--port=") {
                        Some(value)
                    } else {
                        return Err(format!("unknown argument to serve: `{arg}`"));
                    };
                    port = value
                        .and_then(|v| v.parse().ok())
                        .filter(|&p| p != 0)
                        .ok_or_else(|| "--port needs a port number (1-65535)".to_string())?;
                }
                Ok(Cli::Serve { port })
            }
            "test" if rest.is_empty() => Ok(Cli::Test),
            "test" => Err(format!(
                "test takes no arguments (got `{}`)",
                rest.join(" ")
            )),
            "package" if rest.is_empty() => Ok(Cli::Package),
            "build-info" if rest.is_empty() => Ok(Cli::BuildInfo),
            "help" | "-h" | "--help" => Ok(Cli::Help),
            other => Err(format!("unknown command `{other}`")),
        }
    }
}

/// `cargo xtask serve`: set up, then `trunk serve --release` on 127.0.0.1.
fn serve(steps: &mut Steps, port: u16) -> Result<(), Failure> {
    setup_wasm_target(steps)?;
    let tools = build_tools(steps)?;
    let missing = find_tools(steps, &tools, "they install while the game's wasm builds")?;
    install_now(steps, &tools, &missing)?;
    let address = format!("http://127.0.0.1:{port}/");
    steps.run(&format!("serve on {address} (Ctrl-C stops)"), |s| {
        let port = port.to_string();
        // trunk serve adds a live-reload script to the page, so it builds into target/ and
        // leaves dist/ to `trunk build`: dist/ is always the deployable build.
        // The post-build hook sees this and leaves the service worker out (see `build_info`).
        s.run_cmd(s.cmd("trunk").env(DEV_SERVER_ENV, "1").args([
            "serve",
            "--release",
            "--dist",
            SERVE_DIST,
            "--address",
            "127.0.0.1",
            "--port",
            &port,
        ]))
    })
}

/// `cargo xtask test`: set up, then every check in order, stopping at the first failure.
fn test(steps: &mut Steps) -> Result<(), Failure> {
    setup_wasm_target(steps)?;
    let tools = build_tools(steps)?;
    // Only the wasm tests and the release build need the tools: the checks before them run
    // while they install.
    let missing = find_tools(
        steps,
        &tools,
        "they install in the background while the checks that need neither tool run",
    )?;
    if !missing.is_empty() {
        for tool in &missing {
            let job = Job::start(vec![tool.task(steps)]);
            steps.background.push(job);
        }
    }
    setup_browser_packages(steps)?;
    setup_npm_packages(steps)?;

    steps.run("format (cargo fmt --check)", |s| {
        s.run_cmd(s.cmd("cargo").args(["fmt", "--all", "--check"]))
    })?;
    steps.run("JavaScript unit tests (node --test test)", |s| {
        let tests = test_files(&s.root.join("test"))?;
        s.run_cmd(s.cmd("node").arg("--test").args(tests))
    })?;
    supply_chain(steps)?;
    steps.run("clippy (native)", |s| {
        s.run_cmd(s.cmd("cargo").args([
            "clippy",
            "--workspace",
            "--all-targets",
            "--",
            "-D",
            "warnings",
        ]))
    })?;
    steps.run("clippy (wasm32)", |s| {
        s.run_cmd(s.cmd("cargo").args([
            "clippy",
            "--package",
            WASM_CRATE,
            "--target",
            WASM_TARGET,
            "--all-targets",
            "--",
            "-D",
            "warnings",
        ]))
    })?;
    steps.run("tests (native)", |s| {
        s.run_cmd(s.cmd("cargo").args(["test", "--workspace"]))
    })?;
    if !steps.background.is_empty() {
        let jobs = std::mem::take(&mut steps.background);
        steps.run_jobs("set up: wait for the background installs", jobs)?;
        steps.run("check the installed tools", |s| {
            s.check_installed(&tools, true)
        })?;
    }
    steps.run("tests (wasm, headless Chromium)", |s| {
        let webdriver_json = s.root.join("crates/wasm/webdriver.json");
        s.run_cmd(
            s.cmd("cargo")
                .args(["test", "--package", WASM_CRATE, "--target", WASM_TARGET])
                .env("CHROMEDRIVER", CHROMEDRIVER)
                .env("WASM_BINDGEN_TEST_WEBDRIVER_JSON", webdriver_json),
        )
    })?;
    steps.run("release build (trunk build --release)", |s| {
        s.run_cmd(s.cmd("trunk").args(["build", "--release"]))
    })?;
    package::package(steps)?;
    steps.run("JavaScript type check (tsc --checkJs)", |s| {
        let tsc = s.root.join("node_modules/typescript/bin/tsc");
        s.run_cmd(
            s.cmd("node")
                .arg(tsc)
                .args(["--noEmit", "--project", "tsconfig.json"]),
        )
    })?;
    steps.run("end-to-end tests (node --test e2e)", |s| {
        let tests = test_files(&s.root.join("e2e"))?;
        s.run_cmd(s.cmd("node").arg("--test").args(tests))
    })
}

/// `cargo xtask package`: set up, the release build, then the npm package and its API page.
fn package_release(steps: &mut Steps) -> Result<(), Failure> {
    setup_wasm_target(steps)?;
    let tools = build_tools(steps)?;
    let missing = find_tools(steps, &tools, "they install while the game's wasm builds")?;
    install_now(steps, &tools, &missing)?;
    setup_npm_packages(steps)?;
    steps.run("release build (trunk build --release)", |s| {
        s.run_cmd(s.cmd("trunk").args(["build", "--release"]))
    })?;
    package::package(steps)
}

/// `cargo xtask build-info`, run by trunk after each build (a `post_build` hook in Trunk.toml):
/// writes [`BUILD_INFO`] into the staging folder. For the release build it lists every file of
/// the build but the service worker itself, with an id hashed from their paths and contents, so
/// that a new build gets a new cache and the old one is dropped. Under the development server
/// ([`DEV_SERVER_ENV`] set) it says there is no service worker and deletes [`SERVICE_WORKER`].
fn build_info() -> Result<(), String> {
    let staging = env::var_os("TRUNK_STAGING_DIR")
        .map(PathBuf::from)
        .ok_or("TRUNK_STAGING_DIR is not set: this command is trunk's post-build hook")?;
    preload::preload_first_modules(&staging)?;
    write_build_info(&staging, env::var_os(DEV_SERVER_ENV).is_some())
}

/// Writes [`BUILD_INFO`] into the build folder `staging` (see [`build_info`]).
fn write_build_info(staging: &Path, dev: bool) -> Result<(), String> {
    let mut files = Vec::new();
    list_files(staging, staging, &mut files)?;
    files.retain(|f| f != SERVICE_WORKER && f != BUILD_INFO);
    files.sort();
    let mut hash = Fnv1a::new();
    for file in &files {
        let bytes = fs::read(staging.join(file)).map_err(|e| format!("cannot read {file}: {e}"))?;
        hash.write(file.as_bytes());
        hash.write(&[0]);
        hash.write(&bytes);
        hash.write(&[0]);
    }
    if dev {
        files.clear();
        let worker = staging.join(SERVICE_WORKER);
        if worker.exists() {
            fs::remove_file(&worker).map_err(|e| format!("cannot remove {SERVICE_WORKER}: {e}"))?;
        }
    } else {
        files.push(BUILD_INFO.to_string());
        files.sort();
    }
    let text = build_info_script(&format!("{:016x}", hash.finish()), !dev, &files);
    let path = staging.join(BUILD_INFO);
    fs::write(&path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))
}

/// The text of [`BUILD_INFO`]: a classic script (the service worker loads it with
/// `importScripts`; a page imports it as a module for its side effect) that sets
/// `self.ultimaBuild` (through `Object.assign`, which the type check accepts on `Window`).
fn build_info_script(id: &str, service_worker: bool, files: &[String]) -> String {
    let list: Vec<String> = files.iter().map(|f| json_string(f)).collect();
    format!(
        "// Written by `cargo xtask build-info` (trunk's post-build hook): this build's id and files.\n\
         Object.assign(self, {{ ultimaBuild: {{\n  \"id\": {},\n  \"serviceWorker\": {service_worker},\n  \"files\": [\n    {}\n  ]\n}} }});\n",
        json_string(id),
        list.join(",\n    ")
    )
}

/// `text` as a JSON string literal.
fn json_string(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// Every file under `dir`, as paths relative to `root` with `/` between folders.
fn list_files(root: &Path, dir: &Path, out: &mut Vec<String>) -> Result<(), String> {
    let entries = fs::read_dir(dir).map_err(|e| format!("cannot read {}: {e}", dir.display()))?;
    for entry in entries {
        let path = entry
            .map_err(|e| format!("cannot read {}: {e}", dir.display()))?
            .path();
        if path.is_dir() {
            list_files(root, &path, out)?;
        } else {
            let relative = path
                .strip_prefix(root)
                .map_err(|e| format!("{} is outside {}: {e}", path.display(), root.display()))?;
            let parts: Vec<String> = relative
                .components()
                .map(|c| c.as_os_str().to_string_lossy().into_owned())
                .collect();
            out.push(parts.join("/"));
        }
    }
    Ok(())
}

/// 64-bit FNV-1a: a small, stable hash (the standard library's may change between releases),
/// for build ids, not for security.
struct Fnv1a(u64);

impl Fnv1a {
    fn new() -> Fnv1a {
        Fnv1a(0xcbf2_9ce4_8422_2325)
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3);
        }
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

/// The dependencies' licences, bans and sources (`deny.toml`, checked by [`deny`]) and the npm
/// packages the page ships (`npm audit --omit=dev`). Not the RustSec advisories: fetching
/// their database needs GitHub, which the project's machines cannot reach.
fn supply_chain(steps: &mut Steps) -> Result<(), Failure> {
    steps.run(
        "Rust dependencies (licences, bans, sources: deny.toml)",
        |s| {
            let path = s.root.join("deny.toml");
            let text = fs::read_to_string(&path)
                .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
            let policy = deny::Policy::parse(&text)?;
            let mut metadata = Vec::new();
            for target in &policy.targets {
                let mut cmd = s.cmd("cargo");
                cmd.args(deny::Policy::metadata_args(target));
                println!("$ {}", job::shown(&cmd));
                let text = s.output(&mut cmd)?;
                let json = serde_json::from_str(&text)
                    .map_err(|e| format!("cannot read cargo metadata's answer: {e}"))?;
                metadata.push(json);
            }
            let report = deny::check(&policy, &metadata);
            for warning in &report.warnings {
                s.note(&format!("warning: {warning}"));
            }
            for error in &report.errors {
                s.note(&format!("error: {error}"));
            }
            if !report.errors.is_empty() {
                return Err(format!(
                    "{} problem(s) with the Rust dependencies, listed above (policy: deny.toml)",
                    report.errors.len()
                ));
            }
            s.note(&format!(
                "{} crates, {} of them licence-checked: licences, bans and sources ok",
                report.crates, report.licensed
            ));
            Ok(())
        },
    )?;
    steps.run("npm packages (npm audit --omit=dev)", |s| {
        s.run_cmd(s.cmd("npm").args(["audit", "--omit=dev"]))
    })
}

/// The release profile of the tool installs, as cargo's environment overrides. Their own
/// profiles ask for full optimisation, fat LTO and one codegen unit: minutes of compiling. Their
/// work here is small (trunk copies files and runs cargo and wasm-bindgen; wasm-bindgen rewrites
/// one 0.9 MB module), so compile time wins: unoptimised, trunk takes 238 s of CPU to build
/// instead of 580 s, and a warm release build of the game 1.5–1.8 s instead of 0.8–1.1 s;
/// wasm-bindgen-cli 100 s instead of 245 s, and the wasm tests 15–17 s instead of 13–14 s
/// (with the wasm builds' DWARF left out, see `.cargo/config.toml`: the runner converted it).
const INSTALL_PROFILE: &[(&str, &str)] = &[
    ("CARGO_PROFILE_RELEASE_OPT_LEVEL", "0"),
    ("CARGO_PROFILE_RELEASE_LTO", "false"),
    ("CARGO_PROFILE_RELEASE_CODEGEN_UNITS", "256"),
    ("CARGO_PROFILE_RELEASE_DEBUG", "false"),
    ("CARGO_PROFILE_RELEASE_INCREMENTAL", "false"),
];

/// A tool that `cargo install` builds at an exact version.
struct Tool {
    krate: &'static str,
    version: String,
    /// The binaries it installs; each must answer `--version` with `version`.
    bins: &'static [&'static str],
    /// More arguments of `cargo install`: only the binaries and features this project uses.
    args: &'static [&'static str],
    /// How long the install usually takes on a 2-core machine, and about how many crates it
    /// compiles: for the progress line.
    usually: &'static str,
    crates: usize,
}

impl Tool {
    fn name(&self) -> String {
        format!("{} {}", self.krate, self.version)
    }

    /// Why it must be installed: a binary is missing or answers another version.
    fn missing(&self, s: &Steps) -> Option<String> {
        self.bins.iter().find_map(|bin| {
            let found = s.output(s.cmd(bin).arg("--version")).ok();
            let version = found
                .as_deref()
                .and_then(|out| out.split_whitespace().nth(1));
            match (version, &found) {
                (Some(v), _) if v == self.version => None,
                (_, Some(found)) => Some(format!(
                    "`{bin} --version` says `{}`, need {}",
                    found.trim(),
                    self.version
                )),
                (_, None) => Some(format!("`{bin}` not found")),
            }
        })
    }

    fn target_dir(&self, s: &Steps) -> PathBuf {
        s.root.join(TOOLS_TARGET_DIR).join(self.krate)
    }

    /// The quiet install: `cargo install --locked` into cargo's bin directory, with its own
    /// target directory and the quicker profile; without `--locked` if that fails (a crate's own
    /// Cargo.lock may name a version the registry does not serve; a fresh resolution within the
    /// crate's own requirements still works).
    fn task(&self, s: &Steps) -> job::Task {
        let install = |locked: bool| {
            let mut cmd = s.cmd("cargo");
            cmd.arg("install");
            if locked {
                cmd.arg("--locked");
            }
            cmd.args(self.args)
                .args([self.krate, "--version", &self.version])
                .env("CARGO_TARGET_DIR", self.target_dir(s));
            for (key, value) in INSTALL_PROFILE {
                cmd.env(key, value);
            }
            cmd
        };
        job::Task {
            name: format!("install {}", self.name()),
            usually: self.usually.to_string(),
            crates: self.crates,
            command: install(true),
            fallback: Some(("retrying without --locked".to_string(), install(false))),
            log: s
                .root
                .join(LOG_DIR)
                .join(format!("install-{}.log", self.krate)),
            cleanup: Some(self.target_dir(s)),
            hint: format!(
                "check that crates.io answers (`cargo search {} --limit 1`) and that the disk has \
                 room, then run the command again: it goes on from what was compiled",
                self.krate
            ),
        }
    }
}

/// The tools the game's build needs: trunk, and wasm-bindgen-cli at the wasm-bindgen version
/// locked in `Cargo.lock`.
fn build_tools(steps: &Steps) -> Result<Vec<Tool>, Failure> {
    let wasm_bindgen = locked_version(&steps.root.join("Cargo.lock"), "wasm-bindgen")
        .map_err(|message| Failure::new("set up: wasm-bindgen-cli", message))?;
    Ok(vec![
        Tool {
            krate: "trunk",
            version: TRUNK_VERSION.to_string(),
            bins: &["trunk"],
            // No TLS (trunk would only need it to download tools, which are installed here,
            // or to serve https) and no update check.
            args: &["--no-default-features"],
            usually: "2–4 min on 2 cores",
            crates: 370,
        },
        Tool {
            krate: "wasm-bindgen-cli",
            version: wasm_bindgen,
            bins: &["wasm-bindgen", "wasm-bindgen-test-runner"],
            // No TLS: the test runner only talks to chromedriver on 127.0.0.1.
            args: &[
                "--no-default-features",
                "--bin",
                "wasm-bindgen",
                "--bin",
                "wasm-bindgen-test-runner",
            ],
            usually: "1–2 min on 2 cores",
            crates: 150,
        },
    ])
}

/// Installs the `missing` tools now, each in its own job, with the game's wasm building
/// meanwhile (they share the cores: a download, a link or a crate compiled alone leaves one
/// idle), so that trunk then finds it built; then checks what was installed.
fn install_now(steps: &mut Steps, tools: &[Tool], missing: &[&Tool]) -> Result<(), Failure> {
    if missing.is_empty() {
        return Ok(());
    }
    let mut jobs: Vec<Job> = missing
        .iter()
        .map(|t| Job::start(vec![t.task(steps)]))
        .collect();
    let build = game_build_task(steps);
    let name = format!(
        "set up: install {}; meanwhile {}",
        names(missing),
        build.name
    );
    jobs.push(Job::start(vec![build]));
    steps.run_jobs(&name, jobs)?;
    steps.run("check the installed tools", |s| {
        s.check_installed(tools, false)
    })
}

/// A step that looks for the tools; the ones to install (then `how` says how).
fn find_tools<'t>(
    steps: &mut Steps,
    tools: &'t [Tool],
    how: &str,
) -> Result<Vec<&'t Tool>, Failure> {
    let mut missing = Vec::new();
    let all: Vec<&Tool> = tools.iter().collect();
    steps.run(&format!("set up: {}", names(&all)), |s| {
        missing = s.missing(tools);
        if !missing.is_empty() {
            s.note(how);
        }
        Ok(())
    })?;
    Ok(missing)
}

fn names(tools: &[&Tool]) -> String {
    tools
        .iter()
        .map(|t| t.name())
        .collect::<Vec<_>>()
        .join(", ")
}

/// The release build of the game's wasm exactly as trunk asks for it (see trunk's
/// `cargo_build`), so that trunk finds it done.
fn game_build_task(s: &Steps) -> job::Task {
    let mut cmd = s.cmd("cargo");
    cmd.args([
        "build",
        "--target=wasm32-unknown-unknown",
        "--manifest-path",
        "crates/wasm/Cargo.toml",
        "--release",
    ]);
    job::Task {
        name: "build the game (wasm32, release)".to_string(),
        usually: "1–2 min on 2 cores".to_string(),
        crates: 25,
        command: cmd,
        fallback: None,
        log: s.root.join(LOG_DIR).join("build-game.log"),
        cleanup: None,
        hint: "run `cargo build --release --target wasm32-unknown-unknown -p ultima-wasm` to see \
               the errors"
            .to_string(),
    }
}

fn setup_wasm_target(steps: &mut Steps) -> Result<(), Failure> {
    steps.run("set up: Rust target wasm32-unknown-unknown", |s| {
        let installed = s.output(s.cmd("rustup").args(["target", "list", "--installed"]))?;
        if installed.lines().any(|line| line.trim() == WASM_TARGET) {
            s.note("already installed");
            return Ok(());
        }
        s.run_cmd(s.cmd("rustup").args(["target", "add", WASM_TARGET]))
    })
}

/// Debian's Chromium, ChromeDriver and Liberation fonts, for the browser tests: installed by
/// apt-get in the background when missing (the download leaves the cores to the checks).
fn setup_browser_packages(steps: &mut Steps) -> Result<(), Failure> {
    if BROWSER_FILES.iter().all(|path| Path::new(path).exists()) {
        return Ok(());
    }
    let missing: Vec<&str> = BROWSER_FILES
        .iter()
        .copied()
        .filter(|path| !Path::new(path).exists())
        .collect();
    steps.note(&format!(
        "{} missing: installing Debian's {} in the background",
        missing.join(", "),
        BROWSER_PACKAGES.join(", ")
    ));
    let sudo = !is_root(steps);
    let apt = |args: &[&str]| {
        let mut cmd = if sudo {
            let mut cmd = steps.cmd("sudo");
            cmd.args(["--non-interactive", "apt-get"]);
            cmd
        } else {
            steps.cmd("apt-get")
        };
        cmd.args(args).env("DEBIAN_FRONTEND", "noninteractive");
        cmd
    };
    let log = steps.root.join(LOG_DIR).join("apt-get.log");
    let hint = if sudo {
        "run `sudo apt-get install chromium chromium-driver fonts-liberation` yourself (sudo may \
         need your password), then the command again"
    } else {
        "run `apt-get update && apt-get install chromium chromium-driver fonts-liberation` to see \
         what fails"
    };
    let task = |name: &str, args: &[&str]| job::Task {
        name: name.to_string(),
        usually: "1–3 min, most of it the download".to_string(),
        crates: 0,
        command: apt(args),
        fallback: None,
        log: log.clone(),
        cleanup: None,
        hint: hint.to_string(),
    };
    let mut install = vec!["install", "-y"];
    install.extend(BROWSER_PACKAGES);
    let job = Job::start(vec![
        task("apt-get update", &["update"]),
        task("apt-get install Chromium", &install),
    ]);
    steps.background.push(job);
    Ok(())
}

/// Node.js, and the npm packages of `package-lock.json` (`npm ci`) when `node_modules/` is
/// missing or older.
fn setup_npm_packages(steps: &mut Steps) -> Result<(), Failure> {
    steps.run("set up: npm packages (npm ci)", |s| {
        let version = s
            .output(s.cmd("node").arg("--version"))
            .map_err(|e| format!("Node.js {NODE_MAJOR_MIN} or newer is needed: {e}"))?;
        let major = version
            .trim()
            .trim_start_matches('v')
            .split('.')
            .next()
            .and_then(|m| m.parse::<u32>().ok());
        if major.is_none_or(|m| m < NODE_MAJOR_MIN) {
            return Err(format!(
                "Node.js {NODE_MAJOR_MIN} or newer is needed, found {}",
                version.trim()
            ));
        }
        let lock = s.root.join("package-lock.json");
        let marker = s.root.join("node_modules/.package-lock.json");
        if is_fresh(&marker, &lock) {
            s.note("node_modules is up to date with package-lock.json");
            return Ok(());
        }
        s.run_cmd(
            s.cmd("npm")
                .args(["ci", "--no-audit", "--no-fund"])
                .env("CI", "true"),
        )
    })
}

/// The test files of a folder, `*.test.mjs`, sorted: the end-to-end tests (e2e/) and the unit
/// tests of the front end's pure modules (test/).
fn test_files(dir: &Path) -> Result<Vec<PathBuf>, String> {
    let entries = fs::read_dir(dir).map_err(|e| format!("cannot read {}: {e}", dir.display()))?;
    let mut tests: Vec<PathBuf> = entries
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|path| {
            path.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.ends_with(".test.mjs"))
        })
        .collect();
    tests.sort();
    if tests.is_empty() {
        return Err(format!("no *.test.mjs files in {}", dir.display()));
    }
    Ok(tests)
}

/// The version of `package` recorded in a `Cargo.lock`.
fn locked_version(lock: &Path, package: &str) -> Result<String, String> {
    let text =
        fs::read_to_string(lock).map_err(|e| format!("cannot read {}: {e}", lock.display()))?;
    parse_locked_version(&text, package)
        .ok_or_else(|| format!("{} has no package `{package}`", lock.display()))
}

fn parse_locked_version(lock: &str, package: &str) -> Option<String> {
    let wanted = format!("name = \"{package}\"");
    let mut lines = lock.lines().map(str::trim);
    while let Some(line) = lines.next() {
        if line != wanted {
            continue;
        }
        for line in lines.by_ref() {
            if line.is_empty() || line.starts_with('[') {
                break;
            }
            if let Some(version) = line.strip_prefix("version = \"") {
                return version.strip_suffix('"').map(str::to_string);
            }
        }
    }
    None
}

/// True when `derived` exists and is not older than `source`.
fn is_fresh(derived: &Path, source: &Path) -> bool {
    let mtime = |p: &Path| fs::metadata(p).and_then(|m| m.modified()).ok();
    match (mtime(derived), mtime(source)) {
        (Some(d), Some(s)) => d >= s,
        (Some(_), None) => true,
        _ => false,
    }
}

fn is_root(s: &Steps) -> bool {
    s.output(s.cmd("id").arg("-u"))
        .is_ok_and(|uid| uid.trim() == "0")
}

/// A step that failed, and why.
#[derive(Debug)]
struct Failure {
    step: String,
    message: String,
}

impl Failure {
    fn new(step: &str, message: String) -> Failure {
        Failure {
            step: step.to_string(),
            message,
        }
    }
}

/// Runs named steps, times them, and runs commands with the project's `PATH`.
struct Steps {
    /// The repository root (the parent of `xtask/`).
    root: PathBuf,
    /// `PATH` with cargo's bin directory first, so tools that `cargo install` puts there win.
    path: OsString,
    /// Finished steps and their wall times.
    done: Vec<(String, Duration)>,
    started: Instant,
    /// Set-up jobs running while the steps go on (see `test`).
    background: Vec<Job>,
}

impl Steps {
    fn new() -> Result<Steps, String> {
        let manifest_dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
        let root = manifest_dir
            .parent()
            .ok_or("xtask has no parent directory")?
            .to_path_buf();
        let cargo_bin = env::var_os("CARGO_HOME")
            .map(PathBuf::from)
            .or_else(|| env::var_os("HOME").map(|home| PathBuf::from(home).join(".cargo")))
            .map(|home| home.join("bin"));
        let inherited = env::var_os("PATH").unwrap_or_default();
        let dirs = cargo_bin
            .iter()
            .cloned()
            .chain(env::split_paths(&inherited).filter(|dir| Some(dir) != cargo_bin.as_ref()));
        let path = env::join_paths(dirs).map_err(|e| format!("bad PATH: {e}"))?;
        Ok(Steps {
            root,
            path,
            done: Vec::new(),
            started: Instant::now(),
            background: Vec::new(),
        })
    }

    /// Runs one step: prints its name, runs it, prints the outcome and wall time.
    fn run(
        &mut self,
        name: &str,
        step: impl FnOnce(&Steps) -> Result<(), String>,
    ) -> Result<(), Failure> {
        println!("\n==> {name}");
        // What runs in the background, and what failed there (it is reported in full when the
        // tools are needed).
        let background: Vec<String> = self
            .background
            .iter()
            .filter(|j| !j.is_finished() || j.failed())
            .map(Job::status)
            .collect();
        if !background.is_empty() {
            println!("    (in the background: {})", background.join(" · "));
        }
        flush();
        let start = Instant::now();
        let outcome = step(self);
        let took = start.elapsed();
        match outcome {
            Ok(()) => {
                println!("<== {name}: ok ({})", Elapsed(took));
                self.done.push((name.to_string(), took));
                Ok(())
            }
            Err(message) => {
                println!("<== {name}: FAILED ({})", Elapsed(took));
                Err(Failure::new(name, message))
            }
        }
    }

    /// Prints every finished step with its time, then the verdict.
    fn summary(&self, outcome: &Result<(), Failure>) {
        let width = self.done.iter().map(|(n, _)| n.len()).max().unwrap_or(0);
        println!("\nxtask: steps and wall times");
        for (name, took) in &self.done {
            println!("  {name:<width$}  {:>8}", Elapsed(*took).to_string());
        }
        let total = Elapsed(self.started.elapsed());
        match outcome {
            Ok(()) => {
                println!("xtask: all {} steps passed in {total}", self.done.len());
                println!("steps: {} passed, 0 failed", self.done.len());
            }
            Err(failure) => {
                println!("xtask: step `{}` FAILED after {total}", failure.step);
                println!("xtask: {}", failure.message);
                println!("steps: {} passed, 1 failed", self.done.len());
            }
        }
        flush();
    }

    /// A command run in the repository root with the project's `PATH` and no standard input.
    fn cmd(&self, program: &str) -> Command {
        let mut cmd = Command::new(program);
        cmd.current_dir(&self.root)
            .env("PATH", &self.path)
            .stdin(Stdio::null());
        cmd
    }

    /// Runs a command with inherited output; a non-zero exit is an error naming the command.
    fn run_cmd(&self, cmd: &mut Command) -> Result<(), String> {
        let shown = job::shown(cmd);
        println!("$ {shown}");
        flush();
        let status = cmd
            .status()
            .map_err(|e| format!("cannot run `{shown}`: {e}"))?;
        if status.success() {
            Ok(())
        } else {
            Err(format!("`{shown}` failed ({status})"))
        }
    }

    /// Runs a command quietly and returns its standard output.
    fn output(&self, cmd: &mut Command) -> Result<String, String> {
        let shown = job::shown(cmd);
        let out = cmd
            .stderr(Stdio::piped())
            .output()
            .map_err(|e| format!("cannot run `{shown}`: {e}"))?;
        if !out.status.success() {
            let stderr = String::from_utf8_lossy(&out.stderr);
            return Err(format!(
                "`{shown}` failed ({}): {}",
                out.status,
                stderr.trim()
            ));
        }
        Ok(String::from_utf8_lossy(&out.stdout).into_owned())
    }

    fn note(&self, text: &str) {
        println!("    {text}");
    }

    /// The tools that must be installed, each with a note on why; a note for those that are.
    fn missing<'t>(&self, tools: &'t [Tool]) -> Vec<&'t Tool> {
        let mut missing = Vec::new();
        for tool in tools {
            match tool.missing(self) {
                None => self.note(&format!("{} already installed", tool.name())),
                Some(why) => {
                    self.note(&format!(
                        "{why}: installing {} (usually {})",
                        tool.name(),
                        tool.usually
                    ));
                    missing.push(tool);
                }
            }
        }
        if !missing.is_empty() {
            self.note(&format!(
                "the compiler's output goes to {}/install-*.log",
                LOG_DIR
            ));
        }
        missing
    }

    /// After the installs: every tool answers its version from `PATH`, and (for the tests) the
    /// browser packages' files are there.
    fn check_installed(&self, tools: &[Tool], browser: bool) -> Result<(), String> {
        if browser {
            if let Some(path) = BROWSER_FILES.iter().find(|p| !Path::new(p).exists()) {
                return Err(format!(
                    "{path} is still missing after `apt-get install {}`",
                    BROWSER_PACKAGES.join(" ")
                ));
            }
        }
        for tool in tools {
            if let Some(why) = tool.missing(self) {
                return Err(format!(
                    "after installing {}, {why}; is another `{}` earlier on PATH?",
                    tool.name(),
                    tool.bins.join("`, `")
                ));
            }
        }
        Ok(())
    }

    /// Waits for set-up jobs as one step, with a line of progress; each task and its wall
    /// time goes into the summary.
    fn run_jobs(&mut self, name: &str, jobs: Vec<Job>) -> Result<(), Failure> {
        println!("\n==> {name}");
        flush();
        let start = Instant::now();
        let outcomes = job::wait_all(jobs);
        let mut errors = Vec::new();
        for outcome in outcomes {
            match outcome {
                Ok(tasks) => {
                    for (task, took) in tasks {
                        self.done.push((format!("  {task}"), took));
                    }
                }
                Err(e) => errors.push(e),
            }
        }
        let took = start.elapsed();
        if errors.is_empty() {
            println!("<== {name}: ok ({})", Elapsed(took));
            self.done.push((name.to_string(), took));
            Ok(())
        } else {
            println!("<== {name}: FAILED ({})", Elapsed(took));
            Err(Failure::new(name, errors.join("\n")))
        }
    }

    /// Stops the jobs still running in the background (a step failed).
    fn stop_background(&mut self) {
        for job in self.background.drain(..) {
            if !job.is_finished() {
                println!("xtask: stopping in the background: {}", job.status());
            }
        }
    }
}

fn flush() {
    let _ = std::io::stdout().flush();
}

/// A duration as `0.4s`, `12.3s` or `3m07s`.
struct Elapsed(Duration);

impl fmt::Display for Elapsed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let secs = self.0.as_secs_f64();
        if secs < 60.0 {
            write!(f, "{secs:.1}s")
        } else {
            let whole = self.0.as_secs();
            write!(f, "{}m{:02}s", whole / 60, whole % 60)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::SystemTime;

    fn args(line: &str) -> Vec<String> {
        line.split_whitespace().map(str::to_string).collect()
    }

    #[test]
    fn parses_commands() {
        assert_eq!(Cli::parse(&args("test")), Ok(Cli::Test));
        assert_eq!(Cli::parse(&args("serve")), Ok(Cli::Serve { port: 8080 }));
        assert_eq!(
            Cli::parse(&args("serve --port 9000")),
            Ok(Cli::Serve { port: 9000 })
        );
        assert_eq!(
            Cli::parse(&args("serve --port=9001")),
            Ok(Cli::Serve { port: 9001 })
        );
        assert_eq!(Cli::parse(&args("help")), Ok(Cli::Help));
        assert_eq!(Cli::parse(&args("build-info")), Ok(Cli::BuildInfo));
        assert_eq!(Cli::parse(&args("package")), Ok(Cli::Package));
    }

    #[test]
    fn rejects_bad_command_lines() {
        for line in [
            "",
            "build",
            "test --fast",
            "build-info now",
            "package --publish",
            "serve --port",
            "serve --port 0",
            "serve --port x",
            "serve --portx",
            "serve 8080",
        ] {
            assert!(Cli::parse(&args(line)).is_err(), "{line:?} was accepted");
        }
    }

    #[test]
    fn reads_locked_versions() {
        let lock = r#"
version = 4

[[package]]
name = "wasm-bindgen"
version = "0.2.130"
source = "registry+https://github.com/rust-lang/crates.io-index"

[[package]]
name = "wasm-bindgen-backend"
version = "0.2.999"
"#;
        assert_eq!(
            parse_locked_version(lock, "wasm-bindgen").as_deref(),
            Some("0.2.130")
        );
        assert_eq!(
            parse_locked_version(lock, "wasm-bindgen-backend").as_deref(),
            Some("0.2.999")
        );
        assert_eq!(parse_locked_version(lock, "wasm"), None);
    }

    #[test]
    fn the_workspace_locks_an_exact_wasm_bindgen() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        let manifest = fs::read_to_string(root.join("crates/wasm/Cargo.toml")).unwrap();
        let pinned = manifest
            .lines()
            .find_map(|l| l.trim().strip_prefix("wasm-bindgen = \"="))
            .and_then(|rest| rest.split('"').next())
            .expect("crates/wasm/Cargo.toml pins wasm-bindgen = \"=x.y.z\"");
        let locked = locked_version(&root.join("Cargo.lock"), "wasm-bindgen").unwrap();
        assert_eq!(locked, pinned);
    }

    #[test]
    fn build_info_is_a_script_with_the_id_and_files() {
        let files = ["index.html".to_string(), "www/a \"b\".js".to_string()];
        let text = build_info_script("00ff", true, &files);
        assert!(text.contains("Object.assign(self, { ultimaBuild: {"));
        assert!(text.contains("\"id\": \"00ff\""));
        assert!(text.contains("\"serviceWorker\": true"));
        assert!(text.contains("\"index.html\",\n    \"www/a \\\"b\\\".js\""));
        assert!(build_info_script("1", false, &[]).contains("\"serviceWorker\": false"));
    }

    #[test]
    fn build_info_lists_every_file_and_changes_with_them() {
        let dir = env::temp_dir().join(format!("xtask-build-info-{}", std::process::id()));
        fs::create_dir_all(dir.join("www")).unwrap();
        fs::write(dir.join("index.html"), "<!DOCTYPE html>").unwrap();
        fs::write(dir.join("www/a.js"), "1").unwrap();
        let read = || fs::read_to_string(dir.join(BUILD_INFO)).unwrap();
        let id = |text: &str| text.split('"').nth(3).unwrap().to_string();

        fs::write(dir.join(SERVICE_WORKER), "// worker").unwrap();
        write_build_info(&dir, false).unwrap();
        let first = read();
        assert!(first.contains("\"index.html\",\n    \"www/a.js\",\n    \"www/build.js\"\n"));
        assert!(!first.contains("sw.js"));
        assert!(first.contains("\"serviceWorker\": true"));
        // The same files give the same id; another content, another id.
        write_build_info(&dir, false).unwrap();
        assert_eq!(id(&read()), id(&first));
        fs::write(dir.join("www/a.js"), "2").unwrap();
        write_build_info(&dir, false).unwrap();
        assert_ne!(id(&read()), id(&first));

        // The development server's build: no service worker at all.
        write_build_info(&dir, true).unwrap();
        assert!(read().contains("\"serviceWorker\": false"));
        assert!(!dir.join(SERVICE_WORKER).exists());
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn fnv1a_matches_its_reference_values() {
        let hash = |bytes: &[u8]| {
            let mut h = Fnv1a::new();
            h.write(bytes);
            h.finish()
        };
        assert_eq!(hash(b""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(hash(b"a"), 0xaf63_dc4c_8601_ec8c);
        assert_eq!(hash(b"foobar"), 0x8594_4171_f739_67e8);
    }

    #[test]
    fn formats_durations() {
        assert_eq!(Elapsed(Duration::from_millis(420)).to_string(), "0.4s");
        assert_eq!(Elapsed(Duration::from_millis(59_940)).to_string(), "59.9s");
        assert_eq!(Elapsed(Duration::from_secs(187)).to_string(), "3m07s");
    }

    #[test]
    fn freshness_compares_modification_times() {
        let dir = env::temp_dir().join(format!("xtask-fresh-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        let (old, new) = (dir.join("old"), dir.join("new"));
        fs::write(&old, "").unwrap();
        let earlier = SystemTime::now() - Duration::from_secs(60);
        fs::File::options()
            .write(true)
            .open(&old)
            .unwrap()
            .set_modified(earlier)
            .unwrap();
        fs::write(&new, "").unwrap();
        assert!(is_fresh(&new, &old));
        assert!(!is_fresh(&old, &new));
        assert!(!is_fresh(&dir.join("missing"), &new));
        fs::remove_dir_all(&dir).unwrap();
    }
}
