package org.maestro.worker.bench;

import jakarta.jms.CompletionListener;
import jakarta.jms.Message;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;
import org.maestro.embedded.EmbeddedArtemis;

/**
 * One client of the load-generator comparison, in a JVM of its own (so every client starts cold): a broker, a bare
 * Qpid JMS loop, or the Maestro sender and receiver, against the broker of the run. Clients send 256-byte
 * non-durable messages on {@code connections} connections, at {@code rate} msg/s per connection on a fixed timeline
 * (0: unbounded), for {@code warmUp} seconds not measured and then {@code seconds} measured, and print one
 * {@code RESULT} line: measured throughput (messages intended in the measured window and received, per second),
 * response time (receive − intended send) percentiles of those messages, and the JVM's CPU time per message sent.
 *
 * <pre>
 * LoadGeneratorBenchmark broker &lt;port-file&gt;                    runs an Artemis until killed
 * LoadGeneratorBenchmark bare &lt;port&gt; &lt;connections&gt; &lt;rate&gt; &lt;warmUp&gt; &lt;seconds&gt;
 * LoadGeneratorBenchmark bare-completion …   the bare loop sending with a CompletionListener
 * LoadGeneratorBenchmark bare-receive …      the bare loop read by receive() threads, with service time too
 * LoadGeneratorBenchmark bare-proton …       the bare Proton-J loop ({@link ProtonLoop}), the anchor of proton
 * LoadGeneratorBenchmark amqp|proton &lt;port&gt; &lt;connections&gt; &lt;rate&gt; &lt;warmUp&gt; &lt;seconds&gt;
 * </pre>
 *
 * Run by {@code bench/load-generator.sh}.
 */
public final class LoadGeneratorBenchmark {
    private static final int SIZE = 256;

    private final String client;
    private final int port;
    private final int connections;
    private final int rate;
    private final int warmUp;
    private final int seconds;

    private LoadGeneratorBenchmark(String[] args) {
        client = args[0];
        port = Integer.parseInt(args[1]);
        connections = Integer.parseInt(args[2]);
        rate = Integer.parseInt(args[3]);
        warmUp = Integer.parseInt(args[4]);
        seconds = Integer.parseInt(args[5]);
    }

    public static void main(String[] args) throws Exception {
        if (args.length == 2 && args[0].equals("broker")) {
            runBroker(Path.of(args[1]));
            return;
        }
        if (args.length != 6) {
            System.err.println("usage: LoadGeneratorBenchmark broker <port-file> | bare|bare-proton|amqp|proton <port> "
                    + "<connections> <rate per connection, 0 = unbounded> <warm-up s> <measured s>");
            System.exit(2);
        }
        LoadGeneratorBenchmark bench = new LoadGeneratorBenchmark(args);
        long cpuBefore = CpuWindow.processCpuNanos();
        BareTimes bare = bench.client.startsWith("bare") && !bench.client.equals("bare-proton") ? bench.bare() : null;
        MaestroPeers.Measured outcome = bare != null
                ? new MaestroPeers.Measured(bare.responseTime(), bare.sent())
                : bench.client.equals("bare-proton") ? bench.bareProton() : bench.maestro();
        long cpu = CpuWindow.processCpuNanos() - cpuBefore;
        System.out.println(ResultLine.of(
                        bench.client,
                        bench.connections,
                        bench.rate,
                        bench.seconds,
                        outcome.responseTime(),
                        outcome.sent(),
                        cpu)
                + (bare != null && bare.serviceTime() != null
                        ? ResultLine.serviceAndWindow(bare.serviceTime(), bare.windowStartMillis(), bench.seconds)
                        : ""));
        System.exit(0);
    }

    /** Response times of the measured messages received, and the messages sent in all. */
    private static void runBroker(Path portFile) throws Exception {
        EmbeddedArtemis broker = EmbeddedArtemis.builder()
                .amqp()
                .name("load-generator")
                .withoutJmx()
                // as the anchor harness's broker: unbounded, a sender that outruns its receivers waits instead of
                // filling the broker until it pages
                .blockAbove(16L * 1024 * 1024)
                .start();
        Files.writeString(portFile, Integer.toString(broker.amqpPort()));
        Thread.currentThread().join();
    }

    /** The latencies of the bare loop's measured messages (service time only when stamped), its sends in all. */
    private record BareTimes(Histogram responseTime, Histogram serviceTime, long sent, long windowStartMillis) {}

