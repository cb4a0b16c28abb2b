// instanceof on null (false), on subclasses and siblings; successful
// checked downcasts; casts of null; casts to Object and String;
// instanceof after upcast to Object; arrays.

class Vehicle {
    int wheels() {
        return 0;
    }
}

class Car extends Vehicle {
    int wheels() {
        return 4;
    }

    String honk() {
        return "beep";
    }
}

class Bike extends Vehicle {
    int wheels() {
        return 2;
    }
}

class SportsCar extends Car {
    String honk() {
        return "VROOM";
    }
}

class CastTest {
    static String classify(Object o) {
        if (o == null)
            return "null";
        if (o instanceof SportsCar)
            return "sportscar";
        if (o instanceof Car)
            return "car";
        if (o instanceof Vehicle)
            return "vehicle";
        if (o instanceof String)
            return "string:" + ((String) o).length();
        if (o instanceof int[])
            return "int[" + ((int[]) o).length + "]";
        return "object";
    }

    static void run() {
        Object[] things = { new Vehicle(), new Car(), new Bike(), new SportsCar(), "hello", new int[3], new Object(), null, new Integer(3) };
        for (int i = 0; i < things.length; i++)
            System.out.println(i + " " + classify(things[i]));
        Vehicle v = new SportsCar();
        Car c = (Car) v;
        System.out.println(c.honk() + " " + ((Car) v).wheels() + " " + ((SportsCar) c).honk());
        Vehicle nothing = null;
        Car nc = (Car) nothing;
        System.out.println((nc == null) + " " + (nothing instanceof Vehicle) + " " + (nc instanceof Car));
        Object o = "str";
        String s = (String) o;
        Object back = (Object) s;
        System.out.println(s + " " + (back == o));
        int wheels = 0;
        Vehicle[] fleet = { new Car(), new Bike(), new SportsCar(), new Bike() };
        int cars = 0;
        for (int i = 0; i < fleet.length; i++) {
            wheels += fleet[i].wheels();
            if (fleet[i] instanceof Car)
                cars++;
        }
        System.out.println(wheels + " " + cars);
        Object arr = new String[] { "a" };
        System.out.println((arr instanceof Object[]) + " " + (arr instanceof String[]) + " " + ((String[]) arr)[0]);
        Object boxed = new Double(2.5);
        System.out.println((boxed instanceof Double) + " " + (boxed instanceof Number) + " " + (boxed instanceof Integer) + " " + ((Number) boxed).intValue());
    }
}

task startup(StartupObject s in initialstate) {
    CastTest.run();
    taskexit(s: initialstate := false);
}
