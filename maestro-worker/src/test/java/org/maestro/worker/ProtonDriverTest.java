package org.maestro.worker;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.common.measure.PeerResult;
import org.maestro.common.net.FreePorts;
import org.maestro.common.peer.ErrorCodes;
import org.maestro.common.peer.RoleException;
import org.maestro.common.protocol.Command;
import org.maestro.common.protocol.Note;
import org.maestro.common.time.MicroClock;
import org.maestro.driver.DriverConnection;
import org.maestro.driver.DriverException;
import org.maestro.driver.DriverProducer;
import org.maestro.driver.Drivers;
import org.maestro.driver.proton.ProtonDriver;

/** The Proton-J driver against an embedded Artemis broker over real AMQP. */
class ProtonDriverTest {
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
                .run(LoadTestRun.sender(), LoadTestRun.receiver(), LoadTestRun.OUTCOME_TIMEOUT);
        assertEquals(Command.NOTIFY_SUCCESS, run.senderOutcome.command(), run.senderOutcome.message());
        assertEquals(Command.NOTIFY_SUCCESS, run.receiverOutcome.command(), run.receiverOutcome.message());
        assertEquals(6000, run.total().sent());
        assertEquals(6000, run.total().received());
        assertEquals(0, run.total().lost());
        assertEquals(0, run.total().duplicates());
        long[] response = SendAndReceiveTest.totals(run.receiverDirectory().resolve("response-time.hlog"));
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
    void saysTheConnectionFailedWhenTheBrokerGoesAway() throws Exception {
        try (DriverConnection connection =
                new ProtonDriver().connect(url("gone.queue"), MicroClock.system(), LoadTestRun.PATIENT)) {
            DriverProducer producer = connection.createProducer();
            producer.send(new byte[64], 64);
            broker.restart();
            await("failed() after the broker restarted")
                    .atMost(Duration.ofSeconds(30))
                    .until(connection::failed);
            DriverException error = assertThrows(DriverException.class, () -> producer.send(new byte[64], 64));
            assertTrue(error.getMessage().contains("failed"), error.getMessage());
        }
        // the role opens a new connection after such a failure: the broker serves again
        LoadTestRun run = new LoadTestRun(
                        results,
                        Map.of(
                                "SEND_RECEIVE_URL",
                                url("back.queue"),
                                "TEST_DURATION",
                                "100",
                                "TEST_NAME",
                                "proton-back"))
                .run(LoadTestRun.sender(), LoadTestRun.receiver(), LoadTestRun.OUTCOME_TIMEOUT);
        assertEquals(0, run.total().lost());
    }

    @Test
    void namesUnknownOptionsAndUnreachableSystems() throws Exception {
        assertTrue(Drivers.forUrl(url("q")) instanceof ProtonDriver);
        DriverException option = assertThrows(
                DriverException.class, () -> Drivers.forUrl(url("q?prefetch=5")).check(url("q?prefetch=5")));
        assertTrue(option.getMessage().contains("unknown option 'prefetch'"), option.getMessage());
        assertTrue(option.getMessage().contains("type, durable, credit"), option.getMessage());

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
