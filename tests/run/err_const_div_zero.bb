// `1 / 0` with constant operands is not a constant expression in Java
// (JLS 15.29: it would complete abruptly): it compiles and fails at run
// time like any other integer division by zero.

task startup(StartupObject s in initialstate) {
    System.out.println("before");
    int x = 1 / 0;
    System.out.println(x);
    taskexit(s: initialstate := false);
}
