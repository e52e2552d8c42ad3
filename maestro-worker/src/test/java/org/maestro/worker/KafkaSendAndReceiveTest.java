package org.maestro.worker;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.common.measure.OutcomeCounts;
import org.maestro.common.protocol.Command;
import org.maestro.driver.kafka.KafkaTopic;

/**
 * Sender and receiver roles through the Kafka driver against a KRaft broker started in this JVM: sequence numbers,
 * latencies and acknowledgements measured as for every driver. Each test uses a topic of its own, deleted
 * afterwards.
 */
class KafkaSendAndReceiveTest {
    @RegisterExtension
    final KafkaTopic topic = new KafkaTopic();

    @TempDir
    Path results;

    @Test
    void acknowledgedRecordsAtAFixedRateAreAllReceivedOnceInOrderAndAccepted() throws Exception {
        LoadTestRun run = LosslessRun.check(
                results, topic.url("acks=all"), 2000, 1000, "kafka-acks", "the broker acknowledged every record");
        assertEquals(0, run.total().outOfOrder(), "one partition keeps the order");
    }

    @Test
    void twoReceiverConnectionsShareThePartitionsWithoutDuplicates() throws Exception {
        LoadTestRun run = SharedRun.check(
                results,
                topic.url("partitions=2&key=connection"),
                "kafka-shared",
                "each record reached one receiver connection");
        assertEquals(0, run.total().outOfOrder(), "each sender connection writes to one partition");
        assertEquals(new OutcomeCounts(600, 0, 0, 0, 0), run.senderResult().outcomes());
    }

    @Test
    void withoutAcknowledgementsRecordsHaveNoOutcomes() throws Exception {
        LoadTestRun run = LoadTestRun.sendAndReceive(results, topic.url("acks=0"), 1, 200, 500, "kafka-no-acks");
        assertEquals(Command.NOTIFY_SUCCESS, run.senderOutcome.command(), run.senderOutcome.message());
        assertEquals(200, run.total().sent());
        assertEquals(200, run.total().received());
        assertEquals(0, run.senderResult().outcomes().total(), "acks=0, no outcomes");
    }
}
