//! The fuzz targets on stable, without the fuzzer: every committed seed
//! (`fuzz/seeds/TARGET/`) and every minimised crash the fuzzer found
//! (`fuzz/crashes/TARGET/`, kept after its fix) goes through the target's
//! body (`fuzz/src/lib.rs`), whose checks are the fuzzer's. A crash that
//! comes back fails here, in `make test`.
//!
//! `SLOTCHAIN_WRITE_SEEDS=1 cargo test --test fuzz_replay` (re)writes the
//! generated seeds (`make fuzz-seeds`).

#[path = "../fuzz/src/lib.rs"]
mod targets;

use std::path::{Path, PathBuf};

fn dir(kind: &str, target: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fuzz")
        .join(kind)
        .join(target)
}

fn files(dir: &Path) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|entries| entries.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    out.retain(|p| p.is_file() && p.file_name().is_some_and(|n| n != ".gitkeep"));
    out.sort();
    out
}

#[test]
fn every_committed_seed_and_crash_replays_cleanly() {
    if std::env::var_os("SLOTCHAIN_WRITE_SEEDS").is_some() {
        for (target, name, bytes) in targets::seeds() {
            let d = dir("seeds", target);
            std::fs::create_dir_all(&d).unwrap();
            std::fs::write(d.join(name), bytes).unwrap();
        }
    }
    for (target, run) in targets::TARGETS {
        let seeds = files(&dir("seeds", target));
        assert!(
            !seeds.is_empty(),
            "no seeds for {target}: run `make fuzz-seeds`"
        );
        for path in seeds.iter().chain(&files(&dir("crashes", target))) {
            let bytes = std::fs::read(path).unwrap();
            let started = std::time::Instant::now();
            run(&bytes);
            let took = started.elapsed().as_secs_f64();
            assert!(took < 10.0, "{} took {took:.1} s", path.display());
        }
    }
}
