// StringBuffer (the original distribution's name): the same operations as
// StringBuilder.

class Buf {
    static void run() {
        StringBuffer sb = new StringBuffer();
        for (int i = 0; i < 5; i++) {
            sb.append(i);
            sb.append(',');
        }
        sb.setLength(sb.length() - 1);
        System.out.println(sb.toString());
        sb.insert(0, "nums=");
        sb.append(' ').append(2.5).append(' ').append(true).append(' ').append('z').append(' ').append(7L).append(' ').append(0.5f);
        System.out.println(sb);
        sb.reverse();
        System.out.println(sb);
        sb.reverse();
        sb.delete(0, 5).deleteCharAt(0);
        System.out.println(sb + " " + sb.length() + " " + sb.charAt(2));
        StringBuffer other = new StringBuffer("init");
        other.setCharAt(0, 'I');
        other.replace(1, 3, "NI");
        System.out.println(other.toString() + " " + other.indexOf("T"));
        String s = "x" + other;
        System.out.println(s);
    }
}

task startup(StartupObject s in initialstate) {
    Buf.run();
    taskexit(s: initialstate := false);
}
