// Lexical errors in several places: the lexer reports each bad token and
// goes on.

class Lexy {
    char c = 'ab'; //~ ERROR E0005
    String t = "bad \q escape"; //~ ERROR E0007
    int n = 0x; //~ ERROR E0008

    int get() {
        # //~ ERROR E0003
        return n;
    }
}

task startup(StartupObject s in initialstate) {
    Lexy l = new Lexy();
    double d = 2.5e; //~ ERROR E0008
    System.out.println(l.get() + d);
    taskexit(s: initialstate := false);
}
