//! The Rust half of `cargo xtask test`'s supply-chain step: the dependencies' licences, bans and
//! sources against the policy in `deny.toml`, read from `cargo metadata`.
//!
//! It gives the verdict of `cargo deny check licenses bans sources` (cargo-deny 0.20.2) for the
//! keys `deny.toml` uses, without building cargo-deny (minutes on a fresh machine):
//!
//! - the graph: the workspace members and every dependency reached from them for the
//!   `[graph] targets` (cargo's `--filter-platform`) with `all-features`; an optional dependency
//!   counts only when a feature that is on turns it on (as cargo-deny's graph does);
//! - licences: each crate's `license` field, an SPDX expression (`/` read as `OR`), must be met
//!   by the `allow` list (`OR`: one side, `AND`: both, `WITH`: the same exception, `+`: that
//!   version or a later one); private crates are skipped under `[licenses.private] ignore`;
//!   dev-dependencies count only under `include-dev`; an allowed licence that no crate names is
//!   reported at the `unused-allowed-license` level. A crate with no `license` field fails:
//!   cargo-deny would guess its licence from its files, which this check does not do;
//! - bans: `multiple-versions` (dev-dependencies left out, as cargo-deny does by default),
//!   `wildcards` (a `*` requirement; under `allow-wildcard-paths` allowed for a path or git
//!   dependency of a private crate, or a dev-dependency);
//! - sources: a registry crate from a registry not in `allow-registry` is reported at the
//!   `unknown-registry` level, a git one not in `allow-git` at `unknown-git`.
//!
//! A key of `deny.toml` this check does not know is an error, so the file cannot say more than
//! is checked.

use crate::json::Json;
use std::collections::{BTreeMap, BTreeSet, VecDeque};

/// crates.io's index, as `deny.toml` and `Cargo.lock` name it.
const CRATES_IO: &str = "https://github.com/rust-lang/crates.io-index";
/// crates.io's sparse index: the same registry.
const CRATES_IO_SPARSE: &str = "https://index.crates.io/";

/// What to do with a finding: cargo-deny's lint levels.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Lint {
    Allow,
    Warn,
    Deny,
}

/// The policy of `deny.toml`.
#[derive(Debug, Clone, PartialEq)]
pub struct Policy {
    pub targets: Vec<String>,
    pub all_features: bool,
    pub allow: Vec<String>,
    pub unused_allowed_license: Lint,
    pub include_dev: bool,
    pub include_build: bool,
    pub private_ignore: bool,
    pub multiple_versions: Lint,
    pub multiple_versions_include_dev: bool,
    pub wildcards: Lint,
    pub allow_wildcard_paths: bool,
    pub unknown_registry: Lint,
    pub unknown_git: Lint,
    pub allow_registry: Vec<String>,
    pub allow_git: Vec<String>,
}

impl Default for Policy {
    /// cargo-deny's defaults.
    fn default() -> Policy {
        Policy {
            targets: Vec::new(),
            all_features: false,
            allow: Vec::new(),
            unused_allowed_license: Lint::Warn,
            include_dev: false,
            include_build: true,
            private_ignore: false,
            multiple_versions: Lint::Warn,
            multiple_versions_include_dev: false,
            wildcards: Lint::Allow,
            allow_wildcard_paths: false,
            unknown_registry: Lint::Warn,
            unknown_git: Lint::Warn,
            allow_registry: vec![CRATES_IO.to_string()],
            allow_git: Vec::new(),
        }
    }
}

/// A value of the small part of TOML that `deny.toml` uses.
#[derive(Debug, Clone, PartialEq)]
enum Value {
    Str(String),
    Bool(bool),
    Num(String),
    List(Vec<String>),
}

impl Policy {
    /// Reads `deny.toml`. Keys that this check does not implement are refused.
    pub fn parse(text: &str) -> Result<Policy, String> {
        let mut policy = Policy::default();
        for (line, key, value) in parse_toml(text)? {
            let at = |e: String| format!("deny.toml line {line}: {e}");
            let bool_of = |v: &Value| match v {
                Value::Bool(b) => Ok(*b),
                _ => Err(at(format!("`{key}` must be true or false"))),
            };
            let list_of = |v: &Value| match v {
                Value::List(l) => Ok(l.clone()),
                _ => Err(at(format!("`{key}` must be a list of strings"))),
            };
            let lint_of = |v: &Value| match v {
                Value::Str(s) if s == "allow" => Ok(Lint::Allow),
                Value::Str(s) if s == "warn" => Ok(Lint::Warn),
                Value::Str(s) if s == "deny" => Ok(Lint::Deny),
                _ => Err(at(format!(
                    "`{key}` must be \"allow\", \"warn\" or \"deny\""
                ))),
            };
            match key.as_str() {
                "graph.targets" => policy.targets = list_of(&value)?,
                "graph.all-features" => policy.all_features = bool_of(&value)?,
                "licenses.allow" => policy.allow = list_of(&value)?,
                // Only used when guessing a licence from a crate's files, which this check never
                // does (a crate without a `license` field fails).
                "licenses.confidence-threshold" => match value {
                    Value::Num(_) => {}
                    _ => return Err(at(format!("`{key}` must be a number"))),
                },
                "licenses.unused-allowed-license" => {
                    policy.unused_allowed_license = lint_of(&value)?
                }
                "licenses.include-dev" => policy.include_dev = bool_of(&value)?,
                "licenses.include-build" => policy.include_build = bool_of(&value)?,
                "licenses.private.ignore" => policy.private_ignore = bool_of(&value)?,
                "bans.multiple-versions" => policy.multiple_versions = lint_of(&value)?,
                "bans.multiple-versions-include-dev" => {
                    policy.multiple_versions_include_dev = bool_of(&value)?
                }
                "bans.wildcards" => policy.wildcards = lint_of(&value)?,
                "bans.allow-wildcard-paths" => policy.allow_wildcard_paths = bool_of(&value)?,
                // How cargo-deny draws its inclusion graphs: no effect on the verdict.
                "bans.highlight" => match value {
                    Value::Str(s) if ["all", "lowest-version", "simplest-path"].contains(&&*s) => {}
                    _ => return Err(at(format!("`{key}` has an unknown value"))),
                },
                "sources.unknown-registry" => policy.unknown_registry = lint_of(&value)?,
                "sources.unknown-git" => policy.unknown_git = lint_of(&value)?,
                "sources.allow-registry" => policy.allow_registry = list_of(&value)?,
                "sources.allow-git" => policy.allow_git = list_of(&value)?,
                _ => {
                    return Err(at(format!(
                        "`{key}` is not checked by `cargo xtask test` (xtask/src/deny.rs): \
                         teach the check about it, or leave it out"
                    )))
                }
            }
        }
        for allowed in &policy.allow {
            let expr = Expr::parse(allowed)
                .map_err(|e| format!("deny.toml [licenses] allow: `{allowed}`: {e}"))?;
            if !matches!(expr, Expr::Req(_)) {
                return Err(format!(
                    "deny.toml [licenses] allow: `{allowed}` is an expression, not one licence"
                ));
            }
        }
        Ok(policy)
    }

