/*
 * KryoNetPeer: a small KryoNet-protocol endpoint (server or client) for SwiftKryo's KryoNet tests,
 * written from scratch on the real Kryo jars and java.nio sockets. It frames, registers and
 * handshakes as KryoNet 2.21 (Kryo 2.20) and crykn/kryonet (Kryo 5) do; see Docs/KryoNet.md,
 * "Protocol facts", for each rule and where KryoNet has it. No KryoNet code is used.
 *
 * Files: this class; com/esotericsoftware/kryonet/FrameworkMessage.java and
 * com/esotericsoftware/kryonet/examples/chat/Network.java (our own declarations under KryoNet's class
 * names, so registrations match); test/{SampleBean,OtherBean,SampleEnum}.java (copies of
 * Tests/JavaPeer/test's classes, same fields, without their peer.Peers dependency). The folder
 * compiles on its own. Benchmarks/JavaKryoNet/KryoNetBench.java extends this class (the KryoNet
 * benchmark): it overrides registerClasses, received, startStdinReader, hasWork and work.
 *
 * Build (the same sources compile against either Kryo; the jars on the class path pick the dialect):
 *   javac -d OUT -cp "$(kryo_classpath 2.20)" $(find Tests/KryoNetPeer -name '*.java')
 *   (kryo_classpath comes from Tests/kryo-jars.sh; use 5.6.2 for Kryo 5)
 * Run:
 *   java -cp OUT:JARS KryoNetPeer --kryo 2|5 --role server|client [--host 127.0.0.1] [--tcp PORT]
 *        [--udp PORT] [--classes sample|chat] [--keepalive MS] [--timeout MS] [--udp-keepalive MS]
 *        [--write-buffer N] [--object-buffer N] [--connect-timeout MS] [--first-id N] [--echo]
 *   --kryo must name the Kryo on the class path (checked); it also picks how a frame's leftover
 *   bytes are counted (see deserialize). Server: --tcp and --udp are the ports to
 *   bind (0 = ephemeral; no --udp = TCP only). Client: the server's ports; without --tcp the client
 *   only answers DISCOVER commands. Defaults as KryoNet: server write buffer 16384, client 8192,
 *   object buffer 2048, TCP keep-alive 8000, timeout 12000, client UDP keep-alive 19000, connect
 *   timeout 5000. --first-id sets the server's next connection id (to test the wrap-around).
 *
 * Stdout, one line per event, flushed at once:
 *   READY tcp=P udp=P|-1                 server, after binding
 *   CONNECTED <id>  /  CONNECTED id=<id> server / client, when the handshake completes
 *   RECEIVED <id> TCP|UDP <desc>         server: every object KryoNet's listeners would see
 *   RECEIVED TCP|UDP <desc>              client: likewise
 *   PINGRTT <id>|- <ms>                  the reply to our own latest ping arrived
 *   ERROR <message>                      protocol error (bad length, undecodable frame, wrong byte
 *                                        count, write buffer overflow, timeout, TCP before UDP
 *                                        registration), printed before the DISCONNECTED it causes;
 *                                        an undecodable datagram at the server only prints ERROR.
 *                                        A TCP write buffer overflow closes the connection under
 *                                        --kryo 5 (crykn); under --kryo 2 it does not (KryoNet
 *                                        2.21): the connection sends nothing more, and when the
 *                                        send was not a command's (a keep-alive, a ping's answer,
 *                                        an echo) "ERROR update thread ended: ..." follows and the
 *                                        whole peer stops reading and writing until QUIT
 *   DISCONNECTED <id>  /  DISCONNECTED   a connection closed (the client process then exits 0)
 *   DISCOVERED <ip> ... DISCOVERY_DONE <n>
 * Listeners do not see the handshake: RegisterTCP/RegisterUDP consumed by the handshake and
 * DiscoverHost datagrams are not printed as RECEIVED (KeepAlive and Ping are). A server prints
 * DISCONNECTED also for a connection closed while it waited for UDP registration (KryoNet's
 * listeners get disconnected() for it too). Command mistakes go to stderr, never to stdout.
 *
 * Descriptions (<desc>): strings are printed raw, with '\' as "\\", newline "\n", CR "\r"; null as null.
 *   SampleBean key=<int> name=<s>
 *   OtherBean map=<m> beans=<l> kind=<NAME|null>   m: {k:v,k:v} sorted by key, or null;
 *                                                  l: [<desc>;<desc>] (element descriptions), or null
 *   SampleEnum <NAME>           String <s>            ArrayList [<desc>;<desc>]    HashMap {k:v,...}
 *   RegisterName name=<s>       UpdateNames names=[a,b,c] | names=null           ChatMessage text=<s>
 *   RegisterTCP connectionID=<n>   RegisterUDP connectionID=<n>   KeepAlive   DiscoverHost
 *   Ping id=<n> isReply=<true|false>       anything else: <SimpleClassName> <toString>
 *
 * Stdin commands, one per line (<id> is a connection id on the server, "-" on the client):
 *   SEND <id> TCP|UDP <value>     SENDALL TCP|UDP <value>     SENDALLEXCEPT <id> TCP|UDP <value>
 *   RAW <id> TCP|UDP <hex>        bytes as they are: no length prefix added (to send bad frames)
 *   CLOSE <id>     QUIT (also on stdin EOF)     SLEEP <ms> (stall: no commands, reads or keep-alives)
 *   DISCOVER <udpPort> <timeoutMs>   (client) broadcast one DiscoverHost as KryoNet 2.21 does
 *   values: bean <key> <name|null>  |  other  |  enum <NAME>  |  name <text>  |  names <a,b,c>
 *           (names null = null array, names alone = empty array)  |  chat <text>  |  string <text>
 *           |  keepalive  |  ping  (sends Ping{id=next, isReply=false} over TCP, whatever the transport)
 * --echo: every non-framework object received is sent back to its sender over the same transport.
 * Exit status: 0 on QUIT/EOF or after the client's DISCONNECTED; 1 when a client cannot connect
 * or register (an ERROR line says why); 2 on bad arguments.
 */

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import com.esotericsoftware.kryonet.FrameworkMessage;
import com.esotericsoftware.kryonet.FrameworkMessage.DiscoverHost;
import com.esotericsoftware.kryonet.FrameworkMessage.KeepAlive;
import com.esotericsoftware.kryonet.FrameworkMessage.Ping;
import com.esotericsoftware.kryonet.FrameworkMessage.RegisterTCP;
import com.esotericsoftware.kryonet.FrameworkMessage.RegisterUDP;
import com.esotericsoftware.kryonet.examples.chat.Network;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.nio.channels.DatagramChannel;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.LinkedBlockingQueue;

