package org.maestro.worker.bench;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.activemq.artemis.api.core.SimpleString;
import org.apache.activemq.artemis.core.server.Queue;
import org.maestro.embedded.EmbeddedArtemis;
import org.maestro.worker.RunOptions;

/**
 * Compares the throughput of a bare Qpid JMS send/receive loop with that of the Maestro sender and receiver
 * against one embedded Artemis broker: 256-byte non-durable messages, unbounded rate, the same connection counts
 * and the same measuring window; also the Maestro roles with the Proton-J driver. All are measured the same way, by
 * the broker: messages acknowledged by consumers during the window (after a warm-up of the same length for all).
 *
 * <p>Usage: {@code WorkerOverheadBenchmark [seconds=10] [warmupSeconds=3] [connections=1,5] [rounds=1]}; run by
 * {@code bench/worker-overhead.sh}.
 */
public final class WorkerOverheadBenchmark {
    private static final int SIZE = 256;

    private final EmbeddedArtemis broker;
    private final int seconds;
    private final int warmUp;
    private int queues;

    private WorkerOverheadBenchmark(EmbeddedArtemis broker, int seconds, int warmUp) {
        this.broker = broker;
        this.seconds = seconds;
        this.warmUp = warmUp;
    }

    public static void main(String[] args) throws Exception {
        int seconds = args.length > 0 ? Integer.parseInt(args[0]) : 10;
        int warmUp = args.length > 1 ? Integer.parseInt(args[1]) : 3;
        String[] counts = (args.length > 2 ? args[2] : "1,5").split(",");
        int rounds = args.length > 3 ? Integer.parseInt(args[3]) : 1;
        try (EmbeddedArtemis broker =
                EmbeddedArtemis.builder().amqp().name("bench").withoutJmx().start()) {
            WorkerOverheadBenchmark bench = new WorkerOverheadBenchmark(broker, seconds, warmUp);
            System.out.printf(
                    Locale.ROOT,
                    "%-11s %-6s %12s %14s %14s  %s%n",
                    "connections",
                    "round",
                    "bare msg/s",
                    "maestro msg/s",
                    "m.proton msg/s",
                    "maestro/bare");
            for (String count : counts) {
                int connections = Integer.parseInt(count.trim());
                List<Double> ratios = new ArrayList<>();
                for (int round = 1; round <= rounds; round++) {
                    // alternate the order so that neither side always runs on a fresher JVM and broker
                    double bare;
                    double maestro;
                    if (round % 2 == 1) {
                        bare = bench.bare(connections);
                        maestro = bench.maestro(connections, "amqp");
                    } else {
                        maestro = bench.maestro(connections, "amqp");
                        bare = bench.bare(connections);
                    }
                    double proton = bench.maestro(connections, "proton");
                    ratios.add(maestro / bare);
                    System.out.printf(
                            Locale.ROOT,
                            "%-11d %-6d %12.0f %14.0f %14.0f  %.1f%%%n",
                            connections,
                            round,
                            bare,
                            maestro,
                            proton,
                            100 * maestro / bare);
                }
                ratios.sort(null);
                System.out.printf(
                        Locale.ROOT,
                        "%-11d median maestro/bare over %d rounds: %.1f%%%n",
                        connections,
                        rounds,
                        100 * ratios.get(ratios.size() / 2));
            }
        }
        System.exit(0);
    }

    private String nextQueue() {
        return "bench." + (++queues);
    }

    /** Acknowledged messages of a queue so far, as the broker counts them. */
    private long acknowledged(String queue) {
        Queue q = broker.server().locateQueue(SimpleString.of(queue));
        return q == null ? 0 : q.getMessagesAcknowledged();
    }

    private double window(String queue) throws InterruptedException {
        Thread.sleep(warmUp * 1000L);
        long before = acknowledged(queue);
        long start = System.nanoTime();
        Thread.sleep(seconds * 1000L);
        long after = acknowledged(queue);
        return (after - before) / ((System.nanoTime() - start) / 1e9);
    }

    /** The bare loop: one producer thread per connection sending as fast as it can, one listener per connection. */
    double bare(int connections) throws Exception {
        String queue = nextQueue();
        AtomicBoolean stop = new AtomicBoolean();
        AtomicLong received = new AtomicLong();
        try (JmsLoop loop = new JmsLoop(broker.amqpPort(), queue, null)) {
            loop.openReceivers(connections, body -> received.incrementAndGet());
            loop.openSenders(connections);
            byte[] body = new byte[SIZE];
            SenderThreads producers = SenderThreads.start(connections, stop, connection -> {
                while (!stop.get()) {
                    loop.send(connection, body);
                }
            });
            try {
                return window(queue);
            } finally {
                stop.set(true);
                producers.join(5000);
                QuietDrain.await(received);
            }
        } finally {
            remove(queue);
        }
    }

    /** Removes a queue and its messages so that the next run starts with an empty broker. */
    private void remove(String queue) {
        try {
            broker.server().destroyQueue(SimpleString.of(queue), null, false, true);
        } catch (Exception e) {
            System.err.println("cannot remove " + queue + ": " + e.getMessage());
        }
    }

    /**
     * The Maestro sender and receiver with the same settings, driven as the client drives them, with the driver of
     * the URL scheme ({@code amqp}: Qpid JMS, {@code proton}: Proton-J).
     */
    double maestro(int connections, String scheme) throws Exception {
        String queue = nextQueue();
        String url = scheme + "://127.0.0.1:" + broker.amqpPort() + "/" + queue;
        Map<String, String> options = RunOptions.of(url, connections, 0, (warmUp + seconds + 2) + "s", "bench");
        options.put("MESSAGE_SIZE", Integer.toString(SIZE));
        MaestroPeers peers = MaestroPeers.start(options);
        try {
            return window(queue);
        } finally {
            peers.stopSender(Duration.ofSeconds(30));
            peers.drain(Duration.ofSeconds(120));
            remove(queue);
        }
    }
}