    /// The arguments of `cargo metadata` that give this policy's graph.
    pub fn metadata_args(&self) -> Vec<String> {
        let mut args = vec![
            "metadata".to_string(),
            "--format-version".to_string(),
            "1".to_string(),
            "--locked".to_string(),
        ];
        if self.all_features {
            args.push("--all-features".to_string());
        }
        for target in &self.targets {
            args.push("--filter-platform".to_string());
            args.push(target.clone());
        }
        args
    }
}

/// `[section] key = value` lines as `(line number, "section.key", value)`. Only what `deny.toml`
/// needs: tables, strings, booleans, numbers and lists of strings (over several lines too).
fn parse_toml(text: &str) -> Result<Vec<(usize, String, Value)>, String> {
    let mut out = Vec::new();
    let mut section = String::new();
    let mut lines = text.lines().enumerate();
    while let Some((index, line)) = lines.next() {
        let number = index + 1;
        let mut line = strip_comment(line).trim().to_string();
        if line.is_empty() {
            continue;
        }
        if let Some(name) = line.strip_prefix('[') {
            let name = name
                .strip_suffix(']')
                .filter(|n| !n.starts_with('['))
                .ok_or_else(|| format!("deny.toml line {number}: bad table header"))?;
            section = name.trim().to_string();
            continue;
        }
        let Some((key, _)) = line.split_once('=') else {
            return Err(format!("deny.toml line {number}: expected `key = value`"));
        };
        let key = key.trim().to_string();
        if key.is_empty() || !key.chars().all(|c| c.is_ascii_alphanumeric() || c == '-') {
            return Err(format!("deny.toml line {number}: bad key `{key}`"));
        }
        // A list goes on until its brackets close.
        while open_brackets(&line) > 0 {
            let Some((_, more)) = lines.next() else {
                return Err(format!("deny.toml line {number}: unclosed list"));
            };
            line.push(' ');
            line.push_str(strip_comment(more).trim());
        }
        let raw = line.split_once('=').map(|(_, v)| v.trim()).unwrap_or("");
        let value = parse_value(raw).map_err(|e| format!("deny.toml line {number}: {e}"))?;
        let full = if section.is_empty() {
            key
        } else {
            format!("{section}.{key}")
        };
        if out.iter().any(|(_, k, _)| *k == full) {
            return Err(format!("deny.toml line {number}: `{full}` is set twice"));
        }
        out.push((number, full, value));
    }
    Ok(out)
}

/// A line without its `#` comment (a `#` inside a string is kept).
fn strip_comment(line: &str) -> &str {
    let mut quote = None;
    let mut escaped = false;
    for (i, c) in line.char_indices() {
        match quote {
            Some(q) => {
                if escaped {
                    escaped = false;
                } else if c == '\\' && q == '"' {
                    escaped = true;
                } else if c == q {
                    quote = None;
                }
            }
            None if c == '"' || c == '\'' => quote = Some(c),
            None if c == '#' => return &line[..i],
            None => {}
        }
    }
    line
}

/// `[` minus `]` outside strings.
fn open_brackets(line: &str) -> i32 {
    let mut depth = 0;
    let mut quote = None;
    for c in line.chars() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), _) => {}
            (None, '"' | '\'') => quote = Some(c),
            (None, '[') => depth += 1,
            (None, ']') => depth -= 1,
            _ => {}
        }
    }
    depth
}

fn parse_value(raw: &str) -> Result<Value, String> {
    match raw {
        "true" => return Ok(Value::Bool(true)),
        "false" => return Ok(Value::Bool(false)),
        _ => {}
    }
    if let Some(inner) = raw.strip_prefix('[') {
        let inner = inner
            .strip_suffix(']')
            .ok_or("a list must end with `]`")?
            .trim();
        let mut items = Vec::new();
        let mut rest = inner;
        while !rest.is_empty() {
            let (item, after) = parse_string(rest)?;
            items.push(item);
            rest = after.trim_start();
            if let Some(after_comma) = rest.strip_prefix(',') {
                rest = after_comma.trim_start();
            } else if !rest.is_empty() {
                return Err("expected `,` between list items".to_string());
            }
        }
        return Ok(Value::List(items));
    }
    if raw.starts_with('"') || raw.starts_with('\'') {
        let (s, rest) = parse_string(raw)?;
        if !rest.trim().is_empty() {
            return Err("text after a string".to_string());
        }
        return Ok(Value::Str(s));
    }
    if !raw.is_empty() && raw.parse::<f64>().is_ok() {
        return Ok(Value::Num(raw.to_string()));
    }
    Err(format!("cannot read the value `{raw}`"))
}

