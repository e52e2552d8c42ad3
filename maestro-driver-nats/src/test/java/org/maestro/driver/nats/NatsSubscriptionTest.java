package org.maestro.driver.nats;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.nats.client.Connection;
import io.nats.client.JetStreamApiException;
import io.nats.client.Nats;
import java.io.IOException;
import java.time.Duration;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.maestro.driver.testing.SubscriptionChecks;
import org.maestro.testing.NatsServerProcess;

/**
 * Fan-out through NATS queue groups on the machine's NATS server (127.0.0.1:4222): two groups of a subject of the
 * test's own with two receiver connections each, over core NATS and through JetStream (a durable consumer with a
 * deliver group per group, in a stream of the test's own, deleted afterwards); every group gets every message once
 * and its connections share them.
 */
class NatsSubscriptionTest {
    private final NatsDriver driver = new NatsDriver();
    private final String id = UUID.randomUUID().toString().replace("-", "");
    private final String subject = "maestro.fanout." + id;
    private final String stream = "MAESTRO_FANOUT_" + id;

    @BeforeEach
    void needsTheServer() {
        NatsServerProcess.assumeLocalRunning();
    }

    @AfterEach
    void deleteTheStream() throws Exception {
        try (Connection admin = Nats.connect(NatsServerProcess.LOCAL_URL)) {
            admin.jetStreamManagement().deleteStream(stream);
        } catch (JetStreamApiException notCreated) {
            // the test made no stream
        } catch (IOException notRunning) {
            // skipped test
        }
    }

    private String url(String query) {
        return NatsServerProcess.LOCAL_URL + "/" + subject + query;
    }

    @Test
    void everyQueueGroupGetsEveryMessageOverCoreNats() throws Exception {
        SubscriptionChecks.everySubscriptionGetsEveryMessageOnce(
                driver, url(""), s -> url("?queue=sub-" + s), 2, 2, 400, Duration.ofSeconds(30));
    }

    @Test
    void everyQueueGroupGetsEveryMessageThroughJetStream() throws Exception {
        String jetStream = "?jetstream=true&stream=" + stream + "&create=true&storage=memory";
        SubscriptionChecks.everySubscriptionGetsEveryMessageOnce(
                driver, url(jetStream), s -> url(jetStream + "&queue=sub-" + s), 2, 2, 400, Duration.ofSeconds(30));
    }

    @Test
    void refusesASubscriptionOptionOrABadGroupNamingTheQueueGroup() throws Exception {
        assertTrue(driver.deliversToEveryReceiver("nats://h:4222/orders"));
        assertFalse(driver.deliversToEveryReceiver("nats://h:4222/orders?queue=sub-0"));
        SubscriptionChecks.refusedNaming(
                driver,
                "nats://h:4222/orders?subscription=sub-0",
                "option subscription in URL nats://h:4222/orders?subscription=sub-0",
                "queue group",
                NatsUrl.SUBSCRIPTION_EXAMPLE);
        SubscriptionChecks.refusedNaming(
                driver, "nats://h:4222/orders?queue=sub.0", "option queue=sub.0", "queue=sub-{s}");
    }
}
