// With no command-line arguments the startup object's args is an empty
// array (not null).

task startup(StartupObject s in initialstate) {
    System.out.println(s.args.length + " " + (s.args != null) + " " + s.parameters.length);
    taskexit(s: initialstate := false);
}
