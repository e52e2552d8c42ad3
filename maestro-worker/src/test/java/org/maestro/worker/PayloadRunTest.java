package org.maestro.worker;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.common.measure.BodyBytes;
import org.maestro.common.options.OptionCode;
import org.maestro.common.peer.ErrorCodes;
import org.maestro.common.peer.RoleException;
import org.maestro.common.protocol.Command;
import org.maestro.common.protocol.Note;
import org.maestro.embedded.AmqpBroker;
import org.maestro.reporter.RateStats;
import org.maestro.reporter.TestSummary;
import org.maestro.reporter.compute.IterationAnalyzer;
import org.maestro.worker.bench.JmsLoop;
import org.maestro.worker.measure.MessageStamp;
import org.maestro.worker.sender.SenderRole;

/**
 * Bodies against an embedded Artemis broker over real AMQP: sizes drawn from a distribution arrive in their shares,
 * payload files arrive byte for byte, the bytes the peers count are those that went through, and a start whose
 * payload files cannot be used is refused.
 */
class PayloadRunTest {
    @RegisterExtension
    static final AmqpBroker broker = new AmqpBroker("worker-payloads");

    @TempDir
    Path results;

    @TempDir
    Path payloads;

    /** What a consumer of the test's own took from a queue: the bodies of the test's messages (no priming). */
    private static final class Taken implements AutoCloseable {
        final Map<Integer, Long> countBySize = new ConcurrentHashMap<>();
        final List<byte[]> bodies = java.util.Collections.synchronizedList(new ArrayList<>());
        final AtomicLong measuredBytes = new AtomicLong();
        final AtomicLong allBytes = new AtomicLong();
        final AtomicLong messages = new AtomicLong();
        private final JmsLoop consumer;

        Taken(String queue, boolean keepBodies) throws Exception {
            consumer = new JmsLoop(broker.amqpPort(), queue, null);
            consumer.openReceivers(1, body -> {
                if (MessageStamp.priming(body)) {
                    return;
                }
                countBySize.merge(body.length, 1L, Long::sum);
                allBytes.addAndGet(body.length);
                if (!MessageStamp.warmUp(body)) {
                    measuredBytes.addAndGet(body.length);
                }
                if (keepBodies) {
                    bodies.add(body);
                }
                messages.incrementAndGet();
            });
        }

        void awaitMessages(long count) throws InterruptedException {
            long deadline = System.nanoTime() + 60_000_000_000L;
            while (messages.get() < count && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            assertEquals(count, messages.get(), "messages taken from the queue within 60 s");
        }

        @Override
        public void close() throws Exception {
            consumer.close();
        }
    }

    @Test
    void sizesDrawnFromADistributionArriveInTheirSharesAndTheByteRateIsTheirs() throws Exception {
        String queue = "payload-sizes.queue";
        Map<String, String> options = LoadTestRun.options(broker.amqpUrl(queue), 2, 3000, 2000, "payload-sizes");
        options.put("MESSAGE_SIZE", "100:50%,1000:30%,8000:20%");
        options.put("WARM_UP", "0");
        options.put("PRIMING_MESSAGES", "10");
        LoadTestRun run = new LoadTestRun(results, options);
        try (Taken taken = new Taken(queue, false)) {
            LoadTestRun.sender().handle(Note.request(Command.START_SENDER), run.senderContext);
            run.senderOutcome = run.senderContext.awaitOutcome(LoadTestRun.OUTCOME_TIMEOUT);
            assertEquals(Command.NOTIFY_SUCCESS, run.senderOutcome.command(), run.senderOutcome.message());
            taken.awaitMessages(6000);

            // counted at the receiving end: 6,000 draws, a share's standard deviation at most 0.65 %
            assertEquals(
                    Map.of(
                            100,
                            taken.countBySize.get(100),
                            1000,
                            taken.countBySize.get(1000),
                            8000,
                            taken.countBySize.get(8000)),
                    taken.countBySize,
                    "only the sizes of the distribution");
            assertEquals(0.50, taken.countBySize.get(100) / 6000.0, 0.03, taken.countBySize.toString());
            assertEquals(0.30, taken.countBySize.get(1000) / 6000.0, 0.03, taken.countBySize.toString());
            assertEquals(0.20, taken.countBySize.get(8000) / 6000.0, 0.03, taken.countBySize.toString());

            // what the sender counted is what arrived
            Properties test =
                    SendAndReceiveTest.properties(run.senderDirectory().resolve("test.properties"));
            assertEquals(Long.toString(taken.measuredBytes.get()), test.getProperty(BodyBytes.MEASURED_BYTES));
            assertEquals("6000", test.getProperty(BodyBytes.MEASURED_MESSAGES));
            assertEquals(Long.toString(taken.allBytes.get()), test.getProperty(BodyBytes.BYTES));

            // the reporter's byte rate: the bytes that arrived over its measured window
            TestSummary summary =
                    IterationAnalyzer.analyze(run.senderDirectory().getParent()).summary();
            RateStats sent = summary.rate().sender();
            assertEquals(6000, sent.total());
            assertTrue(sent.millis() > 0, sent.toString());
            double expected = taken.measuredBytes.get() / (sent.millis() / 1000.0);
            assertEquals(expected, sent.bytesPerSecond(), expected * 1e-9, sent.toString());
            assertEquals(taken.measuredBytes.get() / 6000.0, sent.meanSize(), 1e-9);
            assertEquals(expected / 1e6, sent.megabytesPerSecond(), expected * 1e-15);
            assertEquals(null, summary.parameters().get(BodyBytes.BYTES), "a measurement, not a parameter");
            assertEquals("100:50%,1000:30%,8000:20%", summary.parameters().get("MESSAGE_SIZE"));
        }
    }

