package org.maestro.cli.scripts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.common.cli.ExitCode;
import org.maestro.reporter.testing.Recount;

/**
 * A real restart of the embedded SUT by the embedded agent in the middle of a fixed-rate load: every figure of what
 * it cost in summary.json is recomputed here from the peers' raw files (agent-actions.csv, rate.csv,
 * receive-gaps.csv, response-time.hlog) by the definitions of docs/reporting.md, "What each fault cost".
 */
class FaultCostEmbeddedTest {
    private static final Duration DEADLINE = Duration.ofMinutes(3);
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path work;

    @Test
    void aRestartOfTheSutCostsWhatTheRawFilesSay() throws Exception {
        CliProcess run = CliProcess.runScript(
                "FixedRateTestWithAgent.groovy",
                Map.of(
                        "TEST_DURATION", "16s",
                        "WARM_UP", "2s",
                        "RATE", "200",
                        "AGENT_AT", "6s",
                        "AGENT_COMMAND", "restart 2"),
                DEADLINE,
                work);
        assertEquals(ExitCode.OK.code(), run.exitCode(), run.output());
        Path test = work.resolve("results/fixed-rate-with-agent");
        Path iteration = test.resolve("0");
        JsonNode summary = JSON.readTree(test.resolve("summary.json").toFile())
                .get("iterations")
                .get(0);
        JsonNode faults = summary.get("faults");
        assertEquals(1, faults.size(), summary.toString());
        JsonNode fault = faults.get(0);

        // the action and the test's times, as the agent and the sender wrote them
        List<Map<String, String>> actions = csv(peer(iteration, "agent-").resolve("agent-actions.csv"));
        long start = Long.parseLong(actions.get(0).get("start"));
        long end = Long.parseLong(actions.get(0).get("end"));
        Properties sender = properties(peer(iteration, "sender-").resolve("test.properties"));
        long measuredEnd = Long.parseLong(sender.getProperty("measured.end"));
        long warmupEnd = Long.parseLong(sender.getProperty("warmup.end"));
        long testStart = Long.parseLong(sender.getProperty("test.start"));
        assertEquals(start, fault.get("start").asLong());
        assertEquals(end, fault.get("end").asLong());
        assertEquals("restart 2", fault.get("action").asText());
        long until = Math.min(end + 10_000, measuredEnd);
        long baselineFrom = Math.max(start - 10_000, Math.max(warmupEnd, testStart));
        assertEquals(until, fault.get("until").asLong());

        // silence: the longest recorded silence of a receiver starting within [start, until]
        double gap = 0;
        for (Path receiver : peers(iteration, "receiver-")) {
            for (Map<String, String> row : csv(receiver.resolve("receive-gaps.csv"))) {
                long from = Long.parseLong(row.get("start"));
                long to = Long.parseLong(row.get("end"));
                if (from / 1000 >= start && from / 1000 <= until) {
                    gap = Math.max(gap, (to - from) / 1_000_000.0);
                }
            }
        }
        assertTrue(gap >= 1.5, "the SUT was down for 2 s: " + gap + " s; " + fault);
        assertEquals(gap, fault.get("gapSeconds").asDouble(), 1e-9, fault.toString());
        assertEquals("recorded", fault.get("gapResolution").asText());

        // throughput: the receivers' count per second (second = the row's end rounded), its baseline and recovery
        TreeMap<Long, Long> received = new TreeMap<>();
        for (Path receiver : peers(iteration, "receiver-")) {
            for (Map<String, String> row : csv(receiver.resolve("rate.csv"))) {
                received.merge(
                        second(Long.parseLong(row.get("timestamp"))), Long.parseLong(row.get("count")), Long::sum);
            }
        }
        long baselineTotal = 0;
        int baselineSeconds = 0;
        for (long s = floor(baselineFrom + 999) + 1000; s <= floor(start); s += 1000) {
            baselineTotal += received.getOrDefault(s, 0L);
            baselineSeconds++;
        }
        double level = (double) baselineTotal / baselineSeconds;
        assertEquals(level, fault.get("throughputBefore").asDouble(), 1e-9);
        Double throughputBack = recovery(start, end, measuredEnd, s -> {
            double value = received.getOrDefault(s, 0L);
            return Math.abs(value - level) <= 0.05 * level;
        });
        assertRecovery(throughputBack, fault.get("throughputRecoverySeconds"), fault.get("throughputRecovery"));

        // latency: the receivers' interval histograms by second, merged
        TreeMap<Long, Histogram> latency = new TreeMap<>();
        for (Path receiver : peers(iteration, "receiver-")) {
            try (InputStream in = Files.newInputStream(receiver.resolve("response-time.hlog"))) {
                HistogramLogReader reader = new HistogramLogReader(in);
                for (Histogram h = (Histogram) reader.nextIntervalHistogram();
                        h != null;
                        h = (Histogram) reader.nextIntervalHistogram()) {
                    if (!"total".equals(h.getTag())) {
                        latency.computeIfAbsent(second(h.getEndTimeStamp()), s -> new Histogram(3))
                                .add(Recount.roundedUp(h));
                    }
                }
            }
        }
        double p99Before = p99(latency, floor(baselineFrom + 999) + 1000, floor(start));
        double p99During = p99(latency, floor(start) + 1000, floor(until - 1) + 1000);
        assertEquals(p99Before, fault.get("p99Before").asDouble(), 1e-9);
        assertEquals(p99During, fault.get("p99During").asDouble(), 1e-9);
        Double p99Back = recovery(start, end, measuredEnd, s -> {
            Histogram h = latency.get(s);
            return h != null && h.getValueAtPercentile(99.0) / 1000.0 <= 1.05 * p99Before;
        });
        assertRecovery(p99Back, fault.get("p99RecoverySeconds"), fault.get("p99Recovery"));

        // messages: the seconds overlapping (start, until), capped by the test's vanished and duplicates
        long refused = 0;
        long accepted = 0;
        long arrived = 0;
        for (Map<String, String> row : csv(peer(iteration, "sender-").resolve("rate.csv"))) {
            long s = second(Long.parseLong(row.get("timestamp")));
            if (s >= floor(start) + 1000 && s <= floor(until - 1) + 1000) {
                accepted += Long.parseLong(row.get("accepted"));
                for (String outcome : List.of("released", "rejected", "modified", "failed")) {
                    refused += Long.parseLong(row.get(outcome));
                }
            }
        }
        for (long s = floor(start) + 1000; s <= floor(until - 1) + 1000; s += 1000) {
            arrived += received.getOrDefault(s, 0L);
        }
        JsonNode messages = summary.get("messages");
        assertEquals(refused, fault.get("refused").asLong(), fault.toString());
        Map<String, Long> net = Map.of("vanished", accepted - arrived, "duplicates", arrived - accepted);
        for (Map.Entry<String, Long> count : net.entrySet()) {
            long total = messages.get(count.getKey()).asLong();
            long expected = Math.min(Math.max(0, count.getValue()), total);
            assertEquals(expected, fault.get(count.getKey()).asLong(), fault + " " + messages);
        }

        // the table printed at the end of the run: one line for the fault
        assertTrue(run.output().contains("FAULTS: TEST"), run.output());
        assertTrue(
                run.output()
                        .lines()
                        .anyMatch(line -> line.startsWith("fixed-rate-with-agent")
                                && line.contains("agent-1")
                                && line.contains("restart 2")),
                run.output());
        assertTrue(Files.readString(test.resolve("iteration-0.html")).contains("id=\"faults\""));
    }

