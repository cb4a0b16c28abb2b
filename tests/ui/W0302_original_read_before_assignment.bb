// Under --dialect original a local may be read before it is assigned: it
// holds the type's default value.
task startup(StartupObject s in initialstate) {
    int count;
    if (s.args.length > 3) count = 1;
    System.out.println(count); //~ WARNING W0302
    taskexit(s: initialstate := false);
}
