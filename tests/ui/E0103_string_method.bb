task startup(StartupObject s in initialstate) {
    String w = "word";
    System.out.println(w.size()); //~ ERROR E0103
    taskexit(s: initialstate := false);
}
