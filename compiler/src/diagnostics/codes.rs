//! The catalogue of diagnostic codes. A code never changes meaning once
//! published; `bambooc --explain CODE` prints the long text kept in
//! `explain/CODE.md` beside this file.

/// One entry of the catalogue: the code and a one-line title.
pub struct CodeInfo {
    pub code: &'static str,
    pub title: &'static str,
    pub explanation: &'static str,
}

macro_rules! catalogue {
    ($($code:literal => $title:literal,)*) => {
        pub const CODES: &[CodeInfo] = &[
            $(CodeInfo {
                code: $code,
                title: $title,
                explanation: include_str!(concat!("explain/", $code, ".md")),
            },)*
        ];
    };
}

catalogue! {
    // Reading and lexing the source.
    "E0001" => "unexpected token",
    "E0002" => "unexpected end of file",
    "E0003" => "invalid character",
    "E0004" => "unterminated string literal",
    "E0005" => "invalid character literal",
    "E0006" => "unterminated block comment",
    "E0007" => "invalid escape sequence",
    "E0008" => "malformed number literal",
    "E0009" => "nesting too deep",
    "E0010" => "source is not valid UTF-8",
    "E0011" => "cannot read source file",
    "E0012" => "Java feature not in Bamboo",
    // Names and declarations.
    "E0100" => "unknown type",
    "E0101" => "unknown variable",
    "E0102" => "unknown field",
    "E0103" => "unknown method",
    "E0104" => "no applicable method or constructor",
    "E0105" => "ambiguous call",
    "E0106" => "duplicate class",
    "E0107" => "duplicate field",
    "E0108" => "duplicate method",
    "E0109" => "duplicate variable",
    "E0110" => "duplicate task",
    "E0111" => "cyclic inheritance",
    "E0112" => "invalid superclass",
    "E0113" => "duplicate parameter",
    "E0114" => "unknown label",
    "E0116" => "`this` or `super` in a static context",
    "E0117" => "instance member used from a static context",
    "E0118" => "private member not accessible",
    "E0119" => "abstract class instantiated",
    "E0120" => "abstract method not implemented",
    "E0121" => "abstract method in a class that is not abstract",
    "E0122" => "incompatible override",
    "E0123" => "mutable static field",
    "E0124" => "invalid static constant",
    "E0125" => "assignment to a final variable",
    "E0126" => "misplaced constructor call",
    "E0127" => "superclass has no matching constructor",
    "E0128" => "method body missing or not allowed",
    "E0129" => "invalid modifier",
    "E0130" => "return type required",
    // Types.
    "E0200" => "mismatched types",
    "E0201" => "bad operand types for a binary operator",
    "E0202" => "bad operand type for a unary operator",
    "E0203" => "condition is not boolean",
    "E0204" => "indexing something that is not an array",
    "E0205" => "array index or size is not an integer",
    "E0206" => "invalid cast",
    "E0207" => "incompatible instanceof",
    "E0208" => "not assignable",
    "E0209" => "integer literal out of range",
    "E0210" => "void value used",
    "E0211" => "wrong kind of return",
    "E0212" => "invalid switch",
    "E0213" => "break or continue outside a loop",
    "E0214" => "member access on a primitive value",
    "E0215" => "possible lossy conversion",
    "E0216" => "tags cannot be compared",
    "E0217" => "not a statement",
    "E0218" => "invalid array initializer",
    "E0219" => "wrapper written through an expression with effects",
    // Control and data flow.
    "E0300" => "missing return statement",
    "E0301" => "unreachable statement",
    "E0302" => "variable might not have been initialized",
    "E0303" => "final variable might already have been assigned",
    // The task language.
    "E0400" => "unknown flag",
    "E0401" => "taskexit outside a task",
    "E0402" => "taskexit names something that is not a parameter",
    "E0403" => "return in a task",
    "E0404" => "unknown tag variable",
    "E0405" => "not a tag",
    "E0406" => "invalid task parameter type",
    "E0407" => "conflicting state actions",
    "E0408" => "flags are not fields",
    "E0409" => "allocation block on a non-class type",
    "E0410" => "tag variable bound to different tag types",
    "E0411" => "duplicate flag",
    "E0412" => "task without parameters",
    "E0413" => "too many flags",
    // Warnings from the state transition graphs (analysis::checks).
    "W0001" => "task can never run",
    "W0002" => "task would run forever on the same objects",
    "W0003" => "tag type never created",
    "W0004" => "flag never used",
    "W0005" => "no startup task",
    // The original dialect's leniencies (`--dialect original`).
    "W0104" => "void method used as a constructor",
    "W0124" => "blank static final assigned by constructors",
    "W0128" => "method without a body in a concrete class",
    "W0300" => "method can end without return",
    "W0302" => "variable read before it is assigned",
    // Profiles (`--profile`, paper 4.3.1).
    "E0600" => "cannot read profile",
    "E0601" => "truncated profile",
    "E0602" => "malformed profile",
    "E0603" => "not a bambooc profile",
    "E0604" => "unsupported profile version",
    "E0605" => "profile of another program",
    "E0606" => "unknown task in profile",
    "E0607" => "exit number out of range",
    "E0608" => "invalid figure in profile",
    "E0609" => "inconsistent profile counts",
    "E0610" => "allocation site mismatch in profile",
    "E0611" => "duplicate entry in profile",
    "E0612" => "unknown task in a count hint",
    // Layouts and many-core builds.
    "E0620" => "invalid layout",
    "E0621" => "invalid machine description",
    // The driver, outside the source text (`driver::Failure`).
    "E0700" => "cannot complete the command",
    "E0701" => "cannot read or write a file",
    "E0702" => "the C compiler does not work",
    "E0703" => "internal compiler error",
    "E0704" => "the program exceeds a limit of the code generator",
    "E0705" => "the program cannot run across MPI ranks",
    "E0706" => "the built program could not be run",
    "W0700" => "the runtime cache is unavailable",
    "W0701" => "calibration measurements vary widely",
}
