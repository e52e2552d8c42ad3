package org.maestro.inspector.bench;

import jakarta.jms.BytesMessage;
import jakarta.jms.Connection;
import jakarta.jms.DeliveryMode;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageProducer;
import jakarta.jms.Session;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.function.ToDoubleFunction;
import java.util.stream.DoubleStream;
import java.util.stream.Stream;
import org.apache.activemq.artemis.api.core.SimpleString;
import org.apache.activemq.artemis.core.server.Queue;
import org.apache.qpid.jms.JmsConnectionFactory;
import org.maestro.common.options.OptionCode;
import org.maestro.common.protocol.Command;
import org.maestro.common.protocol.Note;
import org.maestro.common.protocol.Payload;
import org.maestro.common.testing.RecordingPeerContext;
import org.maestro.embedded.EmbeddedArtemis;
import org.maestro.inspector.PollerStats;
import org.maestro.inspector.artemis.EmbeddedJolokia;
import org.maestro.inspector.role.InspectorRole;

/**
 * Measures what the {@code artemis} inspector costs the broker it watches: one embedded Artemis broker (JMX on)
 * served by a real Jolokia agent carries one unbounded load (Qpid JMS producers sending 256-byte non-persistent
 * messages as fast as they can, one consumer per producer, each on its own connection), while windows of equal length alternate between no
 * inspector, the inspector polling every 5 s and every 1 s. The throughput of a window is the broker's count of
 * messages acknowledged by consumers during it. Rounds alternate the order (A B C, then C B A …) so a slow drift of
 * the machine cancels over pairs of rounds.
 *
 * <p>Usage: {@code InspectorOverheadBenchmark [seconds=30] [settleSeconds=3] [rounds=6] [connections=2]}; run by
 * {@code bench/inspector-overhead.sh}.
 */
public final class InspectorOverheadBenchmark {
    private static final int SIZE = 256;
    /** Producers pause while more messages than this are sent but not yet received, so the queue stays short. */
    private static final long MAX_IN_FLIGHT = 20_000;

    private static final String QUEUE = "inspector.bench";

    /** The three settings compared. */
    private enum Mode {
        NONE("no inspector", 0),
        EVERY_5S("inspector every 5 s", 5),
        EVERY_1S("inspector every 1 s", 1);

        final String label;
        final int intervalSeconds;

        Mode(String label, int intervalSeconds) {
            this.label = label;
            this.intervalSeconds = intervalSeconds;
        }
    }

    private final EmbeddedArtemis broker;
    private final EmbeddedJolokia jolokia;
    private final Path results;
    private final int seconds;
    private final int settle;

    private InspectorOverheadBenchmark(
            EmbeddedArtemis broker, EmbeddedJolokia jolokia, Path results, int seconds, int settle) {
        this.broker = broker;
        this.jolokia = jolokia;
        this.results = results;
        this.seconds = seconds;
        this.settle = settle;
    }

