// A method called by a longer or shorter name than it was declared with,
// and the Java habit of `size()` on a String: each gets a suggestion.
class Counter {
    int n;
    void inc() { n++; }
    int count() { return n; }
}

task startup(StartupObject s in initialstate) {
    Counter c = new Counter();
    c.increment(); //~ ERROR E0103
    int k = c.counter(); //~ ERROR E0103
    String t = "abc";
    int m = t.size(); //~ ERROR E0103
    taskexit(s: initialstate := false);
}
