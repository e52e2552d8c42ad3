package org.maestro.reporter.destinations;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.Deflater;
import org.HdrHistogram.Histogram;
import org.maestro.common.files.connections.ConnectionsCsv;
import org.maestro.common.files.connections.ConnectionsCsvWriter;
import org.maestro.common.measure.PeerResult;
import org.roaringbitmap.RoaringBitmap;

/**
 * Writes the raw files of a flow spread over destinations, as senders and receivers write them (test.properties,
 * peer-result.json, connections.csv), and keeps what it wrote so that a test can compute the figures on its own.
 */
final class FlowFixture {
    static final long START = 1_732_262_400_000L;
    static final long WARMUP_END = START + 2_000;
    static final long MEASURED_END = START + 12_000;

    /** One receiver connection as written: where, what it got, its histogram. */
    record ReceiverConnection(
            String peer, int destination, int subscription, RoaringBitmap got, long duplicates, Histogram latency) {}

    final Path iteration;
    final String flow;
    final int destinations;
    final int subscriptions;
    /** Sent per destination: one sender connection each. */
    final Map<Integer, Long> sent = new LinkedHashMap<>();

    final List<ReceiverConnection> received = new ArrayList<>();

    FlowFixture(Path iteration, String flow, int destinations, int subscriptions) {
        this.iteration = iteration;
        this.flow = flow;
        this.destinations = destinations;
        this.subscriptions = subscriptions;
    }

    /** A sender with one connection per destination given, from flow index {@code offset}, sending {@code counts}. */
    void sender(String name, int offset, long... counts) throws IOException {
        Path dir = peer(name, "sender", offset, counts.length);
        PeerResult.Stream[] streams = new PeerResult.Stream[counts.length];
        List<ConnectionsCsv.Row> rows = new ArrayList<>();
        for (int i = 0; i < counts.length; i++) {
            int d = (offset + i) % destinations;
            sent.merge(d, counts[i], Long::sum);
            streams[i] = new PeerResult.Stream(name, i, counts[i], 0, 0, 0, null);
            Histogram delay = new Histogram(3_600_000_000L, 3);
            delay.recordValue(50);
            rows.add(new ConnectionsCsv.Row(
                    offset + i,
                    i,
                    d,
                    -1,
                    "orders-" + d,
                    counts[i],
                    0L,
                    0L,
                    null,
                    null,
                    null,
                    counts[i],
                    counts[i] * 256,
                    WARMUP_END * 1000,
                    MEASURED_END * 1000,
                    encode(delay)));
        }
        write(dir, "sender", name, List.of(streams));
        ConnectionsCsvWriter.write(dir.resolve(ConnectionsCsv.FILE_NAME), rows);
    }

    /**
     * A receiver with one connection per entry of {@code got}, from flow index {@code offset}: connection i receives
     * the sequence numbers {@code got[i]} of the sender connection of its destination ({@code senders} names it),
     * {@code duplicates[i]} of them twice, with latencies around {@code latencyMicros[i]}.
     */
    void receiver(
            String name, int offset, String[] senders, RoaringBitmap[] got, long[] duplicates, long[] latencyMicros)
            throws IOException {
        Path dir = peer(name, "receiver", offset, got.length);
        List<ConnectionsCsv.Row> rows = new ArrayList<>();
        Map<String, RoaringBitmap> byStream = new LinkedHashMap<>();
        Map<String, Long> duplicatesByStream = new LinkedHashMap<>();
        for (int i = 0; i < got.length; i++) {
            int j = offset + i;
            int d = j % destinations;
            int s = (j / destinations) % subscriptions;
            Histogram latency = new Histogram(3_600_000_000L, 3);
            for (int v = 0; v < got[i].getCardinality(); v++) {
                latency.recordValue(latencyMicros[i] + v % 100);
            }
            received.add(new ReceiverConnection(name, d, s, got[i], duplicates[i], latency));
            long count = got[i].getLongCardinality() + duplicates[i];
            byStream.computeIfAbsent(senders[i], k -> new RoaringBitmap()).or(got[i]);
            duplicatesByStream.merge(senders[i], duplicates[i], Long::sum);
            long last = got[i].isEmpty() ? 0 : got[i].last() + 1;
            rows.add(new ConnectionsCsv.Row(
                    j,
                    i,
                    d,
                    s,
                    "orders-" + d,
                    null,
                    null,
                    null,
                    count,
                    duplicates[i],
                    last - got[i].getLongCardinality(),
                    latency.getTotalCount(),
                    count * 256,
                    WARMUP_END * 1000,
                    MEASURED_END * 1000,
                    encode(latency)));
        }
        List<PeerResult.Stream> streams = new ArrayList<>();
        for (Map.Entry<String, RoaringBitmap> stream : byStream.entrySet()) {
            String[] id = stream.getKey().split("#");
            long dups = duplicatesByStream.get(stream.getKey());
            streams.add(new PeerResult.Stream(
                    id[0],
                    Integer.parseInt(id[1]),
                    stream.getValue().getLongCardinality() + dups,
                    0,
                    dups,
                    0,
                    PeerResult.Stream.encode(stream.getValue())));
        }
        write(dir, "receiver", name, streams);
        ConnectionsCsvWriter.write(dir.resolve(ConnectionsCsv.FILE_NAME), rows);
    }

    /** The sequence numbers 0 (inclusive) to {@code to} (exclusive). */
    static RoaringBitmap range(long to) {
        RoaringBitmap bitmap = new RoaringBitmap();
        bitmap.add(0L, to);
        return bitmap;
    }

    static String encode(Histogram histogram) {
        ByteBuffer buffer = ByteBuffer.allocate(histogram.getNeededByteBufferCapacity());
        int length = histogram.encodeIntoCompressedByteBuffer(buffer, Deflater.DEFAULT_COMPRESSION);
        return Base64.getEncoder().encodeToString(Arrays.copyOf(buffer.array(), length));
    }

    private Path peer(String name, String role, int offset, int connections) throws IOException {
        Path dir = Files.createDirectories(iteration.resolve(name + "@alpha"));
        String url = role.equals("receiver") && subscriptions > 1
                ? "mqtt://sut:1883/orders-{n}?share=g{s}"
                : "amqp://sut:5672/orders-{n}";
        String properties = "peer.name=" + name + "\npeer.role=" + role + "\npeer.host=alpha\n"
                + "test.start=" + START + "\ntest.end=" + (MEASURED_END + 1000) + "\nwarmup.end=" + WARMUP_END + "\n"
                + (role.equals("sender") ? "measured.end=" + MEASURED_END + "\n" : "")
                + "SEND_RECEIVE_URL=" + url + "\nMESSAGE_SIZE=256\nPARALLEL_COUNT=" + connections + "\n"
                + "DESTINATIONS=" + destinations + "\nSUBSCRIPTIONS=" + subscriptions + "\n"
                + "CONNECTION_OFFSET=" + offset + "\n" + (flow.isEmpty() ? "" : "FLOW=" + flow + "\n");
        Files.writeString(dir.resolve("test.properties"), properties, StandardCharsets.UTF_8);
        return dir;
    }

    private static void write(Path dir, String role, String name, List<PeerResult.Stream> streams) throws IOException {
        new PeerResult(
                        PeerResult.FORMAT_VERSION,
                        name,
                        role,
                        START,
                        MEASURED_END + 1000,
                        WARMUP_END,
                        streams.stream().mapToLong(PeerResult.Stream::count).sum(),
                        0,
                        0,
                        0,
                        streams,
                        PeerResult.SUCCESS,
                        "done",
                        null)
                .write(dir.resolve(PeerResult.FILE_NAME));
    }
}
