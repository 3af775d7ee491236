//! `cargo xtask package`: the board as an npm package, `ultima-board`, made from the release
//! build (`dist/`) and the package's own sources (`npm/`), and its API page in the built site.
//!
//! 1. Stages the package in [`STAGE`]: the files the entry points need, found by following their
//!    references from [`ENTRY_FILES`] through the build (ES module imports, the
//!    `new URL('<literal>', import.meta.url)` forms bundlers follow, an HTML page's `src` and
//!    `href`), so a module added to the board's imports is shipped without a list to keep; then
//!    the wasm's declarations, the manifest and README of `npm/` and the licences.
//! 2. Emits the TypeScript declarations of the entry points and the modules they import with
//!    tsc (`npm/tsconfig.declarations.json`), from the JSDoc types the type check checks.
//! 3. Checks that every file the manifest names is there, and packs the tarball with
//!    `npm pack` into [`OUT`] (nothing is published).
//! 4. Writes the API page into `dist/api/` with typedoc (`npm/typedoc.json`), from the staged
//!    declarations, and the runnable examples of `npm/example/` into `dist/api/example/`, where an
//!    import map points 'ultima-board' at the site's own modules.

use std::collections::BTreeSet;
use std::fs;
use std::path::{Component, Path};

use crate::{list_files, Steps};

/// Where the package is staged, a folder that `npm pack` packs.
const STAGE: &str = "target/npm/ultima-board";
/// Where the tarball goes.
const OUT: &str = "target/npm";
/// The package's sources: manifest, README, tsc and typedoc configurations, examples.
const SOURCES: &str = "npm";
/// The files of the build the package starts from: the two entry points and the iframe page.
const ENTRY_FILES: &[&str] = &["www/embed.js", "www/element.js", "embed.html"];
/// Files of the build that no reference names: the wasm's declarations, which the emitted
/// declarations import.
const EXTRA_BUILD_FILES: &[&str] = &["ultima-wasm.d.ts"];
/// Files of `npm/` copied as they are: the manifest, the README and the entry points'
/// declarations, which name the API and take its types from the emitted ones.
const SOURCE_FILES: &[&str] = &["package.json", "README.md", "index.d.ts", "element.d.ts"];
/// The licence texts, from the repository's root.
const LICENCES: &[&str] = &["LICENSE-MIT", "LICENSE-APACHE"];
/// The examples, copied into the API page's folder.
const EXAMPLES: &str = "npm/example";
/// The API page, in the built site.
const API_DOCS: &str = "dist/api";
/// What the examples' pages get on the site, before their first module script: the modules of
/// the site's own copy of the package under the package's names.
const IMPORT_MAP: &str = r#"<script type="importmap">
      { "imports": { "ultima-board": "../../www/embed.js", "ultima-board/element": "../../www/element.js" } }
    </script>
    "#;

/// Runs the package's steps; the release build must be in `dist/`.
pub fn package(steps: &mut Steps) -> Result<(), crate::Failure> {
    steps.run(&format!("npm package: stage {STAGE}"), |s| {
        let files = stage(&s.root)?;
        s.note(&format!("{} files from the build", files.len()));
        Ok(())
    })?;
    steps.run("npm package: declarations (tsc --declaration)", |s| {
        let tsc = s.root.join("node_modules/typescript/bin/tsc");
        s.run_cmd(s.cmd("node").arg(tsc).args([
            "--project",
            "npm/tsconfig.declarations.json",
            "--outDir",
            &format!("{STAGE}/www"),
        ]))
    })?;
    steps.run("npm package: npm pack", |s| {
        let stage = s.root.join(STAGE);
        let manifest = fs::read_to_string(stage.join("package.json"))
            .map_err(|e| format!("cannot read the staged package.json: {e}"))?;
        for file in manifest_files(&manifest) {
            if !stage.join(&file).is_file() {
                return Err(format!(
                    "package.json names {file}, which the package lacks"
                ));
            }
        }
        let out = s.root.join(OUT);
        for entry in fs::read_dir(&out).map_err(|e| format!("cannot read {OUT}: {e}"))? {
            let path = entry.map_err(|e| format!("cannot read {OUT}: {e}"))?.path();
            if path.extension().is_some_and(|x| x == "tgz") {
                fs::remove_file(&path)
                    .map_err(|e| format!("cannot remove {}: {e}", path.display()))?;
            }
        }
        let json = s.output(
            s.cmd("npm")
                .current_dir(&stage)
                .args(["pack", "--json", "--pack-destination"])
                .arg(&out),
        )?;
        s.note(&pack_summary(&json)?);
        Ok(())
    })?;
    steps.run("npm package: API page (typedoc) and examples", |s| {
        let typedoc = s.root.join("node_modules/typedoc/bin/typedoc");
        s.run_cmd(s.cmd("node").arg(typedoc).args([
            "--options",
            "npm/typedoc.json",
            "--logLevel",
            "Warn",
        ]))?;
        copy_examples(&s.root)
    })
}

