class Sensor {
    double last;

    double read() {
        return last;
    }

    abstract void calibrate(); //~ ERROR E0121
}

task startup(StartupObject s in initialstate) {
    taskexit(s: initialstate := false);
}
