package org.maestro.driver.stomp.bench;

import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.ext.stomp.Command;
import io.vertx.ext.stomp.Frame;
import io.vertx.ext.stomp.StompClient;
import io.vertx.ext.stomp.StompClientConnection;
import io.vertx.ext.stomp.StompClientOptions;
import io.vertx.ext.stomp.utils.Headers;
import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.HdrHistogram.Histogram;
import org.maestro.base.time.MicroClock;
import org.maestro.driver.DriverConnection;
import org.maestro.driver.DriverProducer;
import org.maestro.driver.stomp.StompDriver;
import org.maestro.embedded.EmbeddedArtemis;

/**
 * One client of the STOMP driver comparison, in a JVM of its own: an Artemis broker with a STOMP acceptor, a bare
 * send loop on the Vert.x STOMP client, or the same loop through the Maestro STOMP driver. Both send 256-byte
 * messages as fast as they can on one connection, each SEND asking for a receipt with at most 1000 without one
 * (the driver's defaults), to a queue a second connection consumes with client-individual acknowledgements; after
 * {@code warmUp} seconds not measured they measure {@code seconds} and print one {@code RESULT} line: messages sent
 * and received per second, the p99 of receive − send time, and the JVM's CPU time per message received.
 *
 * <pre>
 * StompBenchmark broker &lt;port-file&gt;                       runs an Artemis until killed
 * StompBenchmark bare|driver &lt;port&gt; &lt;warmUp&gt; &lt;seconds&gt; [URL query of both, e.g. ack=auto]
 * </pre>
 *
 * Run by {@code bench/stomp.sh}.
 */
public final class StompBenchmark {
    private static final int SIZE = 256;
    private static final int INFLIGHT = 1000;

    private final AtomicLong measured = new AtomicLong();
    private long sentInWindow;
    private final Histogram latency = new Histogram(TimeUnit.SECONDS.toMicros(60), 3);
    private volatile long windowStart = Long.MAX_VALUE;
    private volatile long windowEnd = Long.MAX_VALUE;

    private StompBenchmark() {}

    public static void main(String[] args) throws Exception {
        if (args[0].equals("broker")) {
            EmbeddedArtemis broker = EmbeddedArtemis.builder()
                    .stomp()
                    .name("stomp-bench")
                    .withoutJmx()
                    .start();
            Files.writeString(Path.of(args[1]), Integer.toString(broker.stompPort()));
            Thread.currentThread().join();
            return;
        }
        int port = Integer.parseInt(args[1]);
        int warmUp = Integer.parseInt(args[2]);
        int seconds = Integer.parseInt(args[3]);
        new StompBenchmark().run(args[0], port, warmUp, seconds, args.length > 4 ? args[4] : "");
        System.exit(0);
    }

    private void run(String client, int port, int warmUp, int seconds, String query) throws Exception {
        String destination = "/queue/bench-" + UUID.randomUUID();
        String url = "stomp://127.0.0.1:" + port + destination + (query.isEmpty() ? "" : "?" + query);
        StompDriver driver = new StompDriver();
        try (DriverConnection receiver = driver.connect(url, MicroClock.system(), Duration.ofSeconds(30))) {
            receiver.createConsumer((body, micros) -> record(body));
            long start = System.nanoTime();
            windowStart = start + TimeUnit.SECONDS.toNanos(warmUp);
            windowEnd = windowStart + TimeUnit.SECONDS.toNanos(seconds);
            long cpuBefore = 0;
            if (client.equals("bare")) {
                cpuBefore = bareLoop(port, destination);
            } else {
                cpuBefore = driverLoop(driver, url);
            }
            long cpu = cpuTime() - cpuBefore;
            long received = measured.get();
            System.out.printf(
                    "RESULT client=%s sent=%.0f throughput=%.0f p99=%.3f cpu=%.2f%n",
                    client,
                    sentInWindow / (double) seconds,
                    received / (double) seconds,
                    latency.getValueAtPercentile(99) / 1000.0,
                    received == 0 ? 0.0 : cpu / 1000.0 / received);
        }
    }

    private void record(byte[] body) {
        long now = System.nanoTime();
        if (now < windowStart || now >= windowEnd) {
            return;
        }
        long sent = ByteBuffer.wrap(body).getLong();
        measured.incrementAndGet();
        synchronized (latency) {
            latency.recordValue(Math.max(0, (now - sent) / 1000));
        }
    }

    /** Sends through the driver until the window ends; returns the CPU time when the window started. */
    private long driverLoop(StompDriver driver, String url) throws Exception {
        try (DriverConnection sender = driver.connect(url, MicroClock.system(), Duration.ofSeconds(30))) {
            DriverProducer producer = sender.createProducer((token, outcome, again, detail) -> {});
            byte[] body = new byte[SIZE];
            long cpuAtWindow = -1;
            long token = 0;
            while (System.nanoTime() < windowEnd) {
                if (cpuAtWindow < 0 && System.nanoTime() >= windowStart) {
                    cpuAtWindow = cpuTime();
                }
                long now = System.nanoTime();
                ByteBuffer.wrap(body).putLong(now);
                producer.send(token++, body, SIZE);
                if (now >= windowStart) {
                    sentInWindow++;
                }
            }
            return cpuAtWindow;
        }
    }

    /** Sends with the Vert.x client itself until the window ends; returns the CPU time when the window started. */
    private long bareLoop(int port, String destination) throws Exception {
        Vertx vertx = Vertx.vertx();
        try {
            StompClientOptions options =
                    new StompClientOptions().setHost("127.0.0.1").setPort(port).setBypassHostHeader(true);
            StompClientConnection connection = StompClient.create(vertx, options)
                    .connect()
                    .toCompletionStage()
                    .toCompletableFuture()
                    .get(30, TimeUnit.SECONDS);
            Semaphore window = new Semaphore(INFLIGHT);
            byte[] body = new byte[SIZE];
            long cpuAtWindow = -1;
            while (System.nanoTime() < windowEnd) {
                if (cpuAtWindow < 0 && System.nanoTime() >= windowStart) {
                    cpuAtWindow = cpuTime();
                }
                window.acquire();
                long now = System.nanoTime();
                ByteBuffer.wrap(body).putLong(now);
                if (now >= windowStart) {
                    sentInWindow++;
                }
                Headers headers =
                        Headers.create(Frame.DESTINATION, destination, Frame.CONTENT_LENGTH, Integer.toString(SIZE));
                connection.send(new Frame(Command.SEND, headers, Buffer.buffer(body)), receipt -> window.release());
            }
            connection.disconnect().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
            return cpuAtWindow;
        } finally {
            vertx.close();
        }
    }

    private static long cpuTime() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime();
    }
}
