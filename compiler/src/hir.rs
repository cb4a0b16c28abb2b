//! The typed high-level IR: what `sema` produces and every later stage reads.
//!
//! In: built by `sema` from the AST. Out: consumed by the analyses
//! (`analysis::{astg,cstg,disjoint}`) and by `codegen`.
//!
//! Invariants (checked by sema; later stages may rely on them):
//! - every name is resolved to an id (`ClassId`, `FieldId`, `MethodId`,
//!   `LocalId`, `FlagBit`, `TagTypeId`, `ExitId`);
//! - every expression has its Java type, and every implicit conversion is an
//!   explicit `Convert` node (binary numeric promotion, assignment
//!   conversion, the implicit narrowing of compound assignment, string
//!   conversion in concatenation);
//! - constant expressions are folded to `Const`;
//! - calls name the exact method overload chosen; virtual calls carry a
//!   vtable slot;
//! - a task's flag guard and each exit's flag changes are expressed over the
//!   bit positions of the parameter class's flag word (inherited flags
//!   first), ready to become mask tests (paper 4.7).

mod walk;

pub use walk::*;

use bambooc_syntax::ast::{BinOp, PrimType};
use bambooc_syntax::span::Span;

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ClassId(pub u32);
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FieldId(pub u32);
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct MethodId(pub u32);
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TaskId(pub u32);
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct LocalId(pub u32);
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TagTypeId(pub u32);
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ExitId(pub u32);
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct LabelId(pub u32);
/// An allocation block (`new C(...) { ... }`): the site where task objects
/// are born. Numbered in the order sema checks bodies, so the numbering is
/// deterministic; the profiler records allocations per site.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct AllocSiteId(pub u32);

/// A flag's position in its class's flag word. Subclasses keep their
/// superclass's positions and number their own flags after them.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FlagBit(pub u32);

/// The most flags one class hierarchy may declare (one 64-bit flag word).
pub const MAX_FLAGS: usize = 64;

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Type {
    Void,
    Boolean,
    Byte,
    Char,
    Short,
    Int,
    Long,
    Float,
    Double,
    /// The type of `null`.
    Null,
    Class(ClassId),
    Array(Box<Type>),
    Tag,
    /// The type of an expression that already failed to check; it is
    /// compatible with everything, so one mistake gives one error.
    Error,
}

impl Type {
    pub fn from_prim(p: PrimType) -> Type {
        match p {
            PrimType::Boolean => Type::Boolean,
            PrimType::Byte => Type::Byte,
            PrimType::Char => Type::Char,
            PrimType::Short => Type::Short,
            PrimType::Int => Type::Int,
            PrimType::Long => Type::Long,
            PrimType::Float => Type::Float,
            PrimType::Double => Type::Double,
        }
    }

    pub fn array_of(self, dims: u32) -> Type {
        (0..dims).fold(self, |t, _| Type::Array(Box::new(t)))
    }

    pub fn is_numeric(&self) -> bool {
        matches!(
            self,
            Type::Byte
                | Type::Char
                | Type::Short
                | Type::Int
                | Type::Long
                | Type::Float
                | Type::Double
        )
    }

    pub fn is_integral(&self) -> bool {
        matches!(
            self,
            Type::Byte | Type::Char | Type::Short | Type::Int | Type::Long
        )
    }

    pub fn is_primitive(&self) -> bool {
        self.is_numeric() || *self == Type::Boolean
    }

    pub fn is_reference(&self) -> bool {
        matches!(self, Type::Class(_) | Type::Array(_) | Type::Null)
    }

    pub fn is_error(&self) -> bool {
        *self == Type::Error
    }