    public static void main(String[] args) throws Exception {
        int seconds = args.length > 0 ? Integer.parseInt(args[0]) : 30;
        int settle = args.length > 1 ? Integer.parseInt(args[1]) : 3;
        int rounds = args.length > 2 ? Integer.parseInt(args[2]) : 6;
        int connections = args.length > 3 ? Integer.parseInt(args[3]) : 2;
        Path results = Files.createTempDirectory("maestro-inspector-bench-");
        int exitCode = 0;
        byte[] secret = new byte[12];
        new SecureRandom().nextBytes(secret);
        try (EmbeddedArtemis broker =
                        EmbeddedArtemis.builder().amqp().name("inspected").start();
                EmbeddedJolokia jolokia =
                        EmbeddedJolokia.start("bench", HexFormat.of().formatHex(secret));
                Load load = new Load(broker, connections)) {
            InspectorOverheadBenchmark bench =
                    new InspectorOverheadBenchmark(broker, jolokia, results, seconds, settle);
            System.out.printf(
                    Locale.ROOT,
                    "%d producer and %d consumer connections, %d-byte messages, a warm-up of "
                            + "%d s, then windows of %d s, each after %d s of settling%n",
                    connections,
                    connections,
                    SIZE,
                    seconds,
                    seconds,
                    settle);
            Thread.sleep(seconds * 1000L); // warm-up: the JIT compiles the broker's and the clients' paths
            String header = String.format(
                    Locale.ROOT,
                    "%-6s %-20s %9s %9s %6s %11s %8s %8s",
                    "round",
                    "mode",
                    "msg/s",
                    "vs none",
                    "polls",
                    "cpu us/msg",
                    "agent",
                    "client");
            System.out.println("(cpu us/msg: CPU of the whole JVM per message; agent, client: CPU ms per second of "
                    + "the Jolokia agent's and of the inspector's threads)");
            System.out.println(header);
            List<Window> windows = new ArrayList<>();
            for (int round = 1; round <= rounds; round++) {
                List<Mode> order = new ArrayList<>(List.of(Mode.values()));
                if (round % 2 == 0) {
                    Collections.reverse(order);
                }
                Map<Mode, Window> thisRound = new EnumMap<>(Mode.class);
                for (Mode mode : order) {
                    thisRound.put(mode, bench.window(mode, round));
                }
                for (Mode mode : order) {
                    System.out.println(thisRound
                            .get(mode)
                            .row(round, thisRound.get(Mode.NONE).rate()));
                }
                windows.addAll(thisRound.values());
            }
            System.out.println("== over all rounds (means; msg/s min-max)");
            System.out.printf(
                    Locale.ROOT,
                    "%-20s %9s %13s %9s %11s %15s %15s%n",
                    "mode",
                    "msg/s",
                    "min-max",
                    "vs none",
                    "cpu us/msg",
                    "agent ms/poll",
                    "client ms/poll");
            double baseline = mean(windows, Mode.NONE, Window::rate);
            long succeeded = 0;
            for (Mode mode : Mode.values()) {
                double polls = mean(windows, mode, w -> (double) w.polls());
                System.out.printf(
                        Locale.ROOT,
                        "%-20s %9.0f %6.0f-%-6.0f %8.1f%% %11.1f %15s %15s%n",
                        mode.label,
                        mean(windows, mode, Window::rate),
                        stat(windows, mode, true),
                        stat(windows, mode, false),
                        100 * mean(windows, mode, Window::rate) / baseline,
                        mean(windows, mode, Window::cpuPerMessage),
                        polls == 0
                                ? "-"
                                : String.format(
                                        Locale.ROOT,
                                        "%.1f",
                                        mean(windows, mode, w -> w.cpu().agent() / 1e6) / polls),
                        polls == 0
                                ? "-"
                                : String.format(
                                        Locale.ROOT,
                                        "%.1f",
                                        mean(windows, mode, w -> w.cpu().inspector() / 1e6) / polls));
            }
            for (Window window : windows) {
                succeeded += window.succeeded();
            }
            long rows = heapRows(results);
            System.out.printf(
                    Locale.ROOT,
                    "queue depth at the end: %d messages; %d successful polls, %d rows in "
                            + "the artemis-jvm-heap.csv files%n",
                    bench.queue().getMessageCount(),
                    succeeded,
                    rows);
            if (rows != succeeded) {
                System.out.println("ROWS DIFFER from the successful polls: the inspector lost data");
                exitCode = 1;
            }
        } finally {
            deleteTree(results);
        }
        System.exit(exitCode);
    }

    /** Rows of every artemis-jvm-heap.csv written (one per successful poll). */
    private static long heapRows(Path results) throws IOException {
        try (Stream<Path> files = Files.walk(results)) {
            long rows = 0;
            for (Path file : (Iterable<Path>) files.filter(f -> f.endsWith("artemis-jvm-heap.csv"))::iterator) {
                try (Stream<String> lines = Files.lines(file)) {
                    rows += lines.filter(line -> !line.startsWith("#") && !line.startsWith("timestamp"))
                            .count();
                }
            }
            return rows;
        }
    }

