package org.maestro.worker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.jms.BytesMessage;
import jakarta.jms.Connection;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.Session;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.qpid.jms.JmsConnectionFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.common.measure.OutcomeCounts;
import org.maestro.common.measure.PeerResult;
import org.maestro.common.protocol.Command;
import org.maestro.common.protocol.DrainMode;
import org.maestro.common.protocol.Note;
import org.maestro.embedded.AmqpBroker;
import org.maestro.worker.measure.MessageStamp;
import org.maestro.worker.receiver.ReceiverRole;
import org.maestro.worker.role.LoadRole;
import org.maestro.worker.sender.SenderRole;
import org.roaringbitmap.RoaringBitmap;

/** Senders and receivers against an embedded Artemis broker over real AMQP. */
class SendAndReceiveTest {
    @RegisterExtension
    static final AmqpBroker broker = new AmqpBroker("worker-send-receive");

    @TempDir
    Path results;

    /**
     * The client starts the senders after the receivers, later still when it waits for an inspector to start in
     * between: a receiver's own deadline (warm-up, duration and grace) counts from the first message, so the last
     * messages of a sender that started late still find it (counted from its own start, it would stop before them).
     */
    @Test
    void aReceiverStartedWellBeforeItsSenderReceivesAllItSends() throws Exception {
        LoadTestRun run = new LoadTestRun(
                results,
                Map.of(
                        "SEND_RECEIVE_URL",
                        broker.amqpUrl("late-sender.queue"),
                        "TEST_DURATION",
                        "8s",
                        "WARM_UP",
                        "0",
                        "PARALLEL_COUNT",
                        "1",
                        "RATE",
                        "20",
                        "TEST_NAME",
                        "late-sender"));
        ReceiverRole receiver = ReceiverRole.builder()
                .connectTimeout(LoadTestRun.PATIENT)
                .gracePeriod(Duration.ofSeconds(1))
                .build();
        receiver.handle(Note.request(Command.START_RECEIVER), run.receiverContext);
        // the sender starts a second more than the grace period late, so it ends a second or more after the receiver's
        // start + duration + grace; its first message still comes before that, even on a busy machine
        Thread.sleep(2000);
        LoadTestRun.sender().handle(Note.request(Command.START_SENDER), run.senderContext);
        run.senderOutcome = run.senderContext.awaitOutcome(LoadTestRun.OUTCOME_TIMEOUT);
        receiver.handle(Note.request(Command.DRAIN, DrainMode.QUIET.payload()), run.receiverContext);
        run.receiverOutcome = run.receiverContext.awaitOutcome(LoadTestRun.OUTCOME_TIMEOUT);

        assertEquals(Command.NOTIFY_SUCCESS, run.senderOutcome.command(), run.senderOutcome.message());
        MessageTally total = run.total();
        assertEquals(160, total.sent(), "8 s at 20 msg/s");
        assertEquals(total.sent(), total.received(), run.receiverOutcome.message());
        assertEquals(0, total.lost());
    }

