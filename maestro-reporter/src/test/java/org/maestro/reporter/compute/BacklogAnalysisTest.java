package org.maestro.reporter.compute;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.common.files.rate.RateLog;
import org.maestro.reporter.BacklogSummary;
import org.maestro.reporter.read.PeerDirectory;

/** The backlog series and its figures, from rows whose sums are known. */
class BacklogAnalysisTest {
    private static final long T0 = 1_700_000_000_000L;

    @TempDir
    Path work;

    /** One row per second ending at {@code T0 + offset + (i + 1) s}, with {@code perSecond[i]} measured messages. */
    private static List<RateLog.Row> rows(long offset, long... perSecond) {
        List<RateLog.Row> rows = new ArrayList<>();
        for (int i = 0; i < perSecond.length; i++) {
            rows.add(new RateLog.Row(T0 + offset + (i + 1) * 1000L, perSecond[i], 0, false, null, 1000, perSecond[i]));
        }
        return rows;
    }

    @Test
    void aLateReceiverMakesABacklogThatFallsAtTheDifferenceOfTheRates() {
        // 100 msg/s for 10 s; the receiver takes nothing for 3 s, then 200 msg/s for 3 s, then 100 msg/s
        List<RateLog.Row> sent = rows(0, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100);
        List<RateLog.Row> received = rows(0, 0, 0, 0, 200, 200, 200, 100, 100, 100, 100);
        BacklogAnalysis.Flow flow = BacklogAnalysis.flow("", List.of(sent), List.of(received));
        BacklogSummary figures = flow.summary();
        assertNotNull(figures);
        assertEquals(300, figures.peak());
        assertEquals(3.0, figures.peakAt(), 1e-9);
        assertEquals(3.0, figures.drainSeconds(), 1e-9);
        assertEquals(100.0, figures.drainRate(), 1e-9);
        assertEquals(0, figures.remaining());
        assertEquals(0.0, flow.points().get(flow.points().size() - 1).backlog(), 1e-9);
    }

    @Test
    void rowsWrittenAtAnotherInstantOfTheSecondCompareAtTheSameInstant() {
        // the receiver's rows end 400 ms after the senders' (it started 600 ms earlier): no message is held back
        List<RateLog.Row> sent = rows(0, 100, 100, 100, 100, 100);
        List<RateLog.Row> received = rows(-600, 40, 100, 100, 100, 100, 60);
        BacklogAnalysis.Flow flow = BacklogAnalysis.flow("", List.of(sent), List.of(received));
        assertNull(flow.summary(), "no backlog worth reporting: " + flow.points());
        flow.points().stream()
                .filter(point -> point.timestamp() >= T0 + 1000 && point.timestamp() <= T0 + 4000)
                .forEach(point -> assertEquals(0.0, point.backlog(), 1e-9, point.toString()));
    }

    @Test
    void aBacklogThatIsNotDrainedSaysWhatRemained() {
        List<RateLog.Row> sent = rows(0, 100, 100, 100, 100);
        List<RateLog.Row> received = rows(0, 50, 50, 50, 50, 50, 50);
        BacklogSummary figures =
                BacklogAnalysis.flow("", List.of(sent), List.of(received)).summary();
        assertNotNull(figures);
        assertEquals(200, figures.peak());
        assertNull(figures.drainSeconds());
        assertEquals(100, figures.remaining());
        assertEquals(50.0, figures.drainRate(), 1e-9);
        assertEquals("peak 200 msg at 4 s; not drained: 100 msg remained (it fell at 50 msg/s)", figures.describe());
    }

    @Test
    void publishSubscribeCountsDeliveries() {
        // two receivers each get every message; the second one is late by 2 s
        List<RateLog.Row> sent = rows(0, 100, 100, 100, 100, 100, 100);
        List<RateLog.Row> first = rows(0, 100, 100, 100, 100, 100, 100);
        List<RateLog.Row> late = rows(0, 0, 0, 200, 200, 100, 100);
        BacklogSummary figures =
                BacklogAnalysis.flow("", List.of(sent), List.of(first, late)).summary();
        assertNotNull(figures);
        assertEquals(200, figures.peak());
        assertEquals(2.0, figures.drainSeconds(), 1e-9);
    }

    /** A peer directory of the given role and FLOW, written as a peer writes its test.properties. */
    private PeerDirectory peer(String name, String role, String flow) throws java.io.IOException {
        java.nio.file.Path dir = java.nio.file.Files.createDirectories(work.resolve(name));
        java.nio.file.Files.writeString(
                dir.resolve(PeerDirectory.TEST_PROPERTIES),
                "peer.name=" + name + "\npeer.role=" + role + "\nFLOW=" + flow + "\n");
        return PeerDirectory.open(dir);
    }

    @Test
    void eachFlowHasItsOwnBacklogAndTheTestTheirSum() throws Exception {
        Map<PeerDirectory, List<RateLog.Row>> rates = new LinkedHashMap<>();
        rates.put(peer("sender-a", "sender", "orders"), rows(0, 100, 100, 100, 100, 100, 100));
        rates.put(peer("receiver-a", "receiver", "orders"), rows(0, 0, 0, 200, 200, 100, 100));
        rates.put(peer("sender-b", "sender", "audit"), rows(0, 50, 50, 50, 50, 50, 50));
        rates.put(peer("receiver-b", "receiver", "audit"), rows(0, 50, 50, 50, 50, 50, 50));

        BacklogAnalysis.Result result = BacklogAnalysis.of(rates);

        assertEquals(
                List.of("audit", "orders"),
                result.flows().stream().map(BacklogAnalysis.Flow::flow).toList());
        assertNull(result.flows().get(0).summary(), "the audit flow kept up");
        BacklogSummary total = result.summary();
        assertNotNull(total);
        assertEquals(200, total.peak(), "the orders flow's backlog, the audit flow adding nothing");
        assertEquals(List.of("orders"), List.copyOf(total.flows().keySet()));
        assertEquals(200, total.flows().get("orders").peak());
    }
}
