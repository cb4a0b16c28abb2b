//! C code generation: typed HIR → one C11 translation unit for the runtime
//! in `runtime-c/` (its README is the ABI this module follows).
//!
//! In: a checked `hir::Program` and the source map (for file names in
//! run-time error locations). Out: C source text. The paper's section 4.7
//! describes the runtime the code targets; classes become structs with the
//! runtime's object header, methods become C functions taking the core's
//! context, virtual calls go through per-class vtables unless no subclass
//! overrides the method (class-hierarchy analysis over the closed program:
//! those calls go direct, so the C compiler can inline them), tasks become
//! functions plus descriptor tables (guards in disjunctive normal form over
//! the flag word, exits as and/or masks).
//!
//! Invariants of the output: Java evaluation order is kept by lowering every
//! expression into statements over temporaries (`func`); every possible
//! run-time error is a call into the runtime with the source location; the
//! output depends only on the program (no hash-map order leaks in).

mod func;
pub mod natives;
mod recursion;

use crate::analysis::disjoint::LockPlan;
use crate::hir::*;
use crate::source::SourceMap;
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write;

/// Options that change the generated code.
#[derive(Clone, Debug)]
pub struct Options {
    /// Array bounds checks (on by default; `--no-bounds-checks` for
    /// measurements).
    pub bounds_checks: bool,
    /// The program's name, for diagnostics printed by the runtime.
    pub program_name: String,
    /// A profiling build (`--profile-gen`): the program's
    /// `profile::fingerprint`, which the runtime writes into the profile.
    pub profile_fingerprint: Option<String>,
    /// Where tasks run (paper 4.3.4, 4.7): a given layout, or `None` for the
    /// default layout on `cores` cores (which `BAMBOO_CORES` may change at
    /// run time, since the runtime rebuilds the default layout itself).
    pub layout: Option<crate::synthesis::layout::Layout>,
    /// Cores of the default layout (ignored with a given layout).
    pub cores: u32,
    /// The default layout spreads every data-parallel task round-robin
    /// ([`crate::synthesis::layout::Layout::spread_for`]) instead of following the
    /// static estimate ([`crate::synthesis::layout::Layout::default_for`]).
    pub spread: bool,
}

/// A problem that stops code generation (the front end accepts the
/// program, but the back end cannot represent it).
#[derive(Clone, Debug)]
pub enum CodegenError {
    /// A guard whose disjunctive normal form would be too large.
    GuardTooComplex { task: String, param: String },
    /// A native method the runtime does not provide.
    MissingNative { class: String, method: String },
    /// More parameters or tag variables than the runtime supports.
    TaskTooWide {
        task: String,
        what: &'static str,
        limit: usize,
    },
}

impl std::fmt::Display for CodegenError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CodegenError::GuardTooComplex { task, param } => write!(f, "the guard of parameter `{param}` of task `{task}` is too complex to compile (more than 4096 terms in disjunctive normal form)"),
            CodegenError::MissingNative { class, method } => write!(f, "the runtime provides no native `{class}.{method}`"),
            CodegenError::TaskTooWide { task, what, limit } => write!(f, "task `{task}` has more than {limit} {what}"),
        }
    }
}

/// Fixed class ids of the runtime (`runtime-c/include/bb/types.h`).
const CLASS_OBJECT: u32 = 1;
const CLASS_STRING: u32 = 2;
const FIRST_USER: u32 = 15;
const MAX_PARAMS: usize = 16;
const MAX_TAGSLOTS: usize = 16;

/// Runtime class ids for classes and array types.
pub(crate) struct Ids {
    classes: Vec<u32>,
    /// Array types beyond the runtime's built-in ones, with their ids.
    arrays: BTreeMap<String, (u32, Type)>,
    next: u32,
}

impl Ids {
    fn new(p: &Program) -> Ids {
        let mut classes = vec![0; p.classes.len()];
        let mut next = FIRST_USER;
        for (i, slot) in classes.iter_mut().enumerate() {
            let id = ClassId(i as u32);
            *slot = if id == p.well_known.object {
                CLASS_OBJECT
            } else if id == p.well_known.string {
                CLASS_STRING
            } else {
                next += 1;
                next - 1
            };
        }
        Ids {
            classes,
            arrays: BTreeMap::new(),
            next,
        }
    }

    pub(crate) fn class(&self, c: ClassId) -> u32 {
        self.classes[c.0 as usize]
    }

    /// The runtime class id of a reference type (arrays get ids on first
    /// use).
    pub(crate) fn of_type(&mut self, p: &Program, t: &Type) -> u32 {
        match t {
            Type::Class(c) => self.class(*c),
            Type::Array(e) => {
                let builtin = match &**e {
                    Type::Boolean => Some(5),
                    Type::Byte => Some(6),
                    Type::Char => Some(7),
                    Type::Short => Some(8),
                    Type::Int => Some(9),
                    Type::Long => Some(10),
                    Type::Float => Some(11),
                    Type::Double => Some(12),
                    Type::Class(c) if *c == p.well_known.object => Some(13),
                    Type::Class(c) if *c == p.well_known.string => Some(14),
                    _ => None,
                };
                if let Some(id) = builtin {
                    return id;
                }
                // Element ids first, so they exist when the table is written.
                if e.is_reference() {
                    self.of_type(p, e);
                }
                let name = p.type_name(t);
                if let Some((id, _)) = self.arrays.get(&name) {
                    return *id;
                }
                let id = self.next;
                self.next += 1;
                self.arrays.insert(name, (id, t.clone()));
                id
            }
            _ => CLASS_OBJECT,
        }
    }
}

