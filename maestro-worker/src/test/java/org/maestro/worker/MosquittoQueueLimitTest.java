package org.maestro.worker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
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
        QueueLimitRun limited = unboundedQos1(10, "mqtt-queue-10");
        MessageTally total = limited.run().total();
        OutcomeCounts outcomes = limited.run().senderResult().outcomes();
        // Mosquitto acknowledges what it then drops; a publish may also fail when the overloaded client's
        // connection drops, which the sender is told of
        assertEquals(COUNT, outcomes.accepted() + outcomes.failed(), "every publish has an outcome: " + outcomes);
        assertTrue(outcomes.accepted() > COUNT - 10, "nearly every publish acknowledged: " + outcomes);
        assertTrue(total.vanished() > 0, "some acknowledged messages dropped: " + total);
        assertEquals(total.lost(), total.vanished() + total.refused(), "lost = dropped + refused: " + total);
        assertEquals(COUNT, total.received() + total.lost(), "every message received or lost: " + total);
        assertTrue(limited.brokerLog().contains("Outgoing messages are being dropped for client"), limited.brokerLog());
    }

    @Test
    void withoutAQueueLimitNothingIsLost() throws Exception {
        QueueLimitRun unlimited = unboundedQos1(0, "mqtt-queue-unlimited");
        MessageTally total = unlimited.run().total();
        assertEquals(COUNT, total.sent());
        assertEquals(COUNT, total.received(), total.toString());
        assertEquals(0, total.lost(), total.toString());
        assertTrue(!unlimited.brokerLog().contains("being dropped"));
    }

    /** A finished run and what Mosquitto logged during it. */
    private record QueueLimitRun(LoadTestRun run, String brokerLog) {}

    /**
     * Runs {@value #COUNT} QoS 1 messages, unbounded, on one connection through a Mosquitto the test starts with the
     * per-client queue limit {@code maxQueued} (0: none).
     */
    private QueueLimitRun unboundedQos1(int maxQueued, String name) throws Exception {
        Path directory = Files.createTempDirectory("maestro-mosquitto-queue-");
        try (MosquittoProcess mosquitto = start(directory, maxQueued)) {
            String url = mosquitto.url() + "/maestro/queue/" + UUID.randomUUID() + "?qos=1";
            Map<String, String> options = LoadTestRun.options(url, 1, COUNT, 0, name);
            options.put("MESSAGE_SIZE", "256");
            LoadTestRun run = new LoadTestRun(results.resolve(name), options).run();
            LOG.info(
                    "max_queued_messages {}: {} {}",
                    maxQueued,
                    run.total(),
                    run.senderResult().outcomes());
            return new QueueLimitRun(run, Files.readString(directory.resolve("broker.log")));
        }
    }

    /** A Mosquitto with the given per-client queue limit (0: none), logging its notices to broker.log. */
    private static MosquittoProcess start(Path directory, int maxQueued) throws Exception {
        // a file of its own, which Mosquitto writes at once (what it prints is buffered until it exits)
        return MosquittoProcess.start(
                "max_queued_messages " + maxQueued,
                MosquittoProcess.sameUser(),
                "log_dest file " + directory.resolve("broker.log"),
                "log_type notice");
    }
}
