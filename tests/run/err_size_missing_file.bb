// Files.size of a file that does not exist is a run-time error naming the path.

task startup(StartupObject s in initialstate) {
    System.out.println("sizing " + s.args[0]);
    System.out.println(Files.size(s.args[0]));
    taskexit(s: initialstate := false);
}