/// The C type of a Bamboo type. References are `void *` so that
/// conversions between them need no casts; accesses cast to the struct.
pub(crate) fn c_type(t: &Type) -> &'static str {
    match t {
        Type::Void => "void",
        Type::Boolean => "bb_boolean",
        Type::Byte => "bb_byte",
        Type::Char => "bb_char",
        Type::Short => "bb_short",
        Type::Int => "bb_int",
        Type::Long => "bb_long",
        Type::Float => "bb_float",
        Type::Double => "bb_double",
        _ => "void *",
    }
}

/// The array element kind and C element type of an array type's elements.
pub(crate) fn elem_c_type(t: &Type) -> &'static str {
    c_type(t)
}

pub(crate) fn method_name(m: MethodId) -> String {
    format!("M{}", m.0)
}

pub(crate) fn field_name(f: FieldId) -> String {
    format!("f{}", f.0)
}

pub(crate) fn struct_name(c: ClassId) -> String {
    format!("struct O{}", c.0)
}

/// The layout's tables (runtime-c/README.md, "Many cores"): writes them to
/// `out` and returns the `bb_program` fields that point at them. Routing is
/// data-driven: at an exit the runtime looks up `routes[core][task]` and the
/// task's policy, a few loads per routed object, instead of generating a
/// routing function per task and exit.
fn layout_tables(p: &Program, opts: &Options, out: &mut String) -> String {
    let policy_byte = |policy: crate::synthesis::layout::Policy| match policy {
        crate::synthesis::layout::Policy::Single => 0,
        crate::synthesis::layout::Policy::RoundRobin => 1,
        crate::synthesis::layout::Policy::TagHash => 2,
        crate::synthesis::layout::Policy::TagHome => 3,
        crate::synthesis::layout::Policy::Local => 4,
        crate::synthesis::layout::Policy::Here => 5,
    };
    let policies_of = |out: &mut String, policies: &[crate::synthesis::layout::Policy]| {
        write!(out, "static const uint8_t POLICIES[] = {{").unwrap();
        for &policy in policies {
            write!(out, "{}, ", policy_byte(policy)).unwrap();
        }
        out.push_str("0 };\n");
    };
    match &opts.layout {
        None => {
            // The policies of the default layout for two or more cores; the
            // runtime places the instances for the core count it runs with.
            let layout = crate::synthesis::layout::Layout::default_or_spread(
                p,
                &opts.program_name,
                "smp",
                2,
                opts.spread,
            );
            policies_of(out, &layout.policies);
            format!(
                ".ncores = {}, .default_layout = true, .policies = POLICIES",
                opts.cores.max(1)
            )
        }
        Some(layout) => {
            policies_of(out, &layout.policies);
            let ntasks = p.tasks.len();
            write!(out, "static const uint8_t HOSTS[] = {{").unwrap();
            for hosted in &layout.hosts {
                for t in 0..ntasks {
                    let on = hosted.contains(&TaskId(t as u32));
                    write!(out, "{}, ", u8::from(on)).unwrap();
                }
            }
            out.push_str("0 };\n");
            let mut cores = Vec::new();
            let mut routes = Vec::new();
            for per_core in &layout.routes {
                for dests in per_core {
                    routes.push((dests.len(), cores.len()));
                    cores.extend(dests.iter().copied());
                }
            }
            write!(out, "static const uint32_t ROUTE_CORES[] = {{").unwrap();
            for c in &cores {
                write!(out, "{c}, ").unwrap();
            }
            out.push_str("0 };\n");
            write!(out, "static const bb_route ROUTES[] = {{").unwrap();
            for (n, at) in &routes {
                write!(out, "{{{n}, ROUTE_CORES + {at}}}, ").unwrap();
            }
            out.push_str("{0, NULL} };\n");
            format!(
                ".ncores = {}, .default_layout = false, .policies = POLICIES, .hosts = HOSTS, .routes = ROUTES",
                layout.cores()
            )
        }
    }
}