/// One string at the start of `text` (basic `"…"` with `\"` and `\\`, or literal `'…'`), and
/// the text after it.
fn parse_string(text: &str) -> Result<(String, &str), String> {
    let mut chars = text.char_indices();
    let quote = match chars.next() {
        Some((_, q @ ('"' | '\''))) => q,
        _ => return Err(format!("expected a string at `{text}`")),
    };
    let mut out = String::new();
    let mut escaped = false;
    for (i, c) in chars {
        if escaped {
            match c {
                '"' | '\\' => out.push(c),
                _ => return Err(format!("escape `\\{c}` is not supported")),
            }
            escaped = false;
        } else if c == '\\' && quote == '"' {
            escaped = true;
        } else if c == quote {
            return Ok((out, &text[i + 1..]));
        } else {
            out.push(c);
        }
    }
    Err("unterminated string".to_string())
}

/// One licence requirement: an SPDX id (or `LicenseRef-…`), `+` for "or later", and an exception.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Req {
    id: String,
    or_later: bool,
    exception: Option<String>,
}

impl Req {
    /// True when holding the licence `self` (an `allow` entry) meets the requirement `req`
    /// (spdx 0.13's `Licensee::satisfies`, which cargo-deny uses).
    fn satisfies(&self, req: &Req) -> bool {
        if self.id != req.id {
            if !req.or_later {
                return false;
            }
            // "GPL-2.0+" is met by GPL-3.0: the same name with a later version.
            let version =
                |s: &str| !s.is_empty() && s.chars().all(|c| c == '.' || c.is_ascii_digit());
            let (mut a, mut b) = (self.id.split('-'), req.id.split('-'));
            loop {
                match (a.next(), b.next()) {
                    (Some(x), Some(y)) if x == y => {}
                    (Some(x), Some(y)) if version(x) && version(y) && x > y => {}
                    (None, None) => break,
                    _ => return false,
                }
            }
        }
        self.exception == req.exception
    }
}

impl std::fmt::Display for Req {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}{}", self.id, if self.or_later { "+" } else { "" })?;
        if let Some(exception) = &self.exception {
            write!(f, " WITH {exception}")?;
        }
        Ok(())
    }
}

/// A licence expression.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Expr {
    Req(Req),
    And(Box<Expr>, Box<Expr>),
    Or(Box<Expr>, Box<Expr>),
}

impl Expr {
    /// Reads an SPDX expression the way cargo-deny reads a crate's `license` field: `/` is `OR`,
    /// and the operators may be written in lower case.
    fn parse(text: &str) -> Result<Expr, String> {
        let spaced = text
            .replace('/', " OR ")
            .replace('(', " ( ")
            .replace(')', " ) ");
        let tokens: Vec<&str> = spaced.split_whitespace().collect();
        if tokens.is_empty() {
            return Err("empty licence expression".to_string());
        }
        let mut at = 0;
        let expr = Self::or(&tokens, &mut at)?;
        if at != tokens.len() {
            return Err(format!("unexpected `{}`", tokens[at]));
        }
        Ok(expr)
    }

    fn or(tokens: &[&str], at: &mut usize) -> Result<Expr, String> {
        let mut left = Self::and(tokens, at)?;
        while tokens
            .get(*at)
            .is_some_and(|t| t.eq_ignore_ascii_case("OR"))
        {
            *at += 1;
            left = Expr::Or(Box::new(left), Box::new(Self::and(tokens, at)?));
        }
        Ok(left)
    }

    fn and(tokens: &[&str], at: &mut usize) -> Result<Expr, String> {
        let mut left = Self::term(tokens, at)?;
        while tokens
            .get(*at)
            .is_some_and(|t| t.eq_ignore_ascii_case("AND"))
        {
            *at += 1;
            left = Expr::And(Box::new(left), Box::new(Self::term(tokens, at)?));
        }
        Ok(left)
    }

    fn term(tokens: &[&str], at: &mut usize) -> Result<Expr, String> {
        let token = *tokens.get(*at).ok_or("the expression ends too early")?;
        *at += 1;
        if token == "(" {
            let inner = Self::or(tokens, at)?;
            if tokens.get(*at) != Some(&")") {
                return Err("unclosed `(`".to_string());
            }
            *at += 1;
            return Ok(inner);
        }
        let is_operator = ["AND", "OR", "WITH"]
            .iter()
            .any(|op| token.eq_ignore_ascii_case(op));
        let valid = |t: &str| {
            !t.is_empty()
                && t.chars()
                    .all(|c| c.is_ascii_alphanumeric() || ".-+:".contains(c))
        };
        if is_operator || token == ")" || !valid(token) {
            return Err(format!("expected a licence, found `{token}`"));
        }
        let (id, or_later) = match token.strip_suffix('+') {
            Some(id) => (id, true),
            None => (token, false),
        };
        let mut exception = None;
        if tokens
            .get(*at)
            .is_some_and(|t| t.eq_ignore_ascii_case("WITH"))
        {
            let name = tokens
                .get(*at + 1)
                .filter(|t| valid(t) && !t.ends_with('+'));
            exception = Some(name.ok_or("`WITH` needs an exception")?.to_string());
            *at += 2;
        }
        Ok(Expr::Req(Req {
            id: id.to_string(),
            or_later,
            exception,
        }))
    }

    /// Every requirement, left to right.
    fn reqs(&self) -> Vec<&Req> {
        match self {
            Expr::Req(r) => vec![r],
            Expr::And(a, b) | Expr::Or(a, b) => {
                let mut all = a.reqs();
                all.extend(b.reqs());
                all
            }
        }
    }

    fn holds(&self, met: &dyn Fn(&Req) -> bool) -> bool {
        match self {
            Expr::Req(r) => met(r),
            Expr::And(a, b) => a.holds(met) && b.holds(met),
            Expr::Or(a, b) => a.holds(met) || b.holds(met),
        }
    }
}

/// How a crate depends on another.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Kind {
    Normal,
    Dev,
    Build,
}

impl Kind {
    fn of(json: &Json) -> Kind {
        match json.str() {
            Some("dev") => Kind::Dev,
            Some("build") => Kind::Build,
            _ => Kind::Normal,
        }
    }
}

/// A dependency as a manifest declares it.
#[derive(Debug)]
struct Declared {
    /// The package's name.
    name: String,
    /// The key it goes by in the manifest when renamed.
    rename: Option<String>,
    req: String,
    kind: Kind,
    target: Option<String>,
    optional: bool,
    /// A registry dependency (not a path or git one).
    registry: bool,
}

