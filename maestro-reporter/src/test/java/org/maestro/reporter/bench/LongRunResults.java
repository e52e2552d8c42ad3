package org.maestro.reporter.bench;

import java.io.BufferedOutputStream;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.PrintStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;
import org.maestro.common.measure.PeerResult;
import org.roaringbitmap.RoaringBitmap;

/**
 * Writes the results of one long test iteration in the documented layout, sized like a real one: senders with a
 * one-connection stream each to one anycast address shared by every receiver (messages dealt round-robin, as the
 * broker deals them to its consumers), one interval per second in every {@code .hlog}, one {@code rate.csv} row per
 * second per peer, RoaringBitmap sequences in {@code peer-result.json}, an {@code artemis} inspector's CSVs every
 * 5 s and an agent with two actions. A few messages of the first stream are lost and a few of the second are
 * received twice, so the expected counts are known ({@link Expected}).
 */
final class LongRunResults {
    static final long START = 1_732_262_400_000L;
    static final String TEST = "long-run";
    static final String ADDRESS = "test.queue";
    static final int WARMUP_SECONDS = 60;
    static final int INSPECTION_SECONDS = 5;
    static final long LOST = 25;
    static final long DUPLICATED = 40;
    private static final long HIGHEST = 3_600_000_000L;

    /** The message counts the report must show for what was written. */
    record Expected(long sent, long received, long lost, long duplicates) {}

    private final int seconds;
    private final int senders;
    private final int receivers;
    private final int rate;
    private final SplittableRandom random = new SplittableRandom(7);

    /**
     * @param seconds test length, warm-up included
     * @param rate messages per second of each sender
     */
    LongRunResults(int seconds, int senders, int receivers, int rate) {
        if (seconds <= WARMUP_SECONDS || senders < 2 || receivers < 2 || rate < 1) {
            throw new IllegalArgumentException("need more than " + WARMUP_SECONDS + " s, at least 2 senders, "
                    + "2 receivers and a rate of at least 1 msg/s");
        }
        this.seconds = seconds;
        this.senders = senders;
        this.receivers = receivers;
        this.rate = rate;
    }

    /** Writes {@code <results>/long-run/0/…} and returns the counts a correct report shows. */
    Expected write(Path results) throws IOException {
        Path iteration = results.resolve(TEST).resolve("0");
        Stream[] streams = new Stream[senders];
        Peer[] sending = new Peer[senders];
        Peer[] receiving = new Peer[receivers];
        for (int s = 0; s < senders; s++) {
            sending[s] = new Peer(iteration, "sender-" + (s + 1) + "@load-a", "sender", "load-a", false);
            streams[s] = new Stream(sending[s].name);
        }
        for (int r = 0; r < receivers; r++) {
            receiving[r] = new Peer(iteration, "receiver-" + (r + 1) + "@load-b", "receiver", "load-b", true);
        }
        // the lost messages of stream 0 and the redelivered ones of stream 1, in the middle of the test
        long lostFrom = (long) seconds / 2 * rate;
        long duplicatedFrom = (long) seconds / 3 * rate;
        for (int second = 0; second < seconds; second++) {
            boolean warmup = second < WARMUP_SECONDS;
            long[] received = new long[receivers];
            for (int s = 0; s < senders; s++) {
                long first = (long) second * rate;
                for (long sequence = first; sequence < first + rate; sequence++) {
                    int receiver = (int) ((sequence + s) % receivers);
                    if (s == 0 && sequence >= lostFrom && sequence < lostFrom + LOST) {
                        continue;
                    }
                    streams[s].received[receiver].add((int) sequence);
                    received[receiver]++;
                    if (s == 1 && sequence >= duplicatedFrom && sequence < duplicatedFrom + DUPLICATED) {
                        int again = (receiver + 1) % receivers;
                        streams[s].received[again].add((int) sequence);
                        received[again]++;
                    }
                }
                sending[s].second(second, rate, warmup, this::sendDelay);
            }
            for (int r = 0; r < receivers; r++) {
                receiving[r].second(second, received[r], warmup, this::responseTime);
            }
        }
        long sent = (long) seconds * rate * senders;
        for (Peer peer : sending) {
            peer.close(List.of(new PeerResult.Stream(peer.name, 0, (long) seconds * rate, 0, 0, 0, null)));
        }
        for (int r = 0; r < receivers; r++) {
            List<PeerResult.Stream> own = new ArrayList<>();
            for (Stream stream : streams) {
                RoaringBitmap bitmap = stream.received[r];
                own.add(new PeerResult.Stream(
                        stream.sender, 0, bitmap.getLongCardinality(), 0, 0, 0, PeerResult.Stream.encode(bitmap)));
            }
            receiving[r].close(own);
        }
        writeInspector(iteration);
        writeAgent(iteration);
        return new Expected(sent, sent - LOST, LOST, DUPLICATED);
    }

    /** Receive − intended send, µs: log-normal around 1.5 ms, with a slow minute every 10 minutes. */
    private long responseTime(int second) {
        double median = second % 600 < 60 ? 40_000 : 1_500;
        return Math.min(HIGHEST, Math.round(median * Math.exp(0.8 * random.nextGaussian())));
    }

