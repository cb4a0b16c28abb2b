// Reading a file that does not exist is a run-time error naming the path.

task startup(StartupObject s in initialstate) {
    System.out.println("reading " + s.args[0]);
    String text = Files.readString(s.args[0]);
    System.out.println(text.length());
    taskexit(s: initialstate := false);
}
