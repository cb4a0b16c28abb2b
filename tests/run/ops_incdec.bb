// Pre/post ++ and -- on locals, fields, static-reached objects, array
// elements of every numeric type, and their values as expressions.

class Counter {
    int n;
    long big;
    double d;
    float f;
    Counter next;
}

class IncDec {
    static void run() {
        int i = 5;
        int a = i++;
        int b = ++i;
        int c = i--;
        int d = --i;
        System.out.println(a + " " + b + " " + c + " " + d + " " + i);
        int x = 1;
        x = x++ + ++x;       // 1 + 3
        System.out.println(x);
        int y = 10;
        y = y++;             // stays 10
        System.out.println(y);
        Counter ctr = new Counter();
        ctr.next = new Counter();
        ctr.n++;
        ++ctr.n;
        ctr.next.n--;
        ctr.big--;
        ctr.d++;
        ctr.f--;
        int old = ctr.next.n++;
        System.out.println(ctr.n + " " + ctr.next.n + " " + old + " " + ctr.big + " " + ctr.d + " " + ctr.f);
        int[] arr = { 0, 10, 20 };
        int k = 0;
        arr[k++]++;
        arr[++k]--;
        int v = arr[1]++ + --arr[2];
        System.out.println(arr[0] + " " + arr[1] + " " + arr[2] + " " + k + " " + v);
        long[] la = { Long.MAX_VALUE };
        la[0]++;
        byte[] ba = { 127 };
        ba[0]++;
        short[] sa = { -32768 };
        sa[0]--;
        char[] ca = { 'y' };
        ca[0]++;
        ca[0]++;
        float[] fa = { 0.5f };
        fa[0]++;
        double[] da = { -0.5 };
        da[0]--;
        System.out.println(la[0] + " " + ba[0] + " " + sa[0] + " " + ca[0] + " " + fa[0] + " " + da[0]);
        int[][] m = new int[2][2];
        m[1][0]++;
        m[1][0] += m[1][0]++;
        System.out.println(m[1][0] + " " + m[0][0]);
        Counter[] cs = { new Counter(), new Counter() };
        int idx = 0;
        cs[idx++].n += 5;
        cs[idx].n--;
        System.out.println(cs[0].n + " " + cs[1].n + " " + idx);
        double dd = 0.1;
        dd++;
        float ff = 16777216f;
        ff++;
        System.out.println(dd + " " + ff);
        int mx = Integer.MAX_VALUE;
        mx++;
        System.out.println(mx);
        int sum = 0;
        for (int q = 0; q < 5; ) {
            sum += q++;
        }
        System.out.println(sum);
    }
}

task startup(StartupObject s in initialstate) {
    IncDec.run();
    taskexit(s: initialstate := false);
}
