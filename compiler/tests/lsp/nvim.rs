//! The server under a real client: headless Neovim (Debian's `neovim`)
//! starts `bambooc lsp` with its built-in LSP client, opens a file with an
//! error, and writes the diagnostics and a hover it received to a file the
//! test reads back.
//!
//! `BAMBOOC_NVIM_TRANSCRIPT=FILE` writes a screenshot-free transcript of
//! the session to FILE: the command, the file as the editor shows it with
//! the diagnostic under its line, the hover, and the LSP messages the
//! client sent and received (from Neovim's own log).
//!
//! Neovim is installed with `apt-get install neovim` when it is missing
//! and this runs as root (as CI does); where it cannot be, the test says
//! so and passes without running (`BAMBOOC_REQUIRE_NVIM=1` makes that a
//! failure instead).

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

fn nvim_works() -> bool {
    Command::new("nvim")
        .arg("--version")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

/// Neovim, installed with apt-get first when missing; `Err` says why not.
fn provision() -> Result<(), String> {
    crate::common::apt_provision("`nvim`", &["neovim"], nvim_works)
}

/// The client's script: start the server, attach it to the buffer, wait
/// for diagnostics, ask for a hover, write both down, quit.
const INIT_LUA: &str = r#"
local out = os.getenv("BAMBOOC_NVIM_OUT")
vim.lsp.set_log_level("debug")
local client = vim.lsp.start_client({
  name = "bambooc",
  cmd = { os.getenv("BAMBOOC_BIN"), "lsp" },
  root_dir = vim.fn.getcwd(),
})
vim.lsp.buf_attach_client(0, client)
vim.wait(30000, function() return #vim.diagnostic.get(0) > 0 end, 20)
local lines = {}
for _, d in ipairs(vim.diagnostic.get(0)) do
  local code = d.code or (d.user_data and d.user_data.lsp and d.user_data.lsp.code) or "?"
  table.insert(lines, string.format("diagnostic %d:%d severity=%d code=%s %s",
    d.lnum + 1, d.col + 1, d.severity, code, (d.message:gsub("\n", " | "))))
end
local params = { textDocument = { uri = vim.uri_from_bufnr(0) },
                 position = { line = 0, character = 7 } }
local replies = vim.lsp.buf_request_sync(0, "textDocument/hover", params, 10000) or {}
for _, r in pairs(replies) do
  if r.result and r.result.contents then
    table.insert(lines, "hover " .. (r.result.contents.value:gsub("\n", " | ")))
  end
end
table.insert(lines, "log " .. vim.lsp.get_log_path())
vim.fn.writefile(lines, out)
vim.lsp.stop_client(client)
vim.cmd("qa!")
"#;

const SOURCE: &str = "\
class Counter {
    flag counting;
    int count;
    void inc() { count = cuont + 1; }
}
";

#[test]
fn neovim_shows_the_servers_diagnostic() {
    if let Err(why) = provision() {
        assert!(
            std::env::var_os("BAMBOOC_REQUIRE_NVIM").is_none(),
            "BAMBOOC_REQUIRE_NVIM is set: {why}"
        );
        eprintln!("lsp: SKIPPED the Neovim test: {why}");
        return;
    }
    let scratch = tempfile::Builder::new()
        .prefix("bambooc-nvim-")
        .tempdir()
        .unwrap();
    let dir = scratch.path();
    let file = dir.join("counter.bb");
    std::fs::write(&file, SOURCE).unwrap();
    let init = dir.join("init.lua");
    std::fs::write(&init, INIT_LUA).unwrap();
    let out = dir.join("seen.txt");
    let mut child = Command::new("nvim")
        .args(["--headless", "--clean", "-n"])
        .arg(&file)
        .arg(format!("+luafile {}", init.display()))
        .current_dir(dir)
        .env("BAMBOOC_BIN", env!("CARGO_BIN_EXE_bambooc"))
        .env("BAMBOOC_NVIM_OUT", &out)
        // Neovim's LSP log goes into the test's folder, not the user's
        // (Neovim 0.7 keeps it under the cache folder, later ones under
        // the state folder).
        .env("XDG_CACHE_HOME", dir.join("cache"))
        .env("XDG_STATE_HOME", dir.join("state"))
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start nvim");
    let start = Instant::now();
    let status = loop {
        if let Some(s) = child.try_wait().unwrap() {
            break s;
        }
        if start.elapsed() > Duration::from_secs(90) {
            let _ = child.kill();
            panic!("nvim did not finish in 90 s");
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    let seen = read(&out);
    println!("nvim exited with {status}; it saw:\n{seen}");
    let text = transcript(&seen, start.elapsed());
    if let Some(path) = std::env::var_os("BAMBOOC_NVIM_TRANSCRIPT") {
        std::fs::write(&path, &text).expect("write the transcript");
    }
    // The transcript shows the error under `cuont` and the messages that
    // carried it.
    assert!(
        text.contains(
            "4 |     void inc() { count = cuont + 1; }\n  |                          ^ E0"
        ),
        "{text}"
    );
    assert!(
        text.contains("<- textDocument/publishDiagnostics")
            && text.contains("-> textDocument/hover"),
        "{text}"
    );
    assert!(
        seen.contains("diagnostic 4:26 severity=1 code=E0"),
        "the error on line 4 at `cuont`:\n{seen}"
    );
    assert!(seen.contains("did you mean `count`?"), "{seen}");
    assert!(seen.contains("hover ```bamboo | class Counter"), "{seen}");
}

/// The session as text: the command, each line of the file with the
/// diagnostics Neovim holds for it under a caret, the hover, and the LSP
/// messages of Neovim's log (`->` sent by the client, `<-` received).
fn transcript(seen: &str, took: Duration) -> String {
    let mut t = String::from(
        "$ nvim --headless --clean -n counter.bb '+luafile init.lua'   # init.lua starts `bambooc lsp`\n\n",
    );
    let diags: Vec<(usize, usize, &str)> = seen
        .lines()
        .filter_map(|l| {
            let rest = l.strip_prefix("diagnostic ")?;
            let (pos, what) = rest.split_once(' ')?;
            let (line, col) = pos.split_once(':')?;
            Some((line.parse().ok()?, col.parse().ok()?, what))
        })
        .collect();
    for (i, line) in SOURCE.lines().enumerate() {
        t.push_str(&format!("{} | {line}\n", i + 1));
        for (_, col, what) in diags.iter().filter(|d| d.0 == i + 1) {
            // `severity=1 code=E0101 message`, as the script writes it.
            let mut parts = what.splitn(3, ' ');
            let severity = match parts.next() {
                Some("severity=1") => "error",
                Some("severity=2") => "warning",
                _ => "note",
            };
            let code = parts.next().unwrap_or("").trim_start_matches("code=");
            let message = parts.next().unwrap_or("");
            let pad = " ".repeat(col.saturating_sub(1));
            t.push_str(&format!("  | {pad}^ {code} {severity}: {message}\n"));
        }
    }
    for l in seen.lines().filter(|l| l.starts_with("hover ")) {
        t.push_str(&format!("\nhover at 1:8: {}\n", &l["hover ".len()..]));
    }
    let log = seen
        .lines()
        .find_map(|l| l.strip_prefix("log "))
        .map(|p| read(Path::new(p)))
        .unwrap_or_default();
    t.push_str("\nLSP messages (from Neovim's log):\n");
    for l in log.lines() {
        let dir = if l.contains("\"rpc.send\"") {
            "->"
        } else if l.contains("\"rpc.receive\"") {
            "<-"
        } else {
            continue;
        };
        let method = top_level(l, "method").map(|m| m.trim_matches('"'));
        let id = top_level(l, "id");
        match (method, id) {
            (Some(m), Some(id)) => t.push_str(&format!("  {dir} {m} (request {id})\n")),
            (Some(m), None) => t.push_str(&format!("  {dir} {m}\n")),
            (None, Some(id)) if top_level(l, "error").is_some() => {
                t.push_str(&format!("  {dir} error response to request {id}\n"))
            }
            (None, Some(id)) => t.push_str(&format!("  {dir} response to request {id}\n")),
            (None, None) => {}
        }
    }
    t.push_str(&format!("\nnvim finished in {:.1} s\n", took.as_secs_f64()));
    t
}

/// The value of a top-level key in a message as Neovim's log prints it
/// (`{  id = 1,  jsonrpc = "2.0",  method = "initialize",  params = {...`):
/// top-level keys follow a brace or comma and exactly two spaces, nested
/// ones more.
fn top_level<'a>(line: &'a str, key: &str) -> Option<&'a str> {
    ["{", ","].iter().find_map(|before| {
        let at = line.find(&format!("{before}  {key} = "))?;
        let rest = &line[at + before.len() + key.len() + 5..];
        rest.split(',')
            .next()
            .map(|v| v.trim().trim_end_matches('}').trim())
    })
}

fn read(p: &Path) -> String {
    std::fs::read_to_string(p).unwrap_or_else(|e| format!("(no output file: {e})"))
}
