// Termination detection across cores: the work goes quiet and resumes
// through objects in flight. One Token hops 300 times; each hop is a new
// object, routed round-robin to another core while every other core is
// idle, so a termination check that missed objects in flight would end
// the program early. Every 50th hop also releases a burst of 20 Sparks,
// which run in parallel and then fall quiet again before the token moves.

class Token {
    flag moving;
    int hop;
    long acc;

    Token(int hop, long acc) {
        this.hop = hop;
        this.acc = acc;
    }
}

class Spark {
    flag lit;
    int n;

    Spark(int n) {
        this.n = n;
    }
}

class Tally {
    flag open;
    int sparks;
    long sum;
}

task startup(StartupObject s in initialstate) {
    new Token(0, 1) { moving := true };
    new Tally() { open := true };
    taskexit(s: initialstate := false);
}

task hop(Token t in moving) {
    long x = t.acc;
    for (int i = 0; i < 2000; i++) {
        x = x * 6364136223846793005L + 1442695040888963407L;
    }
    if (t.hop % 50 == 0) {
        for (int k = 0; k < 20; k++) {
            new Spark(t.hop + k) { lit := true };
        }
    }
    if (t.hop < 300) {
        new Token(t.hop + 1, x) { moving := true };
    } else {
        System.out.println("token finished at hop " + t.hop + " with " + x);
    }
    taskexit(t: moving := false);
}

task count(Tally y in open, Spark s in lit) {
    y.sparks++;
    y.sum += s.n;
    if (y.sparks == 140) {
        System.out.println("sparks " + y.sparks + " sum " + y.sum);
        taskexit(y: open := false; s: lit := false);
    }
    taskexit(s: lit := false);
}
