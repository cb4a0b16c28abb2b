class Names {
    String name(int d) {
        switch (d) {
            case 0:
                return "zero";
            case 1:
                return "one";
        }
    } //~ ERROR E0300
}

task startup(StartupObject s in initialstate) {
    taskexit(s: initialstate := false);
}