impl Declared {
    /// The name its optional-dependency feature goes by.
    fn key(&self) -> &str {
        self.rename.as_deref().unwrap_or(&self.name)
    }
}

#[derive(Debug)]
struct Package {
    name: String,
    version: String,
    license: Option<String>,
    source: Option<String>,
    /// `publish = false`.
    private: bool,
    features: BTreeMap<String, Vec<String>>,
    declared: Vec<Declared>,
}

impl Package {
    fn label(&self) -> String {
        format!("{} {}", self.name, self.version)
    }

    /// The optional dependencies (by manifest key) that the features `on` turn on.
    fn optional_on(&self, on: &[String]) -> BTreeSet<String> {
        let optional: BTreeSet<&str> = self
            .declared
            .iter()
            .filter(|d| d.optional)
            .map(Declared::key)
            .collect();
        let mut enabled = BTreeSet::new();
        for feature in on {
            if optional.contains(feature.as_str()) {
                enabled.insert(feature.clone());
            }
            for entry in self.features.get(feature).into_iter().flatten() {
                let dep = if let Some(dep) = entry.strip_prefix("dep:") {
                    dep
                } else if let Some((dep, _)) = entry.split_once('/') {
                    // `dep?/feature` does not turn `dep` on.
                    if dep.ends_with('?') {
                        continue;
                    }
                    dep
                } else {
                    continue;
                };
                if optional.contains(dep) {
                    enabled.insert(dep.to_string());
                }
            }
        }
        enabled
    }
}

/// The dependency graph of `cargo metadata`.
#[derive(Debug)]
pub struct Graph {
    packages: BTreeMap<String, Package>,
    /// id → (dependency id, kind) for every edge in use.
    edges: BTreeMap<String, Vec<(String, Kind)>>,
    roots: Vec<String>,
}

impl Graph {
    pub fn from_metadata(json: &Json) -> Result<Graph, String> {
        let text = |v: &Json, what: &str| {
            v.str()
                .map(str::to_string)
                .ok_or_else(|| format!("cargo metadata: a package has no {what}"))
        };
        let mut packages = BTreeMap::new();
        for p in json.get("packages").items() {
            let mut features = BTreeMap::new();
            if let Json::Object(members) = p.get("features") {
                for (name, entries) in members {
                    let entries = entries
                        .items()
                        .iter()
                        .filter_map(|e| e.str().map(str::to_string))
                        .collect();
                    features.insert(name.clone(), entries);
                }
            }
            let declared = p
                .get("dependencies")
                .items()
                .iter()
                .map(|d| {
                    Ok(Declared {
                        name: text(d.get("name"), "dependency name")?,
                        rename: d.get("rename").str().map(str::to_string),
                        req: text(d.get("req"), "dependency requirement")?,
                        kind: Kind::of(d.get("kind")),
                        target: d.get("target").str().map(str::to_string),
                        optional: d.get("optional").bool().unwrap_or(false),
                        registry: d.get("source").str().is_some_and(|s| {
                            s.starts_with("registry+") || s.starts_with("sparse+")
                        }),
                    })
                })
                .collect::<Result<Vec<_>, String>>()?;
            let package = Package {
                name: text(p.get("name"), "name")?,
                version: text(p.get("version"), "version")?,
                license: p.get("license").str().map(str::to_string),
                source: p.get("source").str().map(str::to_string),
                private: matches!(p.get("publish"), Json::Array(r) if r.is_empty()),
                features,
                declared,
            };
            packages.insert(text(p.get("id"), "id")?, package);
        }
        let resolve = json.get("resolve");
        if resolve.is_null() {
            return Err("cargo metadata gave no dependency graph (`resolve`)".to_string());
        }
        let mut edges = BTreeMap::new();
        for node in resolve.get("nodes").items() {
            let id = text(node.get("id"), "node id")?;
            let package = packages
                .get(&id)
                .ok_or_else(|| format!("cargo metadata: unknown package {id}"))?;
            let on: Vec<String> = node
                .get("features")
                .items()
                .iter()
                .filter_map(|f| f.str().map(str::to_string))
                .collect();
            let optional_on = package.optional_on(&on);
            let mut out = Vec::new();
            for dep in node.get("deps").items() {
                let dep_id = text(dep.get("pkg"), "dependency id")?;
                let dep_name = &packages
                    .get(&dep_id)
                    .ok_or_else(|| format!("cargo metadata: unknown package {dep_id}"))?
                    .name;
                for dep_kind in dep.get("dep_kinds").items() {
                    let kind = Kind::of(dep_kind.get("kind"));
                    let target = dep_kind.get("target").str();
                    // The edge counts if a declaration of it is not optional or is turned on.
                    let used = package.declared.iter().any(|d| {
                        d.name == *dep_name
                            && d.kind == kind
                            && d.target.as_deref() == target
                            && (!d.optional || optional_on.contains(d.key()))
                    });
                    if used && !out.contains(&(dep_id.clone(), kind)) {
                        out.push((dep_id.clone(), kind));
                    }
                }
            }
            edges.insert(id, out);
        }
        let roots = json
            .get("workspace_members")
            .items()
            .iter()
            .filter_map(|m| m.str().map(str::to_string))
            .collect::<Vec<_>>();
        if roots.is_empty() {
            return Err("cargo metadata lists no workspace members".to_string());
        }
        Ok(Graph {
            packages,
            edges,
            roots,
        })
    }

