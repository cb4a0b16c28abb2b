//! The C runtime's sources, for the driver to hand to the system C compiler.