    private static void deleteTree(Path root) throws IOException {
        try (Stream<Path> files = Files.walk(root)) {
            for (Path file : (Iterable<Path>) files.sorted(Comparator.reverseOrder())::iterator) {
                Files.delete(file);
            }
        }
    }

    private static double mean(List<Window> windows, Mode mode, ToDoubleFunction<Window> value) {
        return windows.stream()
                .filter(w -> w.mode() == mode)
                .mapToDouble(value)
                .average()
                .orElse(0);
    }

    private static double stat(List<Window> windows, Mode mode, boolean min) {
        DoubleStream rates = windows.stream().filter(w -> w.mode() == mode).mapToDouble(Window::rate);
        return (min ? rates.min() : rates.max()).orElse(0);
    }

    private Queue queue() {
        Queue queue = broker.server().locateQueue(SimpleString.of(QUEUE));
        if (queue == null) {
            throw new IllegalStateException("the broker has no queue " + QUEUE + ": the load did not start");
        }
        return queue;
    }

    /**
     * One window's figures.
     *
     * @param mode the inspector's setting during the window
     * @param rate messages acknowledged per second during the window
     * @param messages messages acknowledged during the window
     * @param seconds its length
     * @param polls polls that began during the window
     * @param succeeded polls of the whole inspection (settling included) that read everything
     * @param cpu CPU spent during the window
     */
    private record Window(
            Mode mode, double rate, long messages, double seconds, long polls, long succeeded, ThreadCpu.Spent cpu) {

        /** CPU of the whole JVM per message acknowledged, µs. */
        double cpuPerMessage() {
            return messages == 0 ? 0 : cpu.process() / 1e3 / messages;
        }

        String row(int round, double baseline) {
            return String.format(
                    Locale.ROOT,
                    "%-6d %-20s %9.0f %8.1f%% %6s %11.1f %8.2f %8.2f",
                    round,
                    mode.label,
                    rate,
                    100 * rate / baseline,
                    mode == Mode.NONE ? "-" : Long.toString(polls),
                    cpuPerMessage(),
                    cpu.agent() / 1e6 / seconds,
                    cpu.inspector() / 1e6 / seconds);
        }
    }

    /** One window: the inspector (if any) starts, the load settles, then the broker counts for {@code seconds}. */
    private Window window(Mode mode, int round) throws Exception {
        InspectorRole role = new InspectorRole();
        RecordingPeerContext context = new RecordingPeerContext("inspector-1", "inspector", results)
                .set(
                        OptionCode.TEST_NAME,
                        "overhead-" + round + "-" + mode.name().toLowerCase(Locale.ROOT))
                .set(OptionCode.MANAGEMENT_INTERFACE, jolokia.url())
                .set(OptionCode.INSPECTOR_NAME, "artemis")
                .set(OptionCode.INSPECTION_INTERVAL, mode.intervalSeconds + "s");
        if (mode != Mode.NONE) {
            role.handle(Note.request(Command.START_INSPECTOR, new Payload.Text("artemis")), context);
        }
        try {
            Thread.sleep(settle * 1000L);
            long pollsBefore = role.pollerStats().polls();
            long before = queue().getMessagesAcknowledged();
            long start = System.nanoTime();
            ThreadCpu cpu = ThreadCpu.now();
            Thread.sleep(seconds * 1000L);
            long after = queue().getMessagesAcknowledged();
            ThreadCpu.Spent spent = cpu.since();
            double elapsed = (System.nanoTime() - start) / 1e9;
            long polls = role.pollerStats().polls() - pollsBefore;
            PollerStats stats = stop(role, context, mode);
            return new Window(
                    mode,
                    (after - before) / elapsed,
                    after - before,
                    elapsed,
                    polls,
                    stats.polls() - stats.errors(),
                    spent);
        } catch (Exception e) {
            stop(role, context, mode);
            throw e;
        }
    }

