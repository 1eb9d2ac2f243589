//! The `slotchain` command: build an index, ask questions, run plans, evaluate.
//! A thin shell over the library: it parses arguments, reads files, calls
//! [`slotchain::ask`] / [`slotchain::run`] and prints JSON. Errors print one
//! line on stderr; an invalid plan exits with status 2, other errors with 1.

use clap::{Args, Parser, Subcommand};
use indicatif::{ProgressBar, ProgressStyle};
use slotchain::eval::{self, datasets::DatasetKind};
use slotchain::index::bundle::dir as bundle_dir;
use slotchain::index::{Bm25, Cues, Index};
use slotchain::{ingest, site, Error, Options, Report, Scope};
use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

#[derive(Parser)]
#[command(
    name = "slotchain",
    version,
    about = "Compound and multi-hop question answering over a passage index"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Build an index from passages (JSON lines) and/or site directories (Markdown, MDX, HTML).
    Index(IndexArgs),
    /// Ask a question (or run a plan, or a batch of questions).
    Ask(AskArgs),
    /// Measure retrieval on the evaluation data sets (pipeline vs one-shot).
    Eval(EvalArgs),
}

#[derive(Args)]
struct IndexArgs {
    /// Inputs: directories (walked for .md, .mdx, .html, .htm pages), single pages, or
    /// passages as JSON lines {"id","title","text","url"?,"lang"?,"meta"?} (any other file).
    passages: Vec<PathBuf>,
    /// Access levels the index is built for (repeatable): a page whose `access`
    /// is not listed is left out of the output entirely. Applies to pages, not JSON lines.
    #[arg(long = "audience", value_name = "LEVEL", default_value = "public")]
    audience: Vec<String>,
    /// Entities: JSON lines {"id","type","aliases":[]}.
    #[arg(long)]
    entities: Option<String>,
    /// Slot cues: one JSON object {"attribute": ["question word", ...]}.
    #[arg(long)]
    cues: Option<String>,
    /// Output: an index file, or with --bundle a directory.
    #[arg(short, long)]
    output: String,
    /// Write a sharded bundle (a manifest plus parts a browser fetches on
    /// demand) into the OUTPUT directory instead of one index file.
    #[arg(long)]
    bundle: bool,
    /// Refuse to build (exit 1, nothing written) when a page's access cannot be
    /// determined, instead of skipping that page with a warning.
    #[arg(long)]
    strict: bool,
    /// Where the site is served (a path like /docs/ or an http(s) URL): every
    /// page URL starts with it, and links under it are internal.
    #[arg(long, value_name = "URL", default_value = "/")]
    base_url: String,
    /// BM25 k1.
    #[arg(long, default_value_t = Bm25::default().k1)]
    k1: f32,
    /// BM25 b.
    #[arg(long, default_value_t = Bm25::default().b)]
    b: f32,
    /// Weight of a title occurrence relative to a body occurrence.
    #[arg(long, default_value_t = Bm25::default().title_weight)]
    title_weight: f32,
}

#[derive(Args)]
struct AskArgs {
    /// Index file, or bundle directory (parts are read as the question needs them).
    #[arg(short, long)]
    index: String,
    /// Scope as JSON ({"user","access","environment","region","today"}) or @FILE.
    #[arg(long)]
    scope: Option<String>,
    /// Most passages in the merged context.
    #[arg(long, default_value_t = Options::default().k)]
    k: usize,
    /// Answer the question as one slot (the one-shot baseline).
    #[arg(long)]
    no_decompose: bool,
    /// Run this plan (JSON {"tasks": [...]}) instead of decomposing a question.
    #[arg(long, conflicts_with_all = ["batch", "question"])]
    plan: Option<String>,
    /// Questions as JSON lines {"id","question","scope"?}; prints one report per line.
    #[arg(long, conflicts_with = "question")]
    batch: Option<String>,
    /// Step budget: most candidate passages examined per question.
    #[arg(long, default_value_t = Options::default().budget)]
    budget: usize,
    /// The question.
    question: Option<String>,
}

#[derive(Args)]
struct EvalArgs {
    /// Data directory (holds hotpotqa/, musique/, beir-scifact/, beir-nfcorpus/, cmrc2018/).
    #[arg(long)]
    data: PathBuf,
    /// Data set to run (repeatable; all when absent): hotpotqa, musique, scifact, nfcorpus, cmrc2018.
    #[arg(long = "dataset")]
    datasets: Vec<DatasetKind>,
    /// Only the first N questions of each data set.
    #[arg(long)]
    limit: Option<usize>,
    /// Write every figure as JSON to this file.
    #[arg(long)]
    json: Option<PathBuf>,
    /// Write the tables as Markdown to this file.
    #[arg(long)]
    markdown: Option<PathBuf>,
    /// Write the multi-hop questions whose gold chain is incomplete (JSON lines) to this file.
    #[arg(long)]
    failures: Option<PathBuf>,
    /// Questions per data set on which "context at k=2/5 = prefix of k=10" is checked.
    #[arg(long, default_value_t = 25)]
    prefix_check: usize,
    /// Write one record per composite question of the state evaluation (JSON lines) to this file.
    #[arg(long)]
    states_records: Option<PathBuf>,
    /// Write the figures acceptance decides on, per candidate (JSON lines), to this file.
    #[arg(long)]
    readings: Option<PathBuf>,
}

