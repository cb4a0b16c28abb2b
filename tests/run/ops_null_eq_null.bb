// `null == null` and `null != null` compare two operands of the null type:
// legal Java (JLS 15.21.3), true and false.

task startup(StartupObject s in initialstate) {
    System.out.println(null == null);
    System.out.println(null != null);
    taskexit(s: initialstate := false);
}
