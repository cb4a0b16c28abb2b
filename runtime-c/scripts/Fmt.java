import java.io.*;
public class Fmt {
  public static void main(String[] a) throws Exception {
    BufferedReader r = new BufferedReader(new InputStreamReader(System.in));
    PrintWriter w = new PrintWriter(new BufferedWriter(new OutputStreamWriter(System.out)));
    String l;
    while ((l = r.readLine()) != null) {
      String[] p = l.split(" ");
      if (p[0].equals("d")) w.println(p[0] + " " + p[1] + " " + Double.toString(Double.longBitsToDouble(Long.parseUnsignedLong(p[1], 16))));
      else w.println(p[0] + " " + p[1] + " " + Float.toString(Float.intBitsToFloat(Integer.parseUnsignedInt(p[1], 16))));
    }
    w.flush();
  }
}
