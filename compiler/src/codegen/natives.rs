//! The standard library's native methods and the C functions of the runtime
//! that implement them (`stdlib/NATIVES.md` lists the methods;
//! `bambooc_runtime::NATIVES` maps them to C). A native
//! instance method's C function takes `(bb_ctx *ctx, self, args...)`; a
//! static one `(bb_ctx *ctx, args...)`. [`located`] says how a call learns
//! the caller's location for its errors.

use super::CodegenError;
use crate::hir::*;
use std::collections::HashMap;

/// The runtime's table: `Class.method(Type,...)` (constructors
/// `Class.<init>(...)`) → C function.
fn runtime_symbol(key: &str) -> Option<&'static str> {
    bambooc_runtime::NATIVES
        .iter()
        .find(|(k, _)| *k == key)
        .map(|(_, s)| *s)
}

/// Natives that cannot fail once their receiver is known non-null: calls
/// to them need no `ctx->loc` store.
const INFALLIBLE: &[&str] = &["bb_String_length"];

/// Natives with a variant, `<symbol>_at`, that takes the caller's location
/// as its last argument: calls to it need no `ctx->loc` store, which in a
/// loop would also make the C compiler reload what the native reads.
const LOCATED: &[&str] = &["bb_String_charAt"];

/// How a call to a native learns the caller's location for its errors.
pub(crate) enum Located {
    /// It cannot fail: no location.
    Never,
    /// Through its `_at` variant's last argument.
    Argument(String),
    /// Through a `ctx->loc` store before the call.
    Store,
}

/// How calls to native `symbol` report their location.
pub(crate) fn located(symbol: &str) -> Located {
    if INFALLIBLE.contains(&symbol) {
        Located::Never
    } else if LOCATED.contains(&symbol) {
        Located::Argument(format!("{symbol}_at"))
    } else {
        Located::Store
    }
}

pub(crate) struct NativeTable {
    symbols: HashMap<MethodId, &'static str>,
    constructors: HashMap<MethodId, &'static str>,
    /// `String.valueOf(Object)`, used by string concatenation.
    pub string_value_of_object: Option<MethodId>,
}

fn param_list(p: &Program, m: &Method) -> String {
    m.params
        .iter()
        .map(|l| p.type_name(&m.locals[l.0 as usize].ty))
        .collect::<Vec<_>>()
        .join(",")
}

impl NativeTable {
    pub(crate) fn new(p: &Program) -> Result<NativeTable, CodegenError> {
        let mut symbols = HashMap::new();
        let mut constructors = HashMap::new();
        let mut string_value_of_object = None;
        for (i, m) in p.methods.iter().enumerate() {
            let id = MethodId(i as u32);
            let class = &p.class(m.class).name;
            let params = param_list(p, m);
            if m.class == p.well_known.string && m.is_constructor {
                if let Some(sym) = runtime_symbol(&format!("String.<init>({params})")) {
                    constructors.insert(id, sym);
                    continue;
                }
            }
            if m.class == p.well_known.string
                && m.name == "valueOf"
                && m.is_static
                && params == "Object"
            {
                string_value_of_object = Some(id);
            }
            if !m.is_native {
                continue;
            }
            match runtime_symbol(&format!("{class}.{}({params})", m.name)) {
                Some(sym) => {
                    symbols.insert(id, sym);
                }
                None => {
                    return Err(CodegenError::MissingNative {
                        class: class.clone(),
                        method: format!("{}({})", m.name, params),
                    })
                }
            }
        }
        Ok(NativeTable {
            symbols,
            constructors,
            string_value_of_object,
        })
    }

    pub(crate) fn symbol(&self, m: MethodId) -> &'static str {
        self.symbols.get(&m).copied().unwrap_or("bb_missing_native")
    }

    pub(crate) fn is_runtime_constructor(&self, m: MethodId) -> bool {
        self.constructors.contains_key(&m)
    }

    pub(crate) fn runtime_constructor(&self, m: MethodId) -> Option<&'static str> {
        self.constructors.get(&m).copied()
    }
}
