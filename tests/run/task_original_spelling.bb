// The original distribution's spelling throughout: brace guards with &&,
// || and ! and parentheses, tag guards in second braces, brace exits
// (`p{!f, g}` and `{!t}` to unbind), brace allocation blocks with `{!f}`
// and tags, C-style array declarators, and the original library names
// (System.printString, printInt, printI, Vector, StringBuffer,
// intwrapper).

class Sensor {
    flag raw;
    flag filtered;
    flag reported;

    int id;
    double reading;

    Sensor(int id, double reading) {
        this.id = id;
        this.reading = reading;
    }
}

class Station {
    flag collecting;
    flag done;

    int expected;
    int got;
    double sum;
    Vector ids;
    intwrapper high;

    Station(int expected) {
        this.expected = expected;
        this.ids = new Vector();
        this.high = new intwrapper();
    }

    void report() {
        int sorted[] = new int[ids.size()];
        for (int i = 0; i < sorted.length; i++)
            sorted[i] = ((Integer) ids.elementAt(i)).intValue();
        Arrays.sort(sorted);
        StringBuffer sb = new StringBuffer();
        for (int i = 0; i < sorted.length; i++)
            sb.append(sorted[i]).append(' ');
        System.printString("ids ");
        System.printString(sb.toString());
        System.printString("\n");
        System.printString("mean ");
        System.printDouble(sum / got);
        System.printString(" capped ");
        System.printInt(high.value);
        System.printString("\n");
        System.printI(got);
    }
}

task startup(StartupObject s{initialstate}) {
    tag site = new tag(location);
    Station st = new Station(6){collecting, !done}{site};
    for (int i = 0; i < 6; i++) {
        Sensor sn = new Sensor(i, i * 1.5){raw, !filtered}{site};
    }
    tag elsewhere = new tag(location);
    Sensor lost = new Sensor(99, 1.0){raw}{elsewhere};
    taskexit(s{!initialstate});
}

task filter(Sensor sn{raw && !filtered}) {
    if (sn.reading > 4.0) {
        sn.reading = 4.0;
        sn.id = -sn.id - 1;
    }
    taskexit(sn{!raw, filtered});
}

task report(Station st{collecting && !done}{location l}, Sensor sn{filtered && !(raw || reported)}{location l}) {
    st.got++;
    st.sum += sn.reading;
    if (sn.id < 0) {
        st.high.value++;
        st.ids.addElement(new Integer(-sn.id - 1));
    } else {
        st.ids.addElement(new Integer(sn.id));
    }
    if (st.got == st.expected) {
        st.report();
        taskexit(st{!collecting, done}{!l}, sn{reported}{!l});
    }
    taskexit(sn{reported}{!l});
}
