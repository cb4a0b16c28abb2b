// Files.readInto with a range outside the array is an
// ArrayIndexOutOfBoundsException naming the range and the array.

task startup(StartupObject s in initialstate) {
    byte[] b = new byte[4];
    System.out.println("read " + Files.readInto(s.args[0], 0, b, 1, 3));
    System.out.println(Files.readInto(s.args[0], 0, b, 2, 3));
    taskexit(s: initialstate := false);
}
