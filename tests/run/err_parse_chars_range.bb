// Double.parseDouble(new String(chars, offset, count)) with a range outside
// the array is the String constructor's StringIndexOutOfBoundsException.

task startup(StartupObject s in initialstate) {
    char[] text = "2.5".toCharArray();
    System.out.println(Double.parseDouble(new String(text, 0, 3)));
    System.out.println(Double.parseDouble(new String(text, 2, 5)));
    taskexit(s: initialstate := false);
}
