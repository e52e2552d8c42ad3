package org.maestro.worker.bench;

import jakarta.jms.BytesMessage;
import jakarta.jms.CompletionListener;
import jakarta.jms.Connection;
import jakarta.jms.DeliveryMode;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageProducer;
import jakarta.jms.Session;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;
import org.apache.qpid.jms.JmsConnectionFactory;
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
            System.err.println("usage: LoadGeneratorBenchmark broker <port-file> | bare|amqp|proton <port> "
                    + "<connections> <rate per connection, 0 = unbounded> <warm-up s> <measured s>");
            System.exit(2);
        }
        LoadGeneratorBenchmark bench = new LoadGeneratorBenchmark(args);
        long cpuBefore = cpuNanos();
        MaestroPeers.Measured outcome = bench.client.startsWith("bare") ? bench.bare() : bench.maestro();
        long cpu = cpuNanos() - cpuBefore;
        Histogram response = outcome.responseTime();
        System.out.printf(
                Locale.ROOT,
                "RESULT client=%s connections=%d rate=%d throughput=%.0f p50=%.3f p90=%.3f "
                        + "p99=%.3f max=%.3f sent=%d cpuMicrosPerMessage=%.2f%n",
                bench.client,
                bench.connections,
                bench.rate,
                response.getTotalCount() / (double) bench.seconds,
                ms(response, 50),
                ms(response, 90),
                ms(response, 99),
                response.getMaxValue() / 1000.0,
                outcome.sent(),
                outcome.sent() == 0 ? 0.0 : cpu / 1000.0 / outcome.sent());
        System.exit(0);
    }

    private static double ms(Histogram histogram, double percentile) {
        return histogram.getValueAtPercentile(percentile) / 1000.0;
    }

    private static long cpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime();
    }

    /** Response times of the measured messages received, and the messages sent in all. */
    private static void runBroker(Path portFile) throws Exception {
        EmbeddedArtemis broker = EmbeddedArtemis.builder()
                .amqp()
                .name("load-generator")
                .withoutJmx()
                .start();
        Files.writeString(portFile, Integer.toString(broker.amqpPort()));
        Thread.currentThread().join();
    }

    private static long nowMicros() {
        return System.nanoTime() / 1000;
    }

    /**
     * The bare loop: per connection one thread sending on the same timeline as a Maestro sender (or as fast as it
     * can), the intended send time in the first 8 bytes, and one consumer connection recording receive − intended.
     */
    private MaestroPeers.Measured bare() throws Exception {
        String queue = "bench.bare." + connections + "." + rate;
        JmsConnectionFactory factory = new JmsConnectionFactory("amqp://127.0.0.1:" + port);
        List<Connection> opened = new ArrayList<>();
        AtomicBoolean stop = new AtomicBoolean();
        AtomicLong received = new AtomicLong();
        AtomicLong sent = new AtomicLong();
        Recorder recorder = new Recorder(3_600_000_000L, 3);
        long[] window = new long[2];
        List<Thread> producers = new ArrayList<>();
        CompletionListener completions = client.equals("bare-completion") ? counting(new AtomicLong()) : null;
        try {
            for (int i = 0; i < connections; i++) {
                Connection connection = factory.createConnection();
                opened.add(connection);
                Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
                MessageConsumer consumer = session.createConsumer(session.createQueue(queue));
                consumer.setMessageListener(message -> {
                    try {
                        long now = nowMicros();
                        BytesMessage bytes = (BytesMessage) message;
                        byte[] body = new byte[(int) bytes.getBodyLength()];
                        bytes.readBytes(body);
                        long intended = getLong(body);
                        if (intended >= window[0] && intended < window[1]) {
                            recorder.recordValue(Math.max(0, now - intended));
                        }
                        received.incrementAndGet();
                    } catch (Exception e) {
                        throw new IllegalStateException(e);
                    }
                });
                connection.start();
            }
            List<MessageProducer> senders = new ArrayList<>();
            List<Session> sessions = new ArrayList<>();
            for (int i = 0; i < connections; i++) {
                Connection connection = factory.createConnection();
                opened.add(connection);
                Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
                MessageProducer producer = session.createProducer(session.createQueue(queue));
                producer.setDeliveryMode(DeliveryMode.NON_PERSISTENT);
                producer.setDisableMessageID(true);
                producer.setDisableMessageTimestamp(true);
                sessions.add(session);
                senders.add(producer);
            }
            long start = nowMicros();
            window[0] = start + warmUp * 1_000_000L;
            window[1] = window[0] + seconds * 1_000_000L;
            for (int i = 0; i < connections; i++) {
                Session session = sessions.get(i);
                MessageProducer producer = senders.get(i);
                Thread thread = new Thread(
                        () -> {
                            byte[] body = new byte[SIZE];
                            try {
                                for (long n = 0; !stop.get(); n++) {
                                    long intended = rate > 0 ? start + n * 1_000_000L / rate : nowMicros();
                                    if (intended >= window[1]) {
                                        break;
                                    }
                                    long wait = intended - nowMicros();
                                    if (wait > 0) {
                                        LockSupport.parkNanos(wait * 1000);
                                    }
                                    putLong(body, intended);
                                    BytesMessage message = session.createBytesMessage();
                                    message.writeBytes(body, 0, SIZE);
                                    if (completions != null) {
                                        producer.send(message, completions);
                                    } else {
                                        producer.send(message);
                                    }
                                    sent.incrementAndGet();
                                }
                            } catch (Exception e) {
                                if (!stop.get()) {
                                    e.printStackTrace();
                                }
                            }
                        },
                        "bare-producer-" + i);
                thread.start();
                producers.add(thread);
            }
            for (Thread thread : producers) {
                thread.join((warmUp + seconds + 60) * 1000L);
            }
            drain(received);
            return new MaestroPeers.Measured(recorder.getIntervalHistogram(), sent.get());
        } finally {
            stop.set(true);
            for (Connection connection : opened) {
                connection.close();
            }
        }
    }

    /** Waits until the consumers received nothing for a second (at most 60 s), as a Maestro receiver drains. */
    private static void drain(AtomicLong received) throws InterruptedException {
        long deadline = System.nanoTime() + 60_000_000_000L;
        long last = -1;
        while (received.get() != last && System.nanoTime() < deadline) {
            last = received.get();
            Thread.sleep(1000);
        }
    }

    private static void putLong(byte[] body, long value) {
        for (int i = 7; i >= 0; i--) {
            body[i] = (byte) value;
            value >>>= 8;
        }
    }

    private static long getLong(byte[] body) {
        long value = 0;
        for (int i = 0; i < 8; i++) {
            value = value << 8 | (body[i] & 0xFF);
        }
        return value;
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
