package org.maestro.worker.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.apache.activemq.artemis.api.core.SimpleString;
import org.apache.activemq.artemis.core.server.Queue;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.maestro.embedded.AmqpBroker;

/** The bare Proton-J loop against an embedded Artemis: every message once, the rate held, progress, stalls seen. */
@Tag("timing") // run alone, after the other tests of this module (see the parent pom)
class ProtonLoopTest {
    private static final int SIZE = 256;
    private static final int WARM_UP = 1;
    private static final int SECONDS = 3;

    @RegisterExtension
    static final AmqpBroker broker = new AmqpBroker("proton-loop");

    @ParameterizedTest
    @ValueSource(ints = {1, 5})
    void unboundedRunReceivesEachMessageOnceAndProgressesEverySecond(int connections) throws Exception {
        String queue = "bench.proton-loop.unbounded." + connections;
        ProtonLoopOutcome outcome =
                new ProtonLoop(broker.amqpPort(), queue, SIZE).run(connections, 0, WARM_UP, SECONDS);

        assertEquals(List.of(), outcome.problems());
        assertAllAcknowledged(queue);
        for (int i = 0; i < connections; i++) {
            assertTrue(outcome.sent()[i] > 0, "connection " + i + " sent nothing");
            assertEquals(outcome.sent()[i], outcome.received()[i], "connection " + i);
        }
        List<long[]> seconds = outcome.eachSecond();
        assertTrue(seconds.size() >= WARM_UP + SECONDS, "one sample per second of the timeline: " + seconds.size());
        long[] before = {0, 0};
        for (int second = 0; second < WARM_UP + SECONDS; second++) {
            long[] now = seconds.get(second);
            assertTrue(now[0] > before[0], "nothing sent in second " + (second + 1) + ": " + now[0]);
            assertTrue(now[1] > before[1], "nothing received in second " + (second + 1) + ": " + now[1]);
            before = now;
        }
        long measured = outcome.responseTime().getTotalCount();
        assertTrue(measured > 0 && measured < outcome.totalSent(), measured + " measured of " + outcome.totalSent());
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 5})
    void fixedRateRunSendsRateTimesSecondsAndReceivesEachOnce(int connections) throws Exception {
        int rate = 1000 / connections;
        String queue = "bench.proton-loop.rate." + connections;
        ProtonLoopOutcome outcome =
                new ProtonLoop(broker.amqpPort(), queue, SIZE).run(connections, rate, WARM_UP, SECONDS);

        assertEquals(List.of(), outcome.problems());
        assertAllAcknowledged(queue);
        long due = (long) rate * (WARM_UP + SECONDS);
        for (int i = 0; i < connections; i++) {
            assertEquals(due, outcome.sent()[i], 1, "connection " + i + " at " + rate + " msg/s");
            assertEquals(outcome.sent()[i], outcome.received()[i], "connection " + i);
            // on the timeline: late by at most 2% of the run when its end came
            assertTrue(
                    outcome.sentByEnd()[i] >= due * 0.98,
                    "connection " + i + " had sent " + outcome.sentByEnd()[i] + " of " + due
                            + " messages by the end of its timeline");
        }
        // every message intended in the measured window is received and measured once
        assertEquals((long) rate * SECONDS * connections, outcome.responseTime().getTotalCount(), connections);
    }

    @Test
    void aQueueThatStopsDeliveringFailsTheRunAsStalled() throws Exception {
        String queue = "bench.proton-loop.held";
        CompletableFuture<ProtonLoopOutcome> run = CompletableFuture.supplyAsync(() -> {
            try {
                return new ProtonLoop(broker.amqpPort(), queue, SIZE).run(1, 200, 0, 20);
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        Queue held = null;
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (held == null && System.nanoTime() < deadline) {
            held = broker.server().locateQueue(SimpleString.of(queue));
            Thread.sleep(50);
        }
        assertNotNull(held, "the loop did not create the queue " + queue + " within 30 s");
        held.pause();
        try {
            ProtonLoopOutcome outcome = run.get(60, TimeUnit.SECONDS);
            assertNotNull(outcome.failure(), "the run should have stalled");
            assertTrue(
                    outcome.failure()
                            .startsWith(
                                    "the receivers stalled: nothing received for " + ProtonLoop.STALL_SECONDS + " s"),
                    outcome.failure());
            assertTrue(outcome.totalSent() < 200 * 20, "the run ended early: " + outcome.totalSent() + " sent");
        } finally {
            held.resume();
        }
    }

    /** The broker holds no message of the queue: the receivers acknowledged every one (at most 10 s after the run). */
    private static void assertAllAcknowledged(String queue) throws InterruptedException {
        Queue found = broker.server().locateQueue(SimpleString.of(queue));
        assertNotNull(found, "no queue " + queue);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (found.getMessageCount() != 0 && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
        assertEquals(0, found.getMessageCount(), "messages of " + queue + " left unacknowledged in the broker");
    }
}
