// Files.readBytes with a negative length is an IllegalArgumentException
// naming the path, offset and length.

task startup(StartupObject s in initialstate) {
    System.out.println("size " + Files.size(s.args[0]));
    byte[] b = Files.readBytes(s.args[0], 2, -1);
    System.out.println(b.length);
    taskexit(s: initialstate := false);
}
