package org.maestro.reporter;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.BitSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeSet;
import java.util.stream.LongStream;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;
import org.maestro.common.files.agent.AgentActions;
import org.maestro.common.files.agent.AgentActionsWriter;
import org.maestro.common.files.inspector.InspectorCsvWriter;
import org.maestro.common.files.rate.RateLog;
import org.maestro.common.files.rate.RateLogWriter;
import org.maestro.common.measure.PeerResult;
import org.roaringbitmap.RoaringBitmap;

/**
 * Writes results directories in the documented format with known content: HdrHistogram interval
 * logs written by {@link HistogramLogWriter} (warm-up intervals tagged), rate.csv rows,
 * peer-result.json with RoaringBitmaps, inspector CSVs and agent actions; these are written by the writers the peers
 * use ({@link RateLogWriter}, {@link PeerResult} through {@link SyntheticPeerResult}, {@link InspectorCsvWriter},
 * {@link AgentActionsWriter}). Keeps the ground truth of the message accounting it wrote.
 */
public final class SyntheticResults {

    public static final long T0 = 1_732_262_400_000L;
    public static final int WARMUP_SECONDS = 3;
    public static final int MEASURED_SECONDS = 10;

    /** Ground truth of the streams written: sent count and what each receiver got. */
    public static final class Truth {
        public long sent;
        public long received;
        public long lost;
        public long duplicates;
        public long outOfOrder;
        public long errors;
    }

    private final Random random;
    private final double latencyScale;
    private final double rateScale;

    public SyntheticResults(long seed, double latencyScale, double rateScale) {
        this.random = new Random(seed);
        this.latencyScale = latencyScale;
        this.rateScale = rateScale;
    }

    /**
     * Creates the directory of one peer of an iteration with a minimal test.properties (the test ran from 1000 to
     * 5000 ms against amqp://sut:5672/orders), for tests that write the peer's other files themselves.
     */
    public static Path peer(Path iteration, String name, String role) throws IOException {
        Path dir = Files.createDirectories(iteration.resolve(name));
        Files.writeString(
                dir.resolve("test.properties"),
                "peer.name=" + name + "\npeer.role=" + role
                        + "\ntest.start=1000\ntest.end=5000\nSEND_RECEIVE_URL=amqp://sut:5672/orders\n");
        return dir;
    }

    /** The usual three tests: fixed-rate (passed, two receivers share an address), incremental (2 iterations, #1 failed), no-verdict. */
    public static Map<String, Truth> writeStandard(Path results, double latencyScale, double rateScale)
            throws IOException {
        SyntheticResults writer = new SyntheticResults(42, latencyScale, rateScale);
        Map<String, Truth> truths = new LinkedHashMap<>();
        truths.put("fixed-rate/0", writer.fixedRate(results.resolve("fixed-rate/0"), T0, true));
        truths.put(
                "incremental/0",
                writer.simple(
                        results.resolve("incremental/0"),
                        T0 + 3_600_000,
                        2000,
                        "success",
                        "p90 response time 1.2 ms <= 500 ms"));
        truths.put(
                "incremental/1",
                writer.simple(
                        results.resolve("incremental/1"),
                        T0 + 3_700_000,
                        4000,
                        "failure",
                        "p90 response time 812.5 ms > 500 ms"));
        truths.put("no-verdict/0", writer.simple(results.resolve("no-verdict/0"), T0 - 3_600_000, 1000, null, null));
        return truths;
    }

