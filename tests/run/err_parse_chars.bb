// Double.parseDouble(new String(chars, offset, count)) of malformed text is
// the NumberFormatException of the String's parse.

task startup(StartupObject s in initialstate) {
    char[] text = "2.5,x1".toCharArray();
    System.out.println(Double.parseDouble(new String(text, 0, 3)));
    System.out.println(Double.parseDouble(new String(text, 4, 2)));
    taskexit(s: initialstate := false);
}