/// Generates the whole program; task exits merge locks as `locks` says.
pub fn generate(
    p: &Program,
    sources: &SourceMap,
    opts: &Options,
    locks: &LockPlan,
) -> Result<String, CodegenError> {
    let mut ids = Ids::new(p);
    let mut strings = func::StringTable::default();
    let natives = natives::NativeTable::new(p)?;

    let live = reachable_methods(p, &natives);
    let overridden = overridden_methods(p);
    let recursive = recursion::recursive_methods(p, &live);
    let inline_always = single_call_site_methods(p, &live, &recursive);

    // Functions first: they discover string literals and array types.
    let mut bodies = String::new();
    let mut unit = func::Unit {
        p,
        sources,
        opts,
        ids: &mut ids,
        strings: &mut strings,
        natives: &natives,
        overridden: &overridden,
        inline_always: &inline_always,
        recursive: &recursive,
        locks,
    };
    for (i, m) in p.methods.iter().enumerate() {
        let id = MethodId(i as u32);
        if !live[i]
            || m.is_native
            || m.is_abstract
            || m.body.is_none()
            || natives.is_runtime_constructor(id)
        {
            continue;
        }
        func::method(&mut unit, id, &mut bodies);
    }
    for (i, _) in p.tasks.iter().enumerate() {
        func::task(&mut unit, TaskId(i as u32), &mut bodies);
    }
    // Array types used by field and parameter types need ids too.
    for f in &p.fields {
        if let Type::Array(_) = f.ty {
            ids.of_type(p, &f.ty);
        }
    }

    let mut out = String::new();
    writeln!(
        out,
        "/* Generated by bambooc {} from {}. Do not edit. */",
        env!("CARGO_PKG_VERSION"),
        opts.program_name
    )
    .unwrap();
    writeln!(
        out,
        "#include \"bb.h\"\n#include <math.h>\n#if BB_ABI_VERSION != {abi}\n#error \"bambooc: generated for runtime ABI {abi}\"\n#endif\n",
        abi = bambooc_runtime::ABI_VERSION
    )
    .unwrap();

    // Structs.
    for (i, c) in p.classes.iter().enumerate() {
        let id = ClassId(i as u32);
        if id == p.well_known.string {
            continue;
        }
        writeln!(out, "{} {{ bb_object hdr;", struct_name(id)).unwrap();
        for &f in &c.layout {
            writeln!(out, "  {} {};", c_type(&p.field(f).ty), field_name(f)).unwrap();
        }
        writeln!(out, "}}; /* {} */", c.name).unwrap();
    }
    out.push('\n');

    // Prototypes.
    for (i, m) in p.methods.iter().enumerate() {
        let id = MethodId(i as u32);
        if !live[i]
            || m.is_native
            || m.is_abstract
            || m.body.is_none()
            || natives.is_runtime_constructor(id)
        {
            continue;
        }
        writeln!(out, "static {};", func::signature(p, id)).unwrap();
    }
    for i in 0..p.tasks.len() {
        writeln!(
            out,
            "static void T{i}(bb_ctx *ctx, bb_object **params, bb_tag **tagvars);"
        )
        .unwrap();
    }
    out.push('\n');

    // Singletons (`System.out`): globals made by the init hook, roots of
    // the collector.
    let singletons: Vec<usize> = p
        .fields
        .iter()
        .enumerate()
        .filter(|(_, f)| f.singleton.is_some())
        .map(|(i, _)| i)
        .collect();
    for i in &singletons {
        writeln!(out, "static bb_object *G{i};").unwrap();
    }
    // The original dialect's global variables; those of type String are
    // roots too.
    let mut roots = singletons.clone();
    for (i, f) in p.fields.iter().enumerate().filter(|(_, f)| f.global) {
        if f.ty.is_primitive() {
            writeln!(out, "static {} G{i};", c_type(&f.ty)).unwrap();
        } else {
            writeln!(out, "static bb_object *G{i};").unwrap();
            roots.push(i);
        }
    }
    write!(out, "static bb_object **const GLOBALS[] = {{").unwrap();
    for i in &roots {
        write!(out, "&G{i}, ").unwrap();
    }
    out.push_str("NULL };\n\n");

    // Class descriptors.
    let mut class_ptrs: BTreeMap<u32, String> = BTreeMap::new();
    let vtable = |out: &mut String, name: &str, c: &Class| {
        write!(out, "static const bb_vfn {name}[] = {{").unwrap();
        for &m in &c.vtable {
            let md = p.method(m);
            let target = if md.is_abstract || !live[m.0 as usize] {
                "NULL".to_string()
            } else if md.is_native {
                format!("(bb_vfn){}", natives.symbol(m))
            } else {
                format!("(bb_vfn){}", method_name(m))
            };
            write!(out, "{target}, ").unwrap();
        }
        out.push_str("NULL };\n");
    };
    let obj = p.class(p.well_known.object);
    let strc = p.class(p.well_known.string);
    vtable(&mut out, "VT_Object", obj);
    vtable(&mut out, "VT_String", strc);
    writeln!(
        out,
        "BB_BUILTIN_CLASSES(VT_Object, {}, VT_String, {})",
        obj.vtable.len(),
        strc.vtable.len()
    )
    .unwrap();
    for (i, c) in p.classes.iter().enumerate() {
        let id = ClassId(i as u32);
        if id == p.well_known.object || id == p.well_known.string {
            continue;
        }
        let rid = ids.class(id);
        // Display: ancestors from Object down.
        let mut chain = vec![rid];
        let mut s = c.superclass;
        while let Some(x) = s {
            chain.push(ids.class(x));
            s = p.class(x).superclass;
        }
        chain.reverse();
        let display: Vec<String> = chain.iter().map(u32::to_string).collect();
        writeln!(
            out,
            "static const uint32_t D{rid}[] = {{{}}};",
            display.join(", ")
        )
        .unwrap();
        let refs: Vec<String> = c
            .layout
            .iter()
            .filter(|&&f| {
                let t = &p.field(f).ty;
                t.is_reference() || *t == Type::Tag
            })
            .map(|&f| format!("offsetof({}, {})", struct_name(id), field_name(f)))
            .collect();
        writeln!(
            out,
            "static const uint32_t R{rid}[] = {{{}0}};",
            refs.iter().map(|r| format!("{r}, ")).collect::<String>()
        )
        .unwrap();
        vtable(&mut out, &format!("V{rid}"), c);
        write!(out, "static const char *const F{rid}[] = {{").unwrap();
        for f in &c.flags {
            write!(out, "{:?}, ", f.name).unwrap();
        }
        out.push_str("NULL };\n");
        writeln!(
            out,
            "static const bb_class C{rid} = {{ {:?}, {rid}, {}, BB_KIND_OBJECT, sizeof({}), {}, D{rid}, {}, R{rid}, 0, 0, {}, V{rid}, {}, F{rid} }};",
            c.name,
            ids.class(c.superclass.unwrap_or(p.well_known.object)),
            struct_name(id),
            chain.len() - 1,
            refs.len(),
            c.vtable.len(),
            c.flags.len()
        )
        .unwrap();
        class_ptrs.insert(rid, format!("&C{rid}"));
    }
    // Array descriptors (the loop may add element types while running).
    let mut done = std::collections::BTreeSet::new();
    loop {
        let pending: Vec<(String, (u32, Type))> = ids
            .arrays
            .iter()
            .filter(|(_, (id, _))| !done.contains(id))
            .map(|(n, v)| (n.clone(), v.clone()))
            .collect();
        if pending.is_empty() {
            break;
        }
        for (name, (id, t)) in pending {
            done.insert(id);
            let elem = t.element().cloned().unwrap_or(Type::Error);
            let (kind, elem_class) = match &elem {
                Type::Boolean => ("BB_ELEM_BOOLEAN", 0),
                Type::Byte => ("BB_ELEM_BYTE", 0),
                Type::Char => ("BB_ELEM_CHAR", 0),
                Type::Short => ("BB_ELEM_SHORT", 0),
                Type::Int => ("BB_ELEM_INT", 0),
                Type::Long => ("BB_ELEM_LONG", 0),
                Type::Float => ("BB_ELEM_FLOAT", 0),
                Type::Double => ("BB_ELEM_DOUBLE", 0),
                Type::Tag => ("BB_ELEM_REF", 3),
                other => ("BB_ELEM_REF", ids.of_type(p, other)),
            };
            writeln!(
                out,
                "static const uint32_t D{id}[] = BB_ARRAY_DISPLAY({id});"
            )
            .unwrap();
            writeln!(
                out,
                "static const bb_class C{id} = {{ {name:?}, {id}, BB_CLASS_OBJECT, BB_KIND_ARRAY, sizeof(bb_array), 1, D{id}, 0, NULL, {kind}, {elem_class}, {}, VT_Object, 0, NULL }};",
                obj.vtable.len()
            )
            .unwrap();
            class_ptrs.insert(id, format!("&C{id}"));
        }
    }
    write!(
        out,
        "static const bb_class *const CLASSES[] = {{ BB_BUILTIN_CLASS_PTRS"
    )
    .unwrap();
    for id in FIRST_USER..ids.next {
        write!(
            out,
            ", {}",
            class_ptrs.get(&id).map_or("NULL", String::as_str)
        )
        .unwrap();
    }
    out.push_str(" };\n\n");

    // String literals.
    for (i, s) in strings.literals.iter().enumerate() {
        write!(out, "static const bb_char S{i}[] = {{").unwrap();
        for c in s {
            write!(out, "{c},").unwrap();
        }
        out.push_str("0};\n");
    }
    write!(out, "static const bb_strlit STRINGS[] = {{").unwrap();
    for (i, s) in strings.literals.iter().enumerate() {
        write!(out, "{{{}, S{i}}}, ", s.len()).unwrap();
    }
    out.push_str("{0, NULL} };\n\n");

    out.push_str(&bodies);
    func::init_function(
        &mut func::Unit {
            p,
            sources,
            opts,
            ids: &mut ids,
            strings: &mut strings,
            natives: &natives,
            overridden: &overridden,
            inline_always: &inline_always,
            recursive: &recursive,
            locks,
        },
        &singletons,
        &mut out,
    );

    // Task tables.
    for (i, t) in p.tasks.iter().enumerate() {
        if t.params.len() > MAX_PARAMS {
            return Err(CodegenError::TaskTooWide {
                task: t.name.clone(),
                what: "parameters",
                limit: MAX_PARAMS,
            });
        }
        let slots = func::tag_slots(t);
        if slots.len() > MAX_TAGSLOTS {
            return Err(CodegenError::TaskTooWide {
                task: t.name.clone(),
                what: "tag variables",
                limit: MAX_TAGSLOTS,
            });
        }
        for (j, prm) in t.params.iter().enumerate() {
            let terms = dnf(&prm.guard).ok_or_else(|| CodegenError::GuardTooComplex {
                task: t.name.clone(),
                param: prm.name.clone(),
            })?;
            write!(out, "static const bb_guard G{i}_{j}[] = {{").unwrap();
            for (mask, value) in &terms {
                write!(out, "{{{mask:#x}ull, {value:#x}ull}}, ").unwrap();
            }
            out.push_str("{0, 0} };\n");
            write!(out, "static const bb_tagreq Q{i}_{j}[] = {{").unwrap();
            for (tt, var) in &prm.tags {
                let slot = slots.iter().position(|s| s == var).unwrap_or(0);
                write!(out, "{{{}, {slot}}}, ", tt.0).unwrap();
            }
            out.push_str("{0, 0} };\n");
            let _ = terms;
        }
        write!(out, "static const bb_param P{i}[] = {{").unwrap();
        for (j, prm) in t.params.iter().enumerate() {
            let nterms = dnf(&prm.guard).map_or(0, |d| d.len());
            write!(
                out,
                "{{{:?}, {}, {nterms}, G{i}_{j}, {}, Q{i}_{j}}}, ",
                prm.name,
                ids.class(prm.class),
                prm.tags.len()
            )
            .unwrap();
        }
        out.push_str("};\n");
        // Exit 0 is the end of the body (the HIR's last, implicit exit);
        // explicit exits follow in order.
        write!(out, "static const bb_flagop X{i}[] = {{").unwrap();
        let order = std::iter::once(t.exits.len() - 1).chain(0..t.exits.len() - 1);
        for e in order {
            for ch in &t.exits[e].changes {
                write!(out, "{{{:#x}ull, {:#x}ull}}, ", !ch.clear, ch.set).unwrap();
            }
        }
        out.push_str("};\n");
    }
    write!(out, "static const bb_task TASKS[] = {{").unwrap();
    for (i, t) in p.tasks.iter().enumerate() {
        let (file, line) = func::file_line(sources, t.span);
        write!(
            out,
            "{{{:?}, T{i}, {}, P{i}, {}, {}, X{i}, BB_LOC({file}, {line})}}, ",
            t.name,
            t.params.len(),
            func::tag_slots(t).len(),
            t.exits.len()
        )
        .unwrap();
    }
    out.push_str("{0} };\n");

    // Files, tag types, the program.
    write!(out, "static const char *const FILES[] = {{").unwrap();
    for (_, f) in sources.files() {
        write!(out, "{:?}, ", f.name).unwrap();
    }
    out.push_str("NULL };\n");
    write!(out, "static const char *const TAGTYPES[] = {{").unwrap();
    for t in &p.tag_types {
        write!(out, "{t:?}, ").unwrap();
    }
    out.push_str("NULL };\n");
    let field_off = |name: &str| {
        p.classes[p.well_known.startup.0 as usize]
            .layout
            .iter()
            .find(|&&f| p.field(f).name == name)
            .map(|&f| {
                format!(
                    "offsetof({}, {})",
                    struct_name(p.well_known.startup),
                    field_name(f)
                )
            })
            .unwrap_or_else(|| "0".into())
    };
    if let Some(fingerprint) = &opts.profile_fingerprint {
        // The class of each allocation site's objects, for the profile.
        let classes: Vec<String> = p
            .alloc_sites
            .iter()
            .map(|s| ids.class(s.class).to_string())
            .collect();
        writeln!(
            out,
            "static const uint32_t PROFILE_SITE_CLASS[] = {{ {}0 }};\nstatic const bb_profile_info PROFILE = {{ .fingerprint = {fingerprint:?}, .nsites = {}, .site_class = PROFILE_SITE_CLASS }};",
            classes.iter().map(|c| format!("{c}, ")).collect::<String>(),
            classes.len(),
        )
        .unwrap();
    }
    let layout_fields = layout_tables(p, opts, &mut out);
    writeln!(
        out,
        "static const bb_program PROGRAM = {{ .abi_version = BB_ABI_VERSION, .name = {:?}, .nclasses = {}, .classes = CLASSES, .ntasks = {}, .tasks = TASKS, .nfiles = {}, .files = FILES, .nstrings = {}, .strings = STRINGS, .ntagtypes = {}, .tagtypes = TAGTYPES, .startup_class = {}, .startup_flags = {:#x}ull, .startup_args_offset = {}, .startup_parameters_offset = {}, .init = INIT, .nglobals = {}, .globals = GLOBALS, {}{} }};",
        opts.program_name,
        ids.next,
        p.tasks.len(),
        sources.files().count(),
        strings.literals.len(),
        p.tag_types.len(),
        ids.class(p.well_known.startup),
        1u64 << p.well_known.initial_state.0,
        field_off("args"),
        field_off("parameters"),
        singletons.len(),
        layout_fields,
        if opts.profile_fingerprint.is_some() { ", .profile = &PROFILE" } else { "" },
    )
    .unwrap();
    out.push_str("int main(int argc, char **argv) { return bb_main(&PROGRAM, argc, argv); }\n");
    Ok(out)
}

