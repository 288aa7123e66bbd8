/*
 * KryoNetBench: the Java side of the KryoNet benchmark (Benchmarks/kryonet.sh). It is the tests'
 * Java KryoNet endpoint, Tests/KryoNetPeer/KryoNetPeer.java (framing, handshake, keep-alives and
 * the selector loop as KryoNet 2.21 and crykn/kryonet have them), with the benchmark's classes and
 * work in place of its command lines. The Swift side is Benchmarks/Sources/kryonet-bench; both
 * speak the same little protocol, so any server runs with any client:
 *
 *   classes, after the five framework messages: ArrayList, MediaContent, Media.Player, Media,
 *   Image.Size, Image (ids 14-19), as Benchmarks/Java/MediaBench.java registers them;
 *   client -> server  String "start N", then N MediaContent objects (the standard one);
 *   server -> client  String "done N ok C" once the N-th has arrived ("mismatch" instead of "ok" when
 *                     the first one did not equal the standard MediaContent), C the CPU time the
 *                     server process used since "start" (every thread: JIT and GC too), in ns;
 *   client -> server  Ping{id, isReply=false}, one at a time; the server answers each (KryoNet's
 *                     own ping reply, as Connection.notifyReceived sends it).
 *
 * Build (Benchmarks/JavaKryoNet/build.sh): this file, Tests/KryoNetPeer and Benchmarks/Java/data.
 * Run:
 *   java -cp OUT:JARS KryoNetBench --kryo 2|5 --role server --tcp 0
 *       prints READY tcp=P (then CONNECTED/DISCONNECTED lines); ends on QUIT or stdin EOF.
 *   java -cp OUT:JARS KryoNetBench --kryo 2|5 --role client --tcp P [--objects N] [--pings M]
 *        [--warmup W] [--reps R]
 *       runs W + R rounds, each N objects one way then M sequential pings, and prints for each of
 *       the last R rounds (tab-separated):
 *         oneway  N  <ns from the first object sent to "done" received>  ok|mismatch
 *                 <server CPU ns>  <client CPU ns, the same span>
 *         ping    M  <ns for all M>  <p50 ns>  <p99 ns>
 *       then exits 0. Every other KryoNetPeer option (--write-buffer, --timeout, ...) applies.
 * The client sends as fast as its write buffer (KryoNet's: 8192 bytes) takes frames, and waits for
 * the socket when it is full, as a KryoNet sender that watches getTcpWriteBufferSize() does.
 */

import com.esotericsoftware.kryonet.FrameworkMessage.Ping;
import data.media.Image;
import data.media.Media;
import data.media.MediaContent;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

public final class KryoNetBench extends KryoNetPeer {
    int objects = 20000, pings = 2000, warmups = 3, reps = 5;

