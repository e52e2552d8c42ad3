package org.maestro.worker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.common.measure.PeerResult;
import org.maestro.common.protocol.Command;
import org.maestro.common.testing.MosquittoProcess;

/** Sender and receiver roles through the MQTT driver against a Mosquitto broker the test starts. */
class MqttSendAndReceiveTest {
    private static MosquittoProcess mosquitto;

    @TempDir
    Path results;

    @BeforeAll
    static void startBroker() throws Exception {
        mosquitto = MosquittoProcess.start();
    }

    @AfterAll
    static void stopBroker() throws Exception {
        mosquitto.close();
    }

    private static String url(String options) {
        return mosquitto.url() + "/maestro/test/" + UUID.randomUUID() + options;
    }

    @Test
    void qos1LosesNothingAndEveryPublishIsAccepted() throws Exception {
        LosslessRun.check(results, url("?qos=1"), 2000, 1000, "mqtt-qos1", "the broker acknowledged every publish");
    }

    @Test
    void sharedSubscriptionSplitsTheStreamBetweenReceiverConnections() throws Exception {
        LoadTestRun run = new LoadTestRun(
                        results,
                        Map.of(
                                "SEND_RECEIVE_URL",
                                url("?qos=1&share=maestro"),
                                "TEST_DURATION",
                                "300",
                                "PARALLEL_COUNT",
                                "2",
                                "RATE",
                                "1000",
                                "TEST_NAME",
                                "mqtt-shared"))
                .run(LoadTestRun.sender(), LoadTestRun.receiver(), LoadTestRun.OUTCOME_TIMEOUT);
        assertEquals(Command.NOTIFY_SUCCESS, run.receiverOutcome.command(), run.receiverOutcome.message());
        MessageTally total = run.total();
        assertEquals(600, total.sent());
        assertEquals(600, total.received());
        assertEquals(0, total.lost());
        assertEquals(0, total.duplicates(), "each message reached one receiver connection");
        PeerResult received = run.receiverResult();
        assertEquals(600, received.count());
    }

    @Test
    void qos0HasNoOutcomes() throws Exception {
        LoadTestRun run = new LoadTestRun(
                        results,
                        Map.of(
                                "SEND_RECEIVE_URL",
                                url("?qos=0"),
                                "TEST_DURATION",
                                "200",
                                "RATE",
                                "500",
                                "TEST_NAME",
                                "mqtt-qos0"))
                .run(LoadTestRun.sender(), LoadTestRun.receiver(), LoadTestRun.OUTCOME_TIMEOUT);
        assertEquals(Command.NOTIFY_SUCCESS, run.senderOutcome.command(), run.senderOutcome.message());
        assertEquals(200, run.total().sent());
        assertTrue(run.total().received() <= 200);
        assertEquals(0, run.senderResult().outcomes().total(), "QoS 0 publishes are not acknowledged");
    }
}