    pub fn element(&self) -> Option<&Type> {
        match self {
            Type::Array(t) => Some(t),
            _ => None,
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub enum ConstValue {
    Bool(bool),
    Char(u16),
    Byte(i8),
    Short(i16),
    Int(i32),
    Long(i64),
    Float(f32),
    Double(f64),
    /// UTF-16 code units.
    String(Vec<u16>),
    Null,
}

#[derive(Clone, Debug)]
pub struct Program {
    pub classes: Vec<Class>,
    pub fields: Vec<Field>,
    pub methods: Vec<Method>,
    pub tasks: Vec<Task>,
    pub tag_types: Vec<String>,
    /// Every allocation block, indexed by `AllocSiteId`.
    pub alloc_sites: Vec<AllocSite>,
    pub well_known: WellKnown,
}

/// Where an allocation block is and what it makes.
#[derive(Clone, Debug)]
pub struct AllocSite {
    pub class: ClassId,
    pub span: Span,
    /// The method or task whose body holds the block (none only inside a
    /// constant initialiser, where sema reports the block as an error).
    pub owner: Option<BodyOwner>,
}

/// A body: a method's (constructors included) or a task's.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum BodyOwner {
    Method(MethodId),
    Task(TaskId),
}

/// Classes the compiler itself refers to.
#[derive(Clone, Debug)]
pub struct WellKnown {
    pub object: ClassId,
    pub string: ClassId,
    pub startup: ClassId,
    /// `StartupObject.initialstate`.
    pub initial_state: FlagBit,
}

impl Program {
    pub fn class(&self, id: ClassId) -> &Class {
        &self.classes[id.0 as usize]
    }
    pub fn field(&self, id: FieldId) -> &Field {
        &self.fields[id.0 as usize]
    }
    pub fn method(&self, id: MethodId) -> &Method {
        &self.methods[id.0 as usize]
    }
    pub fn task(&self, id: TaskId) -> &Task {
        &self.tasks[id.0 as usize]
    }
    pub fn alloc_site(&self, id: AllocSiteId) -> &AllocSite {
        &self.alloc_sites[id.0 as usize]
    }

    /// Whether `sub` is `sup` or one of its subclasses.
    pub fn is_subclass(&self, sub: ClassId, sup: ClassId) -> bool {
        let mut c = Some(sub);
        while let Some(id) = c {
            if id == sup {
                return true;
            }
            c = self.class(id).superclass;
        }
        false
    }

    /// A type as Java source would write it.
    pub fn type_name(&self, t: &Type) -> String {
        match t {
            Type::Void => "void".into(),
            Type::Boolean => "boolean".into(),
            Type::Byte => "byte".into(),
            Type::Char => "char".into(),
            Type::Short => "short".into(),
            Type::Int => "int".into(),
            Type::Long => "long".into(),
            Type::Float => "float".into(),
            Type::Double => "double".into(),
            Type::Null => "null".into(),
            Type::Class(c) => self.class(*c).name.clone(),
            Type::Array(e) => format!("{}[]", self.type_name(e)),
            Type::Tag => "tag".into(),
            Type::Error => "{error}".into(),
        }
    }
}

#[derive(Clone, Debug)]
pub struct Class {
    pub name: String,
    pub span: Span,
    pub superclass: Option<ClassId>,
    pub is_abstract: bool,
    pub is_stdlib: bool,
    /// Fields declared here (instance and static constants).
    pub fields: Vec<FieldId>,
    /// Instance fields of this class and its superclasses, in layout order
    /// (superclass fields first).
    pub layout: Vec<FieldId>,
    pub methods: Vec<MethodId>,
    pub constructors: Vec<MethodId>,
    /// Virtual methods by slot; a subclass's table extends its superclass's.
    pub vtable: Vec<MethodId>,
    /// Every flag an object of this class has, inherited ones first; a
    /// flag's index here is its bit.
    pub flags: Vec<Flag>,
}

#[derive(Clone, Debug)]
pub struct Flag {
    pub name: String,
    pub span: Span,
    /// The class that declared it.
    pub declared_in: ClassId,
}

impl Class {
    pub fn flag_bit(&self, name: &str) -> Option<FlagBit> {
        self.flags
            .iter()
            .position(|f| f.name == name)
            .map(|i| FlagBit(i as u32))
    }
}

#[derive(Clone, Debug)]
pub struct Field {
    pub name: String,
    pub span: Span,
    pub class: ClassId,
    pub ty: Type,
    pub is_static: bool,
    pub is_final: bool,
    pub is_private: bool,
    /// A `static final` constant's value.
    pub constant: Option<ConstValue>,
    /// A standard-library `static final` object created at start-up
    /// (`System.out`): its class.
    pub singleton: Option<ClassId>,
    /// The singleton's initialiser, checked (a `new` expression).
    pub singleton_init: Option<Expr>,
    /// The original dialect's blank `static final` of a primitive type or
    /// `String`: one global variable, read as `ExprKind::StaticField`,
    /// holding the default value until a constructor of its class assigns
    /// it.
    pub global: bool,
}

#[derive(Clone, Debug)]
pub struct Local {
    pub name: String,
    pub span: Span,
    pub ty: Type,
    pub is_final: bool,
}

#[derive(Clone, Debug)]
pub struct Method {
    pub name: String,
    pub span: Span,
    pub class: ClassId,
    pub params: Vec<LocalId>,
    pub ret: Type,
    pub is_static: bool,
    pub is_abstract: bool,
    pub is_native: bool,
    pub is_private: bool,
    pub is_constructor: bool,
    /// The vtable slot of a virtual method.
    pub vtable_slot: Option<u32>,
    /// All locals, parameters first (`this` is not a local).
    pub locals: Vec<Local>,
    pub body: Option<Block>,
}

#[derive(Clone, Debug)]
pub struct Task {
    pub name: String,
    pub span: Span,
    pub params: Vec<TaskParam>,
    /// All locals: parameters first, then tag variables bound by guards,
    /// then the body's.
    pub locals: Vec<Local>,
    pub exits: Vec<Exit>,
    pub body: Block,
}

#[derive(Clone, Debug)]
pub struct TaskParam {
    pub name: String,
    pub span: Span,
    pub class: ClassId,
    pub local: LocalId,
    pub guard: Guard,
    /// `with tt t`: the tag type and the tag variable's local.
    pub tags: Vec<(TagTypeId, LocalId)>,
}

/// A flag guard over the parameter class's flag word.
#[derive(Clone, Debug, PartialEq)]
pub enum Guard {
    Const(bool),
    Flag(FlagBit),
    Not(Box<Guard>),
    And(Box<Guard>, Box<Guard>),
    Or(Box<Guard>, Box<Guard>),
}

impl Guard {
    pub fn eval(&self, word: u64) -> bool {
        match self {
            Guard::Const(b) => *b,
            Guard::Flag(bit) => word & (1u64 << bit.0) != 0,
            Guard::Not(g) => !g.eval(word),
            Guard::And(a, b) => a.eval(word) && b.eval(word),
            Guard::Or(a, b) => a.eval(word) || b.eval(word),
        }
    }
}

/// Flag and tag changes for one object: set the flags in `set`, clear those
/// in `clear`, then bind and unbind tag instances held in tag variables.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct StateChange {
    pub set: u64,
    pub clear: u64,
    pub add_tags: Vec<LocalId>,
    pub clear_tags: Vec<LocalId>,
}

/// One `taskexit` of a task (index = `ExitId`). Reaching the end of the
/// body is an exit too, with no changes; it is always the last one.
#[derive(Clone, Debug)]
pub struct Exit {
    pub span: Span,
    /// Per parameter, in parameter order.
    pub changes: Vec<StateChange>,
    pub implicit: bool,
    /// Whether control can reach this exit: always for a `taskexit`
    /// statement (unreachable statements are errors); for the implicit exit,
    /// whether the body can complete normally (JLS 14.22).
    pub reachable: bool,
}

/// The initial state of a task object from an allocation block.
#[derive(Clone, Debug, PartialEq)]
pub struct AllocState {
    pub flags: u64,
    pub tags: Vec<LocalId>,
    pub site: AllocSiteId,
}

#[derive(Clone, Debug)]
pub struct Block {
    pub stmts: Vec<Stmt>,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct Stmt {
    pub kind: StmtKind,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct SwitchCase {
    /// Case values; empty with `is_default` for a lone `default`.
    pub values: Vec<i32>,
    pub is_default: bool,
    pub body: Vec<Stmt>,
}

#[derive(Clone, Debug)]
pub enum StmtKind {
    Local {
        local: LocalId,
        init: Option<Expr>,
    },
    Expr(Expr),
    Block(Block),
    If {
        cond: Expr,
        then_branch: Box<Stmt>,
        else_branch: Option<Box<Stmt>>,
    },
    While {
        label: Option<LabelId>,
        cond: Expr,
        body: Box<Stmt>,
    },
    DoWhile {
        label: Option<LabelId>,
        body: Box<Stmt>,
        cond: Expr,
    },
    For {
        label: Option<LabelId>,
        init: Vec<Stmt>,
        cond: Option<Expr>,
        update: Vec<Expr>,
        body: Box<Stmt>,
    },
    /// `for (T x : array)`; `index` and `array_local` are compiler locals.
    ForEach {
        label: Option<LabelId>,
        var: LocalId,
        array: Expr,
        array_local: LocalId,
        index: LocalId,
        body: Box<Stmt>,
    },
    Switch {
        label: Option<LabelId>,
        scrutinee: Expr,
        cases: Vec<SwitchCase>,
    },
    /// A labeled statement that is not a loop or switch.
    Labeled {
        label: LabelId,
        body: Box<Stmt>,
    },
    /// Leaves the statement with this label (loops and switches always get
    /// one when targeted, labeled or not).
    Break(LabelId),
    Continue(LabelId),
    Return(Option<Expr>),
    TaskExit(ExitId),
    /// `this(...)` or `super(...)`.
    CtorCall {
        ctor: MethodId,
        args: Vec<Expr>,
    },
    Empty,
}

#[derive(Clone, Debug)]
pub struct Expr {
    pub kind: ExprKind,
    pub ty: Type,
    pub span: Span,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum CallKind {
    Static,
    /// Dispatched through the receiver's vtable.
    Virtual,
    /// Called directly: `super.m()`, private methods, final classes.
    Direct,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum IncDec {
    PreInc,
    PreDec,
    PostInc,
    PostDec,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum UnOp {
    Neg,
    Not,
    BitNot,
}

#[derive(Clone, Debug)]
pub enum ExprKind {
    Const(ConstValue),
    Local(LocalId),
    This,
    Field {
        object: Box<Expr>,
        field: FieldId,
    },
    /// A standard-library singleton (`System.out`).
    StaticField(FieldId),
    ArrayLength(Box<Expr>),
    Index {
        array: Box<Expr>,
        index: Box<Expr>,
    },
    Call {
        kind: CallKind,
        method: MethodId,
        receiver: Option<Box<Expr>>,
        args: Vec<Expr>,
    },
    New {
        class: ClassId,
        ctor: MethodId,
        args: Vec<Expr>,
        /// `Some` makes the object a task object (an allocation block).
        alloc: Option<AllocState>,
    },
    /// `new T[d0][d1]...[]`: `ty` is the whole array type.
    NewArray {
        dims: Vec<Expr>,
    },
    /// `{a, b, c}` or `new T[]{a, b, c}`; `ty` is the array type.
    ArrayLiteral(Vec<Expr>),
    NewTag(TagTypeId),
    /// Operands already promoted; `ty` is the result type.
    Unary {
        op: UnOp,
        operand: Box<Expr>,
    },
    /// Operands already promoted to a common type (for shifts: the left
    /// operand's promoted type and `int`/`long` on the right).
    Binary {
        op: BinOp,
        lhs: Box<Expr>,
        rhs: Box<Expr>,
    },
    /// A long run of left-nested binary operators (from the parser's
    /// `Chain`), kept flat so that no stage recurses once per operator:
    /// the value so far is converted to each step's `operand` type (when
    /// that differs), then combined with the step's `rhs`, already
    /// converted, into the step's `ty`. It means what the nested `Binary`
    /// nodes would; `ty` is the last step's.
    Chain {
        first: Box<Expr>,
        steps: Vec<ChainStep>,
    },
    /// String concatenation of the parts, each converted to text by Java's
    /// rules for its type.
    Concat(Vec<Expr>),
    /// `target = value`; `target` is a local, field or index expression.
    Assign {
        target: Box<Expr>,
        value: Box<Expr>,
    },
    /// `target op= value`: computed in `op_type`, then narrowed back to the
    /// target's type (Java's implicit cast).
    CompoundAssign {
        op: BinOp,
        op_type: Type,
        target: Box<Expr>,
        value: Box<Expr>,
    },
    /// `+=` on a `String` target.
    ConcatAssign {
        target: Box<Expr>,
        value: Box<Expr>,
    },
    IncDec {
        op: IncDec,
        target: Box<Expr>,
    },
    Conditional {
        cond: Box<Expr>,
        then_expr: Box<Expr>,
        else_expr: Box<Expr>,
    },
    /// A primitive conversion (widening or narrowing) to `ty`.
    Convert(Box<Expr>),
    /// A widening reference conversion to `ty` (no run-time effect; the
    /// operand keeps its own, more precise type).
    Widen(Box<Expr>),
    /// A reference cast checked at run time to `ty`.
    CheckedCast(Box<Expr>),
    InstanceOf {
        operand: Box<Expr>,
        target: Type,
    },
}

/// One operator of a `Chain`: `(value so far as operand) op rhs`, of type
/// `ty`; `span` covers the chain up to `rhs`.
#[derive(Clone, Debug)]
pub struct ChainStep {
    pub op: BinOp,
    pub operand: Type,
    pub rhs: Expr,
    pub ty: Type,
    pub span: Span,
}