import test.OtherBean;
import test.SampleBean;
import test.SampleEnum;

public class KryoNetPeer {
    // ---------------------------------------------------------------- options

    boolean server;
    String host = "127.0.0.1";
    int tcpPort = -1, udpPort = -1;
    boolean chat;
    /** --classes rmi: ObjectSpace.registerClasses, IPlayer, IChatFrame, String[], ICalc (see RmiObjects). */
    boolean rmi;
    int keepAliveMillis = 8000, timeoutMillis = 12000, udpKeepAliveMillis = 19000;
    int writeBufferSize = -1, objectBufferSize = 2048;
    int connectTimeout = 5000;
    boolean echo;
    int kryoVersion;

    static void usage(String message) {
        System.err.println("KryoNetPeer: " + message);
        System.err.println("usage: KryoNetPeer --kryo 2|5 --role server|client [--host H] [--tcp PORT] [--udp PORT]"
            + " [--classes sample|chat] [--keepalive MS] [--timeout MS] [--udp-keepalive MS] [--write-buffer N]"
            + " [--object-buffer N] [--connect-timeout MS] [--first-id N] [--echo]");
        System.exit(2);
    }

    static int intArg(String name, String value, int min) {
        try {
            int v = Integer.parseInt(value);
            if (v < min) usage(name + " must be at least " + min + ": " + value);
            return v;
        } catch (NumberFormatException e) {
            usage(name + " needs an integer: " + value);
            return 0;
        }
    }

    static boolean hasClass(String name) {
        try {
            Class.forName(name, false, KryoNetPeer.class.getClassLoader());
            return true;
        } catch (ClassNotFoundException e) {
            return false;
        }
    }

    public static void main(String[] args) throws Exception {
        KryoNetPeer p = new KryoNetPeer();
        p.configure(args);
        System.exit(p.run());
    }

