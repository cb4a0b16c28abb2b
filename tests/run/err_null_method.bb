// Calling a method on null, in a task other than startup: the message
// names that task and the line of the call.

class Greeter {
    String greet(String who) {
        return "hello " + who;
    }
}

class Holder {
    flag full;
    Greeter g;
}

task startup(StartupObject s in initialstate) {
    Holder h = new Holder() { full := true };
    System.out.println(new Greeter().greet("world"));
    taskexit(s: initialstate := false);
}

task use(Holder h in full) {
    System.out.println("in use");
    String r = h.g.greet("nobody");
    System.out.println(r);
    taskexit(h: full := false);
}
