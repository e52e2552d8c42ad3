package org.maestro.reporter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.reporter.build.Reporter;
import org.maestro.reporter.testing.ResultsAudit;

/**
 * The measured rate of results whose rate.csv rows (format v3) split their messages into warm-up and measured ones:
 * a boundary second that mixes both, a 3 s stall of a sender's writer (one row of 3,000 ms), warm-up backlog sent
 * late and a receiver's row across the window's end, checked against numbers computed from the raw files.
 */
class MeasuredRateTest {
    private static final long T0 = 1_732_262_400_000L;

    @TempDir
    Path results;

    @Test
    void theMeasuredRateIsMeasuredMessagesOverTheMeasuredWindowEverywhere() throws Exception {
        Path iteration = results.resolve("exact").resolve("0");
        Path sender = peer(
                iteration,
                "sender-1@alpha",
                "sender",
                T0,
                T0 + 5000,
                "measured.end=" + (T0 + 15_000) + "\nwarmup.lag.micros=250000\nwarmup.backlog=500\n");
        Path receiver = peer(iteration, "receiver-1@alpha", "receiver", T0 - 1500, T0 + 3500, "");
        StringBuilder senderRows = new StringBuilder();
        for (int s = 1; s <= 4; s++) {
            row(senderRows, T0 + s * 1000L, 1000, 2000, 0, true);
        }
        row(senderRows, T0 + 5000, 1000, 1500, 0, true);
        row(senderRows, T0 + 8000, 3000, 6500, 6000, false); // the writer stalled 3 s; 500 late warm-up messages
        for (int s = 9; s <= 15; s++) {
            row(senderRows, T0 + s * 1000L, 1000, 2000, 2000, false);
        }
        StringBuilder receiverRows = new StringBuilder();
        for (int s = 1; s <= 4; s++) {
            row(receiverRows, T0 + s * 1000L + 300, 1000, 2000, 0, true);
        }
        row(receiverRows, T0 + 5300, 1000, 1500, 0, true);
        row(receiverRows, T0 + 6300, 1000, 2400, 1900, false); // the boundary second mixes both
        for (int s = 7; s <= 15; s++) {
            row(receiverRows, T0 + s * 1000L + 300, 1000, s == 15 ? 2100 : 2000, s == 15 ? 2100 : 2000, false);
        }
        row(receiverRows, T0 + 16_300, 1000, 0, 0, false);
        row(receiverRows, T0 + 17_300, 1000, 0, 0, false);
        rateFile(sender, senderRows);
        rateFile(receiver, receiverRows);

        // independently: the measured column of the raw rows over the sender's measured.end − warmup.end; of the
        // receiver's, those received by the window's end (+15 s): the rows to +14.3 s whole, and of the row from
        // +14.3 s to +15.3 s the 700 ms before the end at the pace of the row before (2,000 msg/s); the rest of that
        // row arrived after the window, drained
        long measuredSent = column(sender, 3);
        long measuredReceived = column(receiver, 3);
        long warmUpReceived = column(receiver, 2) - measuredReceived;
        assertEquals(20_000, measuredSent);
        assertEquals(measuredSent, measuredReceived);
        long receivedInWindow = measuredReceived - 2100 + 1400;
        double expected = receivedInWindow / 10.0;

        TestSummary summary = Reporter.summarize(iteration);
        assertEquals(expected, summary.rate().receiver().mean(), 1e-9);
        assertEquals(measuredSent / 10.0, summary.rate().sender().mean(), 1e-9, "the same window for both roles");
        assertEquals(expected, summary.throughput(), 1e-9);
        assertEquals(receivedInWindow, summary.rate().receiver().total());
        assertEquals(new TestSummary.Drain(700, 300), summary.rate().drained());
        assertEquals(warmUpReceived, summary.rate().receiver().warmup());
        assertEquals(10_000, summary.rate().receiver().millis());
        assertEquals(
                new TestSummary.MeasuredWindow(T0 + 5000, T0 + 15_000, 5000),
                summary.rate().window());
        assertEquals(T0 + 5000, summary.warmupEndMillis(), "the senders' warm-up, not the receivers'");
        assertEquals(2000, summary.rate().receiver().max(), "the drain in the row at +15.3 s is not counted");
        assertEquals(
                1400,
                summary.rate().receiver().min(),
                "the row at +15.3 s belongs to the second +15 s and counts its 700 ms in the window");
        assertTrue(
                summary.warnings().stream()
                        .anyMatch(w -> w.startsWith("sender-1@alpha entered the measured "
                                + "window 250.0 ms behind its timeline (500 warm-up message(s) still to send): the measured latency "
                                + "includes the load generator's backlog")),
                summary.warnings().toString());

        Reporter.build(results);
        JsonNode json = new ObjectMapper()
                .readTree(results.resolve("exact/summary.json").toFile())
                .get("iterations")
                .get(0);
        assertEquals(expected, json.get("rate").get("receiver").get("mean").asDouble(), 1e-9);
        assertEquals(5000, json.get("rate").get("window").get("warmupMillis").asLong());
        assertTrue(
                json.get("warnings").toString().contains("250.0 ms behind"),
                json.get("warnings").toString());
        String junit = Files.readString(results.resolve("exact/junit.xml"));
        assertTrue(junit.contains(String.format(java.util.Locale.ROOT, "throughput=%.1f msg/s", expected)), junit);
        assertEquals(700, json.get("rate").get("drained").get("messages").asLong());
        assertEquals(300, json.get("rate").get("drained").get("millis").asLong());
        String page = Files.readString(results.resolve("exact/iteration-0.html"));
        assertTrue(page.contains("250.0 ms behind its timeline"), "the page shows the warning");
        assertTrue(
                page.contains("drained after the senders stopped: 700 messages in 0.3 s"), "the page shows the drain");
        assertNotNull(page);
        ResultsAudit.assertConsistent(iteration);
        Files.writeString(
                results.resolve("exact/iteration-0.html"),
                page.replace("700 messages in 0.3 s", "701 messages in 0.3 s"));
        assertTrue(
                ResultsAudit.audit(iteration).stream().anyMatch(m -> m.field().equals("drain note messages")),
                "the audit names a drain the page misstates");
    }