    /// Every package reached from the workspace members without crossing an edge of the kinds
    /// `skip`, each with the first path that reached it (as package names).
    fn reached(&self, skip: &[Kind]) -> BTreeMap<&str, Vec<&str>> {
        let mut seen: BTreeMap<&str, Vec<&str>> = BTreeMap::new();
        let mut queue = VecDeque::new();
        for root in &self.roots {
            if self.packages.contains_key(root) && !seen.contains_key(root.as_str()) {
                seen.insert(root, vec![&self.packages[root].name]);
                queue.push_back(root.as_str());
            }
        }
        while let Some(id) = queue.pop_front() {
            for (dep, kind) in self.edges.get(id).into_iter().flatten() {
                if skip.contains(kind) || seen.contains_key(dep.as_str()) {
                    continue;
                }
                let Some(package) = self.packages.get(dep) else {
                    continue;
                };
                let mut path = seen[id].clone();
                path.push(&package.name);
                seen.insert(dep, path);
                queue.push_back(dep);
            }
        }
        seen
    }
}

/// What the check found.
#[derive(Debug, Default)]
pub struct Report {
    pub errors: Vec<String>,
    pub warnings: Vec<String>,
    /// Crates in the graph, and how many had their licence checked.
    pub crates: usize,
    pub licensed: usize,
}

impl Report {
    fn lint(&mut self, level: Lint, message: String) {
        match level {
            Lint::Allow => {}
            Lint::Warn => self.warnings.push(message),
            Lint::Deny => self.errors.push(message),
        }
    }
}

/// Checks `graph` against `policy`.
pub fn check(policy: &Policy, graph: &Graph) -> Report {
    let mut report = Report::default();
    let all = graph.reached(&[]);
    report.crates = all.len();
    let via = |path: &[&str]| path.join(" → ");

    // Licences.
    let skip: Vec<Kind> = [
        (!policy.include_dev).then_some(Kind::Dev),
        (!policy.include_build).then_some(Kind::Build),
    ]
    .into_iter()
    .flatten()
    .collect();
    let licensed = graph.reached(&skip);
    let allowed: Vec<Req> = policy
        .allow
        .iter()
        .filter_map(|a| match Expr::parse(a) {
            Ok(Expr::Req(r)) => Some(r),
            _ => None,
        })
        .collect();
    let mut used = vec![false; allowed.len()];
    for (id, path) in &licensed {
        let package = &graph.packages[*id];
        if policy.private_ignore && package.private {
            continue;
        }
        report.licensed += 1;
        let Some(field) = package.license.as_deref().filter(|l| !l.trim().is_empty()) else {
            report.errors.push(format!(
                "licence: {} has no `license` field (reached through {}); cargo-deny would read \
                 its licence files: look at them, and run `cargo deny check licenses`",
                package.label(),
                via(path)
            ));
            continue;
        };
        let expr = match Expr::parse(field) {
            Ok(expr) => expr,
            Err(e) => {
                report.errors.push(format!(
                    "licence: {} has a licence expression that cannot be read, `{field}`: {e} \
                     (reached through {})",
                    package.label(),
                    via(path)
                ));
                continue;
            }
        };
        // Every requirement is weighed (not only until the expression holds), so that an
        // allowed licence counts as used wherever it is named, as in cargo-deny.
        for req in expr.reqs() {
            for (i, a) in allowed.iter().enumerate() {
                if a.satisfies(req) {
                    used[i] = true;
                }
            }
        }
        if !expr.holds(&|req| allowed.iter().any(|a| a.satisfies(req))) {
            let refused: Vec<String> = expr
                .reqs()
                .into_iter()
                .filter(|req| !allowed.iter().any(|a| a.satisfies(req)))
                .map(Req::to_string)
                .collect();
            report.errors.push(format!(
                "licence: {} is `{field}`, which the allowed licences do not meet ({} not \
                 allowed; reached through {}): a new licence needs a look and a line in \
                 deny.toml [licenses] allow",
                package.label(),
                refused.join(", "),
                via(path)
            ));
        }
    }
    for (allowed, used) in policy.allow.iter().zip(used) {
        if !used {
            report.lint(
                policy.unused_allowed_license,
                format!(
                    "licence: `{allowed}` is allowed in deny.toml but no crate uses it: take \
                     it out of [licenses] allow"
                ),
            );
        }
    }

    // Bans: several versions of one crate.
    let counted = if policy.multiple_versions_include_dev {
        all.clone()
    } else {
        graph.reached(&[Kind::Dev])
    };
    let mut versions: BTreeMap<&str, Vec<&str>> = BTreeMap::new();
    for id in counted.keys() {
        let package = &graph.packages[*id];
        versions
            .entry(&package.name)
            .or_default()
            .push(&package.version);
    }
    for (name, list) in versions.into_iter().filter(|(_, l)| l.len() > 1) {
        report.lint(
            policy.multiple_versions,
            format!(
                "bans: {} versions of {name}: {}",
                list.len(),
                list.join(", ")
            ),
        );
    }

    // Bans: wildcard requirements.
    for (id, path) in &all {
        let package = &graph.packages[*id];
        if package
            .source
            .as_deref()
            .is_some_and(|s| s.starts_with("git+"))
        {
            continue;
        }
        for dep in package.declared.iter().filter(|d| d.req == "*") {
            let excused = policy.allow_wildcard_paths
                && !dep.registry
                && (package.private || dep.kind == Kind::Dev)
                || dep.name == package.name;
            if !excused {
                report.lint(
                    policy.wildcards,
                    format!(
                        "bans: {} depends on {} with the wildcard version `*` (reached through \
                         {}): give a version",
                        package.label(),
                        dep.name,
                        via(path)
                    ),
                );
            }
        }
    }

    // Sources.
    let same_registry = |a: &str, b: &str| {
        let norm = |u: &str| {
            let u = u.trim_end_matches('/');
            if u == CRATES_IO.trim_end_matches('/') || u == CRATES_IO_SPARSE.trim_end_matches('/') {
                CRATES_IO.to_string()
            } else {
                u.to_string()
            }
        };
        norm(a) == norm(b)
    };
    for (id, path) in &all {
        let package = &graph.packages[*id];
        let Some(source) = package.source.as_deref() else {
            continue;
        };
        if let Some(url) = source
            .strip_prefix("registry+")
            .or_else(|| source.strip_prefix("sparse+"))
        {
            if !policy.allow_registry.iter().any(|a| same_registry(a, url)) {
                report.lint(
                    policy.unknown_registry,
                    format!(
                        "sources: {} comes from the registry {url}, which deny.toml [sources] \
                         allow-registry does not list (reached through {})",
                        package.label(),
                        via(path)
                    ),
                );
            }
        } else if let Some(url) = source.strip_prefix("git+") {
            let repo = url.split(['?', '#']).next().unwrap_or(url);
            if !policy
                .allow_git
                .iter()
                .any(|a| a.trim_end_matches('/') == repo.trim_end_matches('/'))
            {
                report.lint(
                    policy.unknown_git,
                    format!(
                        "sources: {} comes from the git repository {repo}, which deny.toml \
                         [sources] allow-git does not list (reached through {})",
                        package.label(),
                        via(path)
                    ),
                );
            }
        } else {
            report.lint(
                policy.unknown_registry,
                format!(
                    "sources: {} comes from `{source}`, which is not an allowed registry \
                     (reached through {})",
                    package.label(),
                    via(path)
                ),
            );
        }
    }
    report
}

