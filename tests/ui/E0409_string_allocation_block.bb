task startup(StartupObject s in initialstate) {
    char[] letters = { 'o', 'k' };
    String word = new String(letters) {}; //~ ERROR E0409
    System.out.println(word);
    taskexit(s: initialstate := false);
}
