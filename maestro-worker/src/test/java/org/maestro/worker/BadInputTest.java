package org.maestro.worker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.base.net.FreePorts;
import org.maestro.common.options.InvalidOptionException;
import org.maestro.common.options.TestOptions;
import org.maestro.common.peer.ErrorCodes;
import org.maestro.common.peer.RoleException;
import org.maestro.common.protocol.Command;
import org.maestro.common.protocol.Note;
import org.maestro.common.testing.RecordingPeerContext;
import org.maestro.embedded.AmqpBroker;
import org.maestro.worker.receiver.ReceiverRole;
import org.maestro.worker.sender.SenderRole;

/** Wrong URLs and sizes get a message naming the problem, and the roles run the next test afterwards. */
class BadInputTest {
    @RegisterExtension
    static final AmqpBroker broker = new AmqpBroker("worker-bad-input");

    private final SenderRole sender = LoadTestRun.sender();
    private final ReceiverRole receiver = LoadTestRun.receiver();

    @TempDir
    Path results;

    private static int closedPort() {
        return FreePorts.next();
    }

    private RoleException startFails(Map<String, String> options) {
        return startFails(sender, receiver, options);
    }

    private RoleException startFails(SenderRole sender, ReceiverRole receiver, Map<String, String> options) {
        RecordingPeerContext senderContext = new RecordingPeerContext("sender-1", "sender", results).set(options);
        RecordingPeerContext receiverContext = new RecordingPeerContext("receiver-1", "receiver", results).set(options);
        RoleException receiving = assertThrows(
                RoleException.class, () -> receiver.handle(Note.request(Command.START_RECEIVER), receiverContext));
        RoleException sending = assertThrows(
                RoleException.class, () -> sender.handle(Note.request(Command.START_SENDER), senderContext));
        assertFalse(sender.busy() || receiver.busy(), "a failed start leaves the role idle");
        assertEquals(receiving.code(), sending.code());
        return sending;
    }

    private void runsANormalTestAfterwards() throws Exception {
        LoadTestRun run = new LoadTestRun(
                        results,
                        Map.of(
                                "SEND_RECEIVE_URL",
                                broker.amqpUrl("after.queue"),
                                "TEST_DURATION",
                                "200",
                                "RATE",
                                "1000",
                                "TEST_NAME",
                                "after" + System.nanoTime()))
                .run(sender, receiver, LoadTestRun.OUTCOME_TIMEOUT);
        assertEquals(Command.NOTIFY_SUCCESS, run.senderOutcome.command(), run.senderOutcome.message());
        assertEquals(Command.NOTIFY_SUCCESS, run.receiverOutcome.command(), run.receiverOutcome.message());
        assertEquals(0, run.total().lost());
        assertEquals(200, run.total().received());
    }

    @Test
    void namesTheUrlOfAnUnreachableSystemAndStaysUsable() throws Exception {
        String url = "amqp://127.0.0.1:" + closedPort() + "/nowhere.queue";
        RoleException error = startFails(Map.of("SEND_RECEIVE_URL", url));
        assertEquals(ErrorCodes.SUT_UNAVAILABLE, error.code());
        assertTrue(error.getMessage().contains(url), error.getMessage());
        runsANormalTestAfterwards();
    }

    @Test
    void givesUpOnAnUnreachableFailoverUrlWithinTheDeadline() throws Exception {
        String url = "failover:(amqp://127.0.0.1:" + closedPort() + ")/nowhere.queue";
        SenderRole quickSender =
                SenderRole.builder().connectTimeout(Duration.ofSeconds(3)).build();
        ReceiverRole quickReceiver =
                ReceiverRole.builder().connectTimeout(Duration.ofSeconds(3)).build();
        long start = System.nanoTime();
        RoleException error = startFails(quickSender, quickReceiver, Map.of("SEND_RECEIVE_URL", url));
        assertTrue(System.nanoTime() - start < 15_000_000_000L, "both roles gave up within their deadlines");
        assertEquals(ErrorCodes.SUT_UNAVAILABLE, error.code());
        assertTrue(error.getMessage().contains("within 3000 ms"), error.getMessage());
    }

    @Test
    void namesAnUnknownUrlOptionAndTheKnownOnes() throws Exception {
        RoleException error = startFails(Map.of("SEND_RECEIVE_URL", broker.amqpUrl("q") + "?tpye=queue"));
        assertEquals(ErrorCodes.INVALID_OPTION, error.code());
        assertTrue(error.getMessage().contains("unknown option 'tpye'"), error.getMessage());
        assertTrue(error.getMessage().contains("type, durable, ackMode"), error.getMessage());

        TestOptions options = TestOptions.DEFAULTS.with(
                org.maestro.common.options.OptionCode.BROKER, broker.amqpUrl("q") + "?tpye=queue");
        IllegalArgumentException atSet =
                assertThrows(IllegalArgumentException.class, () -> receiver.checkOptions(options));
        assertTrue(atSet.getMessage().startsWith("SEND_RECEIVE_URL: unknown option 'tpye'"), atSet.getMessage());
        assertThrows(IllegalArgumentException.class, () -> sender.checkOptions(options));

        RoleException qpid = startFails(Map.of("SEND_RECEIVE_URL", broker.amqpUrl("q") + "?jms.prefetchPolicy.al=5"));
        assertTrue(qpid.getMessage().contains("jms.prefetchPolicy.al"), qpid.getMessage());
        runsANormalTestAfterwards();
    }

    @Test
    void refusesAMessageSizeSmallerThanTheHeader() throws Exception {
        Map<String, String> options =
                new HashMap<>(Map.of("SEND_RECEIVE_URL", broker.amqpUrl("small.queue"), "MESSAGE_SIZE", "40"));
        RecordingPeerContext context = new RecordingPeerContext("sender-1", "sender", results).set(options);
        RoleException error =
                assertThrows(RoleException.class, () -> sender.handle(Note.request(Command.START_SENDER), context));
        assertEquals(ErrorCodes.INVALID_OPTION, error.code());
        // 36 fixed bytes + "sender-1@localhost" (18 bytes)
        assertTrue(
                error.getMessage().startsWith("MESSAGE_SIZE=40 is smaller than the 54-byte message header"),
                error.getMessage());
        assertTrue(error.getMessage().contains("at least 54"), error.getMessage());
        InvalidOptionException early = assertThrows(
                InvalidOptionException.class,
                () -> sender.checkOptions(
                        TestOptions.DEFAULTS.with(org.maestro.common.options.OptionCode.MESSAGE_SIZE, "~20")));
        assertEquals("MESSAGE_SIZE", early.option());
        assertFalse(sender.busy());
        runsANormalTestAfterwards();
    }
}
