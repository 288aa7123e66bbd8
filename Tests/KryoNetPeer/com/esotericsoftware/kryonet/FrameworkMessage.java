package com.esotericsoftware.kryonet;

/**
 * The five internal messages of the KryoNet protocol, declared under KryoNet's own class names so
 * that our endpoint registers the same classes, in the same order, as KryoNet's KryoSerialization
 * (written for SwiftKryo's tests; this is not KryoNet's source). Only the registration ids and the
 * field layout matter on the wire: with registration required, class names are never written.
 */
public interface FrameworkMessage {
    /** The server's first message on a new TCP connection: the id it assigned. */
    class RegisterTCP implements FrameworkMessage {
        public int connectionID;
    }

    /** Client to server by UDP (its connection id), answered by the server over TCP (id 0). */
    class RegisterUDP implements FrameworkMessage {
        public int connectionID;
    }

    /** Sent when a side has written nothing for the keep-alive interval. */
    class KeepAlive implements FrameworkMessage {
    }

    /** LAN discovery request, one datagram; a server answers with an empty datagram. */
    class DiscoverHost implements FrameworkMessage {
    }

    /** Round-trip measurement: the receiver sends it back with isReply set. */
    class Ping implements FrameworkMessage {
        public int id;
        public boolean isReply;
    }
}