    /** Actual − intended send, µs: mostly a few µs, sometimes a stall. */
    private long sendDelay(int second) {
        return random.nextInt(100) == 0 ? 500 + random.nextInt(20_000) : random.nextInt(40);
    }

    private String testProperties(String name, String role, String host) {
        long end = START + seconds * 1000L;
        return "# maestro test.properties v1\n"
                + "peer.name=" + name + "\npeer.role=" + role + "\npeer.host=" + host + "\n"
                + "test.name=" + TEST + "\ntest.iteration=0\ntest.start=" + START + "\ntest.end=" + end + "\n"
                + "warmup.end=" + (START + WARMUP_SECONDS * 1000L) + "\n"
                + "SEND_RECEIVE_URL=amqp://sut:5672/" + ADDRESS + "\nRATE=" + rate + "\nPARALLEL_COUNT=1\n"
                + "MESSAGE_SIZE=256\nTEST_DURATION=" + seconds + "s\nWARM_UP=" + WARMUP_SECONDS + "s\n"
                + "MAXIMUM_LATENCY=500\nTEST_NAME=" + TEST + "\n";
    }

    private static String systemProperties(String host) {
        return "cpu.count=8\nmemory.total.bytes=34359738368\nmemory.max.heap.bytes=8589934592\nos.name=Linux\n"
                + "os.version=6.1.0\nos.arch=amd64\njava.version=17.0.15\njava.vm.name=OpenJDK 64-Bit Server VM\n"
                + "host.name=" + host + "\nclock.source=System.currentTimeMillis+nanoTime, \\u00b5s\n";
    }

    private Path peerDirectory(Path iteration, String name, String role, String host) throws IOException {
        Path dir = Files.createDirectories(iteration.resolve(name));
        Files.writeString(dir.resolve("test.properties"), testProperties(name, role, host), StandardCharsets.UTF_8);
        Files.writeString(dir.resolve("system.properties"), systemProperties(host), StandardCharsets.UTF_8);
        return dir;
    }

    /** An {@code artemis} inspector's four data sets, one poll every 5 s, in the inspector's own columns. */
    private void writeInspector(Path iteration) throws IOException {
        Path dir = peerDirectory(iteration, "inspector-1@sut", "inspector", "sut");
        String[] pools = {
            "CodeHeap 'non-nmethods'",
            "CodeHeap 'non-profiled nmethods'",
            "CodeHeap 'profiled nmethods'",
            "Compressed Class Space",
            "G1 Eden Space",
            "G1 Old Gen",
            "G1 Survivor Space",
            "Metaspace"
        };
        String[] queues = {"DLQ", "ExpiryQueue", ADDRESS};
        try (Writer heap = csv(dir, "artemis-jvm-heap", "init,committed,max,used");
                Writer pool = csv(dir, "artemis-memory-pools", "pool,type,init,committed,max,used");
                Writer os = csv(
                        dir,
                        "artemis-os",
                        "openFileDescriptors,maxFileDescriptors,systemLoadAverage,"
                                + "availableProcessors,processCpuLoad,systemCpuLoad,freePhysicalMemory,totalPhysicalMemory,"
                                + "freeSwapSpace,totalSwapSpace,committedVirtualMemory");
                Writer queue = csv(
                        dir,
                        "artemis-queues",
                        "address,queue,routingType,messageCount,messagesAdded,"
                                + "messagesAcknowledged,messagesExpired,messagesKilled,consumerCount,deliveringCount")) {
            long max = 4L << 30;
            for (int second = 0; second < seconds; second += INSPECTION_SECONDS) {
                long ts = START + second * 1000L;
                long used = (200L << 20) + random.nextLong(1L << 30);
                heap.write(ts + ",268435456," + (2L << 30) + "," + max + "," + used + "\n");
                for (int p = 0; p < pools.length; p++) {
                    boolean onHeap = pools[p].startsWith("G1");
                    long poolUsed = (p + 1) * (8L << 20) + random.nextLong(16L << 20);
                    pool.write(ts + "," + quoted(pools[p]) + "," + (onHeap ? "HEAP" : "NON_HEAP") + ",0,"
                            + (poolUsed * 2) + "," + (onHeap ? max : -1) + "," + poolUsed + "\n");
                }
                os.write(ts + "," + (180 + random.nextInt(40)) + ",1048576,"
                        + String.format(
                                Locale.ROOT,
                                "%.2f,8,%.4f,%.4f",
                                1 + random.nextDouble() * 3,
                                random.nextDouble() * 0.6,
                                0.2 + random.nextDouble() * 0.5)
                        + "," + (20L << 30) + "," + (32L << 30) + ",0,0,"
                        + (6L << 30) + "\n");
                for (String name : queues) {
                    boolean test = name.equals(ADDRESS);
                    long added = test ? (long) second * rate * senders : 0;
                    long depth = test ? random.nextInt(5_000) : 0;
                    queue.write(ts + "," + name + "," + name + ",ANYCAST," + depth + "," + added + ","
                            + Math.max(0, added - depth) + ",0,0," + (test ? receivers : 0) + "," + depth / 2 + "\n");
                }
            }
        }
    }