    /** The definition of a recovery: null when not recovered, else seconds from the start. */
    private static Double recovery(long start, long end, long measuredEnd, java.util.function.LongPredicate back) {
        int run = 0;
        for (long s = floor(end + 999) + 1000; s <= measuredEnd; s += 1000) {
            run = back.test(s) ? run + 1 : 0;
            if (run == 3) {
                long runStart = s - 3000;
                for (long before = floor(start) + 1000; before <= runStart; before += 1000) {
                    if (!back.test(before)) {
                        return Math.max(0, runStart - start) / 1000.0;
                    }
                }
                return 0.0;
            }
        }
        return null;
    }

    private static void assertRecovery(Double expected, JsonNode seconds, JsonNode status) {
        if (expected == null) {
            assertTrue(seconds.isNull(), seconds.toString());
            assertEquals("not recovered", status.asText());
        } else {
            assertEquals("recovered", status.asText());
            assertEquals(expected, seconds.asDouble(), 1e-9);
        }
    }

    private static double p99(TreeMap<Long, Histogram> latency, long firstSecond, long lastSecond) {
        Histogram merged = new Histogram(3);
        latency.subMap(firstSecond, true, lastSecond, true).values().forEach(merged::add);
        return merged.getValueAtPercentile(99.0) / 1000.0;
    }

    private static long second(long endMillis) {
        return Math.round(endMillis / 1000.0) * 1000;
    }

    /** The whole second at or before {@code millis}; {@code floor(millis + 999)} is the one at or after it. */
    private static long floor(long millis) {
        return Math.floorDiv(millis, 1000) * 1000;
    }

    /** The rows of a CSV file with a header, by column name; comment lines skipped. */
    private static List<Map<String, String>> csv(Path file) throws IOException {
        List<String> lines = Files.readAllLines(file).stream()
                .filter(line -> !line.startsWith("#") && !line.isBlank())
                .toList();
        List<String> header = Arrays.asList(lines.get(0).split(",", -1));
        List<Map<String, String>> rows = new ArrayList<>();
        for (String line : lines.subList(1, lines.size())) {
            String[] cells = line.split(",", -1);
            Map<String, String> row = new java.util.HashMap<>();
            for (int i = 0; i < header.size() && i < cells.length; i++) {
                row.put(header.get(i), cells[i]);
            }
            rows.add(row);
        }
        return rows;
    }

    private static Properties properties(Path file) throws IOException {
        Properties properties = new Properties();
        try (var reader = Files.newBufferedReader(file)) {
            properties.load(reader);
        }
        return properties;
    }

    private static List<Path> peers(Path iteration, String prefix) throws IOException {
        try (Stream<Path> peers = Files.list(iteration)) {
            return peers.filter(p -> p.getFileName().toString().startsWith(prefix))
                    .sorted()
                    .toList();
        }
    }

    private static Path peer(Path iteration, String prefix) throws IOException {
        List<Path> found = peers(iteration, prefix);
        assertTrue(!found.isEmpty(), "no " + prefix + "* directory in " + iteration);
        return found.get(0);
    }
}
