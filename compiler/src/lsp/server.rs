//! The server's loop: the initialize handshake, then each request and
//! notification in order, until `shutdown` and `exit` or end of input.
//!
//! In: messages from [`transport`]. Out: responses and
//! `textDocument/publishDiagnostics` notifications; the exit status.
//!
//! A request whose parameters do not parse gets an error response, and a
//! handler that panics (a compiler bug) answers with an internal error:
//! neither ends the session.

use super::document::{self, Document};
use super::{hover, navigate, transport};
use lsp_server::{ErrorCode, Message, Notification, Request, RequestId, Response};
use lsp_types::notification::{self as notif, Notification as _};
use lsp_types::request::{self as req, Request as _};
use lsp_types::*;
use std::collections::HashMap;
use std::sync::mpsc::TryRecvError;

/// The command that writes the CSTG of a document; its one argument is
/// the document's URI (the last opened document without one).
pub const WRITE_CSTG: &str = "bambooc.writeCstg";

#[derive(PartialEq)]
enum Phase {
    Uninitialised,
    Running,
    ShutDown,
}

struct Server {
    docs: HashMap<String, Document>,
    /// The most recently opened or edited document.
    last: Option<String>,
    phase: Phase,
    /// Print the front end's time per analysis to stderr
    /// (`BAMBOOC_LSP_TIMING=1`).
    timing: bool,
}

/// Runs the server on stdio; returns the exit status (0 after `shutdown`
/// then `exit`, 1 when the input ends or `exit` comes without `shutdown`).
pub fn serve() -> i32 {
    let rx = transport::spawn_reader();
    let mut s = Server {
        docs: HashMap::new(),
        last: None,
        phase: Phase::Uninitialised,
        timing: std::env::var_os("BAMBOOC_LSP_TIMING").is_some(),
    };
    loop {
        // Analyse stale documents only when nothing else is waiting, so a
        // burst of edits costs one analysis.
        let incoming = match rx.try_recv() {
            Ok(m) => m,
            Err(TryRecvError::Empty) => {
                s.publish_stale();
                match rx.recv() {
                    Ok(m) => m,
                    Err(_) => return 1,
                }
            }
            Err(TryRecvError::Disconnected) => return 1,
        };
        match incoming {
            Err(reason) => {
                eprintln!("bambooc lsp: {reason}");
                transport::write_parse_error(&reason);
            }
            Ok(Message::Request(r)) => s.request(r),
            Ok(Message::Notification(n)) if n.method == notif::Exit::METHOD => {
                return if s.phase == Phase::ShutDown { 0 } else { 1 };
            }
            Ok(Message::Notification(n)) => s.notification(n),
            // The server sends no requests, so responses are stray.
            Ok(Message::Response(_)) => {}
        }
    }
}

fn capabilities() -> ServerCapabilities {
    ServerCapabilities {
        text_document_sync: Some(TextDocumentSyncCapability::Kind(TextDocumentSyncKind::FULL)),
        hover_provider: Some(HoverProviderCapability::Simple(true)),
        definition_provider: Some(OneOf::Left(true)),
        document_symbol_provider: Some(OneOf::Left(true)),
        execute_command_provider: Some(ExecuteCommandOptions {
            commands: vec![WRITE_CSTG.into()],
            ..Default::default()
        }),
        ..Default::default()
    }
}

fn error(id: RequestId, code: ErrorCode, message: impl Into<String>) -> Message {
    Response::new_err(id, code as i32, message.into()).into()
}