enum Failure {
    Plan(Error),
    Other(Error),
}

impl From<Error> for Failure {
    fn from(e: Error) -> Self {
        match e {
            Error::Plan(_) => Failure::Plan(e),
            other => Failure::Other(other),
        }
    }
}

/// A progress bar on a terminal, nothing otherwise.
fn progress_bar() -> ProgressBar {
    if !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(0);
    if let Ok(style) = ProgressStyle::with_template("{bar:40} {pos}/{len} pages {elapsed}") {
        bar.set_style(style);
    }
    bar
}

fn build(args: IndexArgs) -> Result<(), Failure> {
    if args.passages.is_empty() {
        return Err(Error::Input("no passage files or site directories given".into()).into());
    }
    let started = Instant::now();
    let settings = site::Settings {
        audience: args.audience.clone(),
        base_url: site::BaseUrl::parse(&args.base_url).map_err(Error::Input)?,
    };
    let (site_paths, jsonl): (Vec<PathBuf>, Vec<PathBuf>) = args
        .passages
        .iter()
        .cloned()
        .partition(|p| site::is_site_input(p));
    let mut passages = Vec::new();
    for path in &jsonl {
        passages.extend(ingest::passages(&path.to_string_lossy())?);
    }
    let from_jsonl = passages.len();
    let site = if site_paths.is_empty() {
        None
    } else {
        let bar = progress_bar();
        let built = site::collect_with(&site_paths, &settings, &mut |done, total| {
            bar.set_length(total as u64);
            bar.set_position(done as u64);
        });
        bar.finish_and_clear();
        let built = built?;
        if args.strict {
            if let Some(problem) = built.report.access_problem() {
                return Err(Error::Input(format!("{problem} (--strict)")).into());
            }
        }
        for problem in &built.report.problems {
            eprintln!("slotchain: skipped {problem}");
        }
        if built.passages.is_empty() && from_jsonl == 0 {
            return Err(Error::Input(built.report.nothing_indexed(&site_paths)).into());
        }
        passages.extend(built.passages);
        Some(built.report)
    };
    let entities = match &args.entities {
        Some(p) => ingest::entities(p)?,
        None => Vec::new(),
    };
    let cues: Cues = match &args.cues {
        Some(p) => ingest::cues(p)?,
        None => Cues::new(),
    };
    let bm25 = Bm25 {
        k1: args.k1,
        b: args.b,
        title_weight: args.title_weight,
    };
    let count = passages.len();
    let index = Index::build(passages, entities, cues, bm25)?;
    let written = if args.bundle {
        let w = bundle_dir::write(&index.to_bundle()?, std::path::Path::new(&args.output))?;
        format!(
            "{} files, {} bytes gzip (manifest {} bytes)",
            w.files, w.bytes, w.manifest
        )
    } else {
        let bytes = index.to_bytes()?;
        std::fs::write(&args.output, &bytes).map_err(|e| Error::Io {
            path: args.output.clone(),
            message: e.to_string(),
        })?;
        format!("{} bytes", bytes.len())
    };
    let seconds = started.elapsed().as_secs_f64();
    match site {
        Some(r) => {
            let extra = if from_jsonl > 0 {
                format!(" + {from_jsonl} passages from JSON lines")
            } else {
                String::new()
            };
            eprintln!(
                "indexed {} pages → {} passages (languages: {}){extra}, skipped {} ({}), wrote {written} to {} in {seconds:.2} s",
                r.pages,
                r.passages,
                r.languages_text(),
                r.skipped(),
                r.skipped_text(),
                args.output,
            );
        }
        None => eprintln!(
            "indexed {count} passages, {} terms, {} entities → {} ({written}) in {seconds:.2} s",
            index.terms().term_count(),
            index.entity_count(),
            args.output,
        ),
    }
    Ok(())
}

fn print(report: &Report) {
    let mut out = std::io::stdout().lock();
    // A report always serializes (string keys, plain data); a closed pipe
    // (`| head`) is not an error worth a message.
    if serde_json::to_writer(&mut out, report).is_ok() {
        let _ = writeln!(out);
    }
}

/// A batch line's error report: `{"id", "line", "error"}` on one line.
fn print_error(id: Option<&str>, line: usize, e: &Error) {
    let record = serde_json::json!({ "id": id, "line": line, "error": e.to_string() });
    let mut out = std::io::stdout().lock();
    if serde_json::to_writer(&mut out, &record).is_ok() {
        let _ = writeln!(out);
    }
}

/// An index file, or a bundle directory whose parts are read on demand.
struct Source {
    index: Index,
    bundle: Option<PathBuf>,
}