    /**
     * Two senders (2 connections each, host alpha) to one address, two receivers (alpha, beta)
     * sharing it, an inspector and an agent.
     */
    public Truth fixedRate(Path iteration, long start, boolean withExtras) throws IOException {
        Truth truth = new Truth();
        Map<String, String> url = Map.of("SEND_RECEIVE_URL", "amqp://sut:5672/test.queue");
        Path s1 = peer(iteration, "sender-1@alpha", "sender", "alpha", start, url);
        Path s2 = peer(iteration, "sender-2@alpha", "sender", "alpha", start, url);
        Path r1 = peer(iteration, "receiver-1@alpha", "receiver", "alpha", start, url);
        Path r2 = peer(iteration, "receiver-2@beta", "receiver", "beta", start, url);

        // streams: sender-1#0 1000 sent; receiver-1 got 0..599, receiver-2 got 590..999 without 700..709
        //          sender-1#1 500 sent; receiver-1 got all, plus 3 own duplicates, 2 out of order
        //          sender-2#0 800 sent; receiver-2 got 0..797
        //          sender-2#1 300 sent; receiver-1 got 0..149, receiver-2 got 150..299, both got 140..159
        long[][] sent = {{1000, 500}, {800, 300}};
        BitSet r1s10 = range(0, 600);
        BitSet r2s10 = range(590, 1000);
        r2s10.clear(700, 710);
        BitSet r1s11 = range(0, 500);
        BitSet r2s20 = range(0, 798);
        BitSet r1s21 = range(0, 160);
        BitSet r2s21 = range(140, 300);
        List<PeerResult.Stream> r1Streams = List.of(
                stream("sender-1@alpha", 0, r1s10, 0, 0),
                stream("sender-1@alpha", 1, r1s11, 3, 2),
                stream("sender-2@alpha", 1, r1s21, 0, 0));
        List<PeerResult.Stream> r2Streams = List.of(
                stream("sender-1@alpha", 0, r2s10, 0, 0),
                stream("sender-2@alpha", 0, r2s20, 0, 0),
                stream("sender-2@alpha", 1, r2s21, 0, 1));
        truth.sent = 1000 + 500 + 800 + 300;
        truth.received = distinct(r1s10, r2s10) + distinct(r1s11) + distinct(r2s20) + distinct(r1s21, r2s21);
        truth.lost = (1000 - distinct(r1s10, r2s10)) + (500 - 500) + (800 - 798) + (300 - distinct(r1s21, r2s21));
        truth.duplicates = 10 /* 590..599 */ + 3 /* own */ + 20 /* 140..159 */;
        truth.outOfOrder = 3;
        truth.errors = 2 + 1;
        senderResult(s1, "sender-1@alpha", sent[0], 2, start);
        senderResult(s2, "sender-2@alpha", sent[1], 0, start);
        receiverResult(
                r1, "receiver-1@alpha", r1Streams, 1, 3, 2, start, "success", "p90 response time 1.2 ms <= 500 ms");
        receiverResult(
                r2, "receiver-2@beta", r2Streams, 0, 0, 1, start, "success", "p90 response time 1.3 ms <= 500 ms");

        for (Path sender : List.of(s1, s2)) {
            rate(sender, start, 1000);
            latencyLog(sender.resolve("send-delay.hlog"), start, 0.05);
        }
        for (Path receiver : List.of(r1, r2)) {
            rate(receiver, start, 1000);
            latencyLog(receiver.resolve("response-time.hlog"), start, 1.0);
            latencyLog(receiver.resolve("service-time.hlog"), start, 0.6);
        }
        if (withExtras) {
            Path inspector = peer(iteration, "inspector-1@sut", "inspector", "sut", start, Map.of());
            try (InspectorCsvWriter heap = InspectorCsvWriter.create(
                            inspector, "jvm-heap", List.of("heapUsedBytes", "heapCommittedBytes", "heapMaxBytes"));
                    InspectorCsvWriter queues = InspectorCsvWriter.create(
                            inspector, "queues", List.of("name", "messageCount", "consumerCount"))) {
                for (int i = 0; i <= WARMUP_SECONDS + MEASURED_SECONDS; i += 2) {
                    long ts = start + i * 1000L;
                    heap.row(ts, List.of(200_000_000L + 7_000_000L * i, 512_000_000L, 1_073_741_824L));
                    queues.row(ts, List.of("test.queue", i * 13 % 50, 2));
                    queues.row(ts, List.of("other.queue", i * 7 % 20, 1));
                }
            }
            Path agent = peer(iteration, "agent-1@sut", "agent", "sut", start, Map.of());
            AgentActionsWriter.write(
                    agent,
                    List.of(new AgentActions.Row(
                            "1", "restart", start + 6_000, start + 8_000, "success", "router restarted, 2.0 s")));
        }
        return truth;
    }

