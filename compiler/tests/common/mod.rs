//! Helpers shared by the integration tests (each test binary includes the
//! module and uses what it needs).
#![allow(dead_code)]

use std::path::{Path, PathBuf};

/// The repository's root folder.
pub fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

/// The `.bb` files directly in `dir`, sorted.
pub fn bb_files_in(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "bb"))
        .collect();
    files.sort();
    files
}

/// Runs `check` on every item, spread over up to eight threads with large
/// stacks (as the `bambooc` binary runs the compiler), and gathers the
/// failures it reports, in item order.
pub fn in_parallel<T: Sync>(items: &[T], check: impl Fn(&T) -> Vec<String> + Sync) -> Vec<String> {
    let threads = std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .min(8);
    let check = &check;
    std::thread::scope(|scope| {
        let handles: Vec<_> = items
            .chunks(items.len().div_ceil(threads).max(1))
            .map(|chunk| {
                std::thread::Builder::new()
                    .stack_size(256 * 1024 * 1024)
                    .spawn_scoped(scope, move || {
                        chunk.iter().flat_map(check).collect::<Vec<_>>()
                    })
                    .unwrap()
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().unwrap())
            .collect()
    })
}
