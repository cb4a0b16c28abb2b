// Ping-pong (issue 28's example): OBJECTS objects each bounce between two
// tasks of a few nanoseconds, ROUNDS times. Serial chains on one object:
// spreading them over cores by round-robin pays a hop per bounce.
// Usage: pingpong OBJECTS ROUNDS
class P {
    flag ping;
    flag pong;
    int n;
    int rounds;
}

class Tally {
    flag open;
    int left;
    long total;
}

task startup(StartupObject s in initialstate) {
    int objects = Integer.parseInt(s.args[0]);
    int rounds = Integer.parseInt(s.args[1]);
    for (int i = 0; i < objects; i++) {
        P p = new P() { ping := true };
        p.rounds = rounds;
    }
    Tally t = new Tally() { open := true };
    t.left = objects;
    taskexit(s: initialstate := false);
}

task a(P p in ping) {
    p.n++;
    if (p.n >= p.rounds) taskexit(p: ping := false);
    taskexit(p: ping := false, pong := true);
}

task b(P p in pong) {
    p.n++;
    taskexit(p: pong := false, ping := true);
}

task count(Tally t in open, P p in !ping && !pong) {
    t.total += p.n;
    t.left--;
    if (t.left == 0) {
        System.out.println("bounces " + t.total);
        taskexit(t: open := false; p: ping := false);
    }
    taskexit(p: ping := false);
}
