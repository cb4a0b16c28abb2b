//! The `bambooc` command: parses arguments and hands them to the driver.

use clap::Parser;

/// The compiler recurses over syntax trees whose depth the parser bounds;
/// a generous stack keeps that recursion safe in debug builds too.
const STACK_SIZE: usize = 256 * 1024 * 1024;

fn main() {
    let cli = bambooc::driver::Cli::parse();
    let status = std::thread::Builder::new()
        .stack_size(STACK_SIZE)
        .spawn(move || bambooc::driver::main(cli))
        .expect("spawn the compiler thread")
        .join()
        .unwrap_or(101);
    std::process::exit(status);
}
