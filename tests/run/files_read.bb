// Files.readString, readAllLines and readAllBytes on files under
// tests/run/data/: line terminators \n, \r\n and \r, an empty line, a last
// line without terminator, trailing empty lines, UTF-8 text, empty files.

class FileTest {
    static void run(String[] args) {
        String all = Files.readString(args[0]);
        System.out.println(all.length() + " " + all.hashCode());
        String[] lines = Files.readAllLines(args[0]);
        System.out.println(lines.length);
        for (int i = 0; i < lines.length; i++)
            System.out.println(i + ": [" + lines[i] + "] " + lines[i].length());
        String u = Files.readString(args[1]);
        System.out.println(u.length() + " " + u.indexOf('\u4e2d'));
        System.out.print(u);
        String[] ul = Files.readAllLines(args[1]);
        String[] nums = ul[1].substring(ul[1].indexOf(':') + 2).split(" ");
        int sum = 0;
        for (int i = 0; i < nums.length; i++)
            sum += Integer.parseInt(nums[i]);
        System.out.println("sum " + sum);
        byte[] bytes = Files.readAllBytes(args[1]);
        System.out.println(bytes.length + " " + bytes[3] + " " + (bytes[4] & 0xFF));
        String[] te = Files.readAllLines(args[2]);
        System.out.println(te.length + " [" + te[0] + "][" + te[1] + "][" + te[2] + "][" + te[3] + "]");
        System.out.println(Files.readString(args[3]).length() + " " + Files.readAllLines(args[3]).length + " " + Files.readAllBytes(args[3]).length);
    }
}

task startup(StartupObject s in initialstate) {
    FileTest.run(s.args);
    taskexit(s: initialstate := false);
}
