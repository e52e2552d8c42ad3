package org.maestro.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.client.api.TestResult;
import org.maestro.reporter.DestinationFigures;
import org.maestro.reporter.FaultCost;
import org.maestro.reporter.FaultText;
import org.maestro.reporter.FlowDestinations;
import org.maestro.reporter.SubscriptionFigures;
import org.maestro.reporter.TestSummary;
import org.maestro.reporter.Verdict;
import org.maestro.reporter.out.SummaryJson;

/**
 * The table {@code maestro-cli run} prints at the end has the byte rate of each test beside its message rate, and
 * the receivers' drain after the senders stopped under it.
 */
class RunSummaryTableTest {
    /** The lines {@code printSummary} prints for one passed run of test {@code name} with the given figures. */
    private static String[] printed(String name, Map<String, Number> figures) {
        TestResult result =
                new TestResult(name, 0, true, "ok", Path.of("results", name, "0"), null, figures, List.of());
        StringWriter text = new StringWriter();
        try (PrintWriter out = new PrintWriter(text)) {
            RunCommand.printSummary(List.of(result), out);
        }
        return text.toString().strip().split("\n");
    }

    @Test
    void theTablePrintsTheMegabytesPerSecondOfEachTest() {
        String[] lines = printed(
                "fixed-rate",
                Map.of("sent", 12_000L, "received", 12_000L, "meanRate", 1_000.0, "megabytesPerSecond", 0.256));
        assertTrue(lines[0].contains("RATE msg/s") && lines[0].contains("MB/s"), lines[0]);
        assertTrue(lines[1].contains(String.format(Locale.ROOT, "%10.3f", 0.256)), lines[1]);
        assertTrue(lines[1].contains(String.format(Locale.ROOT, "%,12.0f", 1_000.0)), lines[1]);
        assertTrue(lines[2].startsWith("SENT to VANISHED: the whole test, warm-up included;"), lines[2]);
        assertEquals(3, lines.length, "nothing drained, no line about it: " + String.join("\n", lines));
    }

    @Test
    void theTablePrintsTheMeanSizeOfAMessageSentWhenThePeersCountedIt() {
        String[] counted = printed(
                "mixed-sizes",
                Map.of("received", 1_000L, "meanRate", 100.0, "megabytesPerSecond", 0.7, "meanMessageBytes", 6_995.2));
        assertTrue(counted[0].contains("SIZE B"), counted[0]);
        assertTrue(counted[1].contains(" 6,995.2 "), counted[1]);
        String[] uncounted = printed("older", Map.of("received", 1_000L, "meanRate", 100.0));
        assertTrue(uncounted[1].contains(" - "), "no size without counted bytes: " + uncounted[1]);
    }

    @Test
    void whatTheReceiversDrainedAfterTheSendersStoppedIsPrintedApartFromTheRate() {
        String[] lines = printed(
                "unbounded",
                Map.of("received", 12_000L, "meanRate", 1_000.0, "drained", 1_234L, "drainedMillis", 2_300L));
        assertEquals(
                "unbounded #0 drained after the senders stopped: 1,234 messages in 2.3 s",
                lines[3],
                String.join("\n", lines));
    }