    /** One sender and one receiver, one connection, nothing lost; outcome null writes no peer-result.json. */
    public Truth simple(Path iteration, long start, long messages, String outcome, String reason) throws IOException {
        Truth truth = new Truth();
        Map<String, String> url = Map.of("SEND_RECEIVE_URL", "amqp://sut:5672/q", "RATE", Long.toString(messages / 10));
        Path s = peer(iteration, "sender-1@alpha", "sender", "alpha", start, url);
        Path r = peer(iteration, "receiver-1@alpha", "receiver", "alpha", start, url);
        if (outcome != null) {
            senderResult(s, "sender-1@alpha", new long[] {messages}, 0, start);
            receiverResult(
                    r,
                    "receiver-1@alpha",
                    List.of(stream("sender-1@alpha", 0, range(0, (int) messages), 0, 0)),
                    0,
                    0,
                    0,
                    start,
                    outcome,
                    reason);
            truth.sent = messages;
            truth.received = messages;
        }
        rate(s, start, messages / 10);
        rate(r, start, messages / 10);
        latencyLog(s.resolve("send-delay.hlog"), start, 0.05);
        latencyLog(r.resolve("response-time.hlog"), start, 1.0);
        latencyLog(r.resolve("service-time.hlog"), start, 0.6);
        return truth;
    }

    /**
     * One flow of an iteration of several flows: a sender {@code sender-<flow>@alpha} and a receiver
     * {@code receiver-<flow>@beta} with {@code FLOW=<flow>} on their own address, one connection; the receiver misses
     * the last {@code lost} messages.
     */
    public Truth flow(Path iteration, String flow, long start, long messages, long lost) throws IOException {
        Truth truth = new Truth();
        Map<String, String> extra = Map.of(
                "SEND_RECEIVE_URL",
                "amqp://sut:5672/" + flow,
                "RATE",
                Long.toString(messages / 10),
                "FLOW",
                flow,
                "measured.end",
                Long.toString(start + (WARMUP_SECONDS + MEASURED_SECONDS) * 1000L));
        String sender = "sender-" + flow + "@alpha";
        Path s = peer(iteration, sender, "sender", "alpha", start, extra);
        Path r = peer(iteration, "receiver-" + flow + "@beta", "receiver", "beta", start, extra);
        senderResult(s, sender, new long[] {messages}, 0, start);
        receiverResult(
                r,
                "receiver-" + flow + "@beta",
                List.of(stream(sender, 0, range(0, (int) (messages - lost)), 0, 0)),
                0,
                0,
                0,
                start,
                PeerResult.SUCCESS,
                "received");
        truth.sent = messages;
        truth.received = messages - lost;
        truth.lost = lost;
        rate(s, start, messages / 10);
        rate(r, start, messages / 10);
        latencyLog(s.resolve("send-delay.hlog"), start, 0.05);
        latencyLog(r.resolve("response-time.hlog"), start, 1.0);
        return truth;
    }

    private Path peer(Path iteration, String name, String role, String host, long start, Map<String, String> extra)
            throws IOException {
        Path dir = Files.createDirectories(iteration.resolve(name));
        StringBuilder test = new StringBuilder("# test.properties\n");
        test.append("peer.name=")
                .append(name)
                .append('\n')
                .append("peer.role=")
                .append(role)
                .append('\n')
                .append("peer.host=")
                .append(host)
                .append('\n')
                .append("test.name=")
                .append(iteration.getParent().getFileName())
                .append('\n')
                .append("test.iteration=")
                .append(iteration.getFileName())
                .append('\n')
                .append("test.start=")
                .append(start)
                .append('\n')
                .append("test.end=")
                .append(start + (WARMUP_SECONDS + MEASURED_SECONDS) * 1000L)
                .append('\n')
                .append("warmup.end=")
                .append(start + WARMUP_SECONDS * 1000L)
                .append('\n')
                .append("MESSAGE_SIZE=256\nPARALLEL_COUNT=2\nTEST_DURATION=10s\nWARM_UP=3s\nMAXIMUM_LATENCY=500\n")
                // the loss the fixed-rate test writes (12 of 2,600) is within it
                .append("MAXIMUM_LOSS=1%\n");
        extra.forEach((k, v) -> test.append(k).append('=').append(v).append('\n'));
        Files.writeString(dir.resolve("test.properties"), test, StandardCharsets.UTF_8);
        Files.writeString(
                dir.resolve("system.properties"),
                "cpu.count=8\nmemory.total.bytes=17179869184\n"
                        + "memory.max.heap.bytes=4294967296\nos.name=Linux\nos.version=6.1\nos.arch=amd64\njava.version=17.0.12\n"
                        + "java.vm.name=OpenJDK 64-Bit Server VM\nhost.name=" + host + "\n"
                        + "clock.source=System.currentTimeMillis+nanoTime, \\u00b5s\n",
                StandardCharsets.UTF_8);
        return dir;
    }

