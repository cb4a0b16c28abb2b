// Double.parseDouble of malformed text is a NumberFormatException.

task startup(StartupObject s in initialstate) {
    System.out.println(Double.parseDouble(" 2.5e1 "));
    System.out.println(Double.parseDouble("abc"));
    taskexit(s: initialstate := false);
}
