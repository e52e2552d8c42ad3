package org.maestro.worker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.maestro.common.measure.OutcomeCounts;
import org.maestro.common.measure.PeerResult;

/** What a run through a broker outage must show: the sender went on, and every message is received or counted lost. */
final class OutageAccounting {
    private OutageAccounting() {}

    /** Asserts the run's accounting for a sender of {@code count} messages on one connection; returns its figures. */
    static String assertAccounted(LoadTestRun run, long count) throws Exception {
        MessageTally total = run.total();
        PeerResult sender = run.senderResult();
        OutcomeCounts outcomes = sender.outcomes();
        PeerResult receiver = run.receiverResult();
        long lastReceived = receiver.streams().isEmpty()
                ? -1
                : receiver.streams().get(0).sequenceBitmap().last() & 0xFFFFFFFFL;
        String figures = total + " " + outcomes + " last received: " + lastReceived + "; sender: "
                + run.senderOutcome.message() + "; receiver: " + run.receiverOutcome.message();
        assertEquals(count, total.sent(), "the sender went on after the outage and sent every message: " + figures);
        assertEquals(total.sent(), total.received() + total.lost(), "every message received or lost: " + figures);
        assertEquals(
                total.lost(),
                total.refused() + total.vanished(),
                "every lost message refused to the sender or vanished after being accepted: " + figures);
        assertTrue(outcomes.failed() > 0, "the sender saw the outage: " + figures);
        assertEquals(count - 1, lastReceived, "the receiver received again after the outage: " + figures);
        return figures;
    }
}