    /**
     * The bare loop: per connection one thread sending on the same timeline as a Maestro sender (or as fast as it
     * can), the intended send time in the first 8 bytes, and one consumer connection recording receive − intended.
     * As {@code bare-receive}, its consumers are read as the anchor harness's bare loop reads (a thread each in
     * {@code receive()}, not a listener), and each body also carries the time the sender called {@code send} (bytes
     * 8–15), so that it records service time (receive − actual send, what the anchor's bare loop measures) too: each
     * of Maestro's figures then has a bare twin of the same definition.
     */
    private BareTimes bare() throws Exception {
        boolean twin = client.equals("bare-receive");
        String queue = "bench." + client + "." + connections + "." + rate + (twin ? "." + System.nanoTime() : "");
        AtomicBoolean stop = new AtomicBoolean();
        AtomicLong received = new AtomicLong();
        AtomicLong sent = new AtomicLong();
        Recorder response = new Recorder(3_600_000_000L, 3);
        Recorder service = new Recorder(3_600_000_000L, 3);
        long[] window = new long[2];
        CompletionListener completions = client.equals("bare-completion") ? counting(new AtomicLong()) : null;
        try (JmsLoop loop = new JmsLoop(port, queue, completions)) {
            try {
                Consumer<byte[]> onMessage = body -> {
                    long now = BareStamp.nowMicros();
                    long intended = BareStamp.get(body, 0);
                    if (intended >= window[0] && intended < window[1]) {
                        response.recordValue(Math.max(0, now - intended));
                        if (twin) {
                            service.recordValue(Math.max(0, now - BareStamp.get(body, 8)));
                        }
                    }
                    received.incrementAndGet();
                };
                if (twin) {
                    loop.openReceiveThreads(connections, onMessage);
                } else {
                    loop.openReceivers(connections, onMessage);
                }
                loop.openSenders(connections);
                long start = BareStamp.nowMicros();
                window[0] = start + warmUp * 1_000_000L;
                window[1] = window[0] + seconds * 1_000_000L;
                long windowStartMillis = System.currentTimeMillis() + warmUp * 1000L;
                sendOnTimeline(loop, stop, sent, start, window[1], twin);
                QuietDrain.await(received);
                return new BareTimes(
                        response.getIntervalHistogram(),
                        twin ? service.getIntervalHistogram() : null,
                        sent.get(),
                        windowStartMillis);
            } finally {
                stop.set(true);
            }
        }
    }

    /**
     * Sends on every connection on the timeline from {@code start} until {@code end} (µs), the intended send time in
     * bytes 0–7 of each body and, with {@code stampSend}, the time of the {@code send} call in bytes 8–15; returns
     * when every sender is done.
     */
    private void sendOnTimeline(
            JmsLoop loop, AtomicBoolean stop, AtomicLong sent, long start, long end, boolean stampSend)
            throws InterruptedException {
        SenderThreads.start(connections, stop, connection -> {
                    byte[] body = new byte[SIZE];
                    for (long n = 0; !stop.get(); n++) {
                        long intended = BareStamp.intended(start, rate, n);
                        if (intended >= end) {
                            break;
                        }
                        BareStamp.awaitTime(intended);
                        BareStamp.put(body, 0, intended);
                        if (stampSend) {
                            BareStamp.put(body, 8, BareStamp.nowMicros());
                        }
                        loop.send(connection, body);
                        sent.incrementAndGet();
                    }
                })
                .join((warmUp + seconds + 60) * 1000L);
    }

    /**
     * The bare Proton-J loop on the same timeline; a run that failed its own checks (a stall, a message lost, twice
     * or refused) prints what went wrong and ends the JVM with exit code 1, without a result.
     */
    private MaestroPeers.Measured bareProton() throws Exception {
        String queue = "bench.bare-proton." + connections + "." + rate;
        ProtonLoopOutcome outcome = new ProtonLoop(port, queue, SIZE).run(connections, rate, warmUp, seconds);
        List<String> problems = outcome.problems();
        if (!problems.isEmpty()) {
            System.err.println("the bare Proton-J loop failed its checks (sent per connection "
                    + Arrays.toString(outcome.sent()) + ", received " + Arrays.toString(outcome.received()) + "): "
                    + String.join("; ", problems));
            System.exit(1);
        }
        return new MaestroPeers.Measured(outcome.responseTime(), outcome.totalSent());
    }

    /** The Maestro sender and receiver, driven as the client drives them, with the driver of the URL scheme. */
    private MaestroPeers.Measured maestro() throws Exception {
        String queue = "bench." + client + "." + connections + "." + rate;
        String url = client + "://127.0.0.1:" + port + "/" + queue;
        return MaestroPeers.run(url, connections, rate, SIZE, warmUp, seconds);
    }

    /** Counts completions: the bare loop's {@code bare-completion} variant sends with it, as Maestro does. */
    static CompletionListener counting(AtomicLong completed) {
        return new CompletionListener() {
            @Override
            public void onCompletion(Message message) {
                completed.incrementAndGet();
            }

            @Override
            public void onException(Message message, Exception exception) {
                completed.incrementAndGet();
            }
        };
    }
}
