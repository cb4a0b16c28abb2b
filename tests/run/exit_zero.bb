// System.exit(0) while other task objects are still enabled: the program
// stops at once with status 0.

class Job {
    flag todo;
    int id;

    Job(int id) {
        this.id = id;
    }
}

class Boss {
    flag active;
}

task startup(StartupObject s in initialstate) {
    for (int i = 0; i < 3; i++)
        new Job(i) { todo := true };
    new Boss() { active := true };
    System.out.println("started");
    taskexit(s: initialstate := false);
}

task finish(Boss b in active, Job j in todo) {
    System.out.println("one job seen, stopping");
    System.exit(0);
}