    @Test
    void payloadFilesArriveByteForByteInTurn() throws Exception {
        byte[] order = "{\"order\":42,\"items\":[\"a\",\"b\"]}".getBytes(StandardCharsets.UTF_8);
        byte[] blob = new byte[5000];
        new SplittableRandom(3).nextBytes(blob);
        Files.write(payloads.resolve("order.json"), order);
        Files.write(payloads.resolve("blob.bin"), blob);
        String queue = "payload-files.queue";
        Map<String, String> options = LoadTestRun.options(broker.amqpUrl(queue), 2, 200, 1000, "payload-files");
        options.put("PAYLOAD_FILES", "order.json,blob.bin");
        options.put("PRIMING_MESSAGES", "10");
        LoadTestRun run = new LoadTestRun(results, options);
        SenderRole sender = senderWithPayloads();
        try (Taken taken = new Taken(queue, true)) {
            sender.handle(Note.request(Command.START_SENDER), run.senderContext);
            run.senderOutcome = run.senderContext.awaitOutcome(LoadTestRun.OUTCOME_TIMEOUT);
            assertEquals(Command.NOTIFY_SUCCESS, run.senderOutcome.command(), run.senderOutcome.message());
            taken.awaitMessages(400);
            synchronized (taken.bodies) {
                for (byte[] body : taken.bodies) {
                    int header = MessageStamp.FIXED_SIZE + (body[3] & 0xFF);
                    // 10 priming messages took 10 turns: message n of a connection carries file n mod 2
                    byte[] expected = MessageStamp.sequence(body) % 2 == 0 ? order : blob;
                    assertArrayEquals(
                            expected,
                            Arrays.copyOfRange(body, header, body.length),
                            "message " + MessageStamp.sequence(body) + " of connection "
                                    + MessageStamp.connection(body));
                }
            }
            assertEquals(Map.of(header(run) + order.length, 200L, header(run) + blob.length, 200L), taken.countBySize);
        }
    }

    @Test
    void theReceiverCountsTheBytesOfTheBodiesItGot() throws Exception {
        byte[] document = "<order id=\"7\"/>".repeat(100).getBytes(StandardCharsets.UTF_8);
        Files.write(payloads.resolve("order.xml"), document);
        Map<String, String> options =
                LoadTestRun.options(broker.amqpUrl("payload-receiver.queue"), 2, 500, 1000, "payload-receiver");
        options.put("PAYLOAD_FILES", "order.xml");
        options.put("WARM_UP", "0");
        LoadTestRun run = new LoadTestRun(results, options);
        SenderRole sender = senderWithPayloads();
        run.run(sender, LoadTestRun.receiver(), LoadTestRun.OUTCOME_TIMEOUT);
        assertEquals(Command.NOTIFY_SUCCESS, run.receiverOutcome.command(), run.receiverOutcome.message());
        assertEquals(1000, run.total().received());
        long body = header(run) + document.length;
        Properties received =
                SendAndReceiveTest.properties(run.receiverDirectory().resolve("test.properties"));
        assertEquals(Long.toString(1000 * body), received.getProperty(BodyBytes.MEASURED_BYTES));
        assertEquals("1000", received.getProperty(BodyBytes.MEASURED_MESSAGES));
        Properties sent = SendAndReceiveTest.properties(run.senderDirectory().resolve("test.properties"));
        assertEquals(Long.toString(1000 * body), sent.getProperty(BodyBytes.MEASURED_BYTES));
    }

    @Test
    void aStartWhosePayloadFilesCannotBeUsedIsRefusedSayingWhy() throws Exception {
        Map<String, String> options =
                LoadTestRun.options(broker.amqpUrl("payload-refused.queue"), 1, 10, 100, "payload-refused");
        options.put("PAYLOAD_FILES", "missing.json");
        LoadTestRun run = new LoadTestRun(results, options);

        RoleException error = assertThrows(
                RoleException.class,
                () -> LoadTestRun.sender().handle(Note.request(Command.START_SENDER), run.senderContext));
        assertEquals(ErrorCodes.INVALID_OPTION, error.code());
        assertTrue(error.getMessage().contains("start it with --payload-dir"), error.getMessage());

        SenderRole withDirectory = senderWithPayloads();
        error = assertThrows(
                RoleException.class, () -> withDirectory.handle(Note.request(Command.START_SENDER), run.senderContext));
        assertEquals(ErrorCodes.INVALID_OPTION, error.code());
        assertTrue(error.getMessage().contains("'missing.json'"), error.getMessage());
        assertTrue(error.getMessage().contains(payloads.toString()), error.getMessage());

        Path outside = Files.writeString(results.resolve("outside.json"), "{}");
        Files.createSymbolicLink(payloads.resolve("link.json"), outside);
        run.senderContext.set(OptionCode.PAYLOAD_FILES, "link.json");
        error = assertThrows(
                RoleException.class, () -> withDirectory.handle(Note.request(Command.START_SENDER), run.senderContext));
        assertTrue(error.getMessage().contains("outside the directory"), error.getMessage());
    }

    /** A sender reading payload files from the test's payload directory. */
    private SenderRole senderWithPayloads() {
        return SenderRole.builder()
                .connectTimeout(LoadTestRun.PATIENT)
                .payloadDirectory(payloads)
                .build();
    }

    /** The header of the test's sender: its fixed part and its qualified name. */
    private static int header(LoadTestRun run) {
        return MessageStamp.headerSize(
                MessageStamp.nameBytes(run.senderContext.self().qualifiedName()));
    }
}
