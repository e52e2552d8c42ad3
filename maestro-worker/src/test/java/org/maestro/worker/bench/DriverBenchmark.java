package org.maestro.worker.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * One client of the driver comparison, in a JVM of its own: the Maestro sender and receiver through a driver, or a
 * bare loop of the same client library, sending {@code size}-byte messages as fast as they go on {@code connections}
 * sender and as many receiver connections, to a destination of its own that it removes afterwards. Prints one
 * {@code RESULT} line: the messages sent in the measured window (after {@code warmUp} s) and received, per second,
 * and the JVM's CPU time over the same stretch of time (from {@code warmUp} s after the client started loading to the
 * end of the window) per message measured.
 *
 * <pre>
 * DriverBenchmark maestro|bare &lt;case&gt; &lt;connections&gt; &lt;size&gt; &lt;warmUp&gt; &lt;seconds&gt;
 *   case: mqtt-qos0 | mqtt-qos1 | rabbitmq | rabbitmq-confirm | nats | nats-jetstream
 * </pre>
 *
 * The RabbitMQ cases publish mandatory messages, as the driver does by default, unless the system property
 * {@code rabbitmq.mandatory} is {@code false}; Maestro and the bare loop then both publish without.
 *
 * Run by {@code bench/drivers.sh}.
 */
public final class DriverBenchmark {
    /** The cases, in the order the script runs them. */
    static final List<String> CASES =
            List.of("mqtt-qos0", "mqtt-qos1", "rabbitmq", "rabbitmq-confirm", "nats", "nats-jetstream");

    /** Whether the RabbitMQ cases publish mandatory messages (the driver's default) on both sides. */
    private static final boolean RABBITMQ_MANDATORY =
            Boolean.parseBoolean(System.getProperty("rabbitmq.mandatory", "true"));

    private final String client;
    private final String scenario;
    private final int connections;
    private final int size;
    private final int warmUp;
    private final int seconds;

    private DriverBenchmark(String[] args) {
        client = args[0];
        scenario = args[1];
        connections = Integer.parseInt(args[2]);
        size = Integer.parseInt(args[3]);
        warmUp = Integer.parseInt(args[4]);
        seconds = Integer.parseInt(args[5]);
    }

    public static void main(String[] args) throws Exception {
        if (args.length != 6 || !List.of("maestro", "bare").contains(args[0]) || !CASES.contains(args[1])) {
            System.err.println("usage: DriverBenchmark maestro|bare <" + String.join("|", CASES)
                    + "> <connections> <message size> <warm-up s> <measured s>");
            System.exit(2);
        }
        DriverBenchmark bench = new DriverBenchmark(args);
        String name = "maestro-bench-" + bench.scenario + "-" + bench.client + "-"
                + UUID.randomUUID().toString().substring(0, 8);
        ClientLoop loop = loop(bench.scenario, name);
        CpuWindow cpu = CpuWindow.start(bench.warmUp, bench.seconds);
        long[] measuredAndSent;
        try {
            measuredAndSent = bench.client.equals("bare") ? bench.bare(loop) : bench.maestro(loop);
        } finally {
            loop.removeDestination();
        }
        long measured = measuredAndSent[0];
        System.out.printf(
                Locale.ROOT,
                "RESULT client=%s case=%s connections=%d size=%d throughput=%.0f sent=%d "
                        + "cpuMicrosPerMessage=%.2f%n",
                bench.client,
                bench.scenario,
                bench.connections,
                bench.size,
                measured / (double) bench.seconds,
                measuredAndSent[1],
                measured == 0 ? 0.0 : cpu.nanos() / 1000.0 / measured);
        System.exit(0);
    }

    static ClientLoop loop(String scenario, String name) {
        return switch (scenario) {
            case "mqtt-qos0" -> new MqttLoop(name, 0);
            case "mqtt-qos1" -> new MqttLoop(name, 1);
            case "rabbitmq" -> new RabbitLoop(name, false, RABBITMQ_MANDATORY);
            case "rabbitmq-confirm" -> new RabbitLoop(name, true, RABBITMQ_MANDATORY);
            case "nats" -> new NatsLoop(name, false);
            case "nats-jetstream" -> new NatsLoop(name, true);
            default -> throw new IllegalArgumentException("unknown case " + scenario + "; known: " + CASES);
        };
    }

    /** The Maestro sender and receiver at RATE=0 on the loop's URL: measured messages received, and sent. */
    private long[] maestro(ClientLoop loop) throws Exception {
        MaestroPeers.Measured outcome = MaestroPeers.run(loop.maestroUrl(), connections, 0, size, warmUp, seconds);
        return new long[] {outcome.responseTime().getTotalCount(), outcome.sent()};
    }

    /**
     * The bare loop: per sender connection one thread sending as fast as it can, its send time in the first 8 bytes
     * of each body; the receivers count the messages sent in the measured window. Measured received, and sent.
     */
    private long[] bare(ClientLoop loop) throws Exception {
        long start = BareStamp.nowMicros();
        long windowStart = start + warmUp * 1_000_000L;
        long windowEnd = windowStart + seconds * 1_000_000L;
        AtomicLong received = new AtomicLong();
        AtomicLong measured = new AtomicLong();
        AtomicLong sent = new AtomicLong();
        AtomicReference<Exception> failure = new AtomicReference<>();
        try (loop) {
            loop.openReceivers(connections, body -> {
                long stamp = BareStamp.get(body);
                if (stamp >= windowStart && stamp < windowEnd) {
                    measured.incrementAndGet();
                }
                received.incrementAndGet();
            });
            loop.openSenders(connections);
            List<Thread> threads = new ArrayList<>();
            for (int i = 0; i < connections; i++) {
                int connection = i;
                Thread thread = new Thread(
                        () -> {
                            try {
                                for (long now = BareStamp.nowMicros(); now < windowEnd; now = BareStamp.nowMicros()) {
                                    byte[] body = new byte[size];
                                    BareStamp.put(body, now);
                                    loop.send(connection, body);
                                    sent.incrementAndGet();
                                }
                            } catch (Exception e) {
                                failure.compareAndSet(null, e);
                            }
                        },
                        "bare-sender-" + i);
                thread.start();
                threads.add(thread);
            }
            for (Thread thread : threads) {
                thread.join(Math.max(1, (windowEnd - BareStamp.nowMicros()) / 1000) + 60_000);
            }
            if (failure.get() != null) {
                System.err.println("a bare sender stopped: " + failure.get());
            }
            QuietDrain.await(received);
        }
        return new long[] {measured.get(), sent.get()};
    }
}