impl Source {
    fn open(path: &str) -> Result<Source, Error> {
        let p = PathBuf::from(path);
        if p.is_dir() {
            return Ok(Source {
                index: bundle_dir::open(&p)?,
                bundle: Some(p),
            });
        }
        let bytes = std::fs::read(&p).map_err(|e| Error::Io {
            path: path.to_string(),
            message: e.to_string(),
        })?;
        Ok(Source {
            index: Index::from_bytes(&bytes)?,
            bundle: None,
        })
    }

    /// Runs `answer`, timed; on a bundle, first reads the parts it needs
    /// and says on stderr how many and how large.
    fn answer(
        &mut self,
        answer: &dyn Fn(&Index) -> slotchain::Result<Report>,
    ) -> Result<Report, Error> {
        let started = Instant::now();
        let mut report = match &self.bundle {
            None => answer(&self.index)?,
            Some(dir) => {
                let mut bytes = 0usize;
                let limit = self.index.part_limit();
                let mut fetch = |name: &str| {
                    let (part, stored) = bundle_dir::read(dir, name, limit)?;
                    bytes += stored;
                    Ok(part)
                };
                let (report, fetched) =
                    slotchain::ask_loading(&mut self.index, &mut fetch, answer)?;
                eprintln!(
                    "slotchain: bundle: read {} part(s), {bytes} bytes gzip",
                    fetched.len()
                );
                report
            }
        };
        report.elapsed_us = started.elapsed().as_micros() as u64;
        Ok(report)
    }
}

fn ask(args: AskArgs) -> Result<(), Failure> {
    let mut source = Source::open(&args.index)?;
    let scope = match &args.scope {
        Some(s) => ingest::scope(s)?,
        None => Scope::default(),
    };
    let options = Options {
        k: args.k,
        budget: args.budget,
        ..Options::default()
    };
    if let Some(path) = &args.plan {
        let plan = ingest::plan(path)?;
        let report = source.answer(&|i| slotchain::run(i, &plan, &scope, &options))?;
        print(&report);
        return Ok(());
    }
    if let Some(path) = &args.batch {
        // A bad line (unreadable, or a question the pipeline refuses) gets a
        // one-line error report of its own and the batch goes on; the exit
        // status says at the end that some line failed.
        let mut failed = 0usize;
        let mut first = None;
        for (line, q) in ingest::batch(path)? {
            let answered = q.and_then(|q| {
                let scope = q.scope.clone().unwrap_or_else(|| scope.clone());
                match source.answer(&|i| {
                    slotchain::ask(i, &q.question, &scope, &options, args.no_decompose)
                }) {
                    Ok(mut report) => {
                        report.id = Some(q.id);
                        Ok(report)
                    }
                    Err(e) => Err((Some(q.id), e)),
                }
            });
            match answered {
                Ok(report) => print(&report),
                Err((id, e)) => {
                    failed += 1;
                    let e = ingest::at_line(path, line, e);
                    eprintln!("slotchain: {e}");
                    print_error(id.as_deref(), line, &e);
                    first.get_or_insert(e);
                }
            }
        }
        return match first {
            None => Ok(()),
            Some(e) => Err(Error::Input(format!(
                "{failed} of the batch's lines failed (the first: {e})"
            ))
            .into()),
        };
    }
    let Some(question) = &args.question else {
        return Err(Error::Question("give a QUESTION, --plan or --batch".into()).into());
    };
    let report =
        source.answer(&|i| slotchain::ask(i, question, &scope, &options, args.no_decompose))?;
    print(&report);
    Ok(())
}

fn eval(args: EvalArgs) -> Result<(), Failure> {
    let config = eval::Config {
        data: args.data,
        datasets: args.datasets,
        limit: args.limit,
        json: args.json,
        markdown: args.markdown,
        failures: args.failures,
        prefix_check: args.prefix_check,
        states_records: args.states_records,
        readings: args.readings,
    };
    eval::run(&config)?;
    Ok(())
}

/// WASI gives a process no working directory: the npm package's runner
/// (`package/node/wasi.js`) passes the caller's as `PWD`, and relative paths
/// resolve against it as they do natively.
#[cfg(target_os = "wasi")]
fn enter_working_dir() -> Result<(), Error> {
    let Some(dir) = std::env::var_os("PWD") else {
        return Ok(());
    };
    std::env::set_current_dir(&dir).map_err(|e| Error::Io {
        path: PathBuf::from(dir).display().to_string(),
        message: format!("cannot enter the working directory: {e}"),
    })
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    #[cfg(target_os = "wasi")]
    if let Err(e) = enter_working_dir() {
        eprintln!("slotchain: {e}");
        return ExitCode::from(1);
    }
    let result = match cli.command {
        Command::Index(a) => build(a),
        Command::Ask(a) => ask(a),
        Command::Eval(a) => eval(a),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure::Plan(e)) => {
            eprintln!("slotchain: {e}");
            ExitCode::from(2)
        }
        Err(Failure::Other(e)) => {
            eprintln!("slotchain: {e}");
            ExitCode::from(1)
        }
    }
}
