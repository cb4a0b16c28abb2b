// `clear t` (and the original `{!t}`) unbinds one object from a tag
// instance and leaves the other bindings alone. For each i a Request, a
// Reply and a Marker share tag instance t_i. answer() pairs the Request and
// the Reply and clears the Request's binding only. rematch() would pair
// them again if the Request were still bound: it must never run, even
// though its flags stay satisfied until the program ends. markReply()
// pairs the still-bound Reply with the Marker. Stats prints once all ten
// requests are counted and all ten replies marked.

class Request {
    flag waiting;
    flag again;
    flag counted;
    int id;

    Request(int id) {
        this.id = id;
    }
}

class Reply {
    flag fresh;
    flag second;
    flag done;
    int id;

    Reply(int id) {
        this.id = id;
    }
}

class Marker {
    flag mark;
    int id;

    Marker(int id) {
        this.id = id;
    }
}

class Stats {
    flag live;
    int counted;
    int marked;
    int bad;

    boolean finished() {
        return counted == 10 && marked == 10;
    }

    void print() {
        System.out.println("counted " + counted + " marked " + marked + " bad " + bad);
    }
}

task startup(StartupObject s in initialstate) {
    for (int i = 0; i < 10; i++) {
        tag t = new tag(conv);
        new Request(i) { waiting := true, add t };
        new Reply(i) { fresh := true, add t };
        new Marker(i) { mark := true, add t };
    }
    new Stats() { live := true };
    taskexit(s: initialstate := false);
}

task answer(Request r in waiting with conv t, Reply p in fresh with conv t) {
    if (r.id != p.id)
        System.out.println("BUG: answer paired " + r.id + " with " + p.id);
    taskexit(r: waiting := false, again := true, clear t; p: fresh := false, second := true);
}

task rematch(Request r in again with conv t, Reply p in second or done with conv t) {   //~ WARNING W0001 (deliberately dead: t was cleared)
    System.out.println("BUG: request " + r.id + " still bound after clear");
    taskexit(r: again := false);
}

task count(Stats st in live, Request r in again and !counted) {
    st.counted++;
    if (st.finished()) {
        st.print();
        taskexit(st: live := false; r: counted := true);
    }
    taskexit(r: counted := true);
}

task markReply(Stats st{live}, Reply p{second}{conv t}, Marker m{mark}{conv t}) {
    st.marked++;
    if (p.id != m.id)
        st.bad++;
    if (st.finished()) {
        st.print();
        taskexit(st{!live}, p{!second, done}, m{!mark}{!t});
    }
    taskexit(p{!second, done}, m{!mark}{!t});
}
