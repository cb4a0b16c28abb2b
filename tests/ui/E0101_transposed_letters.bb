// Two neighbouring letters swapped: `cuont` is one edit from `count`.
class Counter {
    int count;
    void inc() {
        count = cuont + 1; //~ ERROR E0101
    }
}

task startup(StartupObject s in initialstate) {
    taskexit(s: initialstate := false);
}
