package org.maestro.worker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.base.net.FreePorts;
import org.maestro.common.measure.PeerResult;
import org.maestro.common.peer.ErrorCodes;
import org.maestro.common.peer.RoleException;
import org.maestro.common.protocol.Command;
import org.maestro.common.protocol.Note;
import org.maestro.common.testing.RecordingPeerContext;
import org.maestro.embedded.AmqpBroker;

/** Senders and receivers on the Proton-J driver against an embedded Artemis broker over real AMQP. */
class ProtonSendAndReceiveTest {
    @RegisterExtension
    static final AmqpBroker broker = new AmqpBroker("worker-proton");

    @TempDir
    Path results;

    private static String url(String address) {
        return "proton://127.0.0.1:" + broker.amqpPort() + "/" + address;
    }

    @Test
    void countBoundedRunReceivesExactlyWhatWasSent() throws Exception {
        LoadTestRun run = new LoadTestRun(
                        results,
                        Map.of(
                                "SEND_RECEIVE_URL",
                                url("proton.queue?credit=500"),
                                "TEST_DURATION",
                                "3000",
                                "PARALLEL_COUNT",
                                "2",
                                "RATE",
                                "0",
                                "MESSAGE_SIZE",
                                "~512",
                                "TEST_NAME",
                                "proton"))
                .run();
        assertEquals(Command.NOTIFY_SUCCESS, run.senderOutcome.command(), run.senderOutcome.message());
        assertEquals(Command.NOTIFY_SUCCESS, run.receiverOutcome.command(), run.receiverOutcome.message());
        assertEquals(6000, run.total().sent());
        assertEquals(6000, run.total().received());
        assertEquals(0, run.total().lost());
        assertEquals(0, run.total().duplicates());
        long[] response = HistogramLogs.totals(run.receiverDirectory().resolve("response-time.hlog"));
        assertEquals(6000, response[0] + response[1]);
    }

    @Test
    void durableSendsWaitForTheBrokerAndTopicsReachEveryConsumer() throws Exception {
        LoadTestRun run = LoadTestRun.sendAndReceive(
                results, url("proton.topic?type=topic&durable=true"), 2, 300, 1000, "proton-topic");
        assertEquals(Command.NOTIFY_SUCCESS, run.receiverOutcome.command(), run.receiverOutcome.message());
        assertEquals(600, run.total().received());
        assertEquals(0, run.total().lost());
        assertEquals(600, run.total().duplicates(), "each of the 2 receiver connections got every message");
        assertEquals(1200, run.receiverResult().count());
        assertEquals(PeerResult.SUCCESS, run.senderResult().outcome());
    }

    @Test
    void aRunAfterTheBrokerRestartedLosesNothing() throws Exception {
        // how a connection fails when its broker goes away is the driver's (maestro-driver-proton's tests); the
        // role opens new connections, and the broker serves again
        broker.restart();
        LoadTestRun run = new LoadTestRun(
                        results,
                        Map.of(
                                "SEND_RECEIVE_URL",
                                url("back.queue"),
                                "TEST_DURATION",
                                "100",
                                "TEST_NAME",
                                "proton-back"))
                .run();
        assertEquals(0, run.total().lost());
    }

    @Test
    void anUnreachableSystemIsNamedAsUnavailable() throws Exception {
        int closed = FreePorts.next();
        String unreachable = "proton://127.0.0.1:" + closed + "/q";
        RecordingPeerContext context = new RecordingPeerContext("receiver-1", "receiver", results)
                .set(Map.of("SEND_RECEIVE_URL", unreachable));
        RoleException error = assertThrows(
                RoleException.class,
                () -> LoadTestRun.receiver().handle(Note.request(Command.START_RECEIVER), context));
        assertEquals(ErrorCodes.SUT_UNAVAILABLE, error.code());
        assertTrue(error.getMessage().contains("proton://127.0.0.1:" + closed + "/q"), error.getMessage());
    }
}
