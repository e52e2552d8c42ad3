package org.maestro.worker;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.maestro.common.protocol.Command;
import org.maestro.worker.receiver.ReceiverRole;
import org.maestro.worker.sender.SenderRole;

/**
 * A run through a restart of the system under test: the restart comes once both roles counted messages, and the run
 * is checked to end in success for both peers with messages sent and received after the restart.
 */
final class RestartRun {
    private RestartRun() {}

    /**
     * Runs {@code sender} and {@code receiver} with {@code options}, calling {@code restart} once messages flow, and
     * checks that both peers succeeded and went on after the restart. Returns the run for the test's own checks.
     */
    static LoadTestRun check(
            Path results,
            Map<String, String> options,
            SenderRole sender,
            ReceiverRole receiver,
            LoadTestRun.Interference restart)
            throws Exception {
        AtomicLong restarted = new AtomicLong();
        LoadTestRun run = new LoadTestRun(results, options).run(sender, receiver, LoadTestRun.OUTCOME_TIMEOUT, () -> {
            await("messages flowing before the restart")
                    .atMost(Duration.ofSeconds(60))
                    .until(() -> sender.stats().count() > 0 && receiver.stats().count() > 0);
            restart.run();
            restarted.set(System.currentTimeMillis());
        });
        assertEquals(Command.NOTIFY_SUCCESS, run.senderOutcome.command(), run.senderOutcome.message());
        assertEquals(Command.NOTIFY_SUCCESS, run.receiverOutcome.command(), run.receiverOutcome.message());
        assertTrue(countAfter(run.senderDirectory(), restarted.get()) > 0, "the senders went on after the restart");
        assertTrue(countAfter(run.receiverDirectory(), restarted.get()) > 0, "the receivers went on after the restart");
        return run;
    }

    /** Messages counted in rate.csv rows of intervals that began after the given time. */
    private static long countAfter(Path directory, long millis) throws Exception {
        return Files.readAllLines(directory.resolve("rate.csv")).stream()
                .skip(2)
                .map(line -> line.split(","))
                .filter(row -> Long.parseLong(row[0]) - Long.parseLong(row[1]) > millis)
                .mapToLong(row -> Long.parseLong(row[2]))
                .sum();
    }
}
