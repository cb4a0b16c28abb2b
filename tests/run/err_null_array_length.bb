// The length of a null array reference is a null dereference.

class Box {
    int[] data;
}

task startup(StartupObject s in initialstate) {
    Box b = new Box();
    System.out.println("box made");
    System.out.println(b.data.length);
    taskexit(s: initialstate := false);
}
