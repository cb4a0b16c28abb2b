// By default (Java's rules) a wrapper is an object, not a number;
// `--dialect original` would read its value.
task startup(StartupObject s in initialstate) {
    intwrapper w = new intwrapper(3);
    int k = w + 1; //~ ERROR E0201
    System.out.println(k);
    taskexit(s: initialstate := false);
}
