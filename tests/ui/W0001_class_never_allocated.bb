// No `Partner` is ever allocated with an allocation block, so `meet` never
// finds its second parameter.
class Seed {
    flag grow;
}

class Partner {
    flag present;
}

task startup(StartupObject s in initialstate) {
    new Seed() { grow := true };
    new Partner();
    taskexit(s: initialstate := false);
}

task meet(Seed sd in grow, Partner p in present) { //~ WARNING W0001
    taskexit(sd: grow := false);
}
