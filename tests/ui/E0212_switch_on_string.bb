task startup(StartupObject s in initialstate) {
    String cmd = "go";
    switch (cmd) { //~ ERROR E0212
        case "go":
            System.out.println("going");
            break;
    }
    taskexit(s: initialstate := false);
}
