class Drawing {
    flag saving;
}

class Image {
    flag compressed;
}

task startup(StartupObject s{initialstate}) {
    tag t = new tag(link);
    new Drawing(){saving}{t};
    new Image(){compressed}{t};
    taskexit(s{!initialstate});
}

task finish(Drawing d{saving}{link t}, Image img{compressed}{album t}) { //~ ERROR E0410
    taskexit(d{!saving}, img{!compressed});
}
