//! The game page's first modules, announced in its head (part of `cargo xtask build-info`,
//! trunk's post-build hook). A module's imports are found only once it has come, so the page's
//! first module (`www/arrival.js`, which draws the position and opens a first visit's welcome)
//! came five round trips deep: on a slow phone network, 400 ms each. With a
//! `<link rel="modulepreload">` for each module it imports, found by following its imports
//! through the build as the npm package's files are found (`package.rs`), they are all asked for
//! at once. Measured with `bench/slow-arrival.mjs`: the welcome open after 3.3 s instead of 4.2.

use std::path::Path;

use crate::package::referenced_files;

/// The page, and its first module: the entry whose imports are announced.
const PAGE: &str = "index.html";
const ENTRY: &str = "www/arrival.js";

/// Adds to the build folder `staging`'s page a `modulepreload` link for each module [`ENTRY`]
/// imports (through its imports), before the entry's own script tag.
pub fn preload_first_modules(staging: &Path) -> Result<(), String> {
    let modules: Vec<String> = referenced_files(staging, &[ENTRY])?
        .into_iter()
        .filter(|file| file != ENTRY && file.starts_with("www/") && file.ends_with(".js"))
        .collect();
    let path = staging.join(PAGE);
    let page = std::fs::read_to_string(&path)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let with = with_preloads(&page, ENTRY, &modules)
        .ok_or_else(|| format!("{PAGE} has no script tag for {ENTRY}"))?;
    std::fs::write(&path, with).map_err(|e| format!("cannot write {}: {e}", path.display()))
}

/// `page` with a `modulepreload` link for each of `modules` that it does not link already, put
/// just before the script tag of `entry`; None when the page has no such tag.
fn with_preloads(page: &str, entry: &str, modules: &[String]) -> Option<String> {
    let at = page.find(entry)?;
    let tag = page[..at].rfind("<script")?;
    let links: String = modules
        .iter()
        .filter(|module| {
            !page.contains(&format!("href={module}"))
                && !page.contains(&format!("href=\"{module}\""))
        })
        .map(|module| format!("<link rel=\"modulepreload\" href=\"{module}\">"))
        .collect();
    Some(format!("{}{links}{}", &page[..tag], &page[tag..]))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn announces_the_modules_before_the_entry_once() {
        let page = "<head><link href=www/a.js rel=modulepreload><script src=www/arrival.js type=module></script></head>";
        let modules = ["www/a.js".to_string(), "www/b.js".to_string()];
        let with = with_preloads(page, "www/arrival.js", &modules).unwrap();
        assert_eq!(
            with,
            "<head><link href=www/a.js rel=modulepreload><link rel=\"modulepreload\" href=\"www/b.js\"><script src=www/arrival.js type=module></script></head>"
        );
        // Run again on its own output (a hook run twice), nothing is added.
        assert_eq!(
            with_preloads(&with, "www/arrival.js", &modules).unwrap(),
            with
        );
        assert_eq!(
            with_preloads("<head></head>", "www/arrival.js", &modules),
            None
        );
    }

    #[test]
    fn follows_the_entry_through_a_build() {
        let dir = std::env::temp_dir().join(format!("xtask-preload-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("www")).unwrap();
        std::fs::write(
            dir.join(PAGE),
            "<head><script type=\"module\" src=\"www/arrival.js\"></script></head>",
        )
        .unwrap();
        std::fs::write(
            dir.join(ENTRY),
            "import { b } from './b.js';\nimport('./later.js');\n",
        )
        .unwrap();
        std::fs::write(
            dir.join("www/b.js"),
            "import { c } from './c.js';\nexport const b = 1;\n",
        )
        .unwrap();
        std::fs::write(
            dir.join("www/c.js"),
            "export const c = new URL('../data.bin', import.meta.url);\n",
        )
        .unwrap();
        std::fs::write(dir.join("data.bin"), "").unwrap();
        std::fs::write(dir.join("www/later.js"), "").unwrap();
        preload_first_modules(&dir).unwrap();
        let page = std::fs::read_to_string(dir.join(PAGE)).unwrap();
        // Its static imports, not a module it imports later on its own (`import(…)`) nor data.
        assert_eq!(
            page,
            "<head><link rel=\"modulepreload\" href=\"www/b.js\"><link rel=\"modulepreload\" href=\"www/c.js\"><script type=\"module\" src=\"www/arrival.js\"></script></head>"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
