// Unicode in strings: case mapping beyond ASCII (sharp s, dotted I, final
// sigma, Greek, Cyrillic), supplementary characters as surrogate pairs,
// indexOf with a code point, UTF-8 bytes of text and of a lone surrogate,
// decoding malformed UTF-8, Unicode digits in parseInt, Character
// classification of several scripts.

class Uni {
    static String codes(String s) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < s.length(); i++) {
            if (i > 0)
                sb.append(' ');
            sb.append(Integer.toHexString(s.charAt(i)));
        }
        return sb.toString();
    }

    static void run() {
        System.out.println("stra\u00dfe".toUpperCase() + " " + "\u0130stanbul".toLowerCase().length() + " " + codes("\u0130".toLowerCase()));
        System.out.println("\u039f\u0394\u03a5\u03a3\u03a3\u0395\u03a5\u03a3".toLowerCase() + " " + "\u03c3\u03bf\u03c6\u03af\u03b1".toUpperCase());
        System.out.println("\u041f\u0440\u0438\u0432\u0435\u0442".toUpperCase() + " " + "\u041f\u0440\u0438\u0432\u0435\u0442".toLowerCase());
        System.out.println(codes("\ufb00".toUpperCase()) + " " + codes("\u0149".toUpperCase()) + " " + "\u01c5".toUpperCase().equals("\u01c4"));
        String emoji = "a\ud83d\ude00b";
        System.out.println(emoji.length() + " " + emoji.indexOf(0x1F600) + " " + emoji.indexOf('b') + " " + emoji.lastIndexOf(0x1F600) + " " + emoji.indexOf(0x1F601));
        byte[] bytes = "\u00e9\u4e2d\ud83d\ude00".getBytes();
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < bytes.length; i++)
            sb.append(bytes[i] & 0xFF).append(' ');
        System.out.println(bytes.length + ": " + sb);
        byte[] lone = "x\ud800y".getBytes();
        System.out.println(lone.length + " " + lone[1]);
        byte[] bad = { 0x61, (byte) 0xC3, 0x62, (byte) 0xFF, (byte) 0xE4, (byte) 0xB8, (byte) 0xAD };
        String decoded = new String(bad);
        System.out.println(decoded.length() + " " + codes(decoded));
        System.out.println(Integer.parseInt("\u0661\u0662\u0663") + " " + Integer.parseInt("-\u0967\u0968") + " " + Integer.parseInt("\uff19\uff18") + " " + Long.parseLong("\u0e51\u0e50"));
        System.out.println(Character.digit('\uff15', 10) + " " + Character.digit('\uff41', 16) + " " + Character.isDigit('\u0966') + " " + Character.isLetter('\u05d0') + " " + Character.isLetter('\u3042'));
        System.out.println(Character.getType('a') + " " + Character.getType('A') + " " + Character.getType('1') + " " + Character.getType(' ') + " " + Character.getType('\u00ab') + " " + Character.getType('$') + " " + Character.getType('\u0300') + " " + Character.getType('\ud800'));
        System.out.println(Character.isUpperCase('\u00c0') + " " + Character.isLowerCase('\u00df') + " " + (int) Character.toUpperCase('\u00ff') + " " + (int) Character.toLowerCase('\u0130') + " " + (int) Character.toUpperCase('\u00b5'));
        System.out.println(Character.isWhitespace('\u00a0') + " " + Character.isWhitespace('\u2003') + " " + Character.isSpaceChar('\u00a0') + " " + Character.isWhitespace('\u001c'));
        System.out.println("caf\u00e9".compareTo("cafe") + " " + "\ud83d\ude00".compareTo("\uffff") + " " + "\u00e9".equalsIgnoreCase("\u00c9"));
        System.out.println("[" + "\u0000 x \u001f".trim() + "] [" + "\u00a0x\u00a0".trim() + "]");
    }
}

task startup(StartupObject s in initialstate) {
    Uni.run();
    taskexit(s: initialstate := false);
}
