package org.maestro.worker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.common.measure.PeerResult;
import org.maestro.common.protocol.Command;
import org.maestro.testing.MosquittoProcess;

/** Sender and receiver roles through the MQTT driver against a Mosquitto broker the test starts. */
class MqttSendAndReceiveTest {
    @RegisterExtension
    static final MosquittoProcess mosquitto = MosquittoProcess.perTestClass();

    @TempDir
    Path results;

    private static String url(String options) {
        return mosquitto.url() + "/maestro/test/" + UUID.randomUUID() + options;
    }

    @Test
    void qos1LosesNothingAndEveryPublishIsAccepted() throws Exception {
        LosslessRun.check(results, url("?qos=1"), 2000, 1000, "mqtt-qos1", "the broker acknowledged every publish");
    }

    @Test
    void sharedSubscriptionSplitsTheStreamBetweenReceiverConnections() throws Exception {
        LoadTestRun run = SharedRun.check(
                results, url("?qos=1&share=maestro"), "mqtt-shared", "each message reached one receiver connection");
        PeerResult received = run.receiverResult();
        assertEquals(600, received.count());
    }

    @Test
    void qos0HasNoOutcomes() throws Exception {
        LoadTestRun run = LoadTestRun.sendAndReceive(results, url("?qos=0"), 1, 200, 500, "mqtt-qos0");
        assertEquals(Command.NOTIFY_SUCCESS, run.senderOutcome.command(), run.senderOutcome.message());
        assertEquals(200, run.total().sent());
        assertTrue(run.total().received() <= 200);
        assertEquals(0, run.senderResult().outcomes().total(), "QoS 0 publishes are not acknowledged");
    }
}