    @Test
    void eachAgentActionGetsALineWithWhatItCost() {
        FaultCost restart = new FaultCost(
                "agent-1@sut",
                "restart 2",
                1_732_262_412_300L,
                1_732_262_414_300L,
                1_732_262_424_300L,
                2.71,
                "recorded",
                false,
                400.0,
                FaultText.RECOVERED,
                3.7,
                null,
                2.0,
                64.5,
                FaultText.NOT_RECOVERED,
                null,
                70.25,
                12L,
                120L,
                3);
        TestResult result = new TestResult(
                "with-agent",
                0,
                true,
                "ok",
                Path.of("results", "with-agent", "0"),
                null,
                Map.of(),
                List.of(),
                null,
                false,
                null,
                List.of(restart));
        StringWriter text = new StringWriter();
        try (PrintWriter out = new PrintWriter(text)) {
            RunCommand.printSummary(List.of(result), out);
        }
        List<String> lines = text.toString().lines().toList();
        int header = lines.indexOf(lines.stream()
                .filter(line -> line.startsWith("FAULTS: TEST"))
                .findFirst()
                .orElseThrow(() -> new AssertionError(text)));
        String line = lines.get(header + 1);
        List<String> expected = List.of(
                "with-agent",
                "agent-1@sut: restart 2",
                "08:00:12.300",
                "2.71",
                "3.7 s",
                "not recovered (reached 70.250 ms)",
                "2.000 ms",
                "64.500 ms",
                "12",
                "120",
                "3");
        for (String cell : expected) {
            assertTrue(line.contains(cell), cell + " in " + line);
        }
        assertTrue(lines.get(header + 2).startsWith("SILENCE: "), text.toString());
    }

    @Test
    void aBacklogIsOneLineWithItsPeakAndDrain() {
        String[] drained = printed(
                "late",
                Map.of(
                        "received",
                        1_000L,
                        "backlogPeak",
                        2_012L,
                        "backlogPeakAt",
                        10.1,
                        "backlogDrainRate",
                        99.6,
                        "backlogDrainSeconds",
                        20.3,
                        "backlogRemaining",
                        0L));
        assertEquals(
                "late #0 backlog: peak 2,012 msg at 10 s; drained at 100 msg/s in 20.3 s",
                drained[3],
                String.join("\n", drained));
        String[] left = printed("stuck", Map.of("received", 10L, "backlogPeak", 500L, "backlogRemaining", 490L));
        assertEquals("stuck #0 backlog: peak 500 msg at 0 s; not drained: 490 msg remained", left[3]);
    }

    @Test
    void aTestOverManyDestinationsPrintsItsSpreadOnOneLine(@TempDir Path results) throws Exception {
        Path testDir = Files.createDirectories(results.resolve("spread"));
        List<DestinationFigures> each = new ArrayList<>();
        for (int d = 0; d < 100; d++) {
            each.add(new DestinationFigures(
                    d, "orders-" + d, 5000L, 5000L, 0L, 0L, 0, d == 17 ? 480.0 : d == 3 ? 520.0 : 500.0, null));
        }
        TestSummary summary = new TestSummary(
                1,
                "spread",
                0,
                0,
                0,
                0,
                Verdict.SUCCESS,
                "ok",
                null,
                null,
                null,
                null,
                Map.of(),
                List.of(),
                List.of(),
                List.of(),
                List.of(),
                null,
                null,
                null,
                List.of(),
                null,
                null,
                Map.of("", FlowDestinations.of(each)),
                Map.of("", List.of(new SubscriptionFigures(1, 1, "orders-1", 5000L, 4000L, 1000L, 0, null))),
                null);
        SummaryJson.write(testDir, "spread", List.of(summary));
        TestResult result =
                new TestResult("spread", 0, true, "ok", testDir.resolve("0"), null, Map.of("received", 1L), List.of());
        StringWriter text = new StringWriter();
        try (PrintWriter out = new PrintWriter(text)) {
            RunCommand.printSummary(List.of(result), out);
        }
        double sum = 98 * 500.0 + 480 + 520;
        double squares = 98 * 500.0 * 500.0 + 480 * 480 + 520 * 520;
        String jain = String.format(Locale.ROOT, "%.3f", sum * sum / (100 * squares));
        assertTrue(
                text.toString()
                        .contains("spread #0 100 destinations: 480–520 msg/s, Jain " + jain + ", slowest orders-17\n"),
                text.toString());
        assertTrue(
                text.toString()
                        .contains("spread #0 subscription 1 of orders-1 received 4000 of 5000 expected (1000 lost)"),
                text.toString());
    }
}