    public static void main(String[] args) throws Exception {
        KryoNetBench bench = new KryoNetBench();
        List<String> rest = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            boolean ours = a.equals("--objects") || a.equals("--pings") || a.equals("--warmup") || a.equals("--reps");
            if (!ours) {
                rest.add(a);
                continue;
            }
            if (i + 1 >= args.length) usage("missing value for " + a);
            int v = intArg(a, args[++i], a.equals("--warmup") ? 0 : 1);
            switch (a) {
                case "--objects": bench.objects = v; break;
                case "--pings": bench.pings = v; break;
                case "--warmup": bench.warmups = v; break;
                default: bench.reps = v; break;
            }
        }
        bench.configure(rest.toArray(new String[0]));
        if (!bench.server && bench.tcpPort < 0) usage("the client needs --tcp");
        System.exit(bench.run());
    }

    @Override
    void registerClasses() {
        kryo.register(ArrayList.class);
        kryo.register(MediaContent.class);
        kryo.register(Media.Player.class);
        kryo.register(Media.class);
        kryo.register(Image.Size.class);
        kryo.register(Image.class);
    }

    /** The client takes no commands: it runs its rounds and ends (the server ends on stdin EOF). */
    @Override
    void startStdinReader() {
        if (server) super.startStdinReader();
    }

    static final MediaContent STANDARD = MediaBench.standardMediaContent();

    // ---------------------------------------------------------------- server

    int expected = -1, count;
    boolean mismatch;
    long cpuAtStart;

    static final com.sun.management.OperatingSystemMXBean OS =
        (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();

    /** The CPU time of the whole process, every thread, in ns. */
    static long processCpu() {
        return OS.getProcessCpuTime();
    }

    // ---------------------------------------------------------------- client

    static final int IDLE = 0, SENDING = 1, AWAITING_DONE = 2, PINGING = 3, FINISHED = 4;
    int phase = IDLE, round, toSend, frameSize, pingIndex;
    long sendStart, sendCpuStart, pingsStart, pingSent;
    long[] latencies;

    @Override
    void received(Conn c, Object object, String transport) {
        if (object instanceof MediaContent) {
            if (count == 0 && !STANDARD.equals(object)) mismatch = true;
            if (++count == expected) {
                sendTCP(c, "done " + count + (mismatch ? " mismatch " : " ok ") + (processCpu() - cpuAtStart));
                expected = -1;
            }
        } else if (object instanceof Ping) {
            Ping ping = (Ping) object;
            if (!ping.isReply) {
                ping.isReply = true; // Connection.notifyReceived answers with the same object
                sendTCP(c, ping);
            } else if (!server && phase == PINGING && ping.id == pingIndex) {
                pingReplied();
            }
        } else if (object instanceof String) {
            String s = (String) object;
            if (server && s.startsWith("start ")) {
                expected = Integer.parseInt(s.substring(6));
                count = 0;
                mismatch = false;
                cpuAtStart = processCpu();
            } else if (!server && phase == AWAITING_DONE && s.startsWith("done ")) {
                long elapsed = System.nanoTime() - sendStart, cpu = processCpu() - sendCpuStart;
                String[] done = s.split(" ");
                if (round >= warmups)
                    emit("oneway\t" + objects + "\t" + elapsed + "\t" + done[2] + "\t" + done[3] + "\t" + cpu);
                startPings();
            }
        }
    }

    @Override
    boolean hasWork() {
        return phase == SENDING && client != null && client.writeBuffer.remaining() >= frameSize;
    }

    @Override
    void work() {
        if (server || client == null || client.closed || !client.connected) return;
        if (phase == IDLE) {
            frameSize = 4 + serializeToOutput(STANDARD).position();
            sendTCP(client, "start " + objects);
            toSend = objects;
            phase = SENDING;
            sendCpuStart = processCpu();
            sendStart = System.nanoTime();
        }
        if (phase == SENDING) {
            while (toSend > 0 && !client.closed && client.writeBuffer.remaining() >= frameSize) {
                sendTCP(client, STANDARD);
                toSend--;
            }
            if (toSend == 0) phase = AWAITING_DONE;
        }
    }

    void startPings() {
        phase = PINGING;
        latencies = new long[pings];
        pingIndex = 0;
        pingsStart = System.nanoTime();
        sendPing();
    }

    void sendPing() {
        Ping ping = new Ping();
        ping.id = pingIndex;
        pingSent = System.nanoTime();
        sendTCP(client, ping);
    }

    void pingReplied() {
        long now = System.nanoTime();
        latencies[pingIndex++] = now - pingSent;
        if (pingIndex < pings) {
            sendPing();
            return;
        }
        if (round >= warmups) {
            Arrays.sort(latencies);
            emit("ping\t" + pings + "\t" + (now - pingsStart) + "\t" + rank(latencies, 50) + "\t" + rank(latencies, 99));
        }
        round++;
        if (round == warmups + reps) {
            phase = FINISHED;
            quit = true;
        } else {
            phase = IDLE;
        }
    }

    /** The nearest-rank percentile of sorted values. */
    static long rank(long[] sorted, int percent) {
        int index = (int) Math.ceil(percent / 100.0 * sorted.length) - 1;
        return sorted[Math.max(0, Math.min(sorted.length - 1, index))];
    }
}