/// Rapid type analysis: the methods the program can run, indexed by method.
/// Roots are the task bodies, the singleton initialisers, the vtables of
/// Object and String (arrays and literals exist in every program) and
/// `String.valueOf(Object)` (string concatenation). A `new C(..)` makes C
/// and its superclasses instantiated; a virtual call of `m` reaches `m`
/// itself (codegen may call it directly) and the method in `m`'s slot of
/// every instantiated subclass of `m`'s class. The runtime never calls
/// through a vtable and only creates strings and arrays, so a method not
/// marked here cannot run, and its body is not emitted: a small program
/// then compiles without the whole standard library.
fn reachable_methods(p: &Program, natives: &natives::NativeTable) -> Vec<bool> {
    struct Rta<'p> {
        p: &'p Program,
        live: Vec<bool>,
        instantiated: Vec<bool>,
        /// Virtual calls seen so far: (the called method's class, its slot).
        virtual_calls: BTreeSet<(ClassId, u32)>,
        work: Vec<MethodId>,
    }
    impl Rta<'_> {
        fn mark(&mut self, m: MethodId) {
            if !self.live[m.0 as usize] {
                self.live[m.0 as usize] = true;
                self.work.push(m);
            }
        }
        fn slot_of(&self, class: ClassId, slot: u32) -> Option<MethodId> {
            self.p.class(class).vtable.get(slot as usize).copied()
        }
        fn call_virtual(&mut self, m: MethodId, slot: u32) {
            let class = self.p.method(m).class;
            if !self.virtual_calls.insert((class, slot)) {
                return;
            }
            for i in 0..self.p.classes.len() {
                let c = ClassId(i as u32);
                if self.instantiated[i] && self.p.is_subclass(c, class) {
                    if let Some(t) = self.slot_of(c, slot) {
                        self.mark(t);
                    }
                }
            }
        }
        fn instantiate(&mut self, class: ClassId) {
            let mut c = Some(class);
            while let Some(id) = c {
                if !self.instantiated[id.0 as usize] {
                    self.instantiated[id.0 as usize] = true;
                    let calls: Vec<(ClassId, u32)> = self.virtual_calls.iter().copied().collect();
                    for (called, slot) in calls {
                        if self.p.is_subclass(id, called) {
                            if let Some(t) = self.slot_of(id, slot) {
                                self.mark(t);
                            }
                        }
                    }
                }
                c = self.p.class(id).superclass;
            }
        }
    }
    let mut rta = Rta {
        p,
        live: vec![false; p.methods.len()],
        instantiated: vec![false; p.classes.len()],
        virtual_calls: BTreeSet::new(),
        work: Vec::new(),
    };
    let mut exprs: Vec<&Expr> = Vec::new();
    // Arrays use Object's vtable and literals are Strings: both classes are
    // instantiated in every program, and the runtime's own uses of them
    // (printing, concatenation) go through `String.valueOf(Object)`.
    rta.instantiate(p.well_known.object);
    rta.instantiate(p.well_known.string);
    if let Some(m) = natives.string_value_of_object {
        rta.mark(m);
    }
    for t in &p.tasks {
        collect_block_exprs(&t.body, &mut exprs);
    }
    for f in &p.fields {
        exprs.extend(f.singleton_init.iter());
    }
    loop {
        while let Some(e) = exprs.pop() {
            visit_expr(e, &mut |x| match &x.kind {
                ExprKind::Call { kind, method, .. } => {
                    rta.mark(*method);
                    if let (CallKind::Virtual, Some(slot)) = (kind, p.method(*method).vtable_slot) {
                        rta.call_virtual(*method, slot);
                    }
                }
                ExprKind::New { class, ctor, .. } => {
                    rta.mark(*ctor);
                    rta.instantiate(*class);
                }
                _ => {}
            });
        }
        let Some(m) = rta.work.pop() else { break };
        if let Some(b) = &p.method(m).body {
            collect_block_exprs(b, &mut exprs);
            // A constructor's first statement may call another constructor.
            if let Some(Stmt {
                kind: StmtKind::CtorCall { ctor, .. },
                ..
            }) = b.stmts.first()
            {
                rta.mark(*ctor);
            }
        }
    }
    rta.live
}

