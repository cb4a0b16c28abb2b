// Type errors in different methods and tasks: each one is reported, and
// one error does not hide the next.

class Shop {
    int stock;
    String name;

    int price() {
        return "ten"; //~ ERROR E0200
    }

    boolean open(int hour) {
        if (hour) //~ ERROR E0203
            return true;
        return false;
    }

    void restock(int n) {
        stock = stock + true; //~ ERROR E0201
    }

    void rename(String n) {
        name = n;
    }

    void sell() {
        rename(42); //~ ERROR E0104
        byte b = 1000; //~ ERROR E0215
    }
}

task startup(StartupObject s in initialstate) {
    Shop shop = new Shop();
    shop.rename("corner");
    int c = shop.name; //~ ERROR E0200
    shop.close(); //~ ERROR E0103
    taskexit(s: initialstate := false);
}
