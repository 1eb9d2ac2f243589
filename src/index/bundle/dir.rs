//! Stage 2 — index: a bundle on disk (the CLI, native or WASI).
//!
//! A bundle directory holds [`MANIFEST`] and the parts, each file
//! gzip-compressed so that any static host serves it small (the browser
//! side inflates with `DecompressionStream`). Writing removes the bundle
//! files of an earlier build first (only `*.slc` files: nothing else in the
//! directory is touched), so stale parts never linger.

use super::{Bundle, MANIFEST};
use crate::error::{Error, Result};
use crate::index::Index;
use flate2::read::GzDecoder;
use flate2::write::GzEncoder;
use flate2::Compression;
use std::io::{Read, Write};
use std::path::Path;

fn io(path: &Path, e: impl std::fmt::Display) -> Error {
    Error::Io {
        path: path.display().to_string(),
        message: e.to_string(),
    }
}

fn gzip(bytes: &[u8]) -> std::io::Result<Vec<u8>> {
    let mut z = GzEncoder::new(Vec::new(), Compression::best());
    z.write_all(bytes)?;
    z.finish()
}

/// Reads one bundle file, at most `limit` bytes inflated; returns it
/// inflated, and its size on disk. Only a regular file is read (a FIFO or a
/// device would block or never end), checked before opening and again on
/// the open file; inflating stops at `limit` bytes, so a small file that
/// inflates to gigabytes costs no more than `limit`.
pub fn read(dir: &Path, name: &str, limit: usize) -> Result<(Vec<u8>, usize)> {
    let path = dir.join(name);
    let regular = |m: &std::fs::Metadata| {
        if m.is_file() {
            Ok(())
        } else {
            Err(io(&path, "not a regular file"))
        }
    };
    regular(&std::fs::metadata(&path).map_err(|e| io(&path, e))?)?;
    let file = std::fs::File::open(&path).map_err(|e| io(&path, e))?;
    let meta = file.metadata().map_err(|e| io(&path, e))?;
    regular(&meta)?;
    // Deflate never grows data by more than a few bytes per 16 KB block.
    let stored_limit = limit as u64 + limit as u64 / 1024 + 1024;
    if meta.len() > stored_limit {
        return Err(io(
            &path,
            format!(
                "{} bytes, larger than a bundle file of at most {limit} bytes inflated can be",
                meta.len()
            ),
        ));
    }
    let mut bytes = Vec::new();
    file.take(stored_limit)
        .read_to_end(&mut bytes)
        .map_err(|e| io(&path, e))?;
    let mut out = Vec::new();
    GzDecoder::new(bytes.as_slice())
        .take(limit as u64 + 1)
        .read_to_end(&mut out)
        .map_err(|e| io(&path, format!("not a gzip-compressed bundle file: {e}")))?;
    if out.len() > limit {
        return Err(io(
            &path,
            format!(
                "inflates to more than {limit} bytes, the most this bundle declares for a part"
            ),
        ));
    }
    Ok((out, bytes.len()))
}

/// Sizes of a written bundle.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Written {
    pub files: usize,
    /// Bytes on disk (compressed), manifest included.
    pub bytes: u64,
    /// Compressed size of the manifest.
    pub manifest: u64,
}

/// Writes a bundle into `dir` (created if needed).
pub fn write(bundle: &Bundle, dir: &Path) -> Result<Written> {
    std::fs::create_dir_all(dir).map_err(|e| io(dir, e))?;
    for entry in std::fs::read_dir(dir).map_err(|e| io(dir, e))? {
        let path = entry.map_err(|e| io(dir, e))?.path();
        if path.extension().is_some_and(|x| x == "slc") && path.is_file() {
            std::fs::remove_file(&path).map_err(|e| io(&path, e))?;
        }
    }
    let mut written = Written {
        files: 0,
        bytes: 0,
        manifest: 0,
    };
    let files = std::iter::once((MANIFEST, &bundle.manifest))
        .chain(bundle.parts.iter().map(|(n, b)| (n.as_str(), b)));
    for (name, bytes) in files {
        let path = dir.join(name);
        let packed = gzip(bytes).map_err(|e| io(&path, e))?;
        std::fs::write(&path, &packed).map_err(|e| io(&path, e))?;
        written.files += 1;
        written.bytes += packed.len() as u64;
        if name == MANIFEST {
            written.manifest = packed.len() as u64;
        }
    }
    Ok(written)
}

/// Opens the bundle in `dir` (its manifest only, at most
/// [`super::MAX_MANIFEST_BYTES`] inflated).
pub fn open(dir: &Path) -> Result<Index> {
    Index::from_manifest(&read(dir, MANIFEST, super::MAX_MANIFEST_BYTES as usize)?.0)
}
