// Comparisons across int/long/float/double/char with promotion, NaN
// comparisons (all false except !=), -0.0 == 0.0, reference equality.

class Compare {
    static void row(String label, boolean lt, boolean le, boolean gt, boolean ge, boolean eq, boolean ne) {
        System.out.println(label + " " + lt + " " + le + " " + gt + " " + ge + " " + eq + " " + ne);
    }

    static void run() {
        double nan = 0.0 / 0.0;
        float fnan = 0.0f / 0.0f;
        row("nan-1", nan < 1, nan <= 1, nan > 1, nan >= 1, nan == 1, nan != 1);
        row("nan-nan", nan < nan, nan <= nan, nan > nan, nan >= nan, nan == nan, nan != nan);
        row("fnan", fnan < 0, fnan <= 0, fnan > 0, fnan >= 0, fnan == fnan, fnan != fnan);
        double pz = 0.0;
        double nz = -0.0;
        row("0,-0", pz < nz, pz <= nz, pz > nz, pz >= nz, pz == nz, pz != nz);
        row("int-long", 5 < 5L, 5 <= 5L, 5 > 4L, 5 >= 6L, 5 == 5L, 5 != 5L);
        long big = 9007199254740993L;
        double dbig = big;
        row("long-double", big < dbig, big <= dbig, big > dbig, big >= dbig, big == dbig, big != dbig);
        int i = 16777217;
        float f = i;
        row("int-float", i < f, i <= f, i > f, i >= f, i == f, (double) i == (double) f);
        float tenth = 0.1f;
        double dtenth = 0.1;
        row("0.1f-0.1", tenth < dtenth, tenth <= dtenth, tenth > dtenth, tenth >= dtenth, tenth == dtenth, tenth == (float) dtenth);
        char c = 'A';
        row("char-int", c < 66, c <= 65, c > 64, c >= 66, c == 65, c != 'A');
        double inf = 1.0 / 0.0;
        row("inf", inf < Double.MAX_VALUE, inf <= inf, inf > Double.MAX_VALUE, -inf >= -inf, inf == Double.POSITIVE_INFINITY, -inf != Double.NEGATIVE_INFINITY);
        int min = Integer.MIN_VALUE;
        row("min", min < 0, min - 1 < 0, min > Integer.MAX_VALUE, -min < 0, min == -min, Math.abs(min) < 0);
        String a = "abc";
        String b = "abc";
        String c2 = new String("abc");
        System.out.println((a == b) + " " + a.equals(c2));
        Object o1 = new Object();
        Object o2 = o1;
        System.out.println((o1 == o2) + " " + (o1 != new Object()));
        boolean t = true;
        boolean ff = false;
        System.out.println((t == ff) + " " + (t != ff));
        byte bb = -1;
        System.out.println((bb == 255) + " " + (bb == -1) + " " + ((bb & 0xFF) == 255) + " " + (c == 'A'));
    }
}

task startup(StartupObject s in initialstate) {
    Compare.run();
    taskexit(s: initialstate := false);
}
