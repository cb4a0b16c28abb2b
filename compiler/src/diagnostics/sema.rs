//! Wording of semantic errors.

use super::{Diagnostic, Label};
use crate::sema::*;
use bambooc_syntax::span::Span;

fn did_you_mean(suggestion: &Option<String>) -> Option<String> {
    suggestion.as_ref().map(|s| format!("did you mean `{s}`?"))
}

fn with_help_opt(d: Diagnostic, help: Option<String>) -> Diagnostic {
    match help {
        Some(h) => d.with_help(h),
        None => d,
    }
}

fn member_word(k: MemberKind) -> &'static str {
    match k {
        MemberKind::Field => "field",
        MemberKind::Method => "method",
        MemberKind::Constructor => "constructor",
    }
}

pub fn sema_diagnostic(e: &SemaError) -> Diagnostic {
    use SemaError::*;
    match e {
        UnknownType { name, span, suggestion } => with_help_opt(
            Diagnostic::error("E0100", format!("cannot find class `{name}`"), Label::new(*span, "not found in this program or the standard library")),
            did_you_mean(suggestion),
        ),
        UnknownVariable { name, span, suggestion } => with_help_opt(
            Diagnostic::error("E0101", format!("cannot find variable `{name}`"), Label::new(*span, "not a local, parameter or field in scope")),
            did_you_mean(suggestion),
        ),
        UnknownField { ty, name, span, suggestion } => with_help_opt(
            Diagnostic::error("E0102", format!("no field `{name}` on type `{ty}`"), Label::new(*span, "unknown field")),
            did_you_mean(suggestion),
        ),
        UnknownMethod { ty, name, span, suggestion } => with_help_opt(
            Diagnostic::error("E0103", format!("no method named `{name}` in `{ty}`"), Label::new(*span, "method not found")),
            did_you_mean(suggestion),
        ),
        NoApplicable { kind, name, args, candidates, span } => {
            let mut d = Diagnostic::error(
                "E0104",
                format!("no {} `{name}` takes arguments ({})", member_word(*kind), args.join(", ")),
                Label::new(*span, format!("arguments are ({})", args.join(", "))),
            );
            for (sig, s) in candidates.iter().take(5) {
                d = d.with_secondary(*s, format!("candidate: {sig}"));
            }
            d.with_help("check the number and the types of the arguments")
        }
        Ambiguous { name, candidates, span } => {
            let mut d = Diagnostic::error("E0105", format!("call to `{name}` is ambiguous"), Label::new(*span, "more than one method fits equally well"));
            for (sig, s) in candidates.iter().take(5) {
                d = d.with_secondary(*s, format!("could be {sig}"));
            }
            d.with_help("cast an argument to the parameter type you mean")
        }
        Duplicate { kind, name, span, previous } => {
            let (code, what) = match kind {
                DuplicateKind::Class => ("E0106", "class"),
                DuplicateKind::Field => ("E0107", "field"),
                DuplicateKind::Method => ("E0108", "method"),
                DuplicateKind::Constructor => ("E0108", "constructor"),
                DuplicateKind::Variable => ("E0109", "variable"),
                DuplicateKind::Task => ("E0110", "task"),
                DuplicateKind::Parameter => ("E0113", "parameter"),
                DuplicateKind::Flag => ("E0411", "flag"),
                DuplicateKind::Label => ("E0109", "label"),
            };
            let mut d = Diagnostic::error(code, format!("{what} `{name}` is already defined"), Label::new(*span, format!("second definition of `{name}`")));
            if previous != span && previous.end > 0 {
                d = d.with_secondary(*previous, "first defined here");
            }
            if *kind == DuplicateKind::Variable {
                d = d.with_help("Java does not let a local variable shadow another local or a parameter; choose another name");
            }
            d
        }
        CyclicInheritance { class, span } => Diagnostic::error("E0111", format!("cyclic inheritance involving `{class}`"), Label::new(*span, "this class ends up extending itself"))
            .with_help("every class must descend from Object through a chain without cycles"),
        InvalidSuperclass { class, superclass, problem, span } => match problem {
            SuperProblem::Sealed => Diagnostic::error("E0112", format!("`{class}` cannot extend `{superclass}`"), Label::new(*span, format!("`{superclass}` is final"))),
            SuperProblem::ObjectExtends => Diagnostic::error("E0112", "`Object` cannot have a superclass", Label::new(*span, "remove this `extends`")),
        },
        UnknownLabel { name, span } => Diagnostic::error("E0114", format!("undefined label `{name}`"), Label::new(*span, "no enclosing statement has this label")),
        ThisInStatic { keyword, span } => Diagnostic::error("E0116", format!("`{keyword}` cannot be used in a static context"), Label::new(*span, "there is no current object here"))
            .with_help("static methods and tasks have no `this`; pass the object as a parameter"),
        InstanceFromStatic { kind, name, span } => Diagnostic::error(
            "E0117",
            format!("instance {} `{name}` cannot be referenced from a static context", member_word(*kind)),
            Label::new(*span, "needs an object"),
        )
        .with_help("call it on an object, or make it static"),
        PrivateAccess { kind, name, class, span, declared } => Diagnostic::error(
            "E0118",
            format!("{} `{name}` is private in `{class}`", member_word(*kind)),
            Label::new(*span, "not accessible from here"),
        )
        .with_secondary(*declared, "declared private here"),
        AbstractInstantiation { class, span, declared } => Diagnostic::error("E0119", format!("`{class}` is abstract; cannot be instantiated"), Label::new(*span, "abstract class"))
            .with_secondary(*declared, "declared abstract here"),
        AbstractNotImplemented { class, method, span, declared } => Diagnostic::error(
            "E0120",
            format!("`{class}` is not abstract and does not implement `{method}`"),
            Label::new(*span, format!("missing an implementation of `{method}`")),
        )
        .with_secondary(*declared, "abstract method declared here")
        .with_help(format!("implement `{method}` in `{class}`, or declare `{class}` abstract")),
        AbstractInConcrete { class, method, span, class_span } => Diagnostic::error(
            "E0121",
            format!("abstract method `{method}` in class `{class}`, which is not abstract"),
            Label::new(*span, "abstract method here"),
        )
        .with_secondary(*class_span, "class not declared abstract")
        .with_help(format!("declare the class `abstract class {class}`, or give the method a body")),
        IncompatibleOverride { method, expected, found, span, overridden } => Diagnostic::error(
            "E0122",
            format!("`{method}` cannot override the inherited method"),
            Label::new(*span, format!("this is {found}")),
        )
        .with_secondary(*overridden, format!("the overridden method is {expected}")),
        MutableStatic { name, span } => Diagnostic::error("E0123", format!("static field `{name}` is mutable global state"), Label::new(*span, "Bamboo has no mutable static fields"))
            .with_help("make it `static final` with a constant value, or keep the data in an object passed between tasks")
            .with_note("tasks reach data only through their parameters; shared globals would defeat the disjointness analysis (paper section 4.2)"),
        InvalidConstant { name, span } => Diagnostic::error("E0124", format!("`static final` field `{name}` is not a constant"), Label::new(*span, "needs a constant expression of a primitive type or String"))
            .with_help("Bamboo's static fields are compile-time constants only"),
        AssignToFinal { name, span, declared } => {
            let d = Diagnostic::error("E0125", format!("cannot assign a value to final variable `{name}`"), Label::new(*span, "assignment to a final variable"));
            if declared != span {
                d.with_secondary(*declared, "declared final here")
            } else {
                d
            }
        }
        MisplacedCtorCall { span } => Diagnostic::error("E0126", "call to `this(...)` or `super(...)` must be the first statement in a constructor", Label::new(*span, "not the first statement of a constructor")),
        NoSuperConstructor { class, superclass, span } => Diagnostic::error(
            "E0127",
            format!("`{superclass}` has no constructor without arguments"),
            Label::new(*span, format!("the constructor of `{class}` implicitly calls `super()`")),
        )
        .with_help(format!("call one of `{superclass}`'s constructors explicitly with `super(...)` as the first statement")),
        BodyProblem { problem, name, span } => match problem {
            crate::sema::BodyProblem::Missing => Diagnostic::error("E0128", format!("method `{name}` has no body"), Label::new(*span, "missing body"))
                .with_help("add a body `{ ... }`, or declare the method `abstract`"),
            crate::sema::BodyProblem::AbstractWithBody => Diagnostic::error("E0128", format!("abstract method `{name}` cannot have a body"), Label::new(*span, "abstract methods end with `;`")),
            crate::sema::BodyProblem::NativeWithBody => Diagnostic::error("E0128", format!("native method `{name}` cannot have a body"), Label::new(*span, "native methods end with `;`")),
            crate::sema::BodyProblem::NativeOutsideStdlib => Diagnostic::error("E0128", format!("method `{name}` cannot be native"), Label::new(*span, "only the standard library has native methods"))
                .with_help("write the method's body in Bamboo"),
        },
        InvalidModifier { modifier, context, span } => Diagnostic::error("E0129", format!("modifier `{modifier}` is not allowed on {context}"), Label::new(*span, "not allowed here")),
        ReturnTypeRequired { name, class, span } => Diagnostic::error("E0130", format!("method `{name}` needs a return type"), Label::new(*span, format!("not a constructor: the class is named `{class}`")))
            .with_help("write `void` or the type the method returns before its name"),
        Mismatch { expected, found, span } => Diagnostic::error("E0200", "mismatched types", Label::new(*span, format!("expected `{expected}`, found `{found}`"))),
        BadBinary { op, lhs, rhs, span } => Diagnostic::error("E0201", format!("bad operand types for `{op}`"), Label::new(*span, format!("`{lhs}` {op} `{rhs}`"))),
        BadUnary { op, operand, span } => Diagnostic::error("E0202", format!("bad operand type for `{op}`"), Label::new(*span, format!("cannot apply `{op}` to `{operand}`"))),
        NotBoolean { found, span } => Diagnostic::error("E0203", "condition is not a boolean", Label::new(*span, format!("this is `{found}`")))
            .with_help("Java does not convert numbers to booleans; compare explicitly, e.g. `x != 0`"),
        NotArray { found, span } => Diagnostic::error("E0204", format!("`{found}` is not an array"), Label::new(*span, "cannot index or iterate over this")),
        BadIndexType { found, what, span } => Diagnostic::error("E0205", format!("{what} must be an `int`"), Label::new(*span, format!("this is `{found}`")))
            .with_help("cast it: `(int) x`"),
        InvalidCast { from, to, span } => Diagnostic::error("E0206", format!("cannot cast `{from}` to `{to}`"), Label::new(*span, "invalid cast")),
        BadInstanceOf { from, to, span } => Diagnostic::error("E0207", format!("`{from}` can never be an instance of `{to}`"), Label::new(*span, "incompatible types for instanceof")),
        NotAssignable { span } => Diagnostic::error("E0208", "cannot assign to this expression", Label::new(*span, "not a variable, field or array element")),
        IntOutOfRange { long, span } => Diagnostic::error(
            "E0209",
            "number literal out of range",
            Label::new(*span, if *long { "does not fit in a `long`" } else { "does not fit its type" }),
        )
        .with_help(if *long { "the largest long is 9223372036854775807L" } else { "the largest int is 2147483647; add `L` for a long literal" }),
        VoidValue { span } => Diagnostic::error("E0210", "`void` value used as a value", Label::new(*span, "this call returns nothing")),
        ReturnKind { problem, expected, span } => match problem {
            ReturnProblem::MissingValue => Diagnostic::error("E0211", "`return` needs a value", Label::new(*span, format!("the method returns `{expected}`"))),
            ReturnProblem::ValueInVoid => Diagnostic::error("E0211", "cannot return a value from a `void` method", Label::new(*span, "unexpected return value")),
            ReturnProblem::ValueInConstructor => Diagnostic::error("E0211", "cannot return a value from a constructor", Label::new(*span, "unexpected return value")),
        },
        InvalidSwitch { problem, span } => match problem {
            SwitchProblem::BadType(t) => Diagnostic::error("E0212", format!("cannot switch on a value of type `{t}`"), Label::new(*span, "switch needs an int, char, short or byte")),
            SwitchProblem::DuplicateLabel(prev) => Diagnostic::error("E0212", "duplicate case label", Label::new(*span, "this value is already handled")).with_secondary(*prev, "first handled here"),
            SwitchProblem::NotConstant => Diagnostic::error("E0212", "case label is not a constant", Label::new(*span, "needs a constant expression")),
            SwitchProblem::DuplicateDefault(prev) => Diagnostic::error("E0212", "duplicate default label", Label::new(*span, "second `default`")).with_secondary(*prev, "first `default` here"),
        },
        BreakOutside { is_continue, span } => {
            let (kw, place) = if *is_continue { ("continue", "a loop") } else { ("break", "a loop or switch") };
            Diagnostic::error("E0213", format!("`{kw}` outside of {place}"), Label::new(*span, format!("no enclosing {place}")))
        }
        PrimitiveMember { ty, span } => Diagnostic::error("E0214", format!("`{ty}` has no members"), Label::new(*span, format!("cannot access a member of a `{ty}` value"))),
        LossyConversion { from, to, span } => Diagnostic::error("E0215", format!("possible lossy conversion from `{from}` to `{to}`"), Label::new(*span, format!("this is `{from}`")))
            .with_help(format!("cast explicitly if the loss is intended: `({to}) ...`")),
        TagComparison { span } => Diagnostic::error("E0216", "tags cannot be compared", Label::new(*span, "comparison of tag values"))
            .with_help("tag instances are matched by the runtime through task guards (`with tagtype t`), not compared by code"),
        NotAStatement { span } => Diagnostic::error("E0217", "not a statement", Label::new(*span, "this expression's value is unused"))
            .with_help("only assignments, increments, method calls and object creation can stand alone"),
        BadArrayInit { ty, span } => Diagnostic::error("E0218", "array initializer for a type that is not an array", Label::new(*span, format!("the declared type is `{ty}`"))),
        MissingReturn { method, span } => Diagnostic::error("E0300", format!("missing return statement in `{method}`"), Label::new(*span, "control can reach the end of the method"))
            .with_help("every path through a method with a return type must end in `return value;`"),
        Unreachable { span } => Diagnostic::error("E0301", "unreachable statement", Label::new(*span, "this can never run")),
        Uninitialized { name, span } => Diagnostic::error("E0302", format!("variable `{name}` might not have been initialized"), Label::new(*span, "read before it is surely assigned"))
            .with_help("assign it on every path before this use, or give it an initial value"),
        FinalReassigned { name, span } => Diagnostic::error("E0303", format!("final variable `{name}` might already have been assigned"), Label::new(*span, "second assignment")),
        UnknownFlag { flag, class, span, class_span, suggestion } => {
            let d = Diagnostic::error("E0400", format!("class `{class}` has no flag `{flag}`"), Label::new(*span, "unknown flag"));
            let d = if class_span.end > 0 { d.with_secondary(*class_span, format!("`{class}` declared here")) } else { d };
            with_help_opt(d, did_you_mean(suggestion).or_else(|| Some(format!("declare it in the class: `flag {flag};`"))))
        }
        TaskExitOutsideTask { span } => Diagnostic::error("E0401", "`taskexit` outside of a task", Label::new(*span, "only task bodies can end with taskexit"))
            .with_help("return a value from the method and call taskexit in the task that called it"),
        TaskExitNotParam { name, span, task } => Diagnostic::error("E0402", format!("`{name}` is not a parameter of this task"), Label::new(*span, "taskexit can change only the task's parameters"))
            .with_secondary(*task, "task declared here"),
        ReturnInTask { span } => Diagnostic::error("E0403", "`return` in a task", Label::new(*span, "tasks end with taskexit"))
            .with_help("use `taskexit(...)` to end the task; reaching the end of the body is `taskexit()`"),
        UnknownTagVar { name, span } => Diagnostic::error("E0404", format!("cannot find tag variable `{name}`"), Label::new(*span, "not in scope"))
            .with_help(format!("create one with `tag {name} = new tag(tagtype);`, or bind it in the task's guard with `with tagtype {name}`")),
        NotATag { name, ty, span } => Diagnostic::error("E0405", format!("`{name}` is not a tag"), Label::new(*span, format!("this is `{ty}`"))),
        BadTaskParamType { ty, span } => Diagnostic::error("E0406", format!("a task parameter cannot have type `{ty}`"), Label::new(*span, "task parameters are objects of a class"))
            .with_help("wrap the value in an object of a class with flags"),
        ConflictingActions { what, span, previous } => Diagnostic::error("E0407", format!("{what} is changed twice in one state change"), Label::new(*span, "second change"))
            .with_secondary(*previous, "first change here"),
        FlagAsField { flag, span, declared } => Diagnostic::error("E0408", format!("`{flag}` is a flag, not a field"), Label::new(*span, "flags cannot be read or assigned by code"))
            .with_secondary(*declared, "flag declared here")
            .with_help("flags change only through taskexit and allocation blocks; guards test them"),
        AllocOnNonClass { ty, span } => Diagnostic::error("E0409", format!("`{ty}` objects cannot be task objects"), Label::new(*span, "allocation block not allowed here"))
            .with_help("wrap the value in an object of a class that declares flags"),
        TagTypeConflict { var, first, second, span, previous } => Diagnostic::error(
            "E0410",
            format!("tag variable `{var}` is bound to tag types `{first}` and `{second}`"),
            Label::new(*span, format!("`{var}` has type `{second}` here")),
        )
        .with_secondary(*previous, format!("`{var}` has type `{first}` here")),
        NoTaskParams { name, span } => Diagnostic::error("E0412", format!("task `{name}` has no parameters"), Label::new(*span, "a task is invoked on objects; it needs at least one parameter"))
            .with_help("a task that should run once at start-up takes `StartupObject s in initialstate`"),
        Lenient { rule, span } => lenient(rule, *span),
        WrapperPlaceEffects { span } => Diagnostic::error("E0219", "a wrapper written as its primitive through an expression with effects", Label::new(*span, "this place is read and then written, so its parts would run twice"))
            .with_help("put the object or the index in a local first, then write the wrapper through it"),
        TooManyFlags { class, span } => Diagnostic::error("E0413", format!("class `{class}` has more than 64 flags"), Label::new(*span, "one flag too many"))
            .with_help("a class hierarchy's flags share one 64-bit flag word; split the state across objects"),
    }
}

