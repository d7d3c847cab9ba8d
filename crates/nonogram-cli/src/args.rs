//! A small command-line argument reader: `--flag`, `--option VALUE`, operands.

use nonogram_formats::shown;

pub struct Args {
    pub flags: Vec<String>,
    pub options: Vec<(String, String)>,
    pub operands: Vec<String>,
}

impl Args {
    /// Splits `argv`; `with_value` lists the options that take a value.
    pub fn parse(argv: &[String], flags: &[&str], with_value: &[&str]) -> Result<Args, String> {
        let mut a = Args { flags: Vec::new(), options: Vec::new(), operands: Vec::new() };
        let mut it = argv.iter();
        while let Some(arg) = it.next() {
            if arg == "-" || !arg.starts_with('-') {
                a.operands.push(arg.clone());
            } else if arg == "--" {
                a.operands.extend(it.by_ref().cloned());
            } else if let Some((name, value)) = arg.split_once('=').filter(|(n, _)| with_value.contains(n)) {
                a.once(name)?;
                a.options.push((name.to_string(), value.to_string()));
            } else if with_value.contains(&arg.as_str()) {
                a.once(arg)?;
                let value = it.next().ok_or_else(|| format!("{arg} needs a value"))?;
                a.options.push((arg.clone(), value.clone()));
            } else if flags.contains(&arg.as_str()) {
                a.once(arg)?;
                a.flags.push(arg.clone());
            } else if let Some(gone) =
                ["--splr-after", "--splr-generation"].iter().find(|o| arg.starts_with(*o))
            {
                // Taken out with splr: said as such, not as a typing slip.
                return Err(format!(
                    "{gone} is gone: splr no longer takes over clause learning (it never did by default, \
                     and was slower on every hard set measured); drop the option"
                ));
            } else {
                return Err(format!("unknown option `{}` (`--help` lists the options)", shown(arg)));
            }
        }
        Ok(a)
    }

    /// Refuses an option or flag given a second time: which one counts
    /// would be a guess (`--size 5 --size 6` took the last, silently).
    fn once(&self, name: &str) -> Result<(), String> {
        if self.flags.iter().chain(self.options.iter().map(|(n, _)| n)).any(|n| n == name) {
            return Err(format!("{name} is given twice; give it once"));
        }
        Ok(())
    }

    pub fn flag(&self, name: &str) -> bool {
        self.flags.iter().any(|f| f == name)
    }

    pub fn value(&self, name: &str) -> Option<&str> {
        self.options.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }

    /// `--timeout SECS`: seconds (fractions allowed), from a millisecond to
    /// a million (11.6 days); anything else (`1e308`, `inf`, `0`) is refused
    /// with the option's name, never a panic.
    pub fn timeout(&self) -> Result<Option<std::time::Duration>, String> {
        const MAX_SECONDS: f64 = 1e6;
        self.value("--timeout")
            .map(|v| {
                v.trim()
                    .parse::<f64>()
                    .ok()
                    .filter(|s| (0.001..=MAX_SECONDS).contains(s))
                    .map(std::time::Duration::from_secs_f64)
                    .ok_or_else(|| {
                        format!(
                            "--timeout takes a number of seconds from 0.001 to {MAX_SECONDS}, not `{}`",
                            shown(v)
                        )
                    })
            })
            .transpose()
    }

    /// `--learn-after N|never`: guesses before clause learning takes over.
    pub fn learn_after(&self) -> Result<Option<u64>, String> {
        match self.value("--learn-after") {
            None => Ok(Some(nonogram_core::SolveOptions::LEARN_AFTER)),
            Some("never") => Ok(None),
            Some(v) => v.parse::<u64>().map(Some).map_err(|_| {
                format!("--learn-after takes a whole number of guesses or `never`, not `{}`", shown(v))
            }),
        }
    }

    /// `--seed N`: clause learning with a random seed (as the browser's
    /// second, racing engine); none by default.
    pub fn seed(&self) -> Result<Option<u64>, String> {
        self.value("--seed")
            .map(|v| v.parse::<u64>().map_err(|_| format!("--seed takes a whole number, not `{}`", shown(v))))
            .transpose()
    }
}
