// Sharing: a task makes a new task object that captures a sub-object of its
// parameter (the new object's lock must be merged with the parameter's).
class Source {
    flag ready;
    flag spent;
    int[] data;
    Source() { data = new int[3]; }
}

class Job {
    flag todo;
    int[] view;
    Job(int[] view) { this.view = view; }
}

task startup(StartupObject s in initialstate) {
    Source src = new Source() { ready := true };
    taskexit(s: initialstate := false);
}

task split(Source src in ready) {
    Job j = new Job(src.data) { todo := true };
    taskexit(src: ready := false, spent := true);
}

task run(Job j in todo) {
    j.view[0] = 42;
    System.out.println("job " + j.view.length);
    taskexit(j: todo := false);
}
