// The original distribution's final allocation syntax, `newflag C(args){flags}{tags}`,
// beside `new`: tagged pairs, flags stated false, and a result folded by one task.
class Text {
    flag process;
    flag submit;
    int n;

    Text(int n) {
        this.n = n;
    }
}

class Sum {
    flag open;
    int total;
    int left;

    Sum(int left) {
        this.left = left;
    }
}

task startup(StartupObject s in initialstate) {
    for (int i = 1; i <= 3; i++) {
        tag t = new tag(link);
        newflag Text(i){process}{t};
        Text partner = newflag Text(i * 100){!process, submit}{t};
    }
    Sum sum = newflag Sum(6){open};
    taskexit(s: initialstate := false);
}

task work(Text tp{process}{link t}) {
    tp.n = tp.n * 2;
    taskexit(tp{!process, submit}{!t});
}

task add(Sum s{open}, Text tp{submit}) {
    s.total += tp.n;
    s.left--;
    if (s.left == 0) {
        System.out.println("total " + s.total);
        taskexit(s{!open}, tp{!submit});
    }
    taskexit(tp{!submit});
}
