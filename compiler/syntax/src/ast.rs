//! The abstract syntax tree: what the parser produces and `sema` consumes.
//!
//! In: nothing (built by the grammar in `grammar.lalrpop`). Out: a `SourceFile`
//! per input file. The tree keeps both spellings of the task language
//! (paper, section 3 / Figure 5, and the original distribution's braces)
//! folded into one shape: a guard is a `FlagExpr`, an exit or an allocation
//! block is a list of flag and tag actions.
//!
//! Invariants after parsing:
//! - every node carries the byte span of its source text;
//! - no expression or statement is nested deeper than `MAX_NESTING`; a deeper
//!   one is replaced by an `Error` node and reported, so later stages may
//!   recurse freely;
//! - a left-associative run of at least `CHAIN_MIN` binary operators is one
//!   flat `Chain` node, one level deep however long it is (a long sum is
//!   not nesting); shorter runs are nested `Binary` nodes;
//! - names are plain strings: nothing is resolved yet, and `a.b` may be a
//!   field access or a class's static member (sema decides).

use crate::span::{Span, Spanned};

/// How deep expressions and statements may nest before the parser rejects
/// them. Later stages recurse over the tree, so this bounds their stack use.
pub const MAX_NESTING: u32 = 1000;

/// The fewest operators a left-nested run of binary operators has when the
/// parser builds it as a flat `ExprKind::Chain`. Shorter runs stay `Binary`
/// trees, the shape every pattern-matching optimisation expects.
pub const CHAIN_MIN: usize = 16;

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Ident {
    pub name: String,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct SourceFile {
    pub items: Vec<Item>,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub enum Item {
    Class(ClassDecl),
    Task(TaskDecl),
    /// A top-level declaration the parser could not read; already reported.
    Error(Span),
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Modifier {
    Public,
    Private,
    Protected,
    Static,
    Final,
    Abstract,
    Native,
}

#[derive(Clone, Debug, Default)]
pub struct Modifiers {
    pub list: Vec<Spanned<Modifier>>,
}

impl Modifiers {
    pub fn get(&self, m: Modifier) -> Option<Span> {
        self.list.iter().find(|s| s.node == m).map(|s| s.span)
    }
    pub fn has(&self, m: Modifier) -> bool {
        self.get(m).is_some()
    }
}

#[derive(Clone, Debug)]
pub struct ClassDecl {
    pub modifiers: Modifiers,
    pub name: Ident,
    pub extends: Option<Ident>,
    pub members: Vec<Member>,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub enum Member {
    Field(FieldDecl),
    Method(MethodDecl),
    Constructor(ConstructorDecl),
    Flag(FlagDecl),
    /// A member the parser could not read; already reported.
    Error(Span),
}

#[derive(Clone, Debug)]
pub struct FieldDecl {
    pub modifiers: Modifiers,
    pub ty: TypeExpr,
    pub declarators: Vec<VarDeclarator>,
    pub span: Span,
}

/// One name in a declaration list: `x`, `x[] = {1}`, `y = 3`.
#[derive(Clone, Debug)]
pub struct VarDeclarator {
    pub name: Ident,
    /// C-style dimensions after the name (`float pair[][]`), added to the
    /// declared type.
    pub extra_dims: u32,
    pub init: Option<VarInit>,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub enum VarInit {
    Expr(Expr),
    Array(ArrayInit),
}

#[derive(Clone, Debug)]
pub struct ArrayInit {
    pub elems: Vec<VarInit>,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct MethodDecl {
    pub modifiers: Modifiers,
    /// `None` is `void`.
    pub ret: Option<TypeExpr>,
    pub name: Ident,
    pub params: Vec<Param>,
    /// `None` for `abstract` and `native` methods (a `;` body).
    pub body: Option<Block>,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct Param {
    pub modifiers: Modifiers,
    /// The full type, C-style dimensions after the name already folded in.
    pub ty: TypeExpr,
    pub name: Ident,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct ConstructorDecl {
    pub modifiers: Modifiers,
    pub name: Ident,
    pub params: Vec<Param>,
    /// An explicit `this(...)`/`super(...)` call, if any, is the body's first
    /// statement as `StmtKind::CtorCall`.
    pub body: Block,
    pub span: Span,
}

/// `flag a;` (several names allowed: `flag a, b;`).
#[derive(Clone, Debug)]
pub struct FlagDecl {
    pub names: Vec<Ident>,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct TaskDecl {
    pub name: Ident,
    pub params: Vec<TaskParam>,
    pub body: Block,
    pub span: Span,
}

/// `Text tp in process and !done with link t` or `Text tp{process && !done}{link t}`.
#[derive(Clone, Debug)]
pub struct TaskParam {
    pub ty: TypeExpr,
    pub name: Ident,
    pub guard: FlagExpr,
    pub tags: Vec<TagGuard>,
    pub span: Span,
}

/// `link t` in a task parameter: the object must be bound to an instance of
/// tag type `link`, named `t` in the body.
#[derive(Clone, Debug)]
pub struct TagGuard {
    pub tag_type: Ident,
    pub var: Ident,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub enum FlagExpr {
    Flag(Ident),
    Bool(bool, Span),
    Not(Box<FlagExpr>, Span),
    And(Box<FlagExpr>, Box<FlagExpr>, Span),
    Or(Box<FlagExpr>, Box<FlagExpr>, Span),
}

impl FlagExpr {
    pub fn span(&self) -> Span {
        match self {
            FlagExpr::Flag(i) => i.span,
            FlagExpr::Bool(_, s)
            | FlagExpr::Not(_, s)
            | FlagExpr::And(_, _, s)
            | FlagExpr::Or(_, _, s) => *s,
        }
    }
}

/// `f := true` (paper) or `f` / `!f` (original).
#[derive(Clone, Debug)]
pub struct FlagAction {
    pub flag: Ident,
    pub value: bool,
    pub span: Span,
}

/// `add t` / `clear t` (paper) or `t` / `!t` (original).
#[derive(Clone, Debug)]
pub struct TagAction {
    pub var: Ident,
    pub add: bool,
    pub span: Span,
}

/// What a `taskexit` does to one parameter, or what an allocation block
/// gives a new object.
#[derive(Clone, Debug, Default)]
pub struct StateActions {
    pub flags: Vec<FlagAction>,
    pub tags: Vec<TagAction>,
}

#[derive(Clone, Debug)]
pub struct ExitAction {
    pub param: Ident,
    pub actions: StateActions,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct AllocBlock {
    pub actions: StateActions,
    pub span: Span,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum PrimType {
    Boolean,
    Byte,
    Char,
    Short,
    Int,
    Long,
    Float,
    Double,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum BaseType {
    Prim(PrimType),
    /// `tag`.
    Tag,
    /// A class name, `String` included.
    Named(Ident),
}

/// A written type: a base type and a number of array dimensions.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TypeExpr {
    pub base: BaseType,
    pub dims: u32,
    pub span: Span,
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
pub struct LocalDecl {
    pub modifiers: Modifiers,
    pub ty: TypeExpr,
    pub declarators: Vec<VarDeclarator>,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum CtorCallKind {
    This,
    Super,
}

#[derive(Clone, Debug)]
pub struct SwitchLabel {
    /// `None` is `default`.
    pub value: Option<Expr>,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct SwitchGroup {
    pub labels: Vec<SwitchLabel>,
    pub stmts: Vec<Stmt>,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub enum StmtKind {
    Local(LocalDecl),
    Expr(Expr),
    Block(Block),
    If {
        cond: Expr,
        then_branch: Box<Stmt>,
        else_branch: Option<Box<Stmt>>,
    },
    While {
        cond: Expr,
        body: Box<Stmt>,
    },
    DoWhile {
        body: Box<Stmt>,
        cond: Expr,
    },
    For {
        /// Either one `Local` statement or expression statements.
        init: Vec<Stmt>,
        cond: Option<Expr>,
        update: Vec<Expr>,
        body: Box<Stmt>,
    },
    ForEach {
        modifiers: Modifiers,
        ty: TypeExpr,
        name: Ident,
        iterable: Expr,
        body: Box<Stmt>,
    },
    Switch {
        scrutinee: Expr,
        groups: Vec<SwitchGroup>,
    },
    Labeled {
        label: Ident,
        body: Box<Stmt>,
    },
    Break(Option<Ident>),
    Continue(Option<Ident>),
    Return(Option<Expr>),
    /// `taskexit(...)`; an empty list is `taskexit()`.
    TaskExit(Vec<ExitAction>),
    /// `this(...)` or `super(...)` at the start of a constructor.
    CtorCall {
        kind: CtorCallKind,
        args: Vec<Expr>,
    },
    Empty,
    /// A statement the parser could not read; already reported.
    Error,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Literal {
    /// An integer literal's value as written, before any range check (sema
    /// checks that it fits; `2147483648` is legal only under unary minus).
    Int {
        value: u64,
        long: bool,
        decimal: bool,
    },
    /// A floating literal as decimal text `int.frac[e[+-]exp]` (underscores
    /// and suffix removed; a hex float already rounded to its type and
    /// written as the shortest decimal of that value), so that `float`
    /// literals are rounded once, straight to single precision.
    Float {
        text: String,
        single: bool,
    },
    /// A UTF-16 code unit.
    Char(u16),
    /// UTF-16 code units (Java strings may hold lone surrogates).
    String(Vec<u16>),
    Bool(bool),
    Null,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum UnaryOp {
    Neg,
    Plus,
    Not,
    BitNot,
    PreInc,
    PreDec,
    PostInc,
    PostDec,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum BinOp {
    Mul,
    Div,
    Rem,
    Add,
    Sub,
    Shl,
    Shr,
    UShr,
    Lt,
    Gt,
    Le,
    Ge,
    Eq,
    Ne,
    BitAnd,
    BitXor,
    BitOr,
    And,
    Or,
}

impl BinOp {
    pub fn symbol(self) -> &'static str {
        match self {
            BinOp::Mul => "*",
            BinOp::Div => "/",
            BinOp::Rem => "%",
            BinOp::Add => "+",
            BinOp::Sub => "-",
            BinOp::Shl => "<<",
            BinOp::Shr => ">>",
            BinOp::UShr => ">>>",
            BinOp::Lt => "<",
            BinOp::Gt => ">",
            BinOp::Le => "<=",
            BinOp::Ge => ">=",
            BinOp::Eq => "==",
            BinOp::Ne => "!=",
            BinOp::BitAnd => "&",
            BinOp::BitXor => "^",
            BinOp::BitOr => "|",
            BinOp::And => "&&",
            BinOp::Or => "||",
        }
    }
}

#[derive(Clone, Debug)]
pub struct Expr {
    pub kind: ExprKind,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub enum ExprKind {
    Lit(Literal),
    /// A simple name: a local, a field of `this`, or a class (for static
    /// access); sema decides.
    Name(Ident),
    This,
    /// Only as the target of a field access or method call: `super.m()`.
    Super,
    /// `target.name`: a field, `array.length`, or a static member when
    /// `target` names a class.
    Field {
        target: Box<Expr>,
        name: Ident,
    },
    /// `name(args)` when `target` is `None`, else `target.name(args)`.
    Call {
        target: Option<Box<Expr>>,
        name: Ident,
        args: Vec<Expr>,
    },
    /// `new C(args)`, optionally with an allocation block that makes it a
    /// task object.
    New {
        class: Ident,
        args: Vec<Expr>,
        alloc: Option<AllocBlock>,
    },
    /// `new T[d1][d2][]...` or `new T[]{...}`. `elem` has `dims == 0`; the
    /// array's type has `dims.len() + extra_dims` dimensions.
    NewArray {
        elem: TypeExpr,
        dims: Vec<Expr>,
        extra_dims: u32,
        init: Option<ArrayInit>,
    },
    /// `new tag(tagtype)`.
    NewTag {
        tag_type: Ident,
    },
    Index {
        array: Box<Expr>,
        index: Box<Expr>,
    },
    Unary {
        op: UnaryOp,
        operand: Box<Expr>,
    },
    Binary {
        op: BinOp,
        lhs: Box<Expr>,
        rhs: Box<Expr>,
    },
    /// `first op1 r1 op2 r2 ...`, meaning `((first op1 r1) op2 r2) ...`:
    /// at least `CHAIN_MIN` operators, each operand a complete expression
    /// (so `a + b * c + d` has the steps `+ b*c` and `+ d`).
    Chain {
        first: Box<Expr>,
        rest: Vec<(BinOp, Expr)>,
    },
    /// `lhs = rhs` when `op` is `None`, else `lhs op= rhs`.
    Assign {
        op: Option<BinOp>,
        lhs: Box<Expr>,
        rhs: Box<Expr>,
    },
    Conditional {
        cond: Box<Expr>,
        then_expr: Box<Expr>,
        else_expr: Box<Expr>,
    },
    Cast {
        ty: TypeExpr,
        operand: Box<Expr>,
    },
    InstanceOf {
        operand: Box<Expr>,
        ty: TypeExpr,
    },
    /// An expression the parser could not read; already reported.
    Error,
}
