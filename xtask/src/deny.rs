//! The Rust half of `cargo xtask test`'s supply-chain step: the policy of `deny.toml` (licences,
//! bans, sources), checked from `cargo metadata` instead of by cargo-deny, whose install alone
//! took 1m40s–3m30s on a fresh 2-core machine for a check of a fifth of a second.
//!
//! A lighter check of the same policy, never a looser one. The graph is cargo-deny's: every
//! crate `cargo metadata --all-features --filter-platform <target>` resolves for the `[graph]
//! targets`, dev-dependencies included. From `deny.toml` it reads the three lists (`targets`,
//! licences `allow`, `allow-registry`); the rest of the file's settings are built in here, and
//! a unit test (`tests::deny_toml_says_what_is_checked`) fails when the file says otherwise:
//!
//! - licences: each crate's `license`, an SPDX expression (`/` read as `OR`), must be met by the
//!   allowed licences, taken literally: `X WITH Y` or `X+` only when listed so. The workspace's
//!   unpublished crates are skipped (`[licenses.private] ignore`). An allowed licence that no
//!   crate names is an error (`unused-allowed-license = "deny"`);
//! - bans: a `*` requirement is an error, but for a path dependency of an unpublished crate
//!   (`wildcards = "deny"`, `allow-wildcard-paths`); two versions of a crate are a warning
//!   (`multiple-versions = "warn"`), also when one is only a dev-dependency's (cargo-deny
//!   leaves those out);
//! - sources: every crate comes from a listed registry or a local path (`unknown-registry` and
//!   `unknown-git` at `"deny"`, no `allow-git`).
//!
//! `cargo deny check licenses bans sources` reads the same file, for whoever has it installed; on
//! this workspace and twelve changed copies of it (a GPL, `AND`, `WITH` or `OR` licence, a crate
//! without a licence, a GPL dev-dependency, an allowed licence no crate names, one missing, a
//! registry or a public path wildcard, two versions of a crate) both gave the same verdict.

use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};

/// crates.io's sparse index: the same registry as its git index, which `deny.toml` names.
const CRATES_IO_GIT: &str = "https://github.com/rust-lang/crates.io-index";
const CRATES_IO_SPARSE: &str = "https://index.crates.io/";

/// The lists the check reads from `deny.toml`.
#[derive(Debug, PartialEq)]
pub struct Policy {
    pub targets: Vec<String>,
    allow: Vec<String>,
    registries: Vec<String>,
}

impl Policy {
    pub fn parse(toml: &str) -> Result<Policy, String> {
        let policy = Policy {
            targets: string_list(toml, "graph", "targets")?,
            allow: string_list(toml, "licenses", "allow")?,
            registries: string_list(toml, "sources", "allow-registry")?,
        };
        if policy.targets.is_empty() || policy.allow.is_empty() {
            return Err("deny.toml: [graph] targets and [licenses] allow must not be empty".into());
        }
        Ok(policy)
    }

    /// `cargo metadata`'s arguments for one of the targets.
    pub fn metadata_args(target: &str) -> [&str; 6] {
        let all = "--all-features";
        [
            "metadata",
            "--format-version",
            "1",
            all,
            "--filter-platform",
            target,
        ]
    }
}

/// The strings of `key = [ "…", … ]` in the table `[section]` (the list may span lines); empty
/// when the key is absent. Enough TOML for `deny.toml`'s lists.
fn string_list(toml: &str, section: &str, key: &str) -> Result<Vec<String>, String> {
    let mut table = "";
    let mut lines = toml
        .lines()
        .map(|l| l.split('#').next().unwrap_or("").trim());
    while let Some(line) = lines.next() {
        if line.starts_with('[') {
            table = line.trim_matches(|c| c == '[' || c == ']');
            continue;
        }
        let Some(value) = line
            .strip_prefix(key)
            .and_then(|rest| rest.trim_start().strip_prefix('='))
            .filter(|_| table == section)
        else {
            continue;
        };
        let mut text = value.trim().to_string();
        while !text.ends_with(']') {
            let next = lines
                .next()
                .ok_or(format!("deny.toml: [{section}] {key}: no closing ]"))?;
            text.push_str(next);
        }
        let inner = text
            .strip_prefix('[')
            .and_then(|t| t.strip_suffix(']'))
            .ok_or(format!("deny.toml: [{section}] {key} is not a list"))?;
        return Ok(inner
            .split(',')
            .map(|item| item.trim().trim_matches('"').to_string())
            .filter(|item| !item.is_empty())
            .collect());
    }
    Ok(Vec::new())
}

