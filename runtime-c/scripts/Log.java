import java.io.*;
public class Log {
  public static void main(String[] a) throws Exception {
    BufferedReader r = new BufferedReader(new InputStreamReader(System.in));
    PrintWriter w = new PrintWriter(new BufferedWriter(new OutputStreamWriter(System.out)));
    String l;
    while ((l = r.readLine()) != null) {
      long b = Long.parseUnsignedLong(l.trim(), 16);
      w.println(l.trim() + " " + Long.toHexString(Double.doubleToRawLongBits(StrictMath.log(Double.longBitsToDouble(b)))));
    }
    w.flush();
  }
}
