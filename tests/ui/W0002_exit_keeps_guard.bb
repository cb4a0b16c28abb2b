// Both exits leave `a` in `ping` (the second also sets `pong`, which the
// guard does not exclude), so `bounce` would never stop.
class Ball {
    flag ping;
    flag pong;
    int hits;
}

task startup(StartupObject s in initialstate) {
    new Ball() { ping := true };
    taskexit(s: initialstate := false);
}

task bounce(Ball a in ping) {
    a.hits++;
    if (a.hits > 3)
        taskexit(a: pong := true); //~ WARNING W0002
    taskexit(a: ping := true); //~ WARNING W0002
}

task seen(Ball b in pong) {
    taskexit(b: pong := false);
}