impl Server {
    fn request(&mut self, r: Request) {
        let id = r.id.clone();
        match (&self.phase, r.method.as_str()) {
            (Phase::Uninitialised, req::Initialize::METHOD) => {
                self.phase = Phase::Running;
                // Check the library now so the first edit is as fast as any.
                let _ = crate::driver::prechecked_stdlib();
                let result = InitializeResult {
                    capabilities: capabilities(),
                    server_info: Some(ServerInfo {
                        name: "bambooc".into(),
                        version: Some(env!("CARGO_PKG_VERSION").into()),
                    }),
                };
                transport::write(Response::new_ok(id, result).into());
            }
            (Phase::Uninitialised, _) => transport::write(error(
                id,
                ErrorCode::ServerNotInitialized,
                "the first request must be `initialize`",
            )),
            (Phase::ShutDown, _) => transport::write(error(
                id,
                ErrorCode::InvalidRequest,
                "the server is shutting down",
            )),
            (Phase::Running, req::Shutdown::METHOD) => {
                self.phase = Phase::ShutDown;
                transport::write(Response::new_ok(id, ()).into());
            }
            (Phase::Running, _) => {
                let method = r.method.clone();
                let answer =
                    std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| self.dispatch(r)));
                let msg = match answer {
                    Ok(Ok(value)) => Response::new_ok(id, value).into(),
                    Ok(Err((code, text))) => error(id, code, text),
                    Err(_) => error(
                        id,
                        ErrorCode::InternalError,
                        format!("bambooc failed on `{method}` (a compiler bug)"),
                    ),
                };
                transport::write(msg);
            }
        }
    }

    /// Answers one request of a running server.
    fn dispatch(&mut self, r: Request) -> Result<serde_json::Value, (ErrorCode, String)> {
        fn params<P: serde::de::DeserializeOwned>(r: Request) -> Result<P, (ErrorCode, String)> {
            serde_json::from_value(r.params)
                .map_err(|e| (ErrorCode::InvalidParams, format!("invalid parameters: {e}")))
        }
        let json = |v: serde_json::Result<serde_json::Value>| {
            v.map_err(|e| (ErrorCode::InternalError, e.to_string()))
        };
        match r.method.as_str() {
            req::HoverRequest::METHOD => {
                let p: HoverParams = params(r)?;
                let at = p.text_document_position_params;
                let hover = self.with_offset(&at, |a, offset| {
                    let (text, span) = hover::hover(a, offset)?;
                    Some(Hover {
                        contents: HoverContents::Markup(MarkupContent {
                            kind: MarkupKind::Markdown,
                            value: text,
                        }),
                        range: Some(a.lines.range(a.text(), span)),
                    })
                });
                json(serde_json::to_value(hover))
            }
            req::GotoDefinition::METHOD => {
                let p: GotoDefinitionParams = params(r)?;
                let at = p.text_document_position_params;
                let uri = at.text_document.uri.clone();
                let loc = self.with_offset(&at, |a, offset| {
                    let span = navigate::definition(a, offset)?;
                    Some(GotoDefinitionResponse::Scalar(Location::new(
                        uri,
                        a.lines.range(a.text(), span),
                    )))
                });
                json(serde_json::to_value(loc))
            }
            req::DocumentSymbolRequest::METHOD => {
                let p: DocumentSymbolParams = params(r)?;
                let symbols = self
                    .analysed(&p.text_document.uri)
                    .map(|a| DocumentSymbolResponse::Nested(navigate::symbols(a)));
                json(serde_json::to_value(symbols))
            }
            req::ExecuteCommand::METHOD => {
                let p: ExecuteCommandParams = params(r)?;
                if p.command != WRITE_CSTG {
                    return Err((
                        ErrorCode::InvalidParams,
                        format!("unknown command `{}`", p.command),
                    ));
                }
                let path = self.write_cstg(p.arguments.first())?;
                Ok(serde_json::Value::String(path))
            }
            _ => Err((
                ErrorCode::MethodNotFound,
                format!("`{}` is not supported", r.method),
            )),
        }
    }

    fn notification(&mut self, n: Notification) {
        let result: Result<(), serde_json::Error> = (|| {
            match n.method.as_str() {
                notif::DidOpenTextDocument::METHOD => {
                    let p: DidOpenTextDocumentParams = serde_json::from_value(n.params)?;
                    let d = p.text_document;
                    let key = d.uri.as_str().to_string();
                    self.docs
                        .insert(key.clone(), Document::new(d.uri, Some(d.version), d.text));
                    self.last = Some(key);
                }
                notif::DidChangeTextDocument::METHOD => {
                    let p: DidChangeTextDocumentParams = serde_json::from_value(n.params)?;
                    let key = p.text_document.uri.as_str().to_string();
                    if let Some(doc) = self.docs.get_mut(&key) {
                        doc.apply(p.text_document.version, p.content_changes);
                        self.last = Some(key);
                    }
                }
                notif::DidCloseTextDocument::METHOD => {
                    let p: DidCloseTextDocumentParams = serde_json::from_value(n.params)?;
                    let uri = p.text_document.uri;
                    self.docs.remove(uri.as_str());
                    // A closed document shows no diagnostics.
                    publish(uri, Vec::new(), None);
                }
                _ => {}
            }
            Ok(())
        })();
        if let Err(e) = result {
            eprintln!("bambooc lsp: ignored `{}`: {e}", n.method);
        }
    }

    /// Analyses every document edited since its last analysis and
    /// publishes its diagnostics.
    fn publish_stale(&mut self) {
        let stale: Vec<String> = self
            .docs
            .iter()
            .filter(|(_, d)| d.analysis.is_none())
            .map(|(k, _)| k.clone())
            .collect();
        for key in stale {
            self.analysed_key(&key);
        }
    }

    /// The analysis of a document, made (and its diagnostics published)
    /// if an edit made it stale.
    fn analysed_key(&mut self, key: &str) -> Option<&document::Analysis> {
        let timing = self.timing;
        let doc = self.docs.get_mut(key)?;
        if doc.analysis.is_none() {
            let caught = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                doc.analyse();
            }));
            if caught.is_err() {
                eprintln!("bambooc lsp: the front end failed on `{key}` (a compiler bug)");
                return None;
            }
            let a = doc.analysis.as_ref()?;
            if timing {
                let stages: Vec<String> =
                    a.fe.timings
                        .iter()
                        .map(|(stage, d)| format!("{stage} {:.1}", d.as_secs_f64() * 1e3))
                        .collect();
                eprintln!(
                    "bambooc lsp: analysed {key} in {:.1} ms ({})",
                    a.elapsed.as_secs_f64() * 1e3,
                    stages.join(", ")
                );
            }
            publish(
                doc.uri.clone(),
                document::lsp_diagnostics(&doc.uri, a),
                doc.version,
            );
        }
        doc.analysis.as_ref()
    }

    fn analysed(&mut self, uri: &Uri) -> Option<&document::Analysis> {
        self.analysed_key(uri.as_str())
    }

    /// Runs `f` on the analysis of the position's document and the byte
    /// offset of the position.
    fn with_offset<T>(
        &mut self,
        at: &TextDocumentPositionParams,
        f: impl FnOnce(&document::Analysis, usize) -> Option<T>,
    ) -> Option<T> {
        let a = self.analysed(&at.text_document.uri)?;
        let offset = a.lines.offset(a.text(), at.position);
        f(a, offset)
    }

    /// Writes `<file stem>.cstg.dot` beside the document; returns its path.
    fn write_cstg(
        &mut self,
        arg: Option<&serde_json::Value>,
    ) -> Result<String, (ErrorCode, String)> {
        let invalid = |m: String| (ErrorCode::InvalidParams, m);
        let key = match arg {
            Some(v) => v
                .as_str()
                .ok_or_else(|| invalid("the argument must be a document URI".into()))?
                .to_string(),
            None => self
                .last
                .clone()
                .ok_or_else(|| invalid("no document is open".into()))?,
        };
        let uri = self
            .docs
            .get(&key)
            .map(|d| d.uri.clone())
            .ok_or_else(|| invalid(format!("`{key}` is not open")))?;
        let path = document::file_path(&uri)
            .ok_or_else(|| invalid(format!("`{key}` is not a file on disk")))?;
        let a = self
            .analysed_key(&key)
            .ok_or_else(|| invalid(format!("`{key}` could not be analysed")))?;
        let (Some(p), Some(g)) = (a.fe.program.as_ref(), a.fe.cstg()) else {
            return Err(invalid("the program has errors; fix them first".into()));
        };
        let dot = g.to_dot(p, &a.fe.sources);
        let out = path.with_extension("cstg.dot");
        std::fs::write(&out, dot).map_err(|e| {
            (
                ErrorCode::RequestFailed,
                format!("cannot write `{}`: {e}", out.display()),
            )
        })?;
        Ok(out.display().to_string())
    }
}

fn publish(uri: Uri, diagnostics: Vec<Diagnostic>, version: Option<i32>) {
    let params = PublishDiagnosticsParams {
        uri,
        diagnostics,
        version,
    };
    transport::write(Notification::new(notif::PublishDiagnostics::METHOD.into(), params).into());
}
