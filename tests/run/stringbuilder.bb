// StringBuilder: append of every type (chained), insert, delete,
// deleteCharAt, setCharAt, reverse, replace, setLength, length, charAt,
// indexOf, toString; a builder printed directly.

class SB {
    public String toString() {
        return "SB!";
    }
}

class Builder {
    static void run() {
        StringBuilder sb = new StringBuilder();
        sb.append(true).append(' ').append('c').append(' ').append((byte) 7).append(' ').append((short) -8)
          .append(' ').append(42).append(' ').append(123456789012L).append(' ').append(1.5f).append(' ')
          .append(0.1).append(' ').append("str").append(' ').append((String) null).append(' ').append(new SB())
          .append(' ').append((Object) null).append(' ');
        char[] cs = { 'x', 'y', 'z' };
        sb.append(cs).append(cs, 1, 2);
        System.out.println(sb.toString());
        System.out.println(sb.length() + " " + sb.charAt(5) + " " + sb.indexOf("str") + " " + sb.lastIndexOf(" "));
        StringBuilder b = new StringBuilder("hello");
        b.insert(0, "[").append(']');
        b.insert(3, 99).insert(1, 'Q').insert(b.length(), 2.5).insert(2, false);
        System.out.println(b);
        b.delete(0, 3);
        System.out.println(b);
        b.deleteCharAt(b.length() - 1);
        b.setCharAt(0, 'L');
        System.out.println(b);
        b.replace(1, 4, "ABCDEF");
        System.out.println(b);
        b.reverse();
        System.out.println(b);
        b.setLength(4);
        System.out.println(b + " " + b.length());
        b.setLength(6);
        System.out.println(b.length() + " " + (int) b.charAt(5));
        b.setLength(0);
        System.out.println("[" + b + "] " + b.length());
        StringBuilder big = new StringBuilder();
        for (int i = 0; i < 1000; i++)
            big.append(i % 10);
        System.out.println(big.length() + " " + big.toString().hashCode() + " " + big.substring(995) + " " + big.substring(10, 15));
        String s = "start";
        StringBuilder c = new StringBuilder(s);
        c.append(s);
        System.out.println(c + " " + s);
        StringBuilder d = new StringBuilder(100);
        System.out.println(d.length() + "|" + d.toString() + "|");
        String joined = new StringBuilder().append(1).append('+').append(1).append('=').append(1 + 1).toString();
        System.out.println(joined);
        System.out.println(new StringBuilder("abc").reverse().toString().equals("cba"));
    }
}

task startup(StartupObject s in initialstate) {
    Builder.run();
    taskexit(s: initialstate := false);
}
