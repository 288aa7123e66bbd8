package com.esotericsoftware.kryonet.rmi;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.KryoException;
import com.esotericsoftware.kryo.KryoSerializable;
import com.esotericsoftware.kryo.Serializer;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import com.esotericsoftware.kryo.serializers.FieldSerializer;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The wire of KryoNet's RMI for the tests' KryoNetPeer, written from scratch after the facts in
 * Docs/KryoNet.md ("Remote method invocation"), under KryoNet's class names: the classes
 * registerClasses registers and in its order, InvokeMethod's own write and read, the result's field
 * serializer in KryoNet 2.21's form (Kryo 2.20) or the later form (crykn, Kryo 5), and the method
 * order. Objects are registered by id in one table (the peer has one connection per object space).
 */
public class ObjectSpace {
    static final Map<Class<?>, Method[]> methodCache = new HashMap<>();
    /** The objects the other end may call, by id. */
    public static final Map<Integer, Object> objects = new HashMap<>();
    /** 2 for KryoNet 2.21's result form, 5 for the later one. */
    static int form = 2;

    /** ObjectSpace.registerClasses: Object[], InvokeMethod, InvokeMethodResult, InvocationHandler. */
    @SuppressWarnings({"rawtypes", "unchecked"})
    public static void registerClasses(Kryo kryo, int kryoVersion) throws Exception {
        form = kryoVersion;
        kryo.register(Object[].class);
        kryo.register(InvokeMethod.class);
        if (kryoVersion == 2) {
            // KryoNet 2.21: the default field serializer, objectID's class set to int with a
            // positive-varint serializer (which Kryo 2.20's field serializer ignores for a public
            // int field it reaches through ReflectASM).
            FieldSerializer serializer = (FieldSerializer) kryo.register(InvokeMethodResult.class).getSerializer();
            Object field = serializer.getField("objectID");
            field.getClass().getMethod("setClass", Class.class, Serializer.class).invoke(field, int.class, new Serializer() {
                public void write(Kryo k, Output output, Object object) { output.writeInt((Integer) object, true); }
                public Object read(Kryo k, Input input, Class type) { return input.readInt(true); }
            });
        } else {
            // The later ObjectSpace: the fields without objectID, then objectID as a positive varint.
            FieldSerializer serializer = new FieldSerializer(kryo, InvokeMethodResult.class) {
                public void write(Kryo k, Output output, Object object) {
                    super.write(k, output, object);
                    output.writeInt(((InvokeMethodResult) object).objectID, true);
                }
                public Object read(Kryo k, Input input, Class type) {
                    InvokeMethodResult result = (InvokeMethodResult) super.read(k, input, type);
                    result.objectID = input.readInt(true);
                    return result;
                }
            };
            serializer.removeField("objectID");
            kryo.register(InvokeMethodResult.class, serializer);
        }
        kryo.register(InvocationHandler.class, new Serializer() {
            public void write(Kryo k, Output output, Object object) {
                throw new KryoException("the peer sends no remote object references");
            }
            public Object read(Kryo k, Input input, Class type) {
                return objects.get(input.readInt(true));
            }
        });
    }

    /** The methods of an interface in ObjectSpace's order: by name, count, parameter type names. */
    public static Method[] getMethods(Class<?> type) {
        Method[] cached = methodCache.get(type);
        if (cached != null) return cached;
        List<Method> methods = new ArrayList<>();
        for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
            for (Method m : c.getDeclaredMethods()) {
                int modifiers = m.getModifiers();
                if (Modifier.isStatic(modifiers) || Modifier.isPrivate(modifiers) || m.isSynthetic()) continue;
                methods.add(m);
            }
        }
        Collections.sort(methods, (a, b) -> {
            int diff = a.getName().compareTo(b.getName());
            if (diff != 0) return diff;
            Class<?>[] pa = a.getParameterTypes(), pb = b.getParameterTypes();
            if (pa.length != pb.length) return pa.length - pb.length;
            for (int i = 0; i < pa.length; i++) {
                diff = pa[i].getName().compareTo(pb[i].getName());
                if (diff != 0) return diff;
            }
            throw new IllegalStateException("two methods with one signature");
        });
        cached = methods.toArray(new Method[0]);
        methodCache.put(type, cached);
        return cached;
    }

    /** A call: writes and reads itself as KryoNet's InvokeMethod does. */
    public static class InvokeMethod implements KryoSerializable {
        public int objectID;
        public Method method;
        public Object[] args;
        public byte responseID;

        @SuppressWarnings({"rawtypes", "unchecked"})
        public void write(Kryo kryo, Output output) {
            output.writeInt(objectID, true);
            output.writeInt(kryo.getRegistration(method.getDeclaringClass()).getId(), true);
            Method[] methods = getMethods(method.getDeclaringClass());
            int index = 0;
            while (!methods[index].equals(method)) index++;
            output.writeByte(index);
            Class<?>[] types = method.getParameterTypes();
            for (int i = 0; i < types.length; i++) {
                if (kryo.isFinal(types[i])) kryo.writeObjectOrNull(output, args[i], kryo.getSerializer(types[i]));
                else kryo.writeClassAndObject(output, args[i]);
            }
            output.writeByte(responseID);
        }

        @SuppressWarnings({"rawtypes", "unchecked"})
        public void read(Kryo kryo, Input input) {
            objectID = input.readInt(true);
            Class<?> type = kryo.getRegistration(input.readInt(true)).getType();
            byte index = input.readByte();
            Method[] methods = getMethods(type);
            if (index < 0 || index >= methods.length)
                throw new KryoException("Invalid method index " + index + " for class: " + type.getName());
            method = methods[index];
            Class<?>[] types = method.getParameterTypes();
            args = new Object[types.length];
            for (int i = 0; i < types.length; i++) {
                if (kryo.isFinal(types[i])) args[i] = kryo.readObjectOrNull(input, (Class) types[i], kryo.getSerializer(types[i]));
                else args[i] = kryo.readClassAndObject(input);
            }
            responseID = input.readByte();
        }
    }

    /** A call's answer. */
    public static class InvokeMethodResult {
        public int objectID;
        public byte responseID;
        public Object result;
    }

    /**
     * Calls the method on the object registered with the call's id, as ObjectSpace.invoke does;
     * returns the answer to send, or null when the object is unknown or no answer is wanted.
     */
    public static InvokeMethodResult invoke(InvokeMethod call) throws Exception {
        Object target = objects.get(call.objectID);
        if (target == null) return null;
        boolean returnValue = (call.responseID & 0x80) != 0;
        boolean exceptions = (call.responseID & 0x40) != 0;
        Object result;
        try {
            result = call.method.invoke(target, call.args);
        } catch (InvocationTargetException ex) {
            if (!exceptions) throw ex;
            result = ex.getCause();
        }
        int number = call.responseID & 0x3F;
        if ((form == 2 ? call.responseID : number) == 0) return null;
        InvokeMethodResult answer = new InvokeMethodResult();
        answer.objectID = call.objectID;
        answer.responseID = form == 2 ? call.responseID : (byte) number;
        answer.result = !returnValue && !call.method.getReturnType().isPrimitive() ? null : result;
        return answer;
    }
}
