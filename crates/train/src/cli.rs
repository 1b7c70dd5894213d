//! The command lines of `ox88-train`'s commands (`--name value` flags and
//! positional arguments, parsed one way for all of them), and the two ways a
//! command fails.

use std::str::FromStr;

/// Why a command stopped.
pub enum CommandError {
    /// A bad command line (exit 2).
    Usage(String),
    /// A file that cannot be read or written, or a run that failed (exit 1).
    Run(String),
}

impl From<String> for CommandError {
    fn from(message: String) -> CommandError {
        CommandError::Run(message)
    }
}

/// The flags (`--name value`) and the other arguments of a command line.
pub struct Args {
    flags: Vec<(String, String)>,
    /// The arguments that are not flags, in order.
    pub positional: Vec<String>,
}

impl Args {
    /// Splits `args`; a flag whose name (without `--`) is not in `known` is
    /// an error, and so is a flag without a value.
    pub fn parse(args: &[String], known: &[&str]) -> Result<Args, CommandError> {
        let (mut flags, mut positional) = (Vec::new(), Vec::new());
        let mut iter = args.iter();
        while let Some(arg) = iter.next() {
            if let Some(name) = arg.strip_prefix("--") {
                if !known.contains(&name) {
                    return Err(CommandError::Usage(format!("unknown argument {arg:?} (see --help)")));
                }
                let value = iter.next().ok_or_else(|| CommandError::Usage(format!("{arg} needs a value")))?;
                flags.push((name.to_owned(), value.clone()));
            } else {
                positional.push(arg.clone());
            }
        }
        Ok(Args { flags, positional })
    }

    /// The value of `--name`, parsed, if given (the last one if repeated).
    pub fn get<T: FromStr>(&self, name: &str) -> Result<Option<T>, CommandError> {
        match self.flags.iter().rev().find(|(n, _)| n == name) {
            None => Ok(None),
            Some((_, text)) => text
                .parse()
                .map(Some)
                .map_err(|_| CommandError::Usage(format!("--{name}: {text:?} is not a valid value"))),
        }
    }

    /// The value of `--name`, parsed, or `default`.
    pub fn or<T: FromStr>(&self, name: &str, default: T) -> Result<T, CommandError> {
        Ok(self.get(name)?.unwrap_or(default))
    }

    /// Every value given to `--name`, in order (for a flag that may repeat).
    pub fn all<'a>(&'a self, name: &'a str) -> impl Iterator<Item = &'a str> + 'a {
        self.flags.iter().filter(move |(n, _)| n == name).map(|(_, value)| value.as_str())
    }

    /// The single positional argument, named `what` in errors.
    pub fn one(&self, what: &str) -> Result<&str, CommandError> {
        match self.positional.as_slice() {
            [one] => Ok(one),
            _ => Err(CommandError::Usage(format!("expected one {what} (see --help)"))),
        }
    }

    /// An error naming the first positional argument, if any was given.
    pub fn no_positional(&self) -> Result<(), CommandError> {
        match self.positional.first() {
            Some(extra) => Err(CommandError::Usage(format!("unexpected argument {extra:?} (see --help)"))),
            None => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn strings(args: &[&str]) -> Vec<String> {
        args.iter().map(|s| (*s).to_owned()).collect()
    }

    #[test]
    fn flags_values_and_positionals() {
        let args =
            Args::parse(&strings(&["a.bin", "--only", "pst", "--passes", "3", "--only", "king"]), &["only", "passes"])
                .unwrap_or_else(|_| panic!("a valid command line"));
        assert_eq!(args.positional, ["a.bin"]);
        assert_eq!(args.or("passes", 10).ok(), Some(3));
        assert_eq!(args.or("missing", 10).ok(), Some(10));
        assert_eq!(args.all("only").collect::<Vec<_>>(), ["pst", "king"]);
        assert!(args.one("file").is_ok() && args.no_positional().is_err());
        let usage =
            |result: Result<Args, CommandError>| matches!(result, Err(CommandError::Usage(m)) if m.contains("--x"));
        assert!(usage(Args::parse(&strings(&["--x", "1"]), &["y"])));
        assert!(usage(Args::parse(&strings(&["--x"]), &["x"])));
        let bad = Args::parse(&strings(&["--passes", "many"]), &["passes"]).unwrap_or_else(|_| panic!("parses"));
        assert!(matches!(bad.get::<u32>("passes"), Err(CommandError::Usage(m)) if m.contains("\"many\"")));
    }
}
