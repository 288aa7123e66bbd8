import com.esotericsoftware.kryo.Kryo;

import java.time.DayOfWeek;
import java.time.Month;
import java.util.EnumSet;

/**
 * Java side of JDKEnumSetPeerTests (Kryo 2.20, 4.0.3 and 5.6.2): EnumSets of the JDK's own enums
 * (java.time.DayOfWeek, java.time.Month), which a schema file need not declare, in a field and
 * beside a plain constant (Kryo 2.20 cannot write an empty one).
 *
 * Run by Tests/PeerCases/PeerCases.java: references on and off, both ways.
 */
public final class JDKEnumSetPeer {
    public static class Week {
        EnumSet<DayOfWeek> days;
        EnumSet<Month> months;
        DayOfWeek first;

        @Override
        public String toString() {
            return "Week(" + days + ", " + months + ", " + first + ")";
        }
    }

    static Week week() {
        Week week = new Week();
        week.days = EnumSet.of(DayOfWeek.SATURDAY, DayOfWeek.MONDAY, DayOfWeek.SUNDAY);
        week.months = EnumSet.of(Month.MARCH);
        week.first = DayOfWeek.MONDAY;
        return week;
    }

    static Kryo newKryo(boolean refs) {
        Kryo kryo = new Kryo();
        kryo.setReferences(refs);
        kryo.setRegistrationRequired(true);
        kryo.register(EnumSet.class, 20);
        kryo.register(DayOfWeek.class, 21);
        kryo.register(Month.class, 22);
        kryo.register(Week.class, 23);
        return kryo;
    }

    public static void main(String[] args) throws Exception {
        PeerCases.run(args[0], JDKEnumSetPeer::newKryo, JDKEnumSetPeer::week);
    }
}
