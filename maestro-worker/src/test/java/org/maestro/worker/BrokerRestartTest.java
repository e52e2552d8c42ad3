package org.maestro.worker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.maestro.common.measure.PeerResult;
import org.maestro.embedded.EmbeddedArtemis;
import org.maestro.worker.receiver.ReceiverRole;
import org.maestro.worker.sender.SenderRole;

/**
 * The system under test restarts during a test: with a failover URL the client reconnects by itself, with a plain
 * URL the sender and receiver open their connections again; either way the run goes on and accounts for every
 * message.
 */
class BrokerRestartTest {
    @TempDir
    Path results;

    @ParameterizedTest(name = "{0}")
    @ValueSource(
            strings = {
                "failover:(amqp://127.0.0.1:PORT)/restart.queue"
                        + "?failover.initialReconnectDelay=100&failover.maxReconnectDelay=500",
                "amqp://127.0.0.1:PORT/restart.queue"
            })
    @Timeout(400)
    void completesAndAccountsForEveryMessageWhenTheBrokerRestarts(String form) throws Exception {
        try (EmbeddedArtemis broker = EmbeddedArtemis.builder()
                .amqp()
                .name("worker-restart")
                .withoutJmx()
                .start()) {
            String url = form.replace("PORT", Integer.toString(broker.amqpPort()));
            SenderRole sender = LoadTestRun.sender();
            ReceiverRole receiver = LoadTestRun.receiver();
            LoadTestRun run = RestartRun.check(
                    results,
                    Map.of(
                            // a message count, not a time: the senders must send past the restart however long it takes
                            "SEND_RECEIVE_URL",
                            url,
                            "TEST_DURATION",
                            "3000",
                            "PARALLEL_COUNT",
                            "2",
                            "RATE",
                            "500",
                            "TEST_NAME",
                            "restart"),
                    sender,
                    receiver,
                    broker::restart);
            PeerResult sent = run.senderResult();
            PeerResult received = run.receiverResult();
            MessageTally total = run.total();
            assertEquals(sent.count(), total.sent());
            assertEquals(total.sent() - total.received(), total.lost(), "lost = sent − received");
            assertTrue(total.received() > 0 && total.received() <= sent.count());
            assertEquals(received.count(), total.received() + total.duplicates());
            assertTrue(!sender.busy() && !receiver.busy());
            if (!url.startsWith("failover:")) {
                assertTrue(
                        run.receiverOutcome.message().contains("connections opened again"),
                        run.receiverOutcome.message());
            }
        }
    }
}
