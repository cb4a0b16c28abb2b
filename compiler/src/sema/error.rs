//! The errors semantic analysis finds, as data. Their wording lives in
//! `diagnostics::sema`.

use bambooc_syntax::span::Span;

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum DuplicateKind {
    Class,
    Field,
    Method,
    Constructor,
    Variable,
    Task,
    Parameter,
    Flag,
    Label,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum MemberKind {
    Field,
    Method,
    Constructor,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum BodyProblem {
    Missing,
    AbstractWithBody,
    NativeWithBody,
    NativeOutsideStdlib,
}

/// A Java rule the original distribution's compiler did not check. Under
/// `--dialect original` breaking it is a warning and the program gets the
/// behaviour each variant states; by default it stays an error.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Leniency {
    /// A non-void method whose end is reachable returns the type's default.
    MissingReturn { method: String },
    /// A local read before it is surely assigned holds the type's default.
    Uninitialized { name: String },
    /// Calling a method declared without a body in a concrete class is a
    /// run-time error naming it.
    MissingBody { method: String },
    /// `new C(args)` runs the default constructor, then `void C(args)`.
    MethodAsConstructor { class: String },
    /// A blank `static final` field is a global variable that constructors
    /// of its class assign.
    BlankStatic { field: String },
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ReturnProblem {
    MissingValue,
    ValueInVoid,
    ValueInConstructor,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SwitchProblem {
    BadType(String),
    DuplicateLabel(Span),
    NotConstant,
    DuplicateDefault(Span),
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SuperProblem {
    /// `extends String` and other library classes that cannot be extended.
    Sealed,
    /// `extends` on `Object` itself.
    ObjectExtends,
}

#[derive(Clone, Debug)]
pub enum SemaError {
    UnknownType {
        name: String,
        span: Span,
        suggestion: Option<String>,
    },
    UnknownVariable {
        name: String,
        span: Span,
        suggestion: Option<String>,
    },
    UnknownField {
        ty: String,
        name: String,
        span: Span,
        suggestion: Option<String>,
    },
    UnknownMethod {
        ty: String,
        name: String,
        span: Span,
        suggestion: Option<String>,
    },
    NoApplicable {
        kind: MemberKind,
        name: String,
        args: Vec<String>,
        candidates: Vec<(String, Span)>,
        span: Span,
    },
    Ambiguous {
        name: String,
        candidates: Vec<(String, Span)>,
        span: Span,
    },
    Duplicate {
        kind: DuplicateKind,
        name: String,
        span: Span,
        previous: Span,
    },
    CyclicInheritance {
        class: String,
        span: Span,
    },
    InvalidSuperclass {
        class: String,
        superclass: String,
        problem: SuperProblem,
        span: Span,
    },
    UnknownLabel {
        name: String,
        span: Span,
    },
    ThisInStatic {
        keyword: &'static str,
        span: Span,
    },
    InstanceFromStatic {
        kind: MemberKind,
        name: String,
        span: Span,
    },
    PrivateAccess {
        kind: MemberKind,
        name: String,
        class: String,
        span: Span,
        declared: Span,
    },
    AbstractInstantiation {
        class: String,
        span: Span,
        declared: Span,
    },
    AbstractNotImplemented {
        class: String,
        method: String,
        span: Span,
        declared: Span,
    },
    AbstractInConcrete {
        class: String,
        method: String,
        span: Span,
        class_span: Span,
    },
    IncompatibleOverride {
        method: String,
        expected: String,
        found: String,
        span: Span,
        overridden: Span,
    },
    MutableStatic {
        name: String,
        span: Span,
    },
    InvalidConstant {
        name: String,
        span: Span,
    },
    AssignToFinal {
        name: String,
        span: Span,
        declared: Span,
    },
    MisplacedCtorCall {
        span: Span,
    },
    NoSuperConstructor {
        class: String,
        superclass: String,
        span: Span,
    },
    BodyProblem {
        problem: BodyProblem,
        name: String,
        span: Span,
    },
    InvalidModifier {
        modifier: String,
        context: &'static str,
        span: Span,
    },
    Mismatch {
        expected: String,
        found: String,
        span: Span,
    },
    BadBinary {
        op: &'static str,
        lhs: String,
        rhs: String,
        span: Span,
    },
    BadUnary {
        op: &'static str,
        operand: String,
        span: Span,
    },
    NotBoolean {
        found: String,
        span: Span,
    },
    NotArray {
        found: String,
        span: Span,
    },
    BadIndexType {
        found: String,
        what: &'static str,
        span: Span,
    },
    InvalidCast {
        from: String,
        to: String,
        span: Span,
    },
    BadInstanceOf {
        from: String,
        to: String,
        span: Span,
    },
    NotAssignable {
        span: Span,
    },
    IntOutOfRange {
        long: bool,
        span: Span,
    },
    VoidValue {
        span: Span,
    },
    ReturnKind {
        problem: ReturnProblem,
        expected: String,
        span: Span,
    },
    InvalidSwitch {
        problem: SwitchProblem,
        span: Span,
    },
    BreakOutside {
        is_continue: bool,
        span: Span,
    },
    PrimitiveMember {
        ty: String,
        span: Span,
    },
    LossyConversion {
        from: String,
        to: String,
        span: Span,
    },
    TagComparison {
        span: Span,
    },
    NotAStatement {
        span: Span,
    },
    BadArrayInit {
        ty: String,
        span: Span,
    },
    MissingReturn {
        method: String,
        span: Span,
    },
    Unreachable {
        span: Span,
    },
    Uninitialized {
        name: String,
        span: Span,
    },
    FinalReassigned {
        name: String,
        span: Span,
    },
    UnknownFlag {
        flag: String,
        class: String,
        span: Span,
        class_span: Span,
        suggestion: Option<String>,
    },
    TaskExitOutsideTask {
        span: Span,
    },
    TaskExitNotParam {
        name: String,
        span: Span,
        task: Span,
    },
    ReturnInTask {
        span: Span,
    },
    UnknownTagVar {
        name: String,
        span: Span,
    },
    NotATag {
        name: String,
        ty: String,
        span: Span,
    },
    BadTaskParamType {
        ty: String,
        span: Span,
    },
    ConflictingActions {
        what: String,
        span: Span,
        previous: Span,
    },
    FlagAsField {
        flag: String,
        span: Span,
        declared: Span,
    },
    AllocOnNonClass {
        ty: String,
        span: Span,
    },
    TagTypeConflict {
        var: String,
        first: String,
        second: String,
        span: Span,
        previous: Span,
    },
    NoTaskParams {
        name: String,
        span: Span,
    },
    ReturnTypeRequired {
        name: String,
        class: String,
        span: Span,
    },
    TooManyFlags {
        class: String,
        span: Span,
    },
    /// A wrapper written as its primitive through a place whose parts have
    /// effects (original dialect).
    WrapperPlaceEffects {
        span: Span,
    },
    /// A broken Java rule the original dialect accepts (a warning).
    Lenient {
        rule: Leniency,
        span: Span,
    },
}

impl SemaError {
    /// Warnings do not stop compilation; every other finding does.
    pub fn is_error(&self) -> bool {
        !matches!(self, SemaError::Lenient { .. })
    }

    /// The warning this error becomes under `--dialect original`, if the
    /// original compiler accepted it.
    pub(super) fn lenient(&self) -> Option<SemaError> {
        let (rule, span) = match self {
            SemaError::MissingReturn { method, span } => (
                Leniency::MissingReturn {
                    method: method.clone(),
                },
                *span,
            ),
            SemaError::Uninitialized { name, span } => {
                (Leniency::Uninitialized { name: name.clone() }, *span)
            }
            SemaError::BodyProblem {
                problem: BodyProblem::Missing,
                name,
                span,
            } => (
                Leniency::MissingBody {
                    method: name.clone(),
                },
                *span,
            ),
            _ => return None,
        };
        Some(SemaError::Lenient { rule, span })
    }
}
