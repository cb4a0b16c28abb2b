// A program ends when no task invocation is enabled: objects remain in
// states that no task accepts (a guard that needs a partner object that
// never comes, a flag combination no guard matches), and the process
// exits with status 0 after the last enabled invocation.

class Seed {
    flag grow;
    flag stuck;
    int gen;

    Seed(int gen) {
        this.gen = gen;
    }
}

class Partner {
    flag present;
}

task startup(StartupObject s in initialstate) {
    new Seed(0) { grow := true };
    System.out.println("start");
    taskexit(s: initialstate := false);
}

task grow(Seed sd in grow) {
    if (sd.gen < 5) {
        new Seed(sd.gen + 1) { grow := true };
        System.out.println("generation " + sd.gen);
        taskexit(sd: grow := false, stuck := true);
    }
    System.out.println("last generation " + sd.gen);
    taskexit(sd: grow := false);
}

task needsPartner(Seed sd in stuck, Partner p in present) {   //~ WARNING W0001 (deliberately dead)
    System.out.println("never: no Partner exists");
    taskexit(sd: stuck := false);
}
