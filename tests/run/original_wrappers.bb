// Under --dialect original the wrappers intwrapper, floatwrapper and
// doublewrapper stand for their primitive: fields, array elements and
// locals of wrapper type are read as numbers (0 while null) and written by
// =, op=, ++ and --, the wrapper allocated when first written.
class Stats {
    flag open;
    intwrapper[] counts;
    doublewrapper total;
    floatwrapper f;
    intwrapper single;
    Stats(int n) { counts = new intwrapper[n]; }
}
task startup(StartupObject s in initialstate) {
    Stats st = new Stats(4) { open := true };
    for (int i = 0; i < 10; i++) {
        st.counts[i % 4] += i;
        st.counts[i % 3]++;
        st.total += i * 0.5;
    }
    st.single = 7;
    int k = st.single * 2;
    st.f = 1.5f;
    st.f *= 2;
    intwrapper w = st.counts[1];
    int post = st.counts[0]++;
    int pre = ++st.counts[0];
    System.out.println(st.counts[0] + " " + st.counts[1] + " " + st.counts[2] + " " + st.counts[3]);
    System.out.println(st.total + " " + k + " " + st.f + " " + (w == st.counts[1]) + " " + post + " " + pre);
    System.out.println(Math.max(st.counts[2], 3) + " " + (st.counts[3] > 5) + " " + -st.single + " " + (double) st.counts[1]);
    int[] arr = new int[10];
    arr[st.counts[2] - 2] = 1;
    System.out.println(arr[9] + " " + arr[8]);
    taskexit(s: initialstate := false);
}
