//! `bambooc lsp` driven over stdio as an editor drives it: the handshake,
//! diagnostics on open and change, hover, definition, the outline, the
//! CSTG command, bad input, and shutdown; then Neovim's own LSP client
//! (`lsp/nvim.rs`).

use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

mod common;
#[path = "lsp/nvim.rs"]
mod nvim;

/// A server process and the messages it sent, read by a thread so that a
/// hung server fails the test instead of blocking it.
struct Server {
    child: Child,
    stdin: ChildStdin,
    rx: mpsc::Receiver<Value>,
    next_id: i64,
}

fn read_message(out: &mut BufReader<ChildStdout>) -> Option<Value> {
    let mut length = None;
    loop {
        let mut line = String::new();
        if out.read_line(&mut line).ok()? == 0 {
            return None;
        }
        let line = line.trim();
        if line.is_empty() {
            break;
        }
        if let Some(v) = line.strip_prefix("Content-Length:") {
            length = v.trim().parse::<usize>().ok();
        }
    }
    let mut body = vec![0; length?];
    out.read_exact(&mut body).ok()?;
    serde_json::from_slice(&body).ok()
}

impl Server {
    fn start() -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_bambooc"))
            .arg("lsp")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("start bambooc lsp");
        let stdin = child.stdin.take().unwrap();
        let mut stdout = BufReader::new(child.stdout.take().unwrap());
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            while let Some(m) = read_message(&mut stdout) {
                if tx.send(m).is_err() {
                    break;
                }
            }
        });
        Server {
            child,
            stdin,
            rx,
            next_id: 0,
        }
    }

    fn send_raw(&mut self, body: &[u8]) {
        write!(self.stdin, "Content-Length: {}\r\n\r\n", body.len()).unwrap();
        self.stdin.write_all(body).unwrap();
        self.stdin.flush().unwrap();
    }

    fn send(&mut self, mut msg: Value) {
        msg["jsonrpc"] = json!("2.0");
        self.send_raw(msg.to_string().as_bytes());
    }

    fn recv(&self) -> Value {
        self.rx
            .recv_timeout(Duration::from_secs(60))
            .expect("the server answers within 60 s")
    }

    /// Sends a request and returns its response (notifications that come
    /// first are dropped).
    fn request(&mut self, method: &str, params: Value) -> Value {
        self.next_id += 1;
        let id = self.next_id;
        self.send(json!({"id": id, "method": method, "params": params}));
        loop {
            let m = self.recv();
            if m["id"] == json!(id) {
                return m;
            }
        }
    }

    fn notify(&mut self, method: &str, params: Value) {
        self.send(json!({"method": method, "params": params}));
    }

    fn diagnostics(&self) -> Value {
        loop {
            let m = self.recv();
            if m["method"] == "textDocument/publishDiagnostics" {
                return m["params"].clone();
            }
        }
    }

    fn initialize(&mut self) -> Value {
        let r = self.request(
            "initialize",
            json!({"processId": null, "rootUri": null, "capabilities": {}}),
        );
        self.notify("initialized", json!({}));
        r
    }

    fn open(&mut self, uri: &str, text: &str) -> Value {
        self.notify(
            "textDocument/didOpen",
            json!({"textDocument": {"uri": uri, "languageId": "bamboo", "version": 1, "text": text}}),
        );
        self.diagnostics()
    }

    /// Shuts down and returns the exit status and what went to stderr.
    fn shutdown(mut self) -> (i32, String) {
        let r = self.request("shutdown", Value::Null);
        assert_eq!(r["result"], Value::Null, "{r}");
        self.notify("exit", Value::Null);
        drop(self.stdin);
        let status = self.child.wait().unwrap();
        let mut err = String::new();
        self.child
            .stderr
            .take()
            .unwrap()
            .read_to_string(&mut err)
            .unwrap();
        assert!(!err.contains("panicked"), "the server panicked:\n{err}");
        (status.code().unwrap_or(-1), err)
    }
}

/// The string field `key` of each object of a JSON array.
fn strings<'v>(array: &'v Value, key: &str) -> Vec<&'v str> {
    let items = array.as_array().map(Vec::as_slice).unwrap_or_default();
    items.iter().filter_map(|o| o[key].as_str()).collect()
}

fn at(uri: &str, line: u32, character: u32) -> Value {
    json!({"textDocument": {"uri": uri}, "position": {"line": line, "character": character}})
}

const GOOD: &str = "\
class Counter {
    flag counting;
    flag done;
    int count;
    void inc() { count = count + 1; }
}

task startup(StartupObject s in initialstate) {
    Counter c = new Counter() { counting := true };
    taskexit(s: initialstate := false);
}

