package org.maestro.worker;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.Map;
import org.maestro.common.measure.OutcomeCounts;
import org.maestro.common.protocol.Command;

/**
 * The run each driver's send-and-receive test starts with: one sender and one receiver connection at a fixed rate
 * through a system that acknowledges every send, checked to lose nothing, to have every send accepted and every
 * message timed.
 */
final class LosslessRun {
    private LosslessRun() {}

    /**
     * Runs {@code count} messages of 256 bytes at {@code rate} per second to and from {@code url}, and checks that
     * both peers succeeded, every message was received once and none refused, every send was accepted (the
     * assertion's message: {@code acceptedBecause}, e.g. {@code the broker confirmed every publish}) and every
     * message has a response time. Returns the run for the driver's own checks.
     */
    static LoadTestRun check(Path results, String url, int count, int rate, String testName, String acceptedBecause)
            throws Exception {
        Map<String, String> options = LoadTestRun.options(url, 1, count, rate, testName);
        options.put("MESSAGE_SIZE", "256");
        LoadTestRun run = new LoadTestRun(results, options).run();
        assertEquals(Command.NOTIFY_SUCCESS, run.senderOutcome.command(), run.senderOutcome.message());
        assertEquals(Command.NOTIFY_SUCCESS, run.receiverOutcome.command(), run.receiverOutcome.message());
        MessageTally total = run.total();
        assertEquals(count, total.sent());
        assertEquals(count, total.received());
        assertEquals(0, total.lost());
        assertEquals(0, total.duplicates());
        assertEquals(0, total.refused());
        assertEquals(new OutcomeCounts(count, 0, 0, 0, 0), run.senderResult().outcomes(), acceptedBecause);
        long[] response = HistogramLogs.totals(run.receiverDirectory().resolve("response-time.hlog"));
        assertEquals(count, response[0] + response[1], "every message has a response time");
        return run;
    }
}