    @Test
    void withoutASendersFilesTheMeanIsTakenOverTheMeasuredSeconds() throws Exception {
        // the sender's files never arrived: no sender recorded the measured window
        Path iteration = results.resolve("no-window").resolve("0");
        Path receiver = peer(iteration, "receiver-1@alpha", "receiver", T0, T0 + 2000, "");
        StringBuilder rows = new StringBuilder();
        row(rows, T0 + 1000, 1000, 100, 0, true);
        row(rows, T0 + 2000, 1000, 100, 0, true);
        row(rows, T0 + 3000, 1000, 300, 300, false);
        row(rows, T0 + 4000, 1000, 500, 500, false);
        rateFile(receiver, rows);
        TestSummary summary = Reporter.summarize(iteration);
        assertEquals(400.0, summary.rate().receiver().mean(), 1e-9);
        assertEquals(200, summary.rate().receiver().warmup());
        assertEquals(null, summary.rate().window());
        Reporter.build(results);
        ResultsAudit.assertConsistent(iteration);
    }

    private static void row(StringBuilder csv, long timestamp, long millis, long count, long measured, boolean warmup) {
        csv.append(timestamp)
                .append(',')
                .append(millis)
                .append(',')
                .append(count)
                .append(',')
                .append(measured)
                .append(",0,")
                .append(warmup)
                .append(",,,,,\n");
    }

    private static void rateFile(Path peer, StringBuilder rows) throws Exception {
        Files.writeString(
                peer.resolve("rate.csv"),
                "# maestro-rate v3\n"
                        + "timestamp,millis,count,measured,errors,warmup,accepted,released,rejected,modified,failed\n"
                        + rows,
                StandardCharsets.UTF_8);
    }

    private static long column(Path peer, int index) throws Exception {
        List<String> lines = Files.readAllLines(peer.resolve("rate.csv"));
        return lines.stream()
                .skip(2)
                .mapToLong(line -> Long.parseLong(line.split(",")[index]))
                .sum();
    }

    private static Path peer(Path iteration, String name, String role, long start, long warmupEnd, String extra)
            throws Exception {
        Path dir = Files.createDirectories(iteration.resolve(name));
        Files.writeString(
                dir.resolve("test.properties"),
                "# maestro-test-properties v1\npeer.name=" + name
                        + "\npeer.role=" + role + "\npeer.host=alpha\ntest.start=" + start + "\ntest.end="
                        + (T0 + 17_300)
                        + "\nwarmup.end=" + warmupEnd + "\nWARM_UP=5s\nTEST_DURATION=10s\nRATE=2000\n" + extra,
                StandardCharsets.UTF_8);
        return dir;
    }
}
