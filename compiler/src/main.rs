//! The `bambooc` command: parses arguments and hands them to the driver.

use clap::Parser;

/// The compiler recurses over syntax trees whose depth the parser bounds;
/// a generous stack keeps that recursion safe in debug builds too.
const STACK_SIZE: usize = 256 * 1024 * 1024;

fn main() {
    let cli = bambooc::driver::Cli::parse();
    if let Some(word) = misspelt_subcommand(&cli) {
        let suggestion = bambooc::driver::suggest_subcommand(&word).unwrap_or_default();
        let mut cmd = <bambooc::driver::Cli as clap::CommandFactory>::command();
        cmd.error(
            clap::error::ErrorKind::InvalidSubcommand,
            format!("unrecognized subcommand `{word}`\n\n  tip: a similar subcommand exists: `{suggestion}`"),
        )
        .exit();
    }
    let status = std::thread::Builder::new()
        .stack_size(STACK_SIZE)
        .spawn(move || bambooc::driver::main(cli))
        .expect("spawn the compiler thread")
        .join()
        .unwrap_or(101);
    std::process::exit(status);
}

/// The first argument when it reads as a misspelt subcommand rather than
/// a source file: no such file, no extension, and close to a subcommand.
fn misspelt_subcommand(cli: &bambooc::driver::Cli) -> Option<String> {
    if cli.command.is_some() {
        return None;
    }
    let first = cli.build.common.files.first()?;
    let word = first.to_str()?;
    let plain = !word.contains(['.', '/']) && !first.exists();
    (plain && bambooc::driver::suggest_subcommand(word).is_some()).then(|| word.to_string())
}