/// The largest method body, in expression nodes, that is forced inline: a
/// sampling step such as `Random.nextGaussian` (60) is in; parsers and
/// whole work loops, where a call costs nothing next to the body and
/// copies would slow down the C compiler, are left to its own judgement.
const MAX_FORCED_INLINE_EXPRS: usize = 64;

/// Methods worth forcing inline, indexed by method: live methods with a body
/// that the program calls from exactly one place (one `Call` expression in
/// the task bodies, the singleton initialisers and the live methods'
/// bodies) and that are not on a cycle of calls (`recursion`). Such
/// a method has one caller in the source, but loop versioning may give that
/// call two copies in the C, and the C compiler then no longer inlines it
/// as a function called once (a method such as `Random.nextGaussian` in a
/// sampling loop). Inlining it everywhere costs no more code than versioning
/// already does; a call through a vtable still reaches an out-of-line copy.
/// Only small bodies are forced (`MAX_FORCED_INLINE_EXPRS`).
fn single_call_site_methods(p: &Program, live: &[bool], recursive: &[bool]) -> Vec<bool> {
    let mut calls = vec![0u32; p.methods.len()];
    let mut count_calls = |exprs: &[&Expr]| {
        for e in exprs {
            visit_expr(e, &mut |x| {
                if let ExprKind::Call { method, .. } = &x.kind {
                    calls[method.0 as usize] += 1;
                }
            });
        }
    };
    for t in &p.tasks {
        let mut exprs = Vec::new();
        collect_block_exprs(&t.body, &mut exprs);
        count_calls(&exprs);
    }
    let singletons: Vec<&Expr> = p
        .fields
        .iter()
        .filter_map(|f| f.singleton_init.as_ref())
        .collect();
    count_calls(&singletons);
    for (i, m) in p.methods.iter().enumerate() {
        if let (true, Some(body)) = (live[i], &m.body) {
            let mut exprs = Vec::new();
            collect_block_exprs(body, &mut exprs);
            count_calls(&exprs);
        }
    }
    let size = |body: &Block| {
        let mut exprs = Vec::new();
        collect_block_exprs(body, &mut exprs);
        let mut nodes = 0usize;
        for e in exprs {
            visit_expr(e, &mut |_| nodes += 1);
        }
        nodes
    };
    (0..p.methods.len())
        .map(|i| {
            let m = &p.methods[i];
            // Sized last: only the few methods called once are measured.
            live[i]
                && calls[i] == 1
                && !recursive[i]
                && !m.is_native
                && m.body
                    .as_ref()
                    .is_some_and(|b| size(b) <= MAX_FORCED_INLINE_EXPRS)
        })
        .collect()
}

