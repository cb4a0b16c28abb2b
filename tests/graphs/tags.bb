// Tag counts: a Node starts with one `link` tag; `grow` binds a second,
// fresh tag instance (so the count may become "many"); `shrink` unbinds the
// tag its guard bound.
class Node {
    flag open;
    flag closed;
}

task startup(StartupObject s in initialstate) {
    tag t = new tag(link);
    new Node() { open := true, add t };
    taskexit(s: initialstate := false);
}

task grow(Node n in open with link t) {
    tag u = new tag(link);
    taskexit(n: open := false, closed := true, add u);
}

task shrink(Node n in closed with link t) {
    taskexit(n: closed := false, clear t);
}
