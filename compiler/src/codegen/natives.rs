//! The standard library's native methods and the C functions of the runtime
//! that implement them (`stdlib/NATIVES.md` lists the methods; the runtime's
//! `include/bb/string.h` and `lib.h` declare the functions). A native
//! instance method's C function takes `(bb_ctx *ctx, self, args...)`; a
//! static one `(bb_ctx *ctx, args...)`.

use super::CodegenError;
use crate::hir::*;
use std::collections::HashMap;

/// (class, method, parameter types, C function).
const NATIVES: &[(&str, &str, &str, &str)] = include!("natives.table");

/// `new String(...)` signatures and the runtime functions that build them.
const STRING_CONSTRUCTORS: &[(&str, &str)] = &[
    ("", "bb_String_new"),
    ("String", "bb_String_valueOfString"),
    ("char[]", "bb_String_newFromChars"),
    ("char[],int,int", "bb_String_newFromChars3"),
    ("byte[]", "bb_String_newFromBytes"),
];

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
                if let Some((_, sym)) = STRING_CONSTRUCTORS.iter().find(|(ps, _)| *ps == params) {
                    constructors.insert(id, *sym);
                    continue;
                }
            }
            if m.class == p.well_known.string && m.name == "valueOf" && m.is_static && params == "Object" {
                string_value_of_object = Some(id);
            }
            if !m.is_native {
                continue;
            }
            match NATIVES.iter().find(|(c, n, ps, _)| c == class && *n == m.name && *ps == params) {
                Some((_, _, _, sym)) => {
                    symbols.insert(id, *sym);
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