/// Whether the allowed licences meet a `license` expression, and the licences it names.
fn licence_met(expression: &str, allow: &[String]) -> Result<(bool, Vec<String>), String> {
    let spaced = expression
        .replace('/', " OR ")
        .replace('(', " ( ")
        .replace(')', " ) ");
    let tokens: Vec<&str> = spaced.split_whitespace().collect();
    let mut parser = Licences {
        tokens: &tokens,
        at: 0,
        allow,
        named: Vec::new(),
    };
    let met = parser.any()?;
    if parser.at != tokens.len() {
        return Err(format!("`{}` is not read as a licence", tokens[parser.at]));
    }
    Ok((met, parser.named))
}

/// A reader of SPDX expressions: `OR` binds looser than `AND`, then parentheses and `X WITH Y`.
struct Licences<'a> {
    tokens: &'a [&'a str],
    at: usize,
    allow: &'a [String],
    named: Vec<String>,
}

impl Licences<'_> {
    fn eat(&mut self, word: &str) -> bool {
        let found = self.tokens.get(self.at) == Some(&word);
        self.at += usize::from(found);
        found
    }

    fn any(&mut self) -> Result<bool, String> {
        let mut met = self.all()?;
        while self.eat("OR") {
            met |= self.all()?;
        }
        Ok(met)
    }

    fn all(&mut self) -> Result<bool, String> {
        let mut met = self.one()?;
        while self.eat("AND") {
            met &= self.one()?;
        }
        Ok(met)
    }

    fn one(&mut self) -> Result<bool, String> {
        if self.eat("(") {
            let met = self.any()?;
            return if self.eat(")") {
                Ok(met)
            } else {
                Err("a ( without its )".into())
            };
        }
        let mut licence = match self.tokens.get(self.at) {
            Some(id) if !["AND", "OR", "WITH", "(", ")"].contains(id) => id.to_string(),
            other => return Err(format!("a licence expected, found {other:?}")),
        };
        self.at += 1;
        if self.eat("WITH") {
            let exception = self.tokens.get(self.at).ok_or("WITH needs an exception")?;
            licence = format!("{licence} WITH {exception}");
            self.at += 1;
        }
        let met = self.allow.contains(&licence);
        self.named.push(licence);
        Ok(met)
    }
}

/// What the check found.
#[derive(Debug, Default)]
pub struct Report {
    pub crates: usize,
    pub licensed: usize,
    pub errors: Vec<String>,
    pub warnings: Vec<String>,
}