task step(Counter c in counting) {
    c.inc();
    int n = c.count * 2;
    taskexit(c: counting := false, done := true);
}
";

/// A directory of the test's own, removed when it is dropped.
fn temp_dir() -> tempfile::TempDir {
    tempfile::Builder::new()
        .prefix("bambooc-lsp-")
        .tempdir()
        .unwrap()
}

#[test]
fn a_session_from_initialize_to_exit() {
    let mut s = Server::start();
    let init = s.initialize();
    let caps = &init["result"]["capabilities"];
    assert_eq!(caps["hoverProvider"], json!(true), "{init}");
    assert_eq!(caps["definitionProvider"], json!(true));
    assert_eq!(
        caps["executeCommandProvider"]["commands"][0],
        "bambooc.writeCstg"
    );

    // An error: a missing `;` at the end of line 2 (0-based 1).
    let uri = "file:///tmp/bambooc-lsp-test/bad.bb";
    let d = s.open(uri, "class A {\n    int x\n}\n");
    assert_eq!(d["uri"], uri);
    let first = &d["diagnostics"][0];
    assert_eq!(first["severity"], 1, "{d}");
    assert_eq!(first["source"], "bambooc");
    assert_eq!(first["code"], "E0001", "{d}");
    assert_eq!(first["range"]["start"]["line"], 2, "{d}");

    // Fixing it clears the diagnostics.
    s.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": uri, "version": 2},
               "contentChanges": [{"text": GOOD}]}),
    );
    let d = s.diagnostics();
    assert_eq!(d["version"], 2);
    assert_eq!(d["diagnostics"], json!([]), "{d}");

    // Hover: a class with its flags, a field's type, an expression's type.
    let h = s.request("textDocument/hover", at(uri, 12, 11));
    let text = h["result"]["contents"]["value"]
        .as_str()
        .unwrap_or_default();
    assert!(
        text.contains("class Counter") && text.contains("flag counting, done"),
        "{h}"
    );
    let h = s.request("textDocument/hover", at(uri, 14, 17));
    let text = h["result"]["contents"]["value"]
        .as_str()
        .unwrap_or_default();
    assert!(text.contains("int Counter.count"), "{h}");
    let h = s.request("textDocument/hover", at(uri, 14, 20));
    let text = h["result"]["contents"]["value"]
        .as_str()
        .unwrap_or_default();
    assert!(text.contains("expression of type `int`"), "{h}");
    let h = s.request("textDocument/hover", at(uri, 12, 25));
    let text = h["result"]["contents"]["value"]
        .as_str()
        .unwrap_or_default();
    assert!(text.contains("flag Counter.counting"), "{h}");

    // Definitions: a class, a method, a field, a flag in a guard and in a
    // taskexit, a local, a task (its own name).
    for ((line, col), (to_line, to_col)) in [
        ((12, 11), (0, 6)),   // Counter -> class Counter
        ((13, 7), (4, 9)),    // c.inc() -> void inc()
        ((14, 17), (3, 8)),   // c.count -> int count
        ((12, 25), (1, 9)),   // in counting -> flag counting
        ((15, 39), (2, 9)),   // done := true -> flag done
        ((14, 13), (12, 18)), // c -> the parameter c
        ((7, 6), (7, 5)),     // task startup
    ] {
        let r = s.request("textDocument/definition", at(uri, line, col));
        let start = &r["result"]["range"]["start"];
        assert_eq!(
            (start["line"].as_u64(), start["character"].as_u64()),
            (Some(to_line), Some(to_col)),
            "definition at {line}:{col}: {r}"
        );
        assert_eq!(r["result"]["uri"], uri);
    }

    // The outline: classes with members, and tasks.
    let r = s.request(
        "textDocument/documentSymbol",
        json!({"textDocument": {"uri": uri}}),
    );
    assert_eq!(
        strings(&r["result"], "name"),
        ["Counter", "startup", "step"],
        "{r}"
    );
    assert_eq!(
        strings(&r["result"][0]["children"], "name"),
        ["counting", "done", "count", "inc"],
        "{r}"
    );

    let (status, _) = s.shutdown();
    assert_eq!(status, 0);
}

#[test]
fn warnings_are_published_with_their_codes() {
    let mut s = Server::start();
    s.initialize();
    // A task no object can ever reach (its flag is never set).
    let src = format!(
        "{GOOD}\ntask never(Counter c in done and !done) {{ taskexit(c: done := false); }}\n"
    );
    let d = s.open("file:///tmp/w.bb", &src);
    let codes = strings(&d["diagnostics"], "code");
    assert!(codes.iter().any(|c| c.starts_with('W')), "{d}");
    assert!(
        d["diagnostics"]
            .as_array()
            .unwrap()
            .iter()
            .all(|d| d["severity"] == 2),
        "{d}"
    );
    s.shutdown();
}

