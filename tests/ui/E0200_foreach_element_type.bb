task startup(StartupObject s in initialstate) {
    int[] numbers = { 1, 2, 3 };
    for (String n : numbers) { //~ ERROR E0200
    }
    taskexit(s: initialstate := false);
}