/// Stages the package (step 1); returns the files taken from the build.
fn stage(root: &Path) -> Result<BTreeSet<String>, String> {
    let dist = root.join("dist");
    let stage = root.join(STAGE);
    if stage.exists() {
        fs::remove_dir_all(&stage).map_err(|e| format!("cannot empty {STAGE}: {e}"))?;
    }
    let mut files = referenced_files(&dist, ENTRY_FILES)?;
    files.extend(EXTRA_BUILD_FILES.iter().map(|f| f.to_string()));
    for file in &files {
        copy(&dist.join(file), &stage.join(file))?;
    }
    for file in SOURCE_FILES {
        copy(&root.join(SOURCES).join(file), &stage.join(file))?;
    }
    for file in LICENCES {
        copy(&root.join(file), &stage.join(file))?;
    }
    Ok(files)
}

/// The files `entries` need in the build folder `dist`, themselves included: each file's
/// references, followed until none is new. A reference to a missing file is an error.
pub fn referenced_files(dist: &Path, entries: &[&str]) -> Result<BTreeSet<String>, String> {
    let mut found = BTreeSet::new();
    let mut todo: Vec<String> = entries.iter().map(|e| e.to_string()).collect();
    while let Some(file) = todo.pop() {
        if !found.insert(file.clone()) {
            continue;
        }
        let path = dist.join(&file);
        if !path.is_file() {
            return Err(format!(
                "{file} is not in dist/ (run the release build first)"
            ));
        }
        let text = match path.extension().and_then(|x| x.to_str()) {
            Some("js" | "html") => fs::read_to_string(&path)
                .map_err(|e| format!("cannot read {}: {e}", path.display()))?,
            _ => continue,
        };
        let folder = Path::new(&file).parent().unwrap_or(Path::new(""));
        for reference in references(&text, file.ends_with(".html")) {
            let target = resolve(folder, &reference)
                .ok_or_else(|| format!("{file} refers to {reference}, outside the build"))?;
            if !dist.join(&target).is_file() {
                return Err(format!(
                    "{file} refers to {reference}, which is not in dist/"
                ));
            }
            todo.push(target);
        }
    }
    Ok(found)
}

/// The relative paths a file refers to: in a module, `from '…'`, `import '…'` and
/// `new URL('…', import.meta.url)` (what bundlers follow); in a page, `src="…"` and `href="…"`
/// that are not URLs, absolute paths or fragments.
fn references(text: &str, html: bool) -> Vec<String> {
    let mut out = Vec::new();
    let mut take = |prefix: &str, quote: char, suffix: &str| {
        let mut rest = text;
        while let Some(at) = rest.find(prefix) {
            rest = &rest[at + prefix.len()..];
            let Some(end) = rest.find(quote) else { break };
            let value = &rest[..end];
            if rest[end + 1..].starts_with(suffix) && is_relative(value) {
                out.push(value.to_string());
            }
        }
    };
    if html {
        take("src=\"", '"', "");
        take("href=\"", '"', "");
    } else {
        for quote in ['\'', '"'] {
            take(&format!("from {quote}"), quote, "");
            take(&format!("import {quote}"), quote, "");
            take(&format!("new URL({quote}"), quote, ", import.meta.url)");
        }
    }
    out
}