    /** Reads the command line (see the header comment); exits with status 2 on a mistake. */
    void configure(String[] args) {
        KryoNetPeer p = this;
        String kryoVersion = null, role = null;
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            if (a.equals("--echo")) { p.echo = true; continue; }
            if (i + 1 >= args.length) usage("missing value for " + a);
            String v = args[++i];
            switch (a) {
                case "--kryo": kryoVersion = v; break;
                case "--role": role = v; break;
                case "--host": p.host = v; break;
                case "--tcp": p.tcpPort = intArg(a, v, 0); break;
                case "--udp": p.udpPort = intArg(a, v, 0); break;
                case "--classes":
                    if (!v.equals("sample") && !v.equals("chat") && !v.equals("rmi"))
                        usage("--classes must be sample, chat or rmi");
                    p.chat = v.equals("chat");
                    p.rmi = v.equals("rmi");
                    break;
                case "--keepalive": p.keepAliveMillis = intArg(a, v, 0); break;
                case "--timeout": p.timeoutMillis = intArg(a, v, 0); break;
                case "--udp-keepalive": p.udpKeepAliveMillis = intArg(a, v, 0); break;
                case "--write-buffer": p.writeBufferSize = intArg(a, v, 8); break;
                case "--object-buffer": p.objectBufferSize = intArg(a, v, 8); break;
                case "--connect-timeout": p.connectTimeout = intArg(a, v, 1); break;
                case "--first-id":
                    try { p.nextConnectionID = Integer.parseInt(v); } catch (NumberFormatException e) { usage("--first-id needs an integer"); }
                    break;
                default: usage("unknown option " + a);
            }
        }
        if (kryoVersion == null) usage("--kryo is required");
        if (!kryoVersion.equals("2") && !kryoVersion.equals("5")) usage("--kryo must be 2 or 5");
        int loaded = hasClass("com.esotericsoftware.kryo.SerializerFactory") ? 5
            : hasClass("com.esotericsoftware.kryo.factories.SerializerFactory") ? 4 : 2;
        if (loaded != Integer.parseInt(kryoVersion))
            usage("--kryo " + kryoVersion + " but the class path has Kryo " + loaded);
        p.kryoVersion = loaded;
        if (role == null) usage("--role is required");
        if (!role.equals("server") && !role.equals("client")) usage("--role must be server or client");
        p.server = role.equals("server");
        if (p.server && p.tcpPort < 0) usage("the server needs --tcp");
        if (!p.server && p.tcpPort < 0 && p.udpPort >= 0) usage("--udp needs --tcp");
        if (p.writeBufferSize < 0) p.writeBufferSize = p.server ? 16384 : 8192;
    }

    // ---------------------------------------------------------------- Kryo, as KryoSerialization()

    final Kryo kryo = new Kryo();

    void setUpKryo() {
        kryo.setReferences(false);
        kryo.setRegistrationRequired(true);
        kryo.register(RegisterTCP.class);
        kryo.register(RegisterUDP.class);
        kryo.register(KeepAlive.class);
        kryo.register(DiscoverHost.class);
        kryo.register(Ping.class);
        registerClasses();
    }

    /** The application's classes, after the framework messages (a subclass may register others). */
    void registerClasses() {
        if (rmi) {
            try {
                RmiObjects.register(kryo, kryoVersion, server);
            } catch (Exception e) {
                throw new RuntimeException(e);
            }
        } else if (chat) {
            Network.register(kryo);
        } else {
            kryo.register(SampleBean.class);
            kryo.register(OtherBean.class);
            kryo.register(SampleEnum.class);
            kryo.register(ArrayList.class);
            kryo.register(HashMap.class);
        }
    }

    /** One Output for every object written, as KryoSerialization keeps one. */
    final Output output = new Output(256, -1);

    /** Writes an object into {@link #output}: its bytes are output.getBuffer()[0 ..< position()]. */
    Output serializeToOutput(Object object) {
        output.setPosition(0);
        kryo.writeClassAndObject(output, object);
        return output;
    }

    byte[] serialize(Object object) {
        return serializeToOutput(object).toBytes();
    }

    static final class ProtocolError extends Exception {
        ProtocolError(String message) { super(message); }
    }

    static String firstLine(Throwable t) {
        String m = t.getMessage();
        if (m == null) m = t.getClass().getName();
        int nl = m.indexOf('\n');
        return nl < 0 ? m : m.substring(0, nl);
    }

    /** Decodes one frame (TCP) or datagram (UDP) as TcpConnection.readObject and
     * UdpConnection.readObject do: a decoding failure is an error, and so are bytes the decoding
     * left in the frame. What "left" means differs: crykn reads the ByteBuffer directly with Kryo 5's
     * ByteBufferInput, so any unread byte counts; KryoNet 2.21 reads through a 512-byte Input over
     * a ByteBufferInputStream, and only bytes that Input never pulled from the stream count (so
     * trailing bytes within the read-ahead, e.g. anywhere in a frame of up to 512 bytes, are
     * silently dropped). {@link FrameStream} reproduces 2.21's stream, so both are exact. */
    Object deserialize(byte[] bytes, int length) throws ProtocolError {
        return deserialize(bytes, 0, length);
    }

    /** The Input and stream every frame is read with, reset for each (KryoNet keeps one of each). */
    final FrameStream frameStream = new FrameStream();
    final Input frameInput = new Input(512);

    /** Decodes bytes[offset ..< offset + length]. */
    Object deserialize(byte[] bytes, int offset, int length) throws ProtocolError {
        FrameStream stream = null;
        Input input = frameInput;
        if (kryoVersion == 2) {
            stream = frameStream;
            stream.reset(bytes, offset, offset + length);
            input.setInputStream(stream);
        } else {
            input.setBuffer(bytes, offset, length);
        }
        Object object;
        try {
            object = kryo.readClassAndObject(input);
        } catch (Exception e) {
            throw new ProtocolError("Error during deserialization: " + firstLine(e));
        }
        int used = stream != null ? stream.position - offset : input.position() - offset;
        if (used != length)
            throw new ProtocolError("Incorrect number of bytes (" + (length - used)
                + " remaining) used to deserialize object: " + describe(object));
        return object;
    }

    /** The frame as KryoNet 2.21's ByteBufferInputStream presents it to Kryo 2.20's Input. */
    static final class FrameStream extends java.io.InputStream {
        byte[] bytes;
        int limit;
        int position;

        void reset(byte[] bytes, int position, int limit) {
            this.bytes = bytes;
            this.position = position;
            this.limit = limit;
        }

        @Override public int read() {
            return position < limit ? bytes[position++] : -1; // sign-extended, as ByteBufferInputStream
        }

        @Override public int read(byte[] b, int off, int len) {
            int count = Math.min(limit - position, len);
            if (count == 0) return -1;
            System.arraycopy(bytes, position, b, off, count);
            position += count;
            return count;
        }

        @Override public int available() { return limit - position; }
    }

    // ---------------------------------------------------------------- output

    static synchronized void emit(String line) {
        System.out.print(line + "\n");
        System.out.flush();
    }

    static String str(String s) {
        if (s == null) return "null";
        return s.replace("\\", "\\\\").replace("\n", "\\n").replace("\r", "\\r");
    }

    static String describe(Object o) {
        if (o == null) return "null";
        if (o instanceof SampleBean) {
            SampleBean b = (SampleBean) o;
            return "SampleBean key=" + b.getKey() + " name=" + str(b.getName());
        }
        if (o instanceof OtherBean) {
            OtherBean b = (OtherBean) o;
            return "OtherBean map=" + describeMap(b.getMap()) + " beans=" + describeList(b.getBeans())
                + " kind=" + (b.getKind() == null ? "null" : b.getKind().name());
        }
        if (o instanceof SampleEnum) return "SampleEnum " + ((SampleEnum) o).name();
        if (o instanceof String) return "String " + str((String) o);
        if (o instanceof ArrayList) return "ArrayList " + describeList((List<?>) o);
        if (o instanceof HashMap) return "HashMap " + describeMap((Map<?, ?>) o);
        if (o instanceof Network.RegisterName) return "RegisterName name=" + str(((Network.RegisterName) o).name);
        if (o instanceof Network.UpdateNames) {
            String[] names = ((Network.UpdateNames) o).names;
            if (names == null) return "UpdateNames names=null";
            StringBuilder sb = new StringBuilder("UpdateNames names=[");
            for (int i = 0; i < names.length; i++) sb.append(i == 0 ? "" : ",").append(str(names[i]));
            return sb.append(']').toString();
        }
        if (o instanceof Network.ChatMessage) return "ChatMessage text=" + str(((Network.ChatMessage) o).text);
        if (o instanceof RegisterTCP) return "RegisterTCP connectionID=" + ((RegisterTCP) o).connectionID;
        if (o instanceof RegisterUDP) return "RegisterUDP connectionID=" + ((RegisterUDP) o).connectionID;
        if (o instanceof KeepAlive) return "KeepAlive";
        if (o instanceof DiscoverHost) return "DiscoverHost";
        if (o instanceof Ping) return "Ping id=" + ((Ping) o).id + " isReply=" + ((Ping) o).isReply;
        return o.getClass().getSimpleName() + " " + str(String.valueOf(o));
    }

    static String describeList(List<?> list) {
        if (list == null) return "null";
        StringBuilder sb = new StringBuilder("[");
        for (int i = 0; i < list.size(); i++) sb.append(i == 0 ? "" : ";").append(describe(list.get(i)));
        return sb.append(']').toString();
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    static String describeMap(Map<?, ?> map) {
        if (map == null) return "null";
        List<Map.Entry<?, ?>> entries = new ArrayList<>(map.entrySet());
        entries.sort((a, b) -> {
            Object x = a.getKey(), y = b.getKey();
            if (x instanceof Comparable && y != null && x.getClass() == y.getClass()) return ((Comparable) x).compareTo(y);
            return String.valueOf(x).compareTo(String.valueOf(y));
        });
        StringBuilder sb = new StringBuilder("{");
        for (int i = 0; i < entries.size(); i++) {
            Object k = entries.get(i).getKey(), v = entries.get(i).getValue();
            sb.append(i == 0 ? "" : ",").append(k instanceof String ? str((String) k) : String.valueOf(k)).append(':')
                .append(v == null ? "null" : v instanceof String ? str((String) v) : describe(v));
        }
        return sb.append('}').toString();
    }

    // ---------------------------------------------------------------- connections

    /** One TCP connection (and, with UDP, the address its datagrams come from), as KryoNet's
     * Connection + TcpConnection. */
    final class Conn {
        int id = -1;
        SocketChannel channel;
        SelectionKey key;
        final ByteBuffer readBuffer = ByteBuffer.allocate(objectBufferSize);
        final ByteBuffer writeBuffer = ByteBuffer.allocate(writeBufferSize);
        int currentObjectLength;
        long lastReadTime, lastWriteTime;
        InetSocketAddress udpRemoteAddress; // server: where its RegisterUDP came from
        boolean connected;                  // KryoNet's isConnected
        boolean closed;
        boolean wedged;                     // 2.21: a send overflowed the write buffer (see writeRaw)
        int lastPingID;
        long lastPingSendTime;

        Conn(SocketChannel channel) {
            this.channel = channel;
            readBuffer.flip();
            lastReadTime = lastWriteTime = System.currentTimeMillis();
        }

        String label() { return server ? String.valueOf(id) : "-"; }
    }

    Selector selector;
    final LinkedBlockingQueue<String> commands = new LinkedBlockingQueue<>();
    volatile boolean quit;
    boolean inCommand; // a stdin command is running: KryoNet's application thread, not its update thread
    boolean frozen;    // 2.21: the update thread died (see writeRaw); nothing is read, written or timed any more
    int exitCode = 0;

    // server
    ServerSocketChannel serverChannel;
    DatagramChannel serverUdp;
    ByteBuffer udpReadBuffer;
    int nextConnectionID = 1;
    final List<Conn> connections = new ArrayList<>(); // connected, newest first (Server.addConnection)
    final Map<Integer, Conn> pending = new LinkedHashMap<>(); // waiting for RegisterUDP
    final List<Conn> accepted = new ArrayList<>(); // every open TCP connection

    // client
    Conn client;
    DatagramChannel clientUdp;
    InetSocketAddress serverUdpAddress;
    boolean tcpRegistered, udpRegistered;
    long registrationDeadline, lastRegisterUDPSend, lastUdpCommunication;

    int run() throws IOException {
        setUpKryo();
        selector = Selector.open();
        startStdinReader();
        if (server) {
            bind();
        } else if (tcpPort >= 0) {
            if (!connect()) return 1;
        }
        while (!quit) {
            processCommands();
            if (quit) break;
            if (frozen) {
                // The sockets stay open, but nobody accepts, reads, writes or keeps them alive:
                // only QUIT.
                try {
                    Thread.sleep(20);
                } catch (InterruptedException ignored) {
                }
                continue;
            }
            if (hasWork()) selector.selectNow(); else selector.select(20);
            for (SelectionKey key : new ArrayList<>(selector.selectedKeys())) {
                selector.selectedKeys().remove(key);
                if (!key.isValid()) continue;
                try {
                    handleKey(key);
                } catch (java.nio.channels.CancelledKeyException e) {
                    Object a = key.attachment();
                    if (a instanceof Conn) close((Conn) a);
                }
            }
            if (server) serverUpdate(); else clientUpdate();
            work();
        }
        shutdown();
        return exitCode;
    }

    /** Whether {@link #work()} has something to do now: the loop then polls instead of waiting. */
    boolean hasWork() { return false; }

    /** Called once per turn of the loop, after the sockets' events (a subclass's own work). */
    void work() {}

    void startStdinReader() {
        Thread t = new Thread(() -> {
            try (BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8))) {
                String line;
                while ((line = in.readLine()) != null) {
                    commands.add(line);
                    selector.wakeup();
                }
            } catch (IOException ignored) {
            }
            commands.add("QUIT");
            selector.wakeup();
        }, "stdin");
        t.setDaemon(true);
        t.start();
    }

    void bind() throws IOException {
        serverChannel = ServerSocketChannel.open();
        serverChannel.socket().bind(new InetSocketAddress(tcpPort));
        serverChannel.configureBlocking(false);
        serverChannel.register(selector, SelectionKey.OP_ACCEPT);
        if (udpPort >= 0) {
            serverUdp = DatagramChannel.open();
            serverUdp.socket().bind(new InetSocketAddress(udpPort));
            serverUdp.configureBlocking(false);
            serverUdp.register(selector, SelectionKey.OP_READ);
            udpReadBuffer = ByteBuffer.allocate(objectBufferSize);
        }
        emit("READY tcp=" + serverChannel.socket().getLocalPort() + " udp="
            + (serverUdp == null ? -1 : serverUdp.socket().getLocalPort()));
    }

    boolean connect() {
        InetSocketAddress address = new InetSocketAddress(host, tcpPort);
        try {
            SocketChannel channel = SocketChannel.open();
            channel.socket().setTcpNoDelay(true);
            channel.socket().connect(address, 5000); // blocking, as TcpConnection.connect
            channel.configureBlocking(false);
            client = new Conn(channel);
            client.key = channel.register(selector, SelectionKey.OP_READ, client);
        } catch (IOException e) {
            emit("ERROR Unable to connect to: " + address + ": " + firstLine(e));
            return false;
        }
        registrationDeadline = System.currentTimeMillis() + connectTimeout;
        return true;
    }

    void shutdown() {
        if (server) {
            for (Conn c : new ArrayList<>(accepted)) close(c);
            try { serverChannel.close(); } catch (IOException ignored) { }
            if (serverUdp != null) try { serverUdp.close(); } catch (IOException ignored) { }
        } else if (client != null) {
            close(client);
        }
    }

    void close(Conn c) {
        if (c.closed) return;
        c.closed = true;
        boolean wasConnected = c.connected;
        c.connected = false;
        try { c.channel.close(); } catch (IOException ignored) { }
        if (server) {
            connections.remove(c);
            pending.remove(c.id);
            accepted.remove(c);
        } else {
            if (clientUdp != null) try { clientUdp.close(); } catch (IOException ignored) { }
            quit = true; // the client process ends with its connection
        }
        if (wasConnected) emit(server ? "DISCONNECTED " + c.id : "DISCONNECTED");
    }

    void fail(Conn c, String message) {
        if (c.closed) return;
        emit("ERROR " + message);
        close(c);
    }

    // ---------------------------------------------------------------- selector events

    void handleKey(SelectionKey key) throws java.nio.channels.CancelledKeyException {
        Object attachment = key.attachment();
        if (attachment instanceof Conn) {
            Conn c = (Conn) attachment;
            if (c.closed) return;
            // Server.update: with UDP, any TCP activity before the RegisterUDP datagram closes it.
            if (server && serverUdp != null && c.udpRemoteAddress == null) {
                fail(c, "TCP activity before UDP registration");
                return;
            }
            if (key.isReadable()) readTcp(c);
            if (!c.closed && key.isValid() && key.isWritable()) flush(c);
            return;
        }
        if (server && key.channel() == serverChannel) {
            if (key.isAcceptable()) accept();
            return;
        }
        if (server && key.channel() == serverUdp) {
            readServerUdp();
            return;
        }
        if (!server && key.channel() == clientUdp) readClientUdp();
    }

    void accept() {
        SocketChannel channel;
        try {
            channel = serverChannel.accept();
            if (channel == null) return;
            channel.configureBlocking(false);
            channel.socket().setTcpNoDelay(true);
        } catch (IOException e) {
            return;
        }
        Conn c = new Conn(channel);
        try {
            c.key = channel.register(selector, SelectionKey.OP_READ, c);
        } catch (IOException e) {
            try { channel.close(); } catch (IOException ignored) { }
            return;
        }
        c.id = nextConnectionID++;
        if (nextConnectionID == -1) nextConnectionID = 1;
        c.connected = true; // KryoNet marks it connected at accept, even while UDP is pending
        accepted.add(c);
        if (serverUdp == null) connections.add(0, c); else pending.put(c.id, c);
        RegisterTCP register = new RegisterTCP();
        register.connectionID = c.id;
        sendTCP(c, register);
        if (serverUdp == null && !c.closed) emit("CONNECTED " + c.id);
    }

    /** TcpConnection.readObject: one socket read per call; null when no whole frame is buffered. */
    Object readObject(Conn c) throws IOException, ProtocolError {
        ByteBuffer buf = c.readBuffer;
        if (c.currentObjectLength == 0) {
            if (buf.remaining() < 4) {
                buf.compact();
                int n = c.channel.read(buf);
                buf.flip();
                if (n == -1) throw new IOException("Connection is closed.");
                c.lastReadTime = System.currentTimeMillis();
                if (buf.remaining() < 4) return null;
            }
            c.currentObjectLength = buf.getInt();
            if (c.currentObjectLength <= 0) throw new ProtocolError("Invalid object length: " + c.currentObjectLength);
            if (c.currentObjectLength > buf.capacity())
                throw new ProtocolError("Unable to read object larger than read buffer: " + c.currentObjectLength);
        }
        int length = c.currentObjectLength;
        if (buf.remaining() < length) {
            buf.compact();
            int n = c.channel.read(buf);
            buf.flip();
            if (n == -1) throw new IOException("Connection is closed.");
            c.lastReadTime = System.currentTimeMillis();
            if (buf.remaining() < length) return null;
        }
        c.currentObjectLength = 0;
        int start = buf.position();
        buf.position(start + length);
        return deserialize(buf.array(), buf.arrayOffset() + start, length);
    }

    void readTcp(Conn c) {
        while (!c.closed) {
            Object object;
            try {
                object = readObject(c);
            } catch (IOException e) {
                close(c);
                return;
            } catch (ProtocolError e) {
                fail(c, e.getMessage());
                return;
            }
            if (object == null) return;
            if (server) {
                received(c, object, "TCP");
                continue;
            }
            // Client.update: the handshake consumes objects until registration completes.
            if (!tcpRegistered) {
                if (object instanceof RegisterTCP) {
                    c.id = ((RegisterTCP) object).connectionID;
                    tcpRegistered = true;
                    if (clientUdp == null && udpPort < 0) {
                        c.connected = true;
                        emit("CONNECTED id=" + c.id);
                    } else {
                        startUdpRegistration();
                    }
                }
                continue;
            }
            if (udpPort >= 0 && !udpRegistered) {
                if (object instanceof RegisterUDP) {
                    udpRegistered = true;
                    c.connected = true;
                    emit("CONNECTED id=" + c.id);
                }
                continue;
            }
            if (!c.connected) continue;
            clientKeepAlive();
            received(c, object, "TCP");
        }
    }

    void startUdpRegistration() {
        serverUdpAddress = new InetSocketAddress(host, udpPort);
        try {
            clientUdp = DatagramChannel.open();
            clientUdp.socket().bind(null);
            clientUdp.socket().connect(serverUdpAddress);
            clientUdp.configureBlocking(false);
            clientUdp.register(selector, SelectionKey.OP_READ);
            udpReadBuffer = ByteBuffer.allocate(objectBufferSize);
            lastUdpCommunication = System.currentTimeMillis();
        } catch (IOException e) {
            emit("ERROR Unable to connect to: " + serverUdpAddress + ": " + firstLine(e));
            exitCode = 1;
            close(client);
            return;
        }
        sendRegisterUDP();
    }

    void sendRegisterUDP() {
        RegisterUDP register = new RegisterUDP();
        register.connectionID = client.id;
        lastRegisterUDPSend = System.currentTimeMillis();
        sendUDP(client, register);
    }

    void readServerUdp() {
        while (true) {
            InetSocketAddress from;
            udpReadBuffer.clear();
            try {
                from = (InetSocketAddress) serverUdp.receive(udpReadBuffer);
            } catch (IOException e) {
                return;
            }
            if (from == null) return;
            udpReadBuffer.flip();
            byte[] data = new byte[udpReadBuffer.remaining()];
            udpReadBuffer.get(data);
            Conn from_ = null;
            for (Conn c : connections)
                if (from.equals(c.udpRemoteAddress)) { from_ = c; break; }
            Object object;
            try {
                object = deserialize(data, data.length);
            } catch (ProtocolError e) {
                // Server.update logs and goes on; the connection stays open.
                emit("ERROR UDP from " + (from_ != null ? "connection " + from_.id : from) + ": " + e.getMessage());
                continue;
            }
            if (object instanceof RegisterUDP) {
                Conn c = pending.remove(((RegisterUDP) object).connectionID);
                if (c == null || c.closed || c.udpRemoteAddress != null) continue;
                c.udpRemoteAddress = from;
                connections.add(0, c);
                sendTCP(c, new RegisterUDP()); // connectionID 0, as Server.update
                if (!c.closed) emit("CONNECTED " + c.id);
                continue;
            }
            if (object instanceof DiscoverHost) {
                try {
                    serverUdp.send(ByteBuffer.allocate(0), from);
                } catch (IOException ignored) {
                }
                continue;
            }
            if (from_ != null) received(from_, object, "UDP");
        }
    }

    void readClientUdp() {
        udpReadBuffer.clear();
        try {
            lastUdpCommunication = System.currentTimeMillis();
            if (clientUdp.receive(udpReadBuffer) == null) return;
        } catch (IOException e) {
            return; // e.g. ICMP port unreachable on a connected channel; KryoNet's update would close
        }
        udpReadBuffer.flip();
        byte[] data = new byte[udpReadBuffer.remaining()];
        udpReadBuffer.get(data);
        Object object;
        try {
            object = deserialize(data, data.length);
        } catch (ProtocolError e) {
            fail(client, "UDP: " + e.getMessage()); // Client.run closes on a KryoNetException
            return;
        }
        clientKeepAlive();
        received(client, object, "UDP");
    }

    /** Connection.notifyReceived plus our listener. */
    void received(Conn c, Object object, String transport) {
        if (rmi && RmiObjects.received(this, c, object)) return;
        if (object instanceof Ping) {
            Ping ping = (Ping) object;
            if (ping.isReply) {
                if (ping.id == c.lastPingID - 1)
                    emit("PINGRTT " + c.label() + " " + (System.currentTimeMillis() - c.lastPingSendTime));
            } else {
                ping.isReply = true;
                sendTCP(c, ping);
            }
        }
        emit(server ? "RECEIVED " + c.id + " " + transport + " " + describe(object)
            : "RECEIVED " + transport + " " + describe(object));
        if (echo && !(object instanceof FrameworkMessage) && !c.closed) {
            if (transport.equals("TCP")) sendTCP(c, object); else sendUDP(c, object);
        }
    }

    // ---------------------------------------------------------------- periodic work

    void serverUpdate() {
        long now = System.currentTimeMillis();
        for (Conn c : new ArrayList<>(connections)) {
            if (timeoutMillis > 0 && now - c.lastReadTime > timeoutMillis) {
                fail(c, "Connection " + c.id + " timed out.");
            } else if (keepAliveMillis > 0 && now - c.lastWriteTime > keepAliveMillis) {
                sendTCP(c, new KeepAlive());
            }
        }
    }

    void clientUpdate() {
        if (client == null || client.closed) return;
        long now = System.currentTimeMillis();
        if (!client.connected) {
            if (now >= registrationDeadline) {
                emit(tcpRegistered ? "ERROR Connected, but timed out during UDP registration: " + host + ":" + udpPort
                    : "ERROR Connected, but timed out during TCP registration.");
                exitCode = 1;
                close(client);
            } else if (tcpRegistered && clientUdp != null && now - lastRegisterUDPSend >= 100) {
                sendRegisterUDP();
            }
            return;
        }
        if (timeoutMillis > 0 && now - client.lastReadTime > timeoutMillis) {
            fail(client, "Connection timed out.");
            return;
        }
        clientKeepAlive();
    }

    /** Client.keepAlive. */
    void clientKeepAlive() {
        if (!client.connected) return;
        long now = System.currentTimeMillis();
        if (keepAliveMillis > 0 && now - client.lastWriteTime > keepAliveMillis) sendTCP(client, new KeepAlive());
        if (clientUdp != null && udpRegistered && udpKeepAliveMillis > 0 && now - lastUdpCommunication > udpKeepAliveMillis)
            sendUDP(client, new KeepAlive());
    }

    // ---------------------------------------------------------------- sending

    /** TcpConnection.send: length (big-endian int) then the object, queued in the write buffer. */
    void sendTCP(Conn c, Object object) {
        if (c.closed) return;
        Output body;
        try {
            body = serializeToOutput(object);
        } catch (Exception e) {
            System.err.println("KryoNetPeer: cannot serialize " + object.getClass().getName() + ": " + firstLine(e));
            return;
        }
        int length = body.position();
        if (c.wedged || c.writeBuffer.remaining() < 4 + length) {
            overflow(c, 4 + length);
            return;
        }
        boolean wasEmpty = c.writeBuffer.position() == 0;
        c.writeBuffer.putInt(length).put(body.getBuffer(), 0, length);
        if (wasEmpty) flush(c);
        c.lastWriteTime = System.currentTimeMillis();
    }

    void writeRaw(Conn c, byte[] bytes) {
        if (c.closed) return;
        if (c.wedged || c.writeBuffer.remaining() < bytes.length) {
            overflow(c, bytes.length);
            return;
        }
        boolean wasEmpty = c.writeBuffer.position() == 0;
        c.writeBuffer.put(bytes);
        if (wasEmpty) flush(c);
        c.lastWriteTime = System.currentTimeMillis();
    }

    /** A send of {@code size} bytes that does not fit in the write buffer, as each KryoNet handles it. */
    void overflow(Conn c, int size) {
        String message = "Write buffer overflow: " + size + " bytes do not fit in "
            + (c.wedged ? 0 : c.writeBuffer.remaining());
        if (kryoVersion != 2) {
            // crykn: sendTCP catches the KryoNetException, closes the connection and returns 0.
            fail(c, message);
            return;
        }
        // KryoNet 2.21 (TcpConnection.send): java.nio.BufferOverflowException escapes to the
        // caller, the connection stays open and its write buffer stays stuck, so it sends
        // nothing more. On the application's thread (a command) that is all; on the update
        // thread (a keep-alive, a ping's answer, an echo from a listener) the exception ends
        // Client.run / Server.run: the endpoint stops reading and writing altogether.
        c.wedged = true;
        emit("ERROR " + message);
        if (!inCommand) {
            emit("ERROR update thread ended: java.nio.BufferOverflowException");
            frozen = true;
        }
    }

    void flush(Conn c) {
        ByteBuffer buf = c.writeBuffer;
        buf.flip();
        try {
            while (buf.hasRemaining()) if (c.channel.write(buf) == 0) break;
        } catch (IOException e) {
            buf.compact();
            close(c);
            return;
        }
        buf.compact();
        if (c.key.isValid()) c.key.interestOps(buf.position() == 0 ? SelectionKey.OP_READ : SelectionKey.OP_READ | SelectionKey.OP_WRITE);
        c.lastWriteTime = System.currentTimeMillis();
    }

    /** UdpConnection.send: the object alone, one datagram. */
    void sendUDP(Conn c, Object object) {
        byte[] body;
        try {
            body = serialize(object);
        } catch (Exception e) {
            System.err.println("KryoNetPeer: cannot serialize " + object.getClass().getName() + ": " + firstLine(e));
            return;
        }
        sendDatagram(c, body);
    }

    void sendDatagram(Conn c, byte[] body) {
        if (c.closed) return;
        InetSocketAddress address = server ? c.udpRemoteAddress : (clientUdp != null ? serverUdpAddress : null);
        if (address == null) {
            System.err.println("KryoNetPeer: connection " + c.label() + " is not connected via UDP");
            return;
        }
        if (body.length > objectBufferSize) {
            fail(c, "Error serializing object: " + body.length + " bytes exceed the object buffer (" + objectBufferSize + ")");
            return;
        }
        try {
            (server ? serverUdp : clientUdp).send(ByteBuffer.wrap(body), address);
            if (!server) lastUdpCommunication = System.currentTimeMillis();
        } catch (IOException e) {
            close(c);
        }
    }

    // ---------------------------------------------------------------- commands

    void processCommands() {
        String line;
        while (!quit && (line = commands.poll()) != null) {
            if (frozen && !line.trim().equals("QUIT")) continue;
            inCommand = true;
            try {
                command(line.trim());
            } catch (RuntimeException e) {
                System.err.println("KryoNetPeer: bad command '" + line + "': " + firstLine(e));
            } finally {
                inCommand = false;
            }
        }
    }

    static String[] split(String s, int limit) {
        return s.split(" ", limit);
    }

    Conn lookup(String id) {
        if (!server) {
            if (client == null || client.closed) throw new IllegalArgumentException("not connected");
            return client;
        }
        int n = Integer.parseInt(id);
        for (Conn c : accepted) if (c.id == n) return c;
        throw new IllegalArgumentException("no connection " + id);
    }

    void command(String line) {
        if (line.isEmpty()) return;
        String[] w = split(line, 2);
        String rest = w.length > 1 ? w[1] : "";
        switch (w[0]) {
            case "QUIT":
                quit = true;
                return;
            case "SLEEP":
                try { Thread.sleep(Long.parseLong(rest.trim())); } catch (InterruptedException ignored) { }
                return;
            case "CLOSE":
                close(lookup(rest.trim()));
                return;
            case "DISCOVER": {
                String[] a = split(rest, 2);
                discover(Integer.parseInt(a[0]), Integer.parseInt(a[1].trim()));
                return;
            }
            case "SEND": case "RAW": {
                String[] a = split(rest, 3);
                Conn c = lookup(a[0]);
                send(c, a[1], w[0].equals("RAW") ? null : a[2], w[0].equals("RAW") ? hex(a[2]) : null);
                return;
            }
            case "SENDALL": case "SENDALLEXCEPT": {
                if (!server) throw new IllegalArgumentException(w[0] + " is for the server");
                boolean except = w[0].equals("SENDALLEXCEPT");
                String[] a = split(rest, except ? 3 : 2);
                int skip = except ? Integer.parseInt(a[0]) : 0;
                String transport = a[except ? 1 : 0], value = a[except ? 2 : 1];
                for (Conn c : new ArrayList<>(connections))
                    if (!except || c.id != skip) send(c, transport, value, null);
                return;
            }
            case "CALL":
                RmiObjects.call(this, rest);
                return;
            default:
                throw new IllegalArgumentException("unknown command");
        }
    }

    static byte[] hex(String s) {
        s = s.replace(" ", "");
        if (s.length() % 2 != 0) throw new IllegalArgumentException("odd hex length");
        byte[] b = new byte[s.length() / 2];
        for (int i = 0; i < b.length; i++) b[i] = (byte) Integer.parseInt(s.substring(2 * i, 2 * i + 2), 16);
        return b;
    }

    void send(Conn c, String transport, String value, byte[] raw) {
        boolean tcp;
        if (transport.equals("TCP")) tcp = true;
        else if (transport.equals("UDP")) tcp = false;
        else throw new IllegalArgumentException("transport must be TCP or UDP");
        if (raw != null) {
            if (tcp) writeRaw(c, raw); else sendDatagram(c, raw);
            return;
        }
        if (value.equals("ping")) { // Connection.updateReturnTripTime
            Ping ping = new Ping();
            ping.id = c.lastPingID++;
            c.lastPingSendTime = System.currentTimeMillis();
            sendTCP(c, ping);
            return;
        }
        Object object = value(value);
        if (tcp) sendTCP(c, object); else sendUDP(c, object);
    }

    static Object value(String spec) {
        String[] w = split(spec, 2);
        String rest = w.length > 1 ? w[1] : "";
        switch (w[0]) {
            case "bean": {
                String[] a = split(rest, 2);
                String name = a.length > 1 ? a[1] : "";
                return new SampleBean(Integer.parseInt(a[0]), name.equals("null") ? null : name);
            }
            case "other": {
                Map<Integer, String> map = new HashMap<>();
                map.put(1, "one");
                map.put(2, "two");
                ArrayList<SampleBean> beans = new ArrayList<>();
                beans.add(new SampleBean(1, "a"));
                beans.add(new SampleBean(2, "b"));
                return new OtherBean(map, beans, SampleEnum.SECOND);
            }
            case "enum": return SampleEnum.valueOf(rest.trim());
            case "name": {
                Network.RegisterName m = new Network.RegisterName();
                m.name = rest;
                return m;
            }
            case "names": {
                Network.UpdateNames m = new Network.UpdateNames();
                m.names = rest.equals("null") ? null : rest.isEmpty() ? new String[0] : rest.split(",", -1);
                return m;
            }
            case "chat": {
                Network.ChatMessage m = new Network.ChatMessage();
                m.text = rest;
                return m;
            }
            case "string": return rest;
            case "keepalive": return new KeepAlive();
            default: throw new IllegalArgumentException("unknown value " + w[0]);
        }
    }

    /** Client.discoverHosts of KryoNet 2.21: one DiscoverHost datagram to x.x.x.255 and x.x.255.255
     * of every IPv4 address of every interface (127.0.0.255 and 127.0.255.255 for loopback), then
     * every datagram counts as a reply until none has come for timeoutMillis. */
    void discover(int port, int timeoutMillis) {
        int count = 0;
        try (DatagramSocket socket = new DatagramSocket()) {
            socket.setBroadcast(true);
            byte[] data = serialize(new DiscoverHost());
            for (NetworkInterface iface : Collections.list(NetworkInterface.getNetworkInterfaces())) {
                for (InetAddress address : Collections.list(iface.getInetAddresses())) {
                    if (!(address instanceof Inet4Address)) continue;
                    byte[] ip = address.getAddress();
                    ip[3] = -1;
                    try { socket.send(new DatagramPacket(data, data.length, InetAddress.getByAddress(ip), port)); } catch (Exception ignored) { }
                    ip[2] = -1;
                    try { socket.send(new DatagramPacket(data, data.length, InetAddress.getByAddress(ip), port)); } catch (Exception ignored) { }
                }
            }
            socket.setSoTimeout(timeoutMillis); // per receive, as discoverHosts: ends after a quiet timeout
            while (true) {
                DatagramPacket packet = new DatagramPacket(new byte[0], 0);
                try {
                    socket.receive(packet);
                } catch (SocketTimeoutException e) {
                    break;
                }
                count++;
                emit("DISCOVERED " + packet.getAddress().getHostAddress());
            }
        } catch (IOException e) {
            System.err.println("KryoNetPeer: discovery failed: " + firstLine(e));
        }
        emit("DISCOVERY_DONE " + count);
    }
}