    private void rate(Path peer, long start, long perSecond) throws IOException {
        try (RateLogWriter rate = RateLogWriter.create(peer.resolve(RateLog.FILE_NAME))) {
            for (int i = 0; i < WARMUP_SECONDS + MEASURED_SECONDS; i++) {
                boolean warmup = i < WARMUP_SECONDS;
                long count = warmup
                        ? 50 * perSecond + random.nextInt(1000)
                        : Math.round(perSecond * rateScale) + random.nextInt(100) - 50;
                long errors = !warmup && random.nextInt(5) == 0 ? 1 : 0;
                rate.write(start + (i + 1) * 1000L, 1000, count, warmup ? 0 : count, errors, warmup, null);
            }
        }
    }

    /**
     * One interval per second; warm-up intervals hold 400–900 ms values so that counting them
     * would show; measured ones 0.1–20 ms (× scale) with an occasional outlier.
     */
    private void latencyLog(Path file, long start, double scale) throws IOException {
        try (PrintStream out = new PrintStream(Files.newOutputStream(file), false, StandardCharsets.UTF_8)) {
            HistogramLogWriter writer = new HistogramLogWriter(out);
            writer.outputLogFormatVersion();
            writer.outputStartTime(start);
            writer.setBaseTime(start);
            writer.outputBaseTime(start);
            writer.outputLegend();
            for (int i = 0; i < WARMUP_SECONDS + MEASURED_SECONDS; i++) {
                boolean warmup = i < WARMUP_SECONDS;
                Histogram histogram = new Histogram(3_600_000_000L, 3);
                histogram.setStartTimeStamp(start + i * 1000L);
                histogram.setEndTimeStamp(start + (i + 1) * 1000L);
                for (int v = 0; v < 500; v++) {
                    long micros = warmup
                            ? 400_000 + random.nextInt(500_000)
                            : Math.round((100 + Math.abs(random.nextGaussian()) * 2_000) * scale * latencyScale);
                    histogram.recordValue(micros);
                }
                if (!warmup && i % 4 == 0) {
                    histogram.recordValue(Math.round((15_000 + random.nextInt(5_000)) * scale * latencyScale));
                }
                if (warmup) {
                    histogram.setTag("warmup");
                }
                writer.outputIntervalHistogram(histogram);
            }
        }
    }

    private static void senderResult(Path dir, String name, long[] perConnection, long errors, long start)
            throws IOException {
        SyntheticPeerResult result = SyntheticPeerResult.sender(name);
        for (int c = 0; c < perConnection.length; c++) {
            result.stream(new PeerResult.Stream(name, c, perConnection[c], c == 0 ? errors : 0, 0, 0, null));
        }
        long total = LongStream.of(perConnection).sum();
        times(result, start)
                .counts(errors, 0, 0)
                .verdict(PeerResult.SUCCESS, "sent " + total + " messages")
                .writeIn(dir);
    }

    private static void receiverResult(
            Path dir,
            String name,
            List<PeerResult.Stream> streams,
            long errors,
            long duplicates,
            long outOfOrder,
            long start,
            String outcome,
            String reason)
            throws IOException {
        times(SyntheticPeerResult.receiver(name).streams(streams), start)
                .counts(errors, duplicates, outOfOrder)
                .verdict(outcome, reason)
                .writeIn(dir);
    }

    /** The result of a peer of a test that started at {@code start}: warm-up, then the measured seconds. */
    private static SyntheticPeerResult times(SyntheticPeerResult result, long start) {
        return result.times(start, start + (WARMUP_SECONDS + MEASURED_SECONDS) * 1000L, start + WARMUP_SECONDS * 1000L);
    }

    private static PeerResult.Stream stream(
            String sender, int connection, BitSet received, long duplicates, long outOfOrder) {
        RoaringBitmap bitmap = new RoaringBitmap();
        received.stream().forEach(bitmap::add);
        return new PeerResult.Stream(
                sender,
                connection,
                (long) received.cardinality() + duplicates,
                0,
                duplicates,
                outOfOrder,
                PeerResult.Stream.encode(bitmap));
    }

    private static BitSet range(int from, int to) {
        BitSet set = new BitSet();
        set.set(from, to);
        return set;
    }

    private static long distinct(BitSet... sets) {
        TreeSet<Integer> all = new TreeSet<>();
        for (BitSet set : sets) {
            set.stream().forEach(all::add);
        }
        return all.size();
    }
}