/// A plain path relative to the file it is in: letters, digits, `.`, `_`, `-` and `/`, not
/// starting with `/` (so no URL with a scheme, query or fragment, and no placeholder such as
/// the `<literal path>` of a comment).
fn is_relative(value: &str) -> bool {
    !value.is_empty()
        && !value.starts_with('/')
        && value
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-' | '/'))
}

/// `reference` from the folder `folder` of the build, as a path with `/`; None outside it.
fn resolve(folder: &Path, reference: &str) -> Option<String> {
    let mut parts: Vec<String> = folder
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    for component in Path::new(reference).components() {
        match component {
            Component::CurDir => {}
            Component::ParentDir => {
                parts.pop()?;
            }
            Component::Normal(name) => parts.push(name.to_string_lossy().into_owned()),
            Component::RootDir | Component::Prefix(_) => return None,
        }
    }
    Some(parts.join("/"))
}

/// The files a package.json names: its string values that start with "./" (the keys of
/// `exports` start so too, but are followed by a colon).
fn manifest_files(manifest: &str) -> Vec<String> {
    let mut files = Vec::new();
    let mut rest = manifest;
    while let Some(at) = rest.find("\"./") {
        rest = &rest[at + 1..];
        let Some(end) = rest.find('"') else { break };
        let value = &rest[..end];
        rest = &rest[end + 1..];
        if !rest.trim_start().starts_with(':') {
            files.push(value.trim_start_matches("./").to_string());
        }
    }
    files
}

/// One line from `npm pack --json`'s report: the tarball, its size packed and unpacked, and
/// how many files it holds.
fn pack_summary(json: &str) -> Result<String, String> {
    let field = |name: &str| {
        let key = format!("\"{name}\":");
        let at = json.find(&key)? + key.len();
        let value = json[at..].trim_start();
        let end = value.find([',', '\n', '}'])?;
        Some(value[..end].trim().trim_matches('"').to_string())
    };
    match (
        field("filename"),
        field("size"),
        field("unpackedSize"),
        field("entryCount"),
    ) {
        (Some(file), Some(size), Some(unpacked), Some(count)) => Ok(format!(
            "{OUT}/{file}: {size} bytes packed, {unpacked} bytes unpacked, {count} files"
        )),
        _ => Err(format!("npm pack's report lacks its figures: {json}")),
    }
}

/// Copies the examples into the API page's folder, each page with the import map.
fn copy_examples(root: &Path) -> Result<(), String> {
    let from = root.join(EXAMPLES);
    let to = root.join(API_DOCS).join("example");
    let mut files = Vec::new();
    list_files(&from, &from, &mut files)?;
    for file in files {
        let (source, target) = (from.join(&file), to.join(&file));
        if file.ends_with(".html") {
            let page = fs::read_to_string(&source)
                .map_err(|e| format!("cannot read {}: {e}", source.display()))?;
            let page = with_import_map(&page).ok_or_else(|| {
                format!("{EXAMPLES}/{file} has no <script type=\"module\"> for the import map")
            })?;
            write(&target, page.as_bytes())?;
        } else {
            copy(&source, &target)?;
        }
    }
    Ok(())
}

/// `page` with [`IMPORT_MAP`] before its first module script; None when it has none.
fn with_import_map(page: &str) -> Option<String> {
    let at = page.find("<script type=\"module\"")?;
    Some(format!("{}{IMPORT_MAP}{}", &page[..at], &page[at..]))
}

fn copy(from: &Path, to: &Path) -> Result<(), String> {
    let bytes = fs::read(from).map_err(|e| format!("cannot read {}: {e}", from.display()))?;
    write(to, &bytes)
}

