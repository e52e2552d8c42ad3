package org.maestro.worker;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import org.maestro.common.protocol.Command;

/**
 * The run each driver's test of receiver connections sharing one stream (a queue, a shared subscription, a group)
 * makes: two sender and two receiver connections, 300 messages each at 1000 per second, checked to lose nothing and to
 * deliver each message to one receiver connection only.
 */
final class SharedRun {
    private SharedRun() {}

    /**
     * Runs the 600 messages to and from {@code url} and checks that the receiver succeeded, every message was received
     * and none twice (the assertion's message: {@code onceBecause}, e.g. {@code each message reached one receiver
     * connection}). Returns the run for the driver's own checks.
     */
    static LoadTestRun check(Path results, String url, String testName, String onceBecause) throws Exception {
        LoadTestRun run = LoadTestRun.sendAndReceive(results, url, 2, 300, 1000, testName);
        assertEquals(Command.NOTIFY_SUCCESS, run.receiverOutcome.command(), run.receiverOutcome.message());
        MessageTally total = run.total();
        assertEquals(600, total.sent());
        assertEquals(600, total.received());
        assertEquals(0, total.lost());
        assertEquals(0, total.duplicates(), onceBecause);
        return run;
    }
}
