package com.esotericsoftware.kryonet.examples.chat;

import com.esotericsoftware.kryo.Kryo;

/**
 * The classes of KryoNet's chat example, under the example's own class names and registered in the
 * example's order, so that registration ids match a real chat client or server (written for
 * SwiftKryo's tests; this is not KryoNet's source).
 */
public class Network {
    public static final int port = 54555;

    public static void register(Kryo kryo) {
        kryo.register(RegisterName.class);
        kryo.register(String[].class);
        kryo.register(UpdateNames.class);
        kryo.register(ChatMessage.class);
    }

    public static class RegisterName {
        public String name;
    }

    public static class UpdateNames {
        public String[] names;
    }

    public static class ChatMessage {
        public String text;
    }
}