fn write(to: &Path, bytes: &[u8]) -> Result<(), String> {
    if let Some(folder) = to.parent() {
        fs::create_dir_all(folder)
            .map_err(|e| format!("cannot create {}: {e}", folder.display()))?;
    }
    fs::write(to, bytes).map_err(|e| format!("cannot write {}: {e}", to.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_the_references_bundlers_follow() {
        let module = r#"
import { a } from './a.js';
import "./side-effect.js";
/** @import { T } from './types.js' */
const glue = new URL('../glue.js', import.meta.url);
const base = new URL('./', other);
// new URL('<literal path>', import.meta.url), in a comment
const worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
import('https://cdn.example/x.js');
"#;
        assert_eq!(
            references(module, false),
            [
                "./a.js",
                "./types.js",
                "../glue.js",
                "./worker.js",
                "./side-effect.js"
            ]
        );
        let page = r##"<link rel="icon" href="www/icon.svg" /><a href="https://example.org/">x</a>
<a href="#top">top</a><script type="module" src="www/frame.js"></script>"##;
        assert_eq!(references(page, true), ["www/frame.js", "www/icon.svg"]);
    }

    #[test]
    fn resolves_references_inside_the_build_only() {
        assert_eq!(
            resolve(Path::new("www"), "../ultima-wasm.js").as_deref(),
            Some("ultima-wasm.js")
        );
        assert_eq!(
            resolve(Path::new("www"), "./ai.js").as_deref(),
            Some("www/ai.js")
        );
        assert_eq!(
            resolve(Path::new(""), "www/frame.css").as_deref(),
            Some("www/frame.css")
        );
        assert_eq!(resolve(Path::new("www"), "../../etc/passwd"), None);
    }

    #[test]
    fn follows_references_through_a_build() {
        let dir = std::env::temp_dir().join(format!("xtask-package-{}", std::process::id()));
        let put = |file: &str, text: &str| write(&dir.join(file), text.as_bytes()).unwrap();
        put(
            "page.html",
            r#"<script type="module" src="www/a.js"></script>"#,
        );
        put("www/a.js", "import { b } from './b.js';");
        put(
            "www/b.js",
            "const w = new URL('../w.wasm', import.meta.url); import './a.js';",
        );
        put("w.wasm", "");
        put("www/unused.js", "");
        let files = referenced_files(&dir, &["page.html"]).unwrap();
        assert_eq!(
            files.into_iter().collect::<Vec<_>>(),
            ["page.html", "w.wasm", "www/a.js", "www/b.js"]
        );
        put("www/b.js", "import './missing.js';");
        let error = referenced_files(&dir, &["page.html"]).unwrap_err();
        assert!(error.contains("./missing.js"), "{error}");
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn reads_the_files_a_manifest_names() {
        let manifest = r#"{ "exports": { ".": { "types": "./www/embed.d.ts", "default": "./www/embed.js" },
  "./element": "./www/element.js" }, "sideEffects": ["./www/element.js"] }"#;
        assert_eq!(
            manifest_files(manifest),
            [
                "www/embed.d.ts",
                "www/embed.js",
                "www/element.js",
                "www/element.js"
            ]
        );
    }

    #[test]
    fn summarises_npm_pack() {
        let json = r#"[{ "id": "ultima-board@0.1.0", "name": "ultima-board", "size": 161234,
  "unpackedSize": 512345, "filename": "ultima-board-0.1.0.tgz", "entryCount": 45 }]"#;
        assert_eq!(
            pack_summary(json).unwrap(),
            "target/npm/ultima-board-0.1.0.tgz: 161234 bytes packed, 512345 bytes unpacked, 45 files"
        );
        assert!(pack_summary("[]").is_err());
    }

    #[test]
    fn puts_the_import_map_before_the_first_module_script() {
        let page = "<head>\n    <script type=\"module\" src=\"./main.js\"></script>\n</head>";
        let with = with_import_map(page).unwrap();
        assert!(with.find("importmap").unwrap() < with.find("./main.js").unwrap());
        assert!(with_import_map("<head></head>").is_none());
    }
}
