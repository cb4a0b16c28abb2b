//! The wire: LSP's `Content-Length` framed JSON-RPC over standard input and
//! output, read by a thread of its own.
//!
//! In: bytes on stdin. Out: a channel of messages (a malformed frame or
//! payload arrives as an `Err` with the reason, and reading goes on), and
//! a writer that frames messages onto stdout.
//!
//! lsp-server's own stdio transport stops at the first malformed payload;
//! a server that survives a bad client needs one that skips it.

use lsp_server::Message;
use std::io::{BufRead, Write};
use std::sync::mpsc;

/// One read from the client: a message, or why a frame was skipped.
pub type Incoming = Result<Message, String>;

/// Starts the reader thread; the channel closes at end of input.
pub fn spawn_reader() -> mpsc::Receiver<Incoming> {
    let (tx, rx) = mpsc::channel();
    let spawned = std::thread::Builder::new()
        .name("lsp-reader".into())
        .spawn(move || {
            let stdin = std::io::stdin();
            let mut input = stdin.lock();
            while let Some(item) = read_frame(&mut input) {
                if tx.send(item).is_err() {
                    break;
                }
            }
        });
    if let Err(e) = spawned {
        eprintln!("bambooc lsp: cannot start the reader thread: {e}");
    }
    rx
}

/// Reads one frame; `None` at end of input.
pub fn read_frame(input: &mut impl BufRead) -> Option<Incoming> {
    let mut length = None;
    let mut saw_header = false;
    loop {
        let mut line = String::new();
        match input.read_line(&mut line) {
            Ok(0) => return None,
            Ok(_) => {}
            Err(e) => return Some(Err(format!("unreadable header: {e}"))),
        }
        let line = line.trim_end_matches(['\r', '\n']);
        if line.is_empty() {
            if saw_header {
                break;
            }
            // Blank lines between frames are tolerated.
            continue;
        }
        saw_header = true;
        if let Some((name, value)) = line.split_once(':') {
            if name.trim().eq_ignore_ascii_case("content-length") {
                length = value.trim().parse::<usize>().ok();
            }
        }
    }
    // Larger bodies than this are not LSP messages but a broken client.
    const MAX_BODY: usize = 256 << 20;
    let Some(length) = length.filter(|&n| n <= MAX_BODY) else {
        return Some(Err("frame without a valid Content-Length".into()));
    };
    let mut body = vec![0u8; length];
    if let Err(e) = std::io::Read::read_exact(input, &mut body) {
        return Some(Err(format!("truncated frame: {e}")));
    }
    Some(match serde_json::from_slice::<Message>(&body) {
        Ok(msg) => Ok(msg),
        Err(e) => Err(format!("malformed message: {e}")),
    })
}

/// Writes one message; a closed stdout is the client's end, not an error
/// worth stopping for (the reader sees end of input next).
pub fn write(msg: Message) {
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    if let Err(e) = msg.write(&mut out) {
        eprintln!("bambooc lsp: cannot write a message: {e}");
    }
}

/// The JSON-RPC answer to a payload that is not a message: a parse error
/// with a null id, which `lsp_server::Response` cannot express.
pub fn write_parse_error(reason: &str) {
    let body = serde_json::json!({
        "jsonrpc": "2.0",
        "id": null,
        "error": { "code": -32700, "message": reason },
    })
    .to_string();
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let _ = write!(out, "Content-Length: {}\r\n\r\n{body}", body.len());
    let _ = out.flush();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn skips_bad_frames_and_reads_on() {
        let good = r#"{"jsonrpc":"2.0","method":"initialized","params":{}}"#;
        let input = format!(
            "Content-Length: 5\r\n\r\n{{bad}}X-Other: 1\r\n\r\nContent-Length: {}\r\n\r\n{good}",
            good.len()
        );
        let mut r = std::io::Cursor::new(input.into_bytes());
        assert!(matches!(read_frame(&mut r), Some(Err(_))));
        assert!(matches!(read_frame(&mut r), Some(Err(_))));
        assert!(matches!(read_frame(&mut r), Some(Ok(_))));
        assert!(read_frame(&mut r).is_none());
    }
}