/// The original dialect's warnings: each says what the program does.
fn lenient(rule: &Leniency, span: Span) -> Diagnostic {
    match rule {
        Leniency::MissingReturn { method } => Diagnostic::warning("W0300", format!("`{method}` can end without `return`"), Label::new(span, "control can reach the end of the method"))
            .with_help("the original dialect returns the type's default value (0, false or null) here; Java rejects this"),
        Leniency::Uninitialized { name } => Diagnostic::warning("W0302", format!("variable `{name}` might be read before it is assigned"), Label::new(span, "read before it is surely assigned"))
            .with_help("the original dialect reads the type's default value (0, false or null) here; Java rejects this"),
        Leniency::MissingBody { method } => Diagnostic::warning("W0128", format!("method `{method}` has no body"), Label::new(span, "declared without a body in a class that is not abstract"))
            .with_help("the original dialect makes a call to it a run-time error naming it; Java rejects this"),
        Leniency::MethodAsConstructor { class } => Diagnostic::warning("W0104", format!("method `{class}` serves as a constructor of `{class}`"), Label::new(span, format!("`new {class}(...)` runs the default constructor, then this method")))
            .with_help("the original dialect treats a `void` method named like its class as a constructor; in Java it is only a method"),
        Leniency::BlankStatic { field } => Diagnostic::warning("W0124", format!("`static final` field `{field}` has no value"), Label::new(span, "a global variable under the original dialect"))
            .with_help("it holds the default value until a constructor of its class assigns it; Java requires a constant here"),
    }
}