    private static String quoted(String text) {
        return text.contains("'") || text.contains(",") ? "\"" + text.replace("\"", "\"\"") + "\"" : text;
    }

    private static Writer csv(Path dir, String dataSet, String columns) throws IOException {
        BufferedWriter writer = Files.newBufferedWriter(dir.resolve(dataSet + ".csv"), StandardCharsets.UTF_8);
        writer.write("# maestro-inspector v1\ntimestamp," + columns + "\n");
        return writer;
    }

    /** An agent that restarted the broker twice. */
    private void writeAgent(Path iteration) throws IOException {
        Path dir = peerDirectory(iteration, "agent-1@sut", "agent", "sut");
        long first = START + seconds / 3 * 1000L;
        long second = START + 2L * seconds / 3 * 1000L;
        Files.writeString(
                dir.resolve("agent-actions.csv"),
                "# maestro-agent v1\n"
                        + "action,command,start,end,outcome,message\n"
                        + "1,restart," + first + "," + (first + 4_200) + ",success,broker restarted in 4.2 s\n"
                        + "2,restart," + second + "," + (second + 3_900) + ",success,broker restarted in 3.9 s\n",
                StandardCharsets.UTF_8);
    }

    /** The sequence numbers each receiver got of one sender's stream. */
    private final class Stream {
        final String sender;
        final RoaringBitmap[] received = new RoaringBitmap[receivers];

        Stream(String sender) {
            this.sender = sender;
            for (int r = 0; r < receivers; r++) {
                received[r] = new RoaringBitmap();
            }
        }
    }

    /** Draws one latency value, knowing the second of the test. */
    private interface Latency {
        long next(int second);
    }

    /** One sender's or receiver's files, written a second at a time. */
    private final class Peer {
        final String name;
        final String role;
        final Path dir;
        final Writer rateCsv;
        final List<PrintStream> outputs = new ArrayList<>();
        final List<HistogramLogWriter> logs = new ArrayList<>();
        final List<Histogram> intervals = new ArrayList<>();
        long count;

        Peer(Path iteration, String name, String role, String host, boolean receiver) throws IOException {
            this.name = name;
            this.role = role;
            this.dir = peerDirectory(iteration, name, role, host);
            rateCsv = Files.newBufferedWriter(dir.resolve("rate.csv"), StandardCharsets.UTF_8);
            rateCsv.write("# maestro-rate v3\ntimestamp,millis,count,measured,errors,warmup,accepted,released,rejected,"
                    + "modified,failed\n");
            for (String file :
                    receiver ? List.of("response-time.hlog", "service-time.hlog") : List.of("send-delay.hlog")) {
                PrintStream out = new PrintStream(
                        new BufferedOutputStream(Files.newOutputStream(dir.resolve(file)), 1 << 16),
                        false,
                        StandardCharsets.UTF_8);
                HistogramLogWriter log = new HistogramLogWriter(out);
                log.outputLogFormatVersion();
                log.outputStartTime(START);
                log.setBaseTime(START);
                log.outputBaseTime(START);
                log.outputLegend();
                outputs.add(out);
                logs.add(log);
                intervals.add(new Histogram(HIGHEST, 3));
            }
        }

        /**
         * One second: a rate row and one interval per log holding {@code messages} values (a receiver's service time
         * is a share of its response time).
         */
        void second(int second, long messages, boolean warmup, Latency latency) throws IOException {
            long end = START + (second + 1) * 1000L;
            rateCsv.write(end + ",1000," + messages + "," + (warmup ? 0 : messages) + ",0," + warmup + ",,,,,\n");
            count += messages;
            for (Histogram histogram : intervals) {
                histogram.reset();
                histogram.setStartTimeStamp(end - 1000L);
                histogram.setEndTimeStamp(end);
                histogram.setTag(warmup ? "warmup" : null);
            }
            Histogram first = intervals.get(0);
            Histogram other = intervals.size() > 1 ? intervals.get(1) : null;
            for (long m = 0; m < messages; m++) {
                long value = latency.next(second);
                first.recordValue(value);
                if (other != null) {
                    other.recordValue(Math.max(1, value * 3 / 5));
                }
            }
            for (int i = 0; i < logs.size(); i++) {
                logs.get(i).outputIntervalHistogram(intervals.get(i));
            }
        }

        void close(List<PeerResult.Stream> streams) throws IOException {
            rateCsv.close();
            for (PrintStream out : outputs) {
                out.close();
            }
            new PeerResult(
                            PeerResult.FORMAT_VERSION,
                            name,
                            role,
                            START,
                            START + seconds * 1000L,
                            START + WARMUP_SECONDS * 1000L,
                            count,
                            0,
                            0,
                            0,
                            streams,
                            PeerResult.SUCCESS,
                            "p90 response time below 500 ms")
                    .write(dir.resolve(PeerResult.FILE_NAME));
        }
    }
}
