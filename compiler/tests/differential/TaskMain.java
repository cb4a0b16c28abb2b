// The Java model of the task programs (tasks.rs): objects with flags and
// tags, and a sequential scheduler that invokes a random enabled task until
// none is left; new objects become visible when their task ends.
import java.util.*;

class TaskTag {
    final String type;
    TaskTag(String type) { this.type = type; }
}

abstract class TaskObj {
    long flags;
    final ArrayList<TaskTag> tags = new ArrayList<>();
    boolean has(int bit) { return ((flags >>> bit) & 1L) != 0; }
    void set(int bit, boolean v) { if (v) flags |= 1L << bit; else flags &= ~(1L << bit); }
    TaskTag tag(String type) {
        for (TaskTag t : tags) if (t.type.equals(type)) return t;
        return null;
    }
    void bind(TaskTag t) { if (!tags.contains(t)) tags.add(t); }
    void unbind(TaskTag t) { tags.remove(t); }
}

abstract class TaskDef {
    final String name;
    final int arity;
    TaskDef(String name, int arity) { this.name = name; this.arity = arity; }
    abstract boolean guard(int i, TaskObj o);
    boolean tags(TaskObj[] ps) { return true; }
    abstract void run(TaskObj[] ps, TaskSched s);
}

final class TaskSched {
    final ArrayList<TaskObj> live = new ArrayList<>();
    final ArrayList<TaskObj> fresh = new ArrayList<>();
    final Random rnd;
    TaskSched(long seed) { rnd = new Random(seed); }
    void alloc(TaskObj o) { fresh.add(o); }

    private boolean find(TaskDef t, List<List<TaskObj>> cands, TaskObj[] ps, int i) {
        if (i == ps.length) return t.tags(ps);
        for (TaskObj o : cands.get(i)) {
            boolean used = false;
            for (int k = 0; k < i; k++) used |= ps[k] == o;
            if (used) continue;
            ps[i] = o;
            if (find(t, cands, ps, i + 1)) return true;
        }
        return false;
    }

    /** Runs tasks until none is enabled; false if it does not end. */
    boolean run(TaskDef[] tasks) {
        live.addAll(fresh);
        fresh.clear();
        List<TaskDef> order = new ArrayList<>(Arrays.asList(tasks));
        for (int step = 0; step < 1000000; step++) {
            Collections.shuffle(order, rnd);
            boolean ran = false;
            for (TaskDef t : order) {
                List<List<TaskObj>> cands = new ArrayList<>();
                for (int i = 0; i < t.arity; i++) {
                    List<TaskObj> c = new ArrayList<>();
                    for (TaskObj o : live) if (t.guard(i, o)) c.add(o);
                    Collections.shuffle(c, rnd);
                    cands.add(c);
                }
                TaskObj[] ps = new TaskObj[t.arity];
                if (find(t, cands, ps, 0)) {
                    t.run(ps, this);
                    live.addAll(fresh);
                    fresh.clear();
                    ran = true;
                    break;
                }
            }
            if (!ran) return true;
        }
        return false;
    }
}

public class TaskMain {
    public static void main(String[] args) throws Exception {
        for (String name : args) {
            System.out.println("=== case " + name.substring(1));
            try {
                TaskSched s = new TaskSched(Long.parseLong(name.substring(1)));
                Class<?> c = Class.forName(name);
                c.getDeclaredMethod("init", TaskSched.class).invoke(null, s);
                TaskDef[] tasks = (TaskDef[]) c.getDeclaredField("TASKS").get(null);
                if (!s.run(tasks)) System.out.println("!!! JAVA NONTERMINATION");
            } catch (java.lang.reflect.InvocationTargetException e) {
                System.out.println("!!! JAVA EXCEPTION " + e.getCause());
            }
        }
        System.out.flush();
    }
}
