//! The options of the engine's commands (`search`, `bench`, `match`, `tactics`,
//! `play-engine`): `--name value` or `--name=value`, each known to its command, plus
//! positional arguments.

use ultima::Rules;

/// `--name value` and `--name=value` options after the command, plus positionals.
pub struct Options {
    pub positional: Vec<String>,
    values: Vec<(String, String)>,
}

impl Options {
    /// Splits `raw` (the arguments after the command). Every option in `known` takes a value.
    pub fn parse(raw: &[String], known: &[&str]) -> Result<Options, String> {
        Options::parse_with_flags(raw, known, &[])
    }

    /// As [`Options::parse`], with `flags`: options that take no value (`--json`), which
    /// [`Options::has`] reports.
    pub fn parse_with_flags(
        raw: &[String],
        known: &[&str],
        flags: &[&str],
    ) -> Result<Options, String> {
        let mut positional = Vec::new();
        let mut values: Vec<(String, String)> = Vec::new();
        let mut it = raw.iter();
        while let Some(arg) = it.next() {
            if let Some(opt) = arg.strip_prefix("--") {
                let (name, value) = match opt.split_once('=') {
                    Some((n, v)) => (n.to_string(), v.to_string()),
                    None if flags.contains(&opt) => (opt.to_string(), String::new()),
                    None => {
                        if !known.contains(&opt) {
                            return Err(format!("unknown option --{opt}"));
                        }
                        let v = it.next().ok_or(format!("--{opt} needs a value"))?;
                        (opt.to_string(), v.clone())
                    }
                };
                if flags.contains(&name.as_str()) && !value.is_empty() {
                    return Err(format!("--{name} takes no value"));
                }
                if !known.contains(&name.as_str()) && !flags.contains(&name.as_str()) {
                    return Err(format!("unknown option --{name}"));
                }
                if values.iter().any(|(n, _)| *n == name) {
                    return Err(format!("--{name} given twice"));
                }
                values.push((name, value));
            } else {
                positional.push(arg.clone());
            }
        }
        Ok(Options { positional, values })
    }

    pub fn get(&self, name: &str) -> Option<&str> {
        self.values
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    pub fn has(&self, name: &str) -> bool {
        self.get(name).is_some()
    }

    /// A whole-number option within `range`.
    pub fn number<T>(
        &self,
        name: &str,
        range: core::ops::RangeInclusive<T>,
    ) -> Result<Option<T>, String>
    where
        T: core::str::FromStr + PartialOrd + core::fmt::Display + Copy,
    {
        let Some(text) = self.get(name) else {
            return Ok(None);
        };
        let v: T = text
            .parse()
            .map_err(|_| format!("--{name} '{text}' is not a whole number"))?;
        if !range.contains(&v) {
            return Err(format!(
                "--{name} {v} is out of range ({}..={})",
                range.start(),
                range.end()
            ));
        }
        Ok(Some(v))
    }

    pub fn rules(&self) -> Result<Rules, String> {
        match self.get("rules") {
            Some(text) => text.parse().map_err(|e| format!("{e}")),
            None => Ok(Rules::default()),
        }
    }

    /// At most one of `names` may be given.
    pub fn exclusive(&self, names: &[&str]) -> Result<(), String> {
        let given: Vec<&&str> = names.iter().filter(|n| self.has(n)).collect();
        if given.len() > 1 {
            return Err(format!(
                "--{} and --{} exclude each other",
                given[0], given[1]
            ));
        }
        Ok(())
    }
}
