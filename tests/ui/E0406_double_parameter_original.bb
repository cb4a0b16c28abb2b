task startup(StartupObject s{initialstate}) {
    taskexit(s{!initialstate});
}

task scale(double factor{true}) { //~ ERROR E0406
    taskexit();
}