    private static PollerStats stop(InspectorRole role, RecordingPeerContext context, Mode mode) throws Exception {
        if (mode == Mode.NONE || !role.busy()) {
            return PollerStats.NONE;
        }
        role.handle(Note.request(Command.STOP_INSPECTOR), context);
        context.notifications().stream()
                .filter(notification -> notification.command() == Command.NOTIFY_FAIL)
                .forEach(notification -> System.out.println("  inspector: " + notification.message()));
        PollerStats stats = role.pollerStats();
        if (stats.errors() > 0) {
            System.out.println("  (" + mode.label + ": " + stats.errors() + " of " + stats.polls() + " polls failed: "
                    + stats.lastError() + ")");
        }
        return stats;
    }

    /**
     * The unbounded load: per connection pair a thread sending as fast as it can and a thread receiving; senders
     * pause while more than {@link #MAX_IN_FLIGHT} messages are on their way.
     */
    private static final class Load implements AutoCloseable {
        private final List<Connection> connections = new ArrayList<>();
        private final List<Thread> threads = new ArrayList<>();
        private final AtomicBoolean stop = new AtomicBoolean();
        private final AtomicLong sent = new AtomicLong();
        private final AtomicLong received = new AtomicLong();

        Load(EmbeddedArtemis broker, int pairs) throws Exception {
            JmsConnectionFactory factory = new JmsConnectionFactory("amqp://127.0.0.1:" + broker.amqpPort());
            for (int i = 0; i < pairs; i++) {
                Session receiving = session(factory);
                MessageConsumer consumer = receiving.createConsumer(receiving.createQueue(QUEUE));
                Session sending = session(factory);
                MessageProducer producer = sending.createProducer(sending.createQueue(QUEUE));
                producer.setDeliveryMode(DeliveryMode.NON_PERSISTENT);
                producer.setDisableMessageID(true);
                producer.setDisableMessageTimestamp(true);
                start("load-consumer-" + i, () -> consume(consumer));
                start("load-producer-" + i, () -> produce(sending, producer));
            }
        }

        private Session session(JmsConnectionFactory factory) throws Exception {
            Connection connection = factory.createConnection();
            connections.add(connection);
            connection.start();
            return connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
        }

        /** Runs a loop until {@link #close()}; a failure before then is printed. */
        private void start(String name, LoadLoop loop) {
            Thread thread = new Thread(
                    () -> {
                        try {
                            loop.run();
                        } catch (Exception e) {
                            if (!stop.get()) {
                                e.printStackTrace();
                            }
                        }
                    },
                    name);
            thread.start();
            threads.add(thread);
        }

        private void consume(MessageConsumer consumer) throws Exception {
            while (!stop.get()) {
                BytesMessage message = (BytesMessage) consumer.receive(100);
                if (message != null) {
                    byte[] body = new byte[(int) message.getBodyLength()];
                    message.readBytes(body);
                    received.incrementAndGet();
                }
            }
        }

        private void produce(Session session, MessageProducer producer) throws Exception {
            byte[] body = new byte[SIZE];
            while (!stop.get()) {
                if (sent.get() - received.get() > MAX_IN_FLIGHT) {
                    LockSupport.parkNanos(100_000);
                    continue;
                }
                BytesMessage message = session.createBytesMessage();
                message.writeBytes(body);
                producer.send(message);
                sent.incrementAndGet();
            }
        }

        @Override
        public void close() throws Exception {
            stop.set(true);
            for (Thread thread : threads) {
                thread.join(5000);
            }
            for (Connection connection : connections) {
                connection.close();
            }
        }
    }

    /** One loop of the load. */
    private interface LoadLoop {
        void run() throws Exception;
    }
}
