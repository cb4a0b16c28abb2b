task startup(StartupObject s in initialstate) {
    System.out.println("first line //~ ERROR E0004
    );
    taskexit(s: initialstate := false);
}
