package org.maestro.worker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.base.net.FreePorts;
import org.maestro.common.measure.OutcomeCounts;
import org.maestro.testing.MosquittoProcess;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Unbounded QoS 1 through a Mosquitto the test starts with an explicit {@code max_queued_messages}: Mosquitto
 * acknowledges every publish, drops what exceeds a subscriber's queue (and logs that it does), and Maestro counts
 * those messages as lost (vanished), none uncounted; with no limit nothing is lost.
 */
class MosquittoQueueLimitTest {
    private static final Logger LOG = LoggerFactory.getLogger(MosquittoQueueLimitTest.class);
    private static final int COUNT = 2000;

    @TempDir
    Path results;

    @Test
    void messagesBeyondASubscribersQueueAreDroppedAndCountedAsVanished() throws Exception {
        Path directory = Files.createTempDirectory("maestro-mosquitto-queue-");
        try (MosquittoProcess mosquitto = start(directory, 10)) {
            LoadTestRun run = unboundedQos1(mosquitto, "mqtt-queue-10");
            MessageTally total = run.total();
            String log = Files.readString(directory.resolve("broker.log"));
            LOG.info("max_queued_messages 10: {} {}", total, run.senderResult().outcomes());
            OutcomeCounts outcomes = run.senderResult().outcomes();
            // Mosquitto acknowledges what it then drops; a publish may also fail when the overloaded client's
            // connection drops, which the sender is told of
            assertEquals(COUNT, outcomes.accepted() + outcomes.failed(), "every publish has an outcome: " + outcomes);
            assertTrue(outcomes.accepted() > COUNT - 10, "nearly every publish acknowledged: " + outcomes);
            assertTrue(total.vanished() > 0, "some acknowledged messages dropped: " + total);
            assertEquals(total.lost(), total.vanished() + total.refused(), "lost = dropped + refused: " + total);
            assertEquals(COUNT, total.received() + total.lost(), "every message received or lost: " + total);
            assertTrue(log.contains("Outgoing messages are being dropped for client"), log);
        }
    }

    @Test
    void withoutAQueueLimitNothingIsLost() throws Exception {
        Path directory = Files.createTempDirectory("maestro-mosquitto-queue-");
        try (MosquittoProcess mosquitto = start(directory, 0)) {
            LoadTestRun run = unboundedQos1(mosquitto, "mqtt-queue-unlimited");
            MessageTally total = run.total();
            LOG.info("max_queued_messages 0: {} {}", total, run.senderResult().outcomes());
            assertEquals(COUNT, total.sent());
            assertEquals(COUNT, total.received(), total.toString());
            assertEquals(0, total.lost(), total.toString());
            assertTrue(!Files.readString(directory.resolve("broker.log")).contains("being dropped"));
        }
    }

    private LoadTestRun unboundedQos1(MosquittoProcess mosquitto, String name) throws Exception {
        String url = mosquitto.url() + "/maestro/queue/" + UUID.randomUUID() + "?qos=1";
        return new LoadTestRun(
                        results.resolve(name),
                        Map.of(
                                "SEND_RECEIVE_URL",
                                url,
                                "TEST_DURATION",
                                String.valueOf(COUNT),
                                "PARALLEL_COUNT",
                                "1",
                                "RATE",
                                "0",
                                "MESSAGE_SIZE",
                                "256",
                                "TEST_NAME",
                                name))
                .run();
    }

    /** A Mosquitto with the given per-client queue limit (0: none), logging its notices to broker.log. */
    private static MosquittoProcess start(Path directory, int maxQueued) throws Exception {
        int port = FreePorts.next();
        return MosquittoProcess.start(
                directory,
                List.of(
                        "listener " + port + " 127.0.0.1",
                        "allow_anonymous true",
                        "persistence false",
                        "max_queued_messages " + maxQueued,
                        // as root, Mosquitto would switch to user mosquitto, which cannot write the test's folder
                        "user " + System.getProperty("user.name"),
                        "log_dest file " + directory.resolve("broker.log"),
                        "log_type error",
                        "log_type warning",
                        "log_type notice"),
                port);
    }
}
