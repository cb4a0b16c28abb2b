// Under --dialect original a wrapper written as its primitive is read and
// written through its place, so the place may not have effects.
class Stats {
    intwrapper[] counts;
    int next;
    Stats() { counts = new intwrapper[4]; }
    int slot() { next++; return next % 4; }
}

task startup(StartupObject s in initialstate) {
    Stats st = new Stats();
    st.counts[st.slot()] += 2; //~ ERROR E0219
    int i = st.slot();
    st.counts[i] += 2;
    System.out.println(st.counts[i]);
    taskexit(s: initialstate := false);
}