#[cfg(test)]
mod tests {
    use super::*;

    const POLICY: &str = r#"
# comment
[graph]
targets = ["x86_64-unknown-linux-gnu", "wasm32-unknown-unknown"]
all-features = true

[licenses]
allow = [
    "MIT", # one
    "Apache-2.0",
    "Unicode-3.0",
]
confidence-threshold = 0.93
unused-allowed-license = "deny"
include-dev = true

[licenses.private]
ignore = true

[bans]
multiple-versions = "warn"
wildcards = "deny"
allow-wildcard-paths = true
highlight = "all"

[sources]
unknown-registry = "deny"
unknown-git = "deny"
allow-registry = ["https://github.com/rust-lang/crates.io-index"]
"#;

    const CRATES_IO_SOURCE: &str = "registry+https://github.com/rust-lang/crates.io-index";

    /// A package of `cargo metadata`: (id, license, source, publish = false, dependencies as
    /// JSON, features as JSON).
    fn package(
        id: &str,
        license: Option<&str>,
        source: Option<&str>,
        private: bool,
        deps: &str,
        features: &str,
    ) -> String {
        let (name, version) = id.split_once('@').unwrap();
        let quote = |v: Option<&str>| v.map_or("null".to_string(), |v| format!("{v:?}"));
        format!(
            r#"{{"id":"{id}","name":"{name}","version":"{version}","license":{},"source":{},"publish":{},"dependencies":[{deps}],"features":{{{features}}}}}"#,
            quote(license),
            quote(source),
            if private { "[]" } else { "null" }
        )
    }

    fn dep(name: &str, req: &str, kind: Option<&str>, optional: bool, registry: bool) -> String {
        format!(
            r#"{{"name":"{name}","req":"{req}","kind":{},"optional":{optional},"target":null,"source":{}}}"#,
            kind.map_or("null".to_string(), |k| format!("{k:?}")),
            if registry {
                format!("{CRATES_IO_SOURCE:?}")
            } else {
                "null".to_string()
            }
        )
    }

    /// A resolve node: (id, features on, [(dependency id, kind)]).
    fn node(id: &str, features: &[&str], deps: &[(&str, Option<&str>)]) -> String {
        let deps: Vec<String> = deps
            .iter()
            .map(|(d, k)| {
                format!(
                    r#"{{"name":"x","pkg":"{d}","dep_kinds":[{{"kind":{},"target":null}}]}}"#,
                    k.map_or("null".to_string(), |k| format!("{k:?}"))
                )
            })
            .collect();
        format!(
            r#"{{"id":"{id}","features":{:?},"deps":[{}]}}"#,
            features,
            deps.join(",")
        )
    }

    /// A workspace `app` (private) depending on `lib` (MIT), `uni` ((MIT OR Apache-2.0) AND
    /// Unicode-3.0), `opt` (optional, off), and dev-dependency `devdep` (Apache-2.0), plus
    /// whatever `extra` packages and `app` edges a test adds.
    fn graph(extra_packages: &[String], extra_edges: &[(&str, Option<&str>)]) -> Graph {
        let mut app_deps = vec![
            dep("lib", "^1", None, false, true),
            dep("uni", "^1", None, false, true),
            dep("opt", "^1", None, true, true),
            dep("devdep", "^1", Some("dev"), false, true),
            dep("path-lib", "*", None, false, false),
        ];
        let mut app_edges = vec![
            ("lib@1.0.0", None),
            ("uni@1.0.0", None),
            ("opt@1.0.0", None),
            ("devdep@1.0.0", Some("dev")),
            ("path-lib@0.1.0", None),
        ];
        for (id, kind) in extra_edges {
            let name = id.split('@').next().unwrap();
            app_deps.push(dep(name, "^1", *kind, false, true));
            app_edges.push((id, *kind));
        }
        let mut packages = vec![
            package(
                "app@0.1.0",
                None,
                None,
                true,
                &app_deps.join(","),
                r#""opt":["dep:opt"]"#,
            ),
            package("path-lib@0.1.0", None, None, true, "", ""),
            package(
                "lib@1.0.0",
                Some("MIT"),
                Some(CRATES_IO_SOURCE),
                false,
                "",
                "",
            ),
            package(
                "uni@1.0.0",
                Some("(MIT OR Apache-2.0) AND Unicode-3.0"),
                Some(CRATES_IO_SOURCE),
                false,
                "",
                "",
            ),
            package(
                "opt@1.0.0",
                Some("GPL-3.0"),
                Some("git+https://example.com/opt"),
                false,
                "",
                "",
            ),
            package(
                "devdep@1.0.0",
                Some("Apache-2.0"),
                Some(CRATES_IO_SOURCE),
                false,
                "",
                "",
            ),
        ];
        packages.extend(extra_packages.iter().cloned());
        let mut nodes = vec![
            node("app@0.1.0", &[], &app_edges),
            node("path-lib@0.1.0", &[], &[]),
            node("lib@1.0.0", &[], &[]),
            node("uni@1.0.0", &[], &[]),
            node("opt@1.0.0", &[], &[]),
            node("devdep@1.0.0", &[], &[]),
        ];
        for p in extra_packages {
            let id = Json::parse(p).unwrap().get("id").str().unwrap().to_string();
            nodes.push(node(&id, &[], &[]));
        }
        let text = format!(
            r#"{{"packages":[{}],"workspace_members":["app@0.1.0","path-lib@0.1.0"],"resolve":{{"nodes":[{}]}}}}"#,
            packages.join(","),
            nodes.join(",")
        );
        Graph::from_metadata(&Json::parse(&text).unwrap()).unwrap()
    }

