// String algorithms: palindromes, anagram keys by sorting chars, Caesar
// cipher with char arithmetic, run-length encoding and decoding, word
// reversal, KMP substring search, a simple tokenizer.

class StrAlgo {
    static boolean palindrome(String s) {
        int i = 0, j = s.length() - 1;
        while (i < j) {
            char a = Character.toLowerCase(s.charAt(i));
            char b = Character.toLowerCase(s.charAt(j));
            if (!Character.isLetterOrDigit(a)) { i++; continue; }
            if (!Character.isLetterOrDigit(b)) { j--; continue; }
            if (a != b)
                return false;
            i++;
            j--;
        }
        return true;
    }

    static String key(String w) {
        char[] cs = w.toLowerCase().toCharArray();
        Arrays.sort(cs);
        return new String(cs);
    }

    static String caesar(String s, int k) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c >= 'a' && c <= 'z')
                c = (char) ('a' + (c - 'a' + k + 26) % 26);
            else if (c >= 'A' && c <= 'Z')
                c = (char) ('A' + (c - 'A' + k + 26) % 26);
            sb.append(c);
        }
        return sb.toString();
    }

    static String rle(String s) {
        StringBuilder sb = new StringBuilder();
        int i = 0;
        while (i < s.length()) {
            int j = i;
            while (j < s.length() && s.charAt(j) == s.charAt(i))
                j++;
            sb.append(j - i).append(s.charAt(i));
            i = j;
        }
        return sb.toString();
    }

    static String unrle(String s) {
        StringBuilder sb = new StringBuilder();
        int n = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (Character.isDigit(c))
                n = n * 10 + (c - '0');
            else {
                for (int k = 0; k < n; k++)
                    sb.append(c);
                n = 0;
            }
        }
        return sb.toString();
    }

    static int kmp(String text, String pat) {
        int[] fail = new int[pat.length()];
        for (int i = 1, k = 0; i < pat.length(); i++) {
            while (k > 0 && pat.charAt(i) != pat.charAt(k))
                k = fail[k - 1];
            if (pat.charAt(i) == pat.charAt(k))
                k++;
            fail[i] = k;
        }
        int count = 0;
        for (int i = 0, k = 0; i < text.length(); i++) {
            while (k > 0 && text.charAt(i) != pat.charAt(k))
                k = fail[k - 1];
            if (text.charAt(i) == pat.charAt(k))
                k++;
            if (k == pat.length()) {
                count++;
                k = fail[k - 1];
            }
        }
        return count;
    }

    static void run() {
        String[] ps = { "A man, a plan, a canal: Panama", "racecar", "hello", "", "No 'x' in Nixon", "ab" };
        for (int i = 0; i < ps.length; i++)
            System.out.println("[" + ps[i] + "] " + palindrome(ps[i]));
        String[] words = { "listen", "silent", "enlist", "google", "Tinsel", "banana", "inlets" };
        HashMap groups = new HashMap();
        for (int i = 0; i < words.length; i++) {
            String k = key(words[i]);
            ArrayList g = (ArrayList) groups.get(k);
            if (g == null) {
                g = new ArrayList();
                groups.put(k, g);
            }
            g.add(words[i]);
        }
        System.out.println(groups);
        String secret = caesar("Hello, World! xyz", 3);
        System.out.println(secret + " | " + caesar(secret, -3));
        String enc = rle("aaabccddddde");
        System.out.println(enc + " " + unrle(enc) + " " + rle("") + " " + rle("zzzzzzzzzzzz"));
        String sentence = "the quick brown fox jumps";
        String[] ws = sentence.split(" ");
        StringBuilder rev = new StringBuilder();
        for (int i = ws.length - 1; i >= 0; i--) {
            rev.append(ws[i]);
            if (i > 0)
                rev.append(' ');
        }
        System.out.println(rev);
        System.out.println(kmp("abababcabababcab", "ababc") + " " + kmp("aaaaaa", "aa") + " " + kmp("abc", "d"));
        String expr = "x1 = 42 + y*(3-7)/foo";
        ArrayList toks = new ArrayList();
        int i = 0;
        while (i < expr.length()) {
            char c = expr.charAt(i);
            if (c == ' ') {
                i++;
            } else if (Character.isLetter(c)) {
                int j = i;
                while (j < expr.length() && Character.isLetterOrDigit(expr.charAt(j)))
                    j++;
                toks.add("ID:" + expr.substring(i, j));
                i = j;
            } else if (Character.isDigit(c)) {
                int j = i;
                while (j < expr.length() && Character.isDigit(expr.charAt(j)))
                    j++;
                toks.add("NUM:" + Integer.parseInt(expr.substring(i, j)));
                i = j;
            } else {
                toks.add("OP:" + c);
                i++;
            }
        }
        System.out.println(toks);
    }
}

task startup(StartupObject s in initialstate) {
    StrAlgo.run();
    taskexit(s: initialstate := false);
}
