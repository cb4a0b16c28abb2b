// Sharing: a merge task stores one parameter's sub-object into the other.
class Box {
    flag ready;
    flag done;
    int[] data;
    int[] other;
    Box(int n) { data = new int[n]; }
}

task startup(StartupObject s in initialstate) {
    Box a = new Box(4) { ready := true };
    Box b = new Box(5) { ready := true };
    taskexit(s: initialstate := false);
}

task link(Box x in ready, Box y in ready) {
    x.other = y.data;
    System.out.println("linked " + x.data.length + " " + x.other.length);
    taskexit(x: ready := false, done := true; y: ready := false, done := true);
}