    fn run(extra_packages: &[String], extra_edges: &[(&str, Option<&str>)]) -> Report {
        check(
            &Policy::parse(POLICY).unwrap(),
            &graph(extra_packages, extra_edges),
        )
    }

    #[test]
    fn reads_the_projects_deny_toml() {
        let text = std::fs::read_to_string(
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../deny.toml"),
        )
        .unwrap();
        let policy = Policy::parse(&text).unwrap();
        assert_eq!(policy, Policy::parse(POLICY).unwrap());
        assert_eq!(
            policy.metadata_args().join(" "),
            "metadata --format-version 1 --locked --all-features \
             --filter-platform x86_64-unknown-linux-gnu --filter-platform wasm32-unknown-unknown"
        );
    }

    #[test]
    fn refuses_keys_it_does_not_check() {
        for (text, wanted) in [
            (
                "[licenses]\nexceptions = []",
                "`licenses.exceptions` is not checked",
            ),
            (
                "[bans]\ndeny = [\n \"openssl\",\n]",
                "`bans.deny` is not checked",
            ),
            (
                "[advisories]\nignore = []",
                "`advisories.ignore` is not checked",
            ),
            ("[licenses]\nallow = \"MIT\"", "must be a list"),
            ("[bans]\nwildcards = \"no\"", "must be \"allow\""),
            (
                "[licenses]\nallow = [\"MIT OR Apache-2.0\"]",
                "not one licence",
            ),
            ("[licenses]\nallow = [\"MIT\"]\nallow = []", "set twice"),
            ("[sources]\nallow-git = [\"a\"", "unclosed list"),
        ] {
            let error = Policy::parse(text).unwrap_err();
            assert!(error.contains(wanted), "{text:?}: {error}");
        }
    }

    #[test]
    fn reads_licence_expressions() {
        let req = |id: &str, or_later, exception: Option<&str>| {
            Expr::Req(Req {
                id: id.into(),
                or_later,
                exception: exception.map(Into::into),
            })
        };
        assert_eq!(Expr::parse("MIT").unwrap(), req("MIT", false, None));
        assert_eq!(
            Expr::parse("MIT/Apache-2.0").unwrap(),
            Expr::Or(
                Box::new(req("MIT", false, None)),
                Box::new(req("Apache-2.0", false, None))
            )
        );
        // AND binds tighter than OR.
        assert_eq!(
            Expr::parse("A or B AND C").unwrap(),
            Expr::Or(
                Box::new(req("A", false, None)),
                Box::new(Expr::And(
                    Box::new(req("B", false, None)),
                    Box::new(req("C", false, None))
                ))
            )
        );
        assert_eq!(
            Expr::parse("GPL-2.0+ WITH Classpath-exception-2.0").unwrap(),
            req("GPL-2.0", true, Some("Classpath-exception-2.0"))
        );
        for bad in [
            "",
            "MIT OR",
            "(MIT",
            "MIT)",
            "AND MIT",
            "MIT WITH",
            "M!T",
            "MIT Apache-2.0",
        ] {
            assert!(Expr::parse(bad).is_err(), "{bad:?} was accepted");
        }
    }

    #[test]
    fn allowed_licences_meet_requirements_as_spdx_says() {
        let req = |text: &str| match Expr::parse(text).unwrap() {
            Expr::Req(r) => r,
            _ => unreachable!(),
        };
        let meets = |allowed: &str, wanted: &str| req(allowed).satisfies(&req(wanted));
        assert!(meets("MIT", "MIT"));
        assert!(!meets("MIT", "MIT-0"));
        assert!(meets("GPL-3.0", "GPL-2.0+"));
        assert!(meets("GPL-2.0", "GPL-2.0+"));
        assert!(!meets("GPL-2.0", "GPL-3.0+"));
        assert!(!meets("LGPL-3.0", "GPL-2.0+"));
        assert!(!meets("Apache-2.0", "Apache-2.0 WITH LLVM-exception"));
        assert!(meets(
            "Apache-2.0 WITH LLVM-exception",
            "Apache-2.0 WITH LLVM-exception"
        ));
    }

    #[test]
    fn a_clean_graph_passes() {
        let report = run(&[], &[]);
        assert_eq!(report.errors, Vec::<String>::new());
        assert_eq!(report.warnings, Vec::<String>::new());
        // app, path-lib, lib, uni, devdep; the optional `opt` is off.
        assert_eq!(report.crates, 5);
        assert_eq!(report.licensed, 3);
    }

    #[test]
    fn a_licence_not_allowed_fails_naming_the_crate_and_its_path() {
        let gpl = package(
            "gpl@1.0.0",
            Some("GPL-3.0 OR (MIT AND BSD-3-Clause)"),
            Some(CRATES_IO_SOURCE),
            false,
            "",
            "",
        );
        let report = run(&[gpl], &[("gpl@1.0.0", None)]);
        assert_eq!(report.errors.len(), 1, "{:?}", report.errors);
        let error = &report.errors[0];
        assert!(error.contains("gpl 1.0.0"), "{error}");
        assert!(
            error.contains("GPL-3.0, BSD-3-Clause not allowed"),
            "{error}"
        );
        assert!(error.contains("reached through app → gpl"), "{error}");
        // One side of an OR is enough; a licence field that cannot be read fails.
        let either = package(
            "either@1.0.0",
            Some("GPL-3.0 OR MIT"),
            Some(CRATES_IO_SOURCE),
            false,
            "",
            "",
        );
        assert!(run(&[either], &[("either@1.0.0", None)]).errors.is_empty());
        let garbled = package(
            "garbled@1.0.0",
            Some("MIT OR OR"),
            Some(CRATES_IO_SOURCE),
            false,
            "",
            "",
        );
        let report = run(&[garbled], &[("garbled@1.0.0", None)]);
        assert!(
            report.errors[0].contains("cannot be read"),
            "{:?}",
            report.errors
        );
        let none = package("none@1.0.0", None, Some(CRATES_IO_SOURCE), false, "", "");
        let report = run(&[none], &[("none@1.0.0", None)]);
        assert!(
            report.errors[0].contains("no `license` field"),
            "{:?}",
            report.errors
        );
    }