/// Class-hierarchy analysis: which virtual methods some subclass of their
/// class overrides, indexed by method. The program is closed (user code and
/// the library are all known), so a virtual call to a method no subclass
/// overrides has one possible target and can be called directly.
fn overridden_methods(p: &Program) -> Vec<bool> {
    let mut overridden = vec![false; p.methods.len()];
    for c in &p.classes {
        // Walk from the class up its superclasses: every ancestor's slot that
        // this class fills with a different method is overridden.
        let mut s = c.superclass;
        while let Some(a) = s {
            let ancestor = p.class(a);
            for (slot, &m) in ancestor.vtable.iter().enumerate() {
                if c.vtable.get(slot).is_some_and(|&x| x != m) {
                    overridden[m.0 as usize] = true;
                }
            }
            s = ancestor.superclass;
        }
    }
    overridden
}

/// A guard as (mask, value) terms: the flag word satisfies the guard when
/// any term has `word & mask == value`. `None` when it would exceed 4096
/// terms.
pub fn dnf(g: &Guard) -> Option<Vec<(u64, u64)>> {
    const LIMIT: usize = 4096;
    fn go(g: &Guard, negate: bool) -> Option<Vec<(u64, u64)>> {
        match (g, negate) {
            (Guard::Const(b), n) => Some(if *b != n { vec![(0, 0)] } else { vec![] }),
            (Guard::Flag(bit), n) => {
                let m = 1u64 << bit.0;
                Some(vec![(m, if n { 0 } else { m })])
            }
            (Guard::Not(x), n) => go(x, !n),
            (Guard::Or(a, b), false) | (Guard::And(a, b), true) => {
                let mut v = go(a, negate)?;
                v.extend(go(b, negate)?);
                (v.len() <= LIMIT).then_some(v)
            }
            (Guard::And(a, b), false) | (Guard::Or(a, b), true) => {
                let (x, y) = (go(a, negate)?, go(b, negate)?);
                let mut v = Vec::new();
                for &(m1, v1) in &x {
                    for &(m2, v2) in &y {
                        // Contradictory terms (a flag both set and clear) vanish.
                        if (v1 ^ v2) & (m1 & m2) != 0 {
                            continue;
                        }
                        v.push((m1 | m2, v1 | v2));
                        if v.len() > LIMIT {
                            return None;
                        }
                    }
                }
                Some(v)
            }
        }
    }
    let mut terms = go(g, false)?;
    terms.sort();
    terms.dedup();
    Some(terms)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The C text of a checked program with default options.
    fn c_of(src: &str) -> (Program, String) {
        let fe = crate::driver::check_source("test.bb", src);
        assert!(!fe.has_errors());
        let p = fe.program.expect("a checked program");
        let opts = Options {
            bounds_checks: true,
            program_name: "test".into(),
            profile_fingerprint: None,
            layout: None,
            cores: 1,
            spread: false,
        };
        let locks = LockPlan::none(&p);
        let c = generate(&p, &fe.sources, &opts, &locks).expect("generated C");
        (p, c)
    }

    #[test]
    fn calls_to_methods_nothing_overrides_go_direct() {
        let (p, c) = c_of(
            "class Base { int kept() { return 1; } int replaced() { return 2; } }\n\
             class Sub extends Base { int replaced() { return 3; } }\n\
             class Leaf extends Sub { }\n\
             class Use { static int run(Base b, Sub s) {\n\
                 return b.kept() + b.replaced() + s.kept() + s.replaced(); } }\n\
             task startup(StartupObject s in initialstate) {\n\
                 System.out.println(Use.run(new Base(), new Leaf()));\n\
                 taskexit(s: initialstate := false); }\n",
        );
        let find = |class: &str, name: &str| {
            let id = (0..p.methods.len() as u32)
                .map(MethodId)
                .find(|&m| p.method(m).name == name && p.class(p.method(m).class).name == class)
                .expect("the method");
            (id, p.method(id).vtable_slot.expect("a virtual method"))
        };
        let (kept, kept_slot) = find("Base", "kept");
        let (_, replaced_slot) = find("Base", "replaced");
        let overridden = overridden_methods(&p);
        assert!(!overridden[kept.0 as usize]);
        assert!(overridden[find("Base", "replaced").0 .0 as usize]);
        let run = c
            .split("/* Use.run */")
            .nth(1)
            .and_then(|s| s.split("\n}\n").next())
            .expect("the body of Use.run");
        // `kept` is called directly on both receivers (null-checked) ...
        assert_eq!(
            run.matches(&format!("{}(ctx, bb_nn(", method_name(kept)))
                .count(),
            2,
            "{run}"
        );
        assert!(!run.contains(&format!("vtable[{kept_slot}]")), "{run}");
        // ... `replaced` through a `Base` still dispatches through the vtable
        // ... and through a `Sub` resolves to `Sub.replaced`, which `Leaf`
        // does not override, so it goes direct.
        assert_eq!(
            run.matches(&format!("vtable[{replaced_slot}]")).count(),
            1,
            "{run}"
        );
        let (sub_replaced, _) = find("Sub", "replaced");
        assert!(
            run.contains(&format!("{}(ctx, bb_nn(", method_name(sub_replaced))),
            "{run}"
        );
    }

    #[test]
    fn only_methods_that_can_run_are_emitted() {
        let (_, c) = c_of(
            "class A { int f() { return 1; } int unused() { return 9; } }\n\
             class Never extends A { int f() { return 2; } }\n\
             class Made extends A { int f() { return 3; } }\n\
             class Late extends A { int f() { return 4; } }\n\
             class Use { static int call(A a) { return a.f(); }\n\
                 static A late() { return new Late(); } }\n\
             task startup(StartupObject s in initialstate) {\n\
                 System.out.println(Use.call(new Made()) + Use.call(Use.late()));\n\
                 taskexit(s: initialstate := false); }\n",
        );
        // A virtual call reaches the override of every instantiated class,
        // whether the class was instantiated before or after the call was
        // seen, and the called method itself ...
        for kept in [
            "/* A.f */",
            "/* Made.f */",
            "/* Late.f */",
            "/* Use.call */",
        ] {
            assert!(c.contains(kept), "{kept} is missing");
        }
        // ... but not the override of a class no `new` creates, nor methods
        // nothing calls, in the program or the standard library.
        for dropped in ["/* Never.f */", "/* A.unused */", "/* String.repeat */"] {
            assert!(!c.contains(dropped), "{dropped} is emitted");
        }
    }

    #[test]
    fn a_string_made_only_to_be_parsed_is_not_made() {
        let (_, c) = c_of(
            "task startup(StartupObject s in initialstate) {\n\
                 char[] text = \"1.5,2\".toCharArray();\n\
                 double a = Double.parseDouble(new String(text, 0, 3));\n\
                 String kept = new String(text, 4, 1);\n\
                 System.out.println(a + Double.parseDouble(kept));\n\
                 taskexit(s: initialstate := false); }\n",
        );
        let task = c
            .split("/* task startup */")
            .nth(1)
            .expect("the startup task");
        // The parsed String is left out; the kept one is still made.
        assert_eq!(
            task.matches("bb_Double_parseDouble_chars(ctx, ").count(),
            1,
            "{task}"
        );
        assert_eq!(
            task.matches("bb_String_newFromChars3(ctx, ").count(),
            1,
            "{task}"
        );
        assert_eq!(
            task.matches("bb_Double_parseDouble(ctx, ").count(),
            1,
            "{task}"
        );
    }

    #[test]
    fn methods_called_from_one_place_are_always_inlined() {
        let (_, c) = c_of(
            "class Use {\n\
                 static int once(int k) { return k * 3; }\n\
                 static int twice(int k) { return k + 1; }\n\
                 static int even(int n) { if (n == 0) { return 1; } return odd(n - 1); }\n\
                 static int odd(int n) { if (n == 0) { return 0; } return even(n - 1); } }\n\
             task startup(StartupObject s in initialstate) {\n\
                 int t = 0;\n\
                 for (int k = 0; k < 10; k++) { t += Use.once(k) + Use.twice(k); }\n\
                 System.out.println(t + Use.twice(2) + Use.even(7));\n\
                 taskexit(s: initialstate := false); }\n",
        );
        let forced = |name: &str| {
            let header = c.split(&format!("/* Use.{name} */\n")).nth(1).expect(name);
            header.starts_with("static inline __attribute__((always_inline))")
        };
        // One call site: forced inline, even inside a loop that versioning
        // may copy.
        assert!(forced("once"));
        // Two call sites, or part of a recursive cycle: left to the C
        // compiler.
        assert!(!forced("twice"));
        assert!(!forced("even"));
        assert!(!forced("odd"));
        // Only the methods on a cycle of calls lose their tail calls.
        let no_tail = |name: &str| {
            let header = c.split(&format!("/* Use.{name} */\n")).nth(1).expect(name);
            header.starts_with("static inline BB_NO_TAIL_CALLS")
        };
        assert!(no_tail("even") && no_tail("odd"));
        assert!(!no_tail("once") && !no_tail("twice"));
    }

    #[test]
    fn counted_loops_test_a_strict_bound_below_the_extreme_int() {
        let (_, c) = c_of(
            "class Use {\n\
                 static int up(int[] a, int last) {\n\
                     int s = 0; for (int k = 0; k <= last; k++) { s += a[k]; } return s; }\n\
                 static int down(int[] a, int first) {\n\
                     int s = 0; for (int k = 9; k >= first; k -= 1) { s += a[k]; } return s; }\n\
                 static int moved(int[] a, int last) {\n\
                     int s = 0; for (int k = 0; k <= last; k++) { s += a[k]; last--; } return s; }\n\
                 static int nested(int[] a, int last) {\n\
                     int s = 0; for (int k = 0; k <= last; k++) {\n\
                         for (int j = 0; j < k; j++) { s += a[j]; } } return s; } }\n\
             task startup(StartupObject s in initialstate) {\n\
                 int[] a = new int[10];\n\
                 System.out.println(Use.up(a, 9) + Use.down(a, 0) + Use.moved(a, 9) + Use.nested(a, 9));\n\
                 taskexit(s: initialstate := false); }\n",
        );
        let body = |name: &str| {
            c.split(&format!("/* Use.{name} */"))
                .nth(1)
                .and_then(|s| s.split("\n}\n").next())
                .expect("the method's body")
                .to_string()
        };
        // `up`: parameters l0 (a) and l1 (last), then s (l2) and k (l3).
        let up = body("up");
        assert!(up.contains("if (BB_LIKELY(l1 < INT32_MAX)) {"), "{up}");
        assert!(
            up.contains("if (!((l3) < ((bb_int)(l1 + 1)))) break;"),
            "{up}"
        );
        // The other copy keeps Java's condition for last == MAX_VALUE.
        assert!(up.contains("<= (l1)"), "{up}");
        let down = body("down");
        assert!(down.contains("if (BB_LIKELY(l1 > INT32_MIN)) {"), "{down}");
        assert!(
            down.contains("if (!((l3) > ((bb_int)(l1 - 1)))) break;"),
            "{down}"
        );
        // A bound the body assigns is not a counted loop, nor is a loop
        // with a loop inside.
        for name in ["moved", "nested"] {
            let b = body(name);
            assert!(!b.contains("INT32_MAX"), "{b}");
        }
    }

    #[test]
    fn dnf_of_guards() {
        let f = |b| Box::new(Guard::Flag(FlagBit(b)));
        // process and !done
        let g = Guard::And(f(0), Box::new(Guard::Not(f(1))));
        assert_eq!(dnf(&g).unwrap(), vec![(0b11, 0b01)]);
        // a or b
        let g = Guard::Or(f(0), f(1));
        assert_eq!(dnf(&g).unwrap(), vec![(0b01, 0b01), (0b10, 0b10)]);
        // !(a or b) == !a and !b
        let g = Guard::Not(Box::new(Guard::Or(f(0), f(1))));
        assert_eq!(dnf(&g).unwrap(), vec![(0b11, 0)]);
        // a and !a is unsatisfiable
        let g = Guard::And(f(0), Box::new(Guard::Not(f(0))));
        assert_eq!(dnf(&g).unwrap(), vec![]);
        assert_eq!(dnf(&Guard::Const(true)).unwrap(), vec![(0, 0)]);
        for word in 0..16u64 {
            let g = Guard::Or(
                Box::new(Guard::And(f(0), f(2))),
                Box::new(Guard::Not(Box::new(Guard::And(f(1), f(3))))),
            );
            let terms = dnf(&g).unwrap();
            assert_eq!(
                g.eval(word),
                terms.iter().any(|&(m, v)| word & m == v),
                "word {word:#b}"
            );
        }
    }
}
