package org.maestro.worker;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.common.measure.OutcomeCounts;
import org.maestro.common.protocol.Command;
import org.maestro.testing.LocalRabbitMq;

/**
 * Sender and receiver roles through the RabbitMQ driver against the broker on 127.0.0.1:5672 (guest/guest): skipped
 * when none listens there, failed when the {@code CI} environment variable is set. Each test uses a queue of its own,
 * deleted afterwards.
 */
class RabbitSendAndReceiveTest {
    @TempDir
    Path results;

    private String queue;

    @BeforeEach
    void requireBroker() {
        LocalRabbitMq.assumeRunning();
        queue = LocalRabbitMq.uniqueName();
    }

    @AfterEach
    void deleteQueue() throws Exception {
        if (queue == null) {
            return;
        }
        LocalRabbitMq.deleteQueue(queue);
    }

    private String url(String options) {
        return LocalRabbitMq.url("queue=" + queue + "&declare=true" + options);
    }

    @Test
    void confirmedPublishesAtAFixedRateAreAllReceivedOnceAndAccepted() throws Exception {
        LosslessRun.check(results, url(""), 2000, 1000, "rabbitmq-confirm", "the broker confirmed every publish");
    }

    @Test
    void twoReceiverConnectionsShareTheQueueWithoutDuplicates() throws Exception {
        LoadTestRun run = SharedRun.check(
                results, url("&prefetch=50"), "rabbitmq-shared", "each message reached one receiver connection");
        assertEquals(new OutcomeCounts(600, 0, 0, 0, 0), run.senderResult().outcomes());
    }

    @Test
    void withoutConfirmsPublishesHaveNoOutcomes() throws Exception {
        LoadTestRun run =
                LoadTestRun.sendAndReceive(results, url("&confirm=false"), 1, 200, 500, "rabbitmq-no-confirm");
        assertEquals(Command.NOTIFY_SUCCESS, run.senderOutcome.command(), run.senderOutcome.message());
        assertEquals(200, run.total().sent());
        assertEquals(200, run.total().received());
        assertEquals(0, run.senderResult().outcomes().total(), "no publisher confirms, no outcomes");
    }
}
