class Text {
    flag process;
    flag submit;

    String body;

    void process() {
        body = body.trim();
    }
}

task startup(StartupObject s in initialstate) {
    new Text() { process := true };
    taskexit(s: initialstate := false);
}

task processText(Text tp in process) {
    if (tp.process) //~ ERROR E0408
        tp.process();
    taskexit(tp: process := false, submit := true);
}
