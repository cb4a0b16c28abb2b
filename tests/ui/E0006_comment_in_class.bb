class Half {
    int a;
}

task startup(StartupObject s in initialstate) {
    taskexit(s: initialstate := false);
}

/** documentation for a class that never comes //~ ERROR E0006
 *
