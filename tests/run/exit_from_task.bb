// System.exit from a task other than startup, once a counter reaches a
// limit: output from all earlier invocations is flushed, the exit status is
// the argument (masked to 8 bits as by the OS: 300 & 0xFF = 44), and no
// other task runs afterwards.

class Ticker {
    flag tick;
    int n;
}

task startup(StartupObject s in initialstate) {
    new Ticker() { tick := true };
    taskexit(s: initialstate := false);
}

task step(Ticker t in tick) {
    t.n++;
    System.out.println("tick " + t.n);
    if (t.n == 5) {
        System.out.println("exiting");
        System.exit(300);
    }
    taskexit(t: tick := true);
}
