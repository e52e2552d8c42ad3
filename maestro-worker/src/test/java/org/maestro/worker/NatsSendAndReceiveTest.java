package org.maestro.worker;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.nats.client.Connection;
import io.nats.client.JetStreamApiException;
import io.nats.client.Nats;
import java.io.IOException;
import java.nio.file.Path;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.common.measure.OutcomeCounts;
import org.maestro.common.protocol.Command;
import org.maestro.testing.NatsServerProcess;

/**
 * Sender and receiver roles through the NATS driver against the NATS server with JetStream on 127.0.0.1:4222
 * (skipped when none runs there, outside CI), on a subject and a stream of their own, deleted afterwards.
 */
class NatsSendAndReceiveTest {
    private final String id = UUID.randomUUID().toString().replace("-", "");
    private final String subject = "maestro.test." + id;
    private final String stream = "MAESTRO_TEST_" + id;

    @TempDir
    Path results;

    @BeforeEach
    void needsTheServer() {
        NatsServerProcess.assumeLocalRunning();
    }

    @AfterEach
    void deleteTheStream() throws Exception {
        try (Connection admin = Nats.connect(NatsServerProcess.LOCAL_URL)) {
            admin.jetStreamManagement().deleteStream(stream);
        } catch (JetStreamApiException | IOException noStream) {
            // core NATS test, or skipped
        }
    }

    @Test
    void jetStreamLosesNothingAndEveryPublishIsAccepted() throws Exception {
        String url = NatsServerProcess.LOCAL_URL + "/" + subject + "?jetstream=true&stream=" + stream + "&create=true";
        LosslessRun.check(results, url, 2000, 1000, "nats-jetstream", "the stream acknowledged every publish");
    }

    @Test
    void coreNatsAtAModestRateLosesNothingAndHasNoOutcomes() throws Exception {
        LoadTestRun run = LoadTestRun.sendAndReceive(
                results, NatsServerProcess.LOCAL_URL + "/" + subject, 1, 500, 500, "nats-core");
        assertEquals(Command.NOTIFY_SUCCESS, run.senderOutcome.command(), run.senderOutcome.message());
        assertEquals(Command.NOTIFY_SUCCESS, run.receiverOutcome.command(), run.receiverOutcome.message());
        MessageTally total = run.total();
        assertEquals(500, total.sent());
        assertEquals(500, total.received(), "nothing lost on loopback at 500 messages/s");
        assertEquals(0, total.duplicates());
        assertEquals(0, run.senderResult().outcomes().total(), "core NATS publishes are not acknowledged");
    }

    @Test
    void aQueueGroupSplitsTheStreamBetweenReceiverConnections() throws Exception {
        SharedRun.check(
                results,
                NatsServerProcess.LOCAL_URL + "/" + subject + "?queue=maestro",
                "nats-queue",
                "each message reached one receiver connection");
    }

    @Test
    void aJetStreamQueueGroupSplitsTheStreamBetweenReceiverConnections() throws Exception {
        String url = NatsServerProcess.LOCAL_URL + "/" + subject + "?jetstream=true&stream=" + stream
                + "&create=true&storage=memory&queue=maestro";
        LoadTestRun run =
                SharedRun.check(results, url, "nats-jetstream-queue", "each message reached one receiver connection");
        assertEquals(Command.NOTIFY_SUCCESS, run.senderOutcome.command(), run.senderOutcome.message());
        assertEquals(new OutcomeCounts(600, 0, 0, 0, 0), run.senderResult().outcomes());
    }
}
