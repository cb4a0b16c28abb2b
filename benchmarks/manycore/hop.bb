// Hand-off latency: a token hops N times; every hop is a new object that
// the default layout sends round-robin, each core's round-robin starting at
// itself, so on two cores every second hop crosses to the other core (a
// serial chain: send, wake, receive, dispatch).
// Usage: hop N
class Token {
    flag moving;
    int left;

    Token(int left) {
        this.left = left;
    }
}

task startup(StartupObject s in initialstate) {
    new Token(Integer.parseInt(s.args[0])) { moving := true };
    taskexit(s: initialstate := false);
}

task hop(Token t in moving) {
    if (t.left > 0) {
        new Token(t.left - 1) { moving := true };
    } else {
        System.out.println("arrived");
    }
    taskexit(t: moving := false);
}
