//! Parses the files given on the command line and prints the time each
//! took and its error count: `cargo run --release -p bambooc-syntax
//! --example parse_file -- FILE...`.

fn main() {
    for path in std::env::args().skip(1) {
        let src = std::fs::read_to_string(&path).expect("readable file");
        let start = std::time::Instant::now();
        let (file, errors) = bambooc_syntax::parse(bambooc_syntax::span::FileId(0), &src);
        let took = start.elapsed();
        println!(
            "{path}: {} bytes, {} items, {} errors, {took:?}",
            src.len(),
            file.items.len(),
            errors.len()
        );
    }
}