#[test]
fn columns_are_utf16_units() {
    let mut s = Server::start();
    s.initialize();
    // `é` is 2 bytes and one UTF-16 unit, the emoji 4 bytes and two units.
    let d = s.open(
        "file:///tmp/u.bb",
        "// é😀\nclass A { int x = \"é😀\" + zz; }\n",
    );
    let r = &d["diagnostics"][0]["range"]["start"];
    // `zz` starts after `class A { int x = "é😀" + `: 26 UTF-16 units (28 bytes).
    assert_eq!(
        (r["line"].as_u64(), r["character"].as_u64()),
        (Some(1), Some(26)),
        "{d}"
    );
    s.shutdown();
}

#[test]
fn the_cstg_command_writes_dot_beside_the_file() {
    let scratch = temp_dir();
    let dir = scratch.path();
    let file = dir.join("counter.bb");
    std::fs::write(&file, GOOD).unwrap();
    let uri = format!("file://{}", file.display());
    let mut s = Server::start();
    s.initialize();
    s.open(&uri, GOOD);
    let r = s.request(
        "workspace/executeCommand",
        json!({"command": "bambooc.writeCstg", "arguments": [uri]}),
    );
    let out = dir.join("counter.cstg.dot");
    assert_eq!(r["result"], json!(out.display().to_string()), "{r}");
    let dot = std::fs::read_to_string(&out).unwrap();
    assert!(
        dot.starts_with("digraph") && dot.contains("Counter"),
        "{dot}"
    );
    // A program with errors has no CSTG: an error response, not a crash.
    s.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": uri, "version": 2}, "contentChanges": [{"text": "class {"}]}),
    );
    let r = s.request(
        "workspace/executeCommand",
        json!({"command": "bambooc.writeCstg", "arguments": [uri]}),
    );
    assert!(
        r["error"]["message"].as_str().unwrap().contains("errors"),
        "{r}"
    );
    s.shutdown();
}

#[test]
fn malformed_input_is_answered_and_survived() {
    let mut s = Server::start();
    // Before `initialize`, requests are refused.
    let r = s.request("textDocument/hover", at("file:///x.bb", 0, 0));
    assert_eq!(r["error"]["code"], -32002, "{r}");
    s.initialize();
    // Not JSON: a parse error with a null id.
    s.send_raw(b"{not json");
    let r = s.recv();
    assert_eq!(r["error"]["code"], -32700, "{r}");
    // Parameters of the wrong shape; an unknown method; a document never
    // opened; a position far outside the text; notifications with bad
    // parameters.
    let r = s.request("textDocument/hover", json!({"textDocument": 5}));
    assert_eq!(r["error"]["code"], -32602, "{r}");
    let r = s.request("no/such", json!({}));
    assert_eq!(r["error"]["code"], -32601, "{r}");
    let r = s.request("textDocument/hover", at("file:///never.bb", 0, 0));
    assert_eq!(r["result"], Value::Null, "{r}");
    s.notify("textDocument/didOpen", json!({"textDocument": 1}));
    s.notify("textDocument/didChange", json!({}));
    let d = s.open("file:///t.bb", "task t(");
    assert!(!d["diagnostics"].as_array().unwrap().is_empty(), "{d}");
    for (line, col) in [(0, 3), (0, 99), (99, 0), (u32::MAX, u32::MAX)] {
        let r = s.request("textDocument/hover", at("file:///t.bb", line, col));
        assert!(r.get("error").is_none(), "{r}");
        let r = s.request("textDocument/definition", at("file:///t.bb", line, col));
        assert!(r.get("error").is_none(), "{r}");
    }
    // A ranged edit outside the text is clamped, not a crash.
    s.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": "file:///t.bb", "version": 2},
               "contentChanges": [{"range": {"start": {"line": 50, "character": 3},
                                              "end": {"line": 1, "character": 0}},
                                   "text": "é"}]}),
    );
    s.diagnostics();
    let r = s.request(
        "textDocument/documentSymbol",
        json!({"textDocument": {"uri": "file:///t.bb"}}),
    );
    assert!(r.get("error").is_none(), "{r}");
    let (status, err) = s.shutdown();
    assert_eq!(status, 0, "{err}");
}

#[test]
fn exit_without_shutdown_is_status_1() {
    let mut s = Server::start();
    s.initialize();
    s.notify("exit", Value::Null);
    assert_eq!(s.child.wait().unwrap().code(), Some(1));
}