    #[test]
    fn dev_dependencies_count_for_licences_only_under_include_dev() {
        let gpl = package(
            "gpldev@1.0.0",
            Some("GPL-3.0"),
            Some(CRATES_IO_SOURCE),
            false,
            "",
            "",
        );
        let edges = [("gpldev@1.0.0", Some("dev"))];
        assert_eq!(run(std::slice::from_ref(&gpl), &edges).errors.len(), 1);
        let mut policy = Policy::parse(POLICY).unwrap();
        policy.include_dev = false;
        // Without dev-dependencies devdep's Apache-2.0 is still named by `uni`.
        let report = check(&policy, &graph(&[gpl], &edges));
        assert!(report.errors.is_empty(), "{:?}", report.errors);
    }

    #[test]
    fn an_allowed_licence_no_crate_names_is_reported() {
        let mut policy = Policy::parse(POLICY).unwrap();
        policy.allow.push("ISC".to_string());
        let report = check(&policy, &graph(&[], &[]));
        assert_eq!(report.errors.len(), 1);
        assert!(
            report.errors[0].contains("`ISC` is allowed"),
            "{:?}",
            report.errors
        );
        policy.unused_allowed_license = Lint::Warn;
        let report = check(&policy, &graph(&[], &[]));
        assert!(report.errors.is_empty());
        assert_eq!(report.warnings.len(), 1);
    }

    #[test]
    fn an_optional_dependency_counts_once_a_feature_turns_it_on() {
        // `opt` is GPL and from git: off, it is not in the graph; on, both are reported.
        let text = |features: &str| {
            let packages = [
                package(
                    "app@0.1.0",
                    None,
                    None,
                    true,
                    &dep("opt", "^1", None, true, false),
                    r#""extra":["opt?/std"],"on":["dep:opt"]"#,
                ),
                package(
                    "opt@1.0.0",
                    Some("GPL-3.0"),
                    Some("git+https://example.com/opt?rev=1#abc"),
                    false,
                    "",
                    "",
                ),
            ];
            format!(
                r#"{{"packages":[{}],"workspace_members":["app@0.1.0"],"resolve":{{"nodes":[{},{}]}}}}"#,
                packages.join(","),
                node("app@0.1.0", &[features], &[("opt@1.0.0", None)]),
                node("opt@1.0.0", &[], &[])
            )
        };
        let policy = Policy::parse(POLICY).unwrap();
        // A weak `opt?/std` does not turn it on.
        let off = check(
            &policy,
            &Graph::from_metadata(&Json::parse(&text("extra")).unwrap()).unwrap(),
        );
        assert_eq!(off.crates, 1);
        let on = check(
            &policy,
            &Graph::from_metadata(&Json::parse(&text("on")).unwrap()).unwrap(),
        );
        assert_eq!(on.crates, 2);
        assert!(
            on.errors.iter().any(|e| e.contains("licence: opt 1.0.0")),
            "{:?}",
            on.errors
        );
        assert!(
            on.errors
                .iter()
                .any(|e| e.contains("git repository https://example.com/opt,")),
            "{:?}",
            on.errors
        );
    }

    #[test]
    fn sources_other_than_crates_io_fail() {
        let other = package(
            "other@1.0.0",
            Some("MIT"),
            Some("registry+https://example.com/index"),
            false,
            "",
            "",
        );
        let sparse = package(
            "sparse@1.0.0",
            Some("MIT"),
            Some("sparse+https://index.crates.io/"),
            false,
            "",
            "",
        );
        let report = run(
            &[other, sparse],
            &[("other@1.0.0", None), ("sparse@1.0.0", None)],
        );
        assert_eq!(report.errors.len(), 1, "{:?}", report.errors);
        assert!(report.errors[0].contains("registry https://example.com/index"));
    }

    #[test]
    fn wildcards_fail_but_for_private_path_dependencies() {
        // app's `path-lib = "*"` passes (a private crate's path dependency); a registry
        // dependency with `*` fails, and so would a public crate's path dependency.
        let wild = package(
            "wild@1.0.0",
            Some("MIT"),
            Some(CRATES_IO_SOURCE),
            false,
            &[
                dep("lib", "*", None, false, true),
                dep("local", "*", None, false, false),
                dep("local-dev", "*", Some("dev"), false, false),
            ]
            .join(","),
            "",
        );
        let report = run(&[wild], &[("wild@1.0.0", None)]);
        assert_eq!(report.errors.len(), 2, "{:?}", report.errors);
        assert!(report.errors[0].contains("wild 1.0.0 depends on lib with the wildcard"));
        assert!(report.errors[1].contains("wild 1.0.0 depends on local with the wildcard"));
    }

    #[test]
    fn several_versions_of_a_crate_warn_leaving_dev_dependencies_out() {
        let lib2 = package(
            "lib@2.0.0",
            Some("MIT"),
            Some(CRATES_IO_SOURCE),
            false,
            "",
            "",
        );
        let report = run(std::slice::from_ref(&lib2), &[("lib@2.0.0", None)]);
        assert!(report.errors.is_empty());
        assert_eq!(
            report.warnings,
            vec!["bans: 2 versions of lib: 1.0.0, 2.0.0".to_string()]
        );
        let report = run(&[lib2], &[("lib@2.0.0", Some("dev"))]);
        assert!(report.warnings.is_empty(), "{:?}", report.warnings);
    }
}
