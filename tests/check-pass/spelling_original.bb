// The original distribution's spelling throughout: brace guards with &&,
// || and !, tag guards in second braces, brace exits (`p{!f, g}`, and
// `{!t, u}` for tag bindings), and brace allocation blocks.

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

    Station(int expected) {
        this.expected = expected;
    }
}

task startup(StartupObject s{initialstate}) {
    tag site = new tag(location);
    Station st = new Station(4){collecting, !done}{site};
    for (int i = 0; i < 4; i++) {
        Sensor sn = new Sensor(i, i * 1.5){raw}{site};
    }
    taskexit(s{!initialstate});
}

task filter(Sensor sn{raw && !filtered}) {
    if (sn.reading > 4.0)
        sn.reading = 4.0;
    taskexit(sn{!raw, filtered});
}

task report(Station st{collecting && !done}{location l}, Sensor sn{filtered && !(raw || reported)}{location l}) {
    st.got++;
    st.sum += sn.reading;
    if (st.got == st.expected) {
        System.out.println("mean " + st.sum / st.got);
        taskexit(st{!collecting, done}{!l}, sn{reported}{!l});
    }
    taskexit(sn{reported}{!l});
}
