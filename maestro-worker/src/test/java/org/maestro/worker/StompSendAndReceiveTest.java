package org.maestro.worker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.embedded.EmbeddedArtemis;

/** Sender and receiver roles through the STOMP driver against an Artemis broker in this JVM (STOMP acceptor). */
class StompSendAndReceiveTest {
    private static EmbeddedArtemis broker;

    @TempDir
    Path results;

    @BeforeAll
    static void startBroker() throws Exception {
        broker = EmbeddedArtemis.builder()
                .stomp()
                .name("worker-stomp")
                .withoutJmx()
                .start();
    }

    @AfterAll
    static void stopBroker() throws Exception {
        if (broker != null) {
            broker.close();
        }
    }

    private static String url(String query) {
        return broker.stompUrl("/queue/maestro-" + UUID.randomUUID()) + query;
    }

    @Test
    void receiptedSendsAtAFixedRateAreAllReceivedOnceAndAccepted() throws Exception {
        LosslessRun.check(results, url(""), 500, 500, "stomp-receipts", "a RECEIPT for every send");
    }

    @Test
    @Timeout(300)
    void theRunGoesOnAndAccountsForEveryMessageWhenTheBrokerRestarts() throws Exception {
        LoadTestRun run = RestartRun.check(
                results,
                Map.of(
                        "SEND_RECEIVE_URL",
                        url(""),
                        "TEST_DURATION",
                        "4s",
                        "PARALLEL_COUNT",
                        "2",
                        "RATE",
                        "200",
                        "TEST_NAME",
                        "stomp-restart"),
                LoadTestRun.sender(),
                LoadTestRun.receiver(),
                broker::restart);
        MessageTally total = run.total();
        assertEquals(run.senderResult().count(), total.sent());
        assertEquals(total.sent() - total.received(), total.lost(), "lost = sent − received");
        assertTrue(total.received() > 0, "messages arrived");
        assertTrue(run.receiverOutcome.message().contains("connections opened again"), run.receiverOutcome.message());
    }
}
