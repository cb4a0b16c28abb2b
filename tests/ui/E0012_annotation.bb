class Shape {
    @Override //~ ERROR E0012
    public String toString() {
        return "shape";
    }
}

task startup(StartupObject s in initialstate) {
    taskexit(s: initialstate := false);
}
