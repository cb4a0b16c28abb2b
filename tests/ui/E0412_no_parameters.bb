task startup(StartupObject s in initialstate) {
    taskexit(s: initialstate := false);
}

task tick() { //~ ERROR E0412
    System.out.println("tick");
    taskexit();
}
