/*
 * KryoNetPeer's remote objects (--classes rmi), registered as the chat RMI example's Network does
 * (ObjectSpace.registerClasses, IPlayer, IChatFrame, String[]), then test.ICalc. The server's
 * object space holds an IPlayer as 1 and an ICalc (which extends test.IGreeter, registered after
 * it) as 3; the client's an IChatFrame as 2.
 *
 * Stdout: INVOKED <objectID> <Interface>.<method> [<desc>;<desc>] data=<responseData>   each call
 *         RESULT objectID=<n> responseID=<n> <desc>                                    each answer
 * Stdin:  CALL <id>|- <objectID> <Interface> <method> <responseData> [<arg> | <arg> ...]
 *         calls the method (the first of that name with as many parameters as arguments) with the
 *         response byte given; arguments are separated by " | ": null, i:<int>, l:<long>,
 *         s:<string>, a:<a,b,c> (String[]), d:<double>.
 */

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryonet.examples.chatrmi.IChatFrame;
import com.esotericsoftware.kryonet.examples.chatrmi.IPlayer;
import com.esotericsoftware.kryonet.rmi.ObjectSpace;
import com.esotericsoftware.kryonet.rmi.ObjectSpace.InvokeMethod;
import com.esotericsoftware.kryonet.rmi.ObjectSpace.InvokeMethodResult;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;

import test.ICalc;
import test.IGreeter;

class RmiObjects {
    static void register(Kryo kryo, int kryoVersion, boolean server) throws Exception {
        ObjectSpace.registerClasses(kryo, kryoVersion);
        kryo.register(IPlayer.class);
        kryo.register(IChatFrame.class);
        kryo.register(String[].class);
        kryo.register(ICalc.class);
        kryo.register(IGreeter.class);
        if (server) {
            ObjectSpace.objects.put(1, new Player());
            ObjectSpace.objects.put(3, new Calc());
        } else {
            ObjectSpace.objects.put(2, new ChatFrame());
        }
    }

    /** Handles an RMI message; false for any other object. */
    static boolean received(KryoNetPeer peer, KryoNetPeer.Conn c, Object object) {
        if (object instanceof InvokeMethod) {
            InvokeMethod call = (InvokeMethod) object;
            List<String> args = new ArrayList<>();
            for (Object a : call.args) args.add(describe(a));
            KryoNetPeer.emit("INVOKED " + call.objectID + " " + call.method.getDeclaringClass().getSimpleName() + "."
                + call.method.getName() + " [" + String.join(";", args) + "] data=" + call.responseID);
            try {
                InvokeMethodResult answer = ObjectSpace.invoke(call);
                if (answer != null) peer.sendTCP(c, answer);
            } catch (Exception e) {
                KryoNetPeer.emit("ERROR invoke: " + KryoNetPeer.firstLine(e));
            }
            return true;
        }
        if (object instanceof InvokeMethodResult) {
            InvokeMethodResult r = (InvokeMethodResult) object;
            KryoNetPeer.emit("RESULT objectID=" + r.objectID + " responseID=" + r.responseID + " " + describe(r.result));
            return true;
        }
        return false;
    }

    static String describe(Object o) {
        if (o instanceof String[]) {
            StringBuilder sb = new StringBuilder("String[] [");
            String[] a = (String[]) o;
            for (int i = 0; i < a.length; i++) sb.append(i == 0 ? "" : ",").append(KryoNetPeer.str(a[i]));
            return sb.append(']').toString();
        }
        return KryoNetPeer.describe(o);
    }

    static void call(KryoNetPeer peer, String line) {
        String[] w = line.split(" ", 6);
        KryoNetPeer.Conn c = peer.lookup(w[0]);
        Class<?> type = w[2].equals("ICalc") ? ICalc.class : w[2].equals("IGreeter") ? IGreeter.class
            : w[2].equals("IPlayer") ? IPlayer.class : IChatFrame.class;
        String[] specs = w.length > 5 && !w[5].isEmpty() ? w[5].split(" \\| ", -1) : new String[0];
        Method method = null;
        for (Method m : ObjectSpace.getMethods(type))
            if (m.getName().equals(w[3]) && m.getParameterCount() == specs.length) { method = m; break; }
        if (method == null) throw new IllegalArgumentException("no method " + w[3] + "/" + specs.length);
        InvokeMethod call = new InvokeMethod();
        call.objectID = Integer.parseInt(w[1]);
        call.method = method;
        call.responseID = (byte) Integer.parseInt(w[4]);
        call.args = new Object[specs.length];
        for (int i = 0; i < specs.length; i++) call.args[i] = argument(specs[i]);
        peer.sendTCP(c, call);
    }

    static Object argument(String spec) {
        if (spec.equals("null")) return null;
        String v = spec.substring(2);
        switch (spec.charAt(0)) {
            case 'i': return Integer.parseInt(v);
            case 'l': return Long.parseLong(v);
            case 'd': return Double.parseDouble(v);
            case 's': return v;
            case 'a': return v.isEmpty() ? new String[0] : v.split(",", -1);
            default: throw new IllegalArgumentException("argument " + spec);
        }
    }

    static class Player implements IPlayer {
        public void registerName(String name) { }
        public void sendMessage(String message) { }
    }

    static class ChatFrame implements IChatFrame {
        public void addMessage(String message) { }
        public void setNames(String[] names) { }
    }

    static class Calc implements ICalc {
        public int add(int a, int b) { return a + b; }
        public long add(long a, long b) { return a + b; }
        public String concat(String a, String b) { return a + b; }
        public String describe(Object o) { return o == null ? "null" : o.getClass().getSimpleName() + ":" + o; }
        public double half(int x) { return x / 2.0; }
        public boolean flag() { return true; }
        public String[] names(String[] in) {
            if (in == null) return null;
            String[] out = new String[in.length];
            for (int i = 0; i < in.length; i++) out[in.length - 1 - i] = in[i];
            return out;
        }
        public Integer boxed(Integer x) { return x == null ? null : x + 1; }
        public String hello(String name) { return "hi " + name; }
    }
}