    @Test
    void countBoundedRunReceivesExactlyWhatWasSentAndLogsReadBack() throws Exception {
        SenderRole sender = LoadTestRun.sender();
        ReceiverRole receiver = LoadTestRun.receiver();
        LoadTestRun run = new LoadTestRun(
                        results,
                        Map.of(
                                "SEND_RECEIVE_URL",
                                broker.amqpUrl("count.queue"),
                                "TEST_DURATION",
                                "1000",
                                "PARALLEL_COUNT",
                                "2",
                                "RATE",
                                "1000",
                                "WARM_UP",
                                "1s",
                                "MESSAGE_SIZE",
                                "~256",
                                "TEST_NAME",
                                "count"))
                .run(sender, receiver, LoadTestRun.OUTCOME_TIMEOUT);

        assertEquals(Command.NOTIFY_SUCCESS, run.senderOutcome.command(), run.senderOutcome.message());
        assertEquals(Command.NOTIFY_SUCCESS, run.receiverOutcome.command(), run.receiverOutcome.message());
        // idle, the roles answer STATS with their last run's figures until RESET makes them forget it
        for (LoadRole role : List.of(sender, receiver)) {
            assertTrue(role.stats().count() > 0, role.role().label() + " " + role.stats());
            role.reset();
            assertEquals(0, role.stats().count(), role.role().label() + " after RESET");
        }
        PeerResult sent = run.senderResult();
        PeerResult received = run.receiverResult();
        // 1 s of warm-up at 1000/s, then exactly 1000 measured messages per connection
        for (PeerResult.Stream stream : sent.streams()) {
            assertEquals(2000, stream.count(), "messages of connection " + stream.connection());
        }
        assertEquals(4000, sent.count());
        assertEquals(4000, received.count());
        MessageTally total = run.total();
        assertEquals(4000, total.sent());
        assertEquals(4000, total.received());
        assertEquals(0, total.lost());
        assertEquals(0, total.duplicates());
        assertEquals(new OutcomeCounts(4000, 0, 0, 0, 0), sent.outcomes(), "the broker accepted every send");
        assertEquals(0, total.refused());
        assertEquals(0, total.vanished());

        long[] response = HistogramLogs.totals(run.receiverDirectory().resolve("response-time.hlog"));
        long[] service = HistogramLogs.totals(run.receiverDirectory().resolve("service-time.hlog"));
        long[] delay = HistogramLogs.totals(run.senderDirectory().resolve("send-delay.hlog"));
        assertEquals(received.count(), response[0] + response[1], "response-time.hlog total");
        assertEquals(received.count(), service[0] + service[1], "service-time.hlog total");
        assertEquals(sent.count(), delay[0] + delay[1], "send-delay.hlog total");
        assertEquals(2000, response[1], "messages in warm-up intervals");
        assertEquals(2000, delay[1], "sends in warm-up intervals");

        List<String> rate = Files.readAllLines(run.receiverDirectory().resolve("rate.csv"));
        assertEquals("# maestro-rate v3", rate.get(0));
        assertEquals(
                "timestamp,millis,count,measured,errors,warmup,accepted,released,rejected,modified,failed",
                rate.get(1));
        long rows = rate.stream()
                .skip(2)
                .mapToLong(line -> Long.parseLong(line.split(",")[2]))
                .sum();
        assertEquals(received.count(), rows, "sum of rate.csv counts");
        // each row splits its messages by their own warm-up flag: the measured column adds up to the untagged hlog
        long measuredRows = rate.stream()
                .skip(2)
                .mapToLong(line -> Long.parseLong(line.split(",")[3]))
                .sum();
        assertEquals(response[0], measuredRows, "sum of the receiver's measured column");
        assertEquals(2000, measuredRows, "1000 measured messages per connection");
        long senderMeasured = Files.readAllLines(run.senderDirectory().resolve("rate.csv")).stream()
                .skip(2)
                .mapToLong(line -> Long.parseLong(line.split(",")[3]))
                .sum();
        assertEquals(2000, senderMeasured, "sum of the sender's measured column");
        for (int i = 3; i < rate.size(); i++) {
            long previousEnd = Long.parseLong(rate.get(i - 1).split(",")[0]);
            String[] row = rate.get(i).split(",");
            assertEquals(
                    Long.parseLong(row[0]) - previousEnd,
                    Long.parseLong(row[1]),
                    "a row's length is the time since the row before: " + rate);
        }
        assertTrue(rate.size() < 40, "one row per second, not per message: " + rate.size());
        assertTrue(
                rate.stream().skip(2).allMatch(line -> line.endsWith(",,,,,")),
                "a receiver leaves the outcome columns empty: " + rate);
        List<String> senderRate = Files.readAllLines(run.senderDirectory().resolve("rate.csv"));
        long accepted = senderRate.stream()
                .skip(2)
                .mapToLong(line -> Long.parseLong(line.split(",", -1)[6]))
                .sum();
        assertEquals(4000, accepted, "sum of the sender's accepted column");

        Properties test = properties(run.senderDirectory().resolve("test.properties"));
        assertEquals("1000", test.getProperty("TEST_DURATION"));
        assertEquals("sender", test.getProperty("peer.role"));
        long warmUpEnd = Long.parseLong(test.getProperty("warmup.end"));
        assertEquals(Long.parseLong(test.getProperty("test.start")) + 1000, warmUpEnd);
        // 1000 measured messages per connection at 1000/s: the window lasts at least the 1 s of their timeline
        assertTrue(Long.parseLong(test.getProperty("measured.end")) - warmUpEnd >= 1000, test.toString());
        assertTrue(Long.parseLong(test.getProperty("warmup.lag.micros")) >= 0, test.toString());
        assertTrue(Long.parseLong(test.getProperty("warmup.backlog")) >= 0, test.toString());
        Properties system = properties(run.receiverDirectory().resolve("system.properties"));
        assertEquals(Integer.toString(Runtime.getRuntime().availableProcessors()), system.getProperty("cpu.count"));
        assertTrue(system.getProperty("clock.source").contains("µs"));
    }

    @Test
    void reportsLostMessagesWhenAConsumerStealsSome() throws Exception {
        String queue = "stolen.queue";
        Set<Long> stolen = ConcurrentHashMap.newKeySet();
        JmsConnectionFactory factory = new JmsConnectionFactory("amqp://127.0.0.1:" + broker.amqpPort());
        Connection thief = factory.createConnection();
        try {
            Session session = thief.createSession(false, Session.AUTO_ACKNOWLEDGE);
            MessageConsumer consumer = session.createConsumer(session.createQueue(queue));
            consumer.setMessageListener((Message message) -> {
                try {
                    BytesMessage bytes = (BytesMessage) message;
                    byte[] body = new byte[(int) bytes.getBodyLength()];
                    bytes.readBytes(body);
                    if (!MessageStamp.priming(body)) { // priming messages are not part of the test
                        stolen.add(MessageStamp.sequence(body) << 8 | MessageStamp.connection(body));
                    }
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            thief.start();

            LoadTestRun run = LoadTestRun.sendAndReceive(results, broker.amqpUrl(queue), 2, 1000, 1000, "stolen");
            thief.close(); // nothing more is taken from here on

            assertTrue(stolen.size() > 0, "the other consumer took some messages");
            MessageTally total = run.total();
            assertEquals(2000, total.sent());
            assertEquals(stolen.size(), total.lost(), "lost = messages the other consumer took");
            assertEquals(0, total.refused(), "the broker accepted every message");
            assertEquals(total.lost(), total.vanished(), "accepted and never received by the receiver");
            assertEquals(2000 - stolen.size(), total.received());
            for (PeerResult.Stream stream : run.receiverResult().streams()) {
                RoaringBitmap seen = stream.sequenceBitmap();
                for (long sequence = 0; sequence < 1000; sequence++) {
                    boolean taken = stolen.contains(sequence << 8 | stream.connection());
                    assertEquals(
                            !taken,
                            seen.contains((int) sequence),
                            "sequence " + sequence + " of connection " + stream.connection());
                }
            }
        } finally {
            thief.close();
        }
    }

    /** Returns {measured, warm-up} value counts of an interval log, read with HdrHistogram's own reader. */
    static Properties properties(Path file) throws Exception {
        Properties properties = new Properties();
        try (var reader = Files.newBufferedReader(file)) {
            properties.load(reader);
        }
        return properties;
    }
}