/// Checks the crates of `cargo metadata`'s answers (one per target) against `policy`.
pub fn check(policy: &Policy, metadata: &[Value]) -> Report {
    let mut report = Report::default();
    // Every crate once, by its id (a crate reached for both targets is checked once).
    let packages: BTreeMap<&str, &Value> = metadata
        .iter()
        .flat_map(|m| m["packages"].as_array().into_iter().flatten())
        .filter_map(|p| Some((p["id"].as_str()?, p)))
        .collect();
    report.crates = packages.len();
    let mut named = BTreeSet::new();
    let mut versions: BTreeMap<&str, BTreeSet<&str>> = BTreeMap::new();
    for package in packages.values() {
        let name = package["name"].as_str().unwrap_or("?");
        let version = package["version"].as_str().unwrap_or("?");
        let id = format!("{name} {version}");
        versions.entry(name).or_default().insert(version);
        // `publish = false` reads as an empty list of registries.
        let private = package["publish"].as_array().is_some_and(Vec::is_empty);

        match package["source"].as_str() {
            None => {}
            Some(source) => {
                let registry = source
                    .strip_prefix("registry+")
                    .or(source.strip_prefix("sparse+"));
                let known = registry.is_some_and(|url| {
                    policy.registries.iter().any(|allowed| {
                        allowed == url || (allowed == CRATES_IO_GIT && url == CRATES_IO_SPARSE)
                    })
                });
                if !known {
                    report.errors.push(format!(
                        "{id}: source `{source}` is not an allowed registry"
                    ));
                }
            }
        }

        for dependency in package["dependencies"].as_array().into_iter().flatten() {
            let wildcard = dependency["req"].as_str() == Some("*");
            let path = dependency.get("path").is_some();
            if wildcard && !(path && private) {
                report.errors.push(format!(
                    "{id}: wildcard version `*` for {}",
                    dependency["name"].as_str().unwrap_or("?")
                ));
            }
        }

        if private {
            continue;
        }
        report.licensed += 1;
        match package["license"]
            .as_str()
            .map(|l| licence_met(l, &policy.allow))
        {
            None => report.errors.push(format!("{id}: no `license` field")),
            Some(Err(e)) => report.errors.push(format!("{id}: licence unread: {e}")),
            Some(Ok((met, licences))) => {
                if !met {
                    report.errors.push(format!(
                        "{id}: licence `{}` is not met by the allowed {:?}",
                        package["license"].as_str().unwrap_or(""),
                        policy.allow
                    ));
                }
                named.extend(licences);
            }
        }
    }
    for unused in policy.allow.iter().filter(|l| !named.contains(*l)) {
        report.errors.push(format!(
            "allowed licence {unused} is named by no crate: remove it"
        ));
    }
    for (name, found) in versions.iter().filter(|(_, v)| v.len() > 1) {
        let list: Vec<&str> = found.iter().copied().collect();
        report.warnings.push(format!(
            "{name}: {} versions ({})",
            list.len(),
            list.join(", ")
        ));
    }
    report
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn allow(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn licence_expressions() {
        let allowed = allow(&["MIT", "Apache-2.0", "Unicode-3.0"]);
        let met = |e: &str| licence_met(e, &allowed).map(|(met, _)| met);
        assert_eq!(met("MIT"), Ok(true));
        assert_eq!(met("Apache-2.0/MIT"), Ok(true));
        assert_eq!(met("(MIT OR Apache-2.0) AND Unicode-3.0"), Ok(true));
        assert_eq!(met("MIT AND BSD-3-Clause"), Ok(false));
        assert_eq!(met("GPL-3.0 OR MIT"), Ok(true));
        assert_eq!(met("GPL-3.0"), Ok(false));
        assert_eq!(met("Apache-2.0 WITH LLVM-exception"), Ok(false));
        assert_eq!(met("Apache-2.0 WITH LLVM-exception OR MIT"), Ok(true));
        assert_eq!(met("MIT+"), Ok(false));
        assert!(met("MIT OR").is_err());
        assert!(met("(MIT").is_err());
        assert!(met("MIT Apache-2.0").is_err());
        let (_, named) = licence_met("(MIT OR Apache-2.0) AND Unicode-3.0", &allowed).unwrap();
        assert_eq!(named, ["MIT", "Apache-2.0", "Unicode-3.0"]);
    }

    #[test]
    fn reads_the_lists_of_deny_toml() {
        let toml = "[graph]\ntargets = [\"a\", \"b\"] # two\n[licenses]\nallow = [\n  \"MIT\",\n  \
                    \"Apache-2.0\",\n]\n[licenses.private]\nignore = true\n[sources]\n\
                    allow-registry = [\"r\"]\n";
        let policy = Policy::parse(toml).unwrap();
        assert_eq!(policy.targets, ["a", "b"]);
        assert_eq!(policy.allow, ["MIT", "Apache-2.0"]);
        assert_eq!(policy.registries, ["r"]);
        assert!(Policy::parse("[licenses]\nallow = [\"MIT\"]\n").is_err());
        assert!(Policy::parse("[graph]\ntargets = [\"a\"\n").is_err());
    }

    fn package(name: &str, license: Option<&str>, source: Option<&str>, deps: Value) -> Value {
        json!({
            "id": format!("{name} 1.0.0"), "name": name, "version": "1.0.0",
            "license": license, "source": source, "dependencies": deps,
            "publish": if source.is_none() { json!([]) } else { Value::Null },
        })
    }

    const REGISTRY: &str = "registry+https://github.com/rust-lang/crates.io-index";

    fn policy() -> Policy {
        Policy {
            targets: allow(&["t"]),
            allow: allow(&["MIT", "Unicode-3.0"]),
            registries: allow(&[CRATES_IO_GIT]),
        }
    }

    #[test]
    fn a_clean_graph_passes_and_counts_its_crates_once() {
        let own = package("own", None, None, json!([{"name": "dep", "req": "^1"}]));
        let dep = package("dep", Some("MIT OR GPL-3.0"), Some(REGISTRY), json!([]));
        let uni = package("uni", Some("Unicode-3.0"), Some(REGISTRY), json!([]));
        let per_target = json!({ "packages": [own, dep.clone(), uni] });
        let report = check(&policy(), &[per_target, json!({ "packages": [dep] })]);
        assert!(report.errors.is_empty(), "{:?}", report.errors);
        assert_eq!((report.crates, report.licensed), (3, 2));
    }

    #[test]
    fn finds_each_kind_of_problem() {
        let git = Some("git+https://example.com/x#abc");
        let packages = json!({ "packages": [
            package("own", None, None, json!([
                {"name": "local", "req": "*", "path": "/x"},
                {"name": "dep", "req": "*"},
            ])),
            package("gpl", Some("GPL-3.0"), Some(REGISTRY), json!([])),
            package("none", None, Some(REGISTRY), json!([])),
            package("fromgit", Some("MIT"), git, json!([])),
            package("sparse", Some("MIT"), Some("sparse+https://index.crates.io/"), json!([])),
            package("other", Some("MIT"), Some("registry+https://example.com/index"), json!([])),
        ]});
        let report = check(&policy(), &[packages]);
        let errors = report.errors.join("\n");
        assert!(
            errors.contains("own 1.0.0: wildcard version `*` for dep"),
            "{errors}"
        );
        assert!(!errors.contains("for local"), "{errors}");
        assert!(
            errors.contains("gpl 1.0.0: licence `GPL-3.0` is not met"),
            "{errors}"
        );
        assert!(
            errors.contains("none 1.0.0: no `license` field"),
            "{errors}"
        );
        assert!(errors.contains("fromgit 1.0.0: source `git+"), "{errors}");
        assert!(!errors.contains("sparse 1.0.0"), "{errors}");
        assert!(errors.contains("other 1.0.0: source"), "{errors}");
        assert!(
            errors.contains("allowed licence Unicode-3.0 is named by no crate"),
            "{errors}"
        );
        assert_eq!(report.errors.len(), 6, "{errors}");
    }

    #[test]
    fn two_versions_of_a_crate_are_a_warning() {
        let mut newer = package("dup", Some("MIT"), Some(REGISTRY), json!([]));
        newer["id"] = json!("dup 2.0.0");
        newer["version"] = json!("2.0.0");
        let old = package("dup", Some("MIT"), Some(REGISTRY), json!([]));
        let uni = package("uni", Some("Unicode-3.0"), Some(REGISTRY), json!([]));
        let report = check(&policy(), &[json!({ "packages": [old, newer, uni] })]);
        assert!(report.errors.is_empty(), "{:?}", report.errors);
        assert_eq!(report.warnings, ["dup: 2 versions (1.0.0, 2.0.0)"]);
    }

    /// The settings this check builds in (see the module's documentation) are those of the
    /// project's `deny.toml`: a change there fails here until the check follows it.
    #[test]
    fn deny_toml_says_what_is_checked() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../deny.toml");
        let text = std::fs::read_to_string(path).unwrap();
        let settings: Vec<String> = text
            .lines()
            .map(|l| l.split('#').next().unwrap_or("").trim().to_string())
            .filter(|l| !l.is_empty())
            .collect();
        let built_in = [
            "[graph]",
            "all-features = true",
            "[licenses]",
            "unused-allowed-license = \"deny\"",
            "include-dev = true",
            "[licenses.private]",
            "ignore = true",
            "[bans]",
            "multiple-versions = \"warn\"",
            "wildcards = \"deny\"",
            "allow-wildcard-paths = true",
            "[sources]",
            "unknown-registry = \"deny\"",
            "unknown-git = \"deny\"",
        ];
        // Read by the check, or with no bearing on its verdict (what cargo-deny prints).
        let read = [
            "targets =",
            "allow =",
            "allow-registry =",
            "confidence-threshold =",
            "highlight =",
        ];
        for setting in &settings {
            assert!(
                built_in.contains(&setting.as_str()) || read.iter().any(|r| setting.starts_with(r)),
                "deny.toml says `{setting}`, which xtask/src/deny.rs does not check"
            );
        }
        for setting in built_in {
            assert!(
                settings.iter().any(|s| s == setting),
                "deny.toml lacks `{setting}`"
            );
        }
        Policy::parse(&text).unwrap();
    }
}
