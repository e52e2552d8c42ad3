package org.maestro.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.cli.embedded.EmbeddedCluster;
import org.maestro.cli.embedded.EmbeddedSut;
import org.maestro.cli.testing.PeerDirectories;
import org.maestro.common.cli.ExitCode;
import org.maestro.common.files.rate.RateLog;
import org.maestro.embedded.EmbeddedArtemis;
import org.maestro.reporter.testing.ResultsAudit;

/**
 * Receivers that start late, pause, or consume at a capped rate, against an embedded Artemis of the test's own: the
 * queue keeps the backlog, nothing is lost, and the report's backlog figures (peak, drain rate) agree with what this
 * test works out from the peers' raw rate.csv files. One control broker with in-process peers.
 */
class BacklogDrainEmbeddedTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    /** The senders' rate: one connection at 100 msg/s for 10 s. */
    private static final int RATE = 100;

    @TempDir
    Path work;

    @Test
    void receiversThatStartThreeSecondsLateLoseNothingAndCatchUp() throws Exception {
        Run run = run("late", "receiveDelay \"3s\"");
        // the receiver consumed nothing for 3 s of 100 msg/s: about 300 messages waited
        assertPeak(run, 3 * RATE);
        assertEquals(3.0, run.backlog().get("peakAt").asDouble(), 1.0, run.describe());
        assertTrue(
                run.backlog().get("drainSeconds").asDouble() <= 2.0,
                "an unbounded receiver catches up at once: " + run.describe());
        assertEquals(0, run.backlog().get("remaining").asLong());
        assertTrue(run.output().contains("late #0 backlog: peak "), run.output());
    }

    @Test
    void aPausedReceiverDrainsAtItsRateLessTheSendRate() throws Exception {
        Run run = run("paused", "receivePause \"at 3s for 3s\"; receiveRate 200");
        assertPeak(run, 3 * RATE);
        assertEquals(6.0, run.backlog().get("peakAt").asDouble(), 1.0, run.describe());
        // after the pause the receiver takes 200 msg/s while 100 msg/s come in: the backlog falls at 100 msg/s
        double raw = run.rawReceiveRateWhileDraining() - run.rawSendRateWhileDraining();
        assertEquals(raw, run.backlog().get("drainRate").asDouble(), raw * 0.15, run.describe());
        assertEquals(3.0, run.backlog().get("drainSeconds").asDouble(), 1.5, run.describe());
        assertEquals(
                200.0, run.rawReceiveRateWhileDraining(), 200 * 0.03, "the capped receiver's rate: " + run.describe());
    }

    @Test
    void aReceiverCappedBelowTheSendRateDrainsAfterTheSendersStop() throws Exception {
        Run run = run("capped", "receiveRate 60");
        // 40 msg/s more in than out for 10 s: 400 at the senders' end, then drained at 60 msg/s in about 6.7 s
        assertPeak(run, 400);
        assertEquals(
                60.0,
                run.rawReceiveRateWhileDraining(),
                60 * 0.03,
                "the capped receiver's measured rate: " + run.describe());
        double receiveRate = run.rawReceiveRateWhileDraining();
        assertEquals(receiveRate, run.backlog().get("drainRate").asDouble(), receiveRate * 0.1, run.describe());
        assertEquals(400 / 60.0, run.backlog().get("drainSeconds").asDouble(), 1.5, run.describe());
    }

    /**
     * The reported peak is the raw files' (to the message), and the planned backlog within one second of the send
     * rate (the resolution of a rate row: a peak inside a row reads low by up to a row's worth).
     */
    private static void assertPeak(Run run, double planned) {
        double peak = run.backlog().get("peak").asDouble();
        assertEquals(run.rawPeak(), peak, 1.0, run.describe());
        assertTrue(
                peak >= planned - RATE - planned * 0.1 && peak <= planned * 1.1,
                planned + " planned: " + run.describe());
    }

    /** Runs one test of 10 s at {@link #RATE} with the given receive options and checks that nothing was lost. */
    private Run run(String name, String receiveOptions) throws Exception {
        String queue = "backlog." + name;
        try (EmbeddedArtemis sut = EmbeddedArtemis.builder()
                        .amqp()
                        .name("backlog-" + name)
                        .withoutJmx()
                        .start();
                EmbeddedCluster cluster = EmbeddedCluster.start(
                        Roles.embeddedPeers(processes -> {}), EmbeddedSut.onFreePort(false, note -> {}))) {
            Path script = work.resolve(name + ".groovy");
            Files.writeString(script, """
                    maestro.fixedRate { name "%s"; rate %d; duration "10s"; maximumLatency 0; %s }
                    """.formatted(name, RATE, receiveOptions));
            Map<String, String> url = Map.of("SEND_RECEIVE_URL", sut.amqpUrl(queue));
            CliRun cli = CliRun.runWithEnvironment(url, script, cluster.controlUrl(), work.resolve("results"));
            String printed = cli.out() + cli.err();
            assertEquals(ExitCode.OK.code(), cli.exitCode(), printed);
            Path iteration = work.resolve("results/" + name + "/0");
            JsonNode summary = JSON.readTree(
                            work.resolve("results/" + name + "/summary.json").toFile())
                    .get("iterations")
                    .get(0);
            JsonNode messages = summary.get("messages");
            assertEquals(10 * RATE, messages.get("sent").asLong(), messages.toString());
            assertEquals(10 * RATE, messages.get("received").asLong(), "nothing lost: " + messages);
            assertEquals(0, messages.get("lost").asLong(), messages.toString());
            assertTrue(summary.has("backlog"), "a backlog was reported: " + summary);
            ResultsAudit.assertConsistent(iteration);
            assertTrue(
                    anyPageHasTheBacklogChart(work.resolve("results/" + name)),
                    "the iteration page has the backlog chart");
            Run run = new Run(
                    summary.get("backlog"),
                    RateLog.read(PeerDirectories.find(iteration, "sender-").resolve(RateLog.FILE_NAME)),
                    RateLog.read(PeerDirectories.find(iteration, "receiver-").resolve(RateLog.FILE_NAME)),
                    printed);
            run.assertRisesThenFallsToZero();
            System.out.println(name + ": " + run.describe());
            return run;
        }
    }

    private static boolean anyPageHasTheBacklogChart(Path testDirectory) throws Exception {
        try (var files = Files.walk(testDirectory)) {
            return files.filter(file -> file.toString().endsWith(".html")).anyMatch(file -> {
                try {
                    return Files.readString(file).contains("chart-backlog");
                } catch (java.io.IOException e) {
                    return false;
                }
            });
        }
    }

    /**
     * One run's reported backlog and its raw rate rows, with the figures this test works out from the rows alone:
     * the backlog per second by whole rows (each row counted in the second its end rounds to) and the rates while the
     * backlog drains.
     */
    private record Run(JsonNode backlog, List<RateLog.Row> sent, List<RateLog.Row> received, String output) {

        /**
         * Measured sent − received at the start and end of every row of either side, each row's messages counted in
         * proportion to the part of its interval that had passed (the report's definition, worked out here anew).
         */
        TreeMap<Long, Double> rawSeries() {
            TreeMap<Long, Double> series = new TreeMap<>();
            for (List<RateLog.Row> rows : List.of(sent, received)) {
                for (RateLog.Row row : rows) {
                    series.put(row.timestamp() - row.millis(), 0.0);
                    series.put(row.timestamp(), 0.0);
                }
            }
            series.replaceAll((instant, zero) -> countBy(sent, instant) - countBy(received, instant));
            return series;
        }

        private static double countBy(List<RateLog.Row> rows, long instant) {
            double count = 0;
            for (RateLog.Row row : rows) {
                double passed = (instant - (row.timestamp() - row.millis())) / (double) row.millis();
                count += row.measured() * Math.max(0, Math.min(1, passed));
            }
            return count;
        }

        double rawPeak() {
            return rawSeries().values().stream()
                    .mapToDouble(Double::doubleValue)
                    .max()
                    .orElse(0);
        }

        /** The series grows to its peak, falls from it, and ends at zero. */
        void assertRisesThenFallsToZero() {
            TreeMap<Long, Double> series = rawSeries();
            assertTrue(rawPeak() >= RATE, "the backlog rose: " + series);
            assertEquals(0.0, series.lastEntry().getValue(), 1e-6, "the backlog fell to zero: " + series);
            assertEquals(0, backlog.get("remaining").asLong(), describe());
            assertFalse(backlog.get("drainSeconds").isNull(), describe());
        }

        /**
         * The receiver's measured messages per second while it worked through the backlog: over its rows that began a
         * second or more after the reported peak (the row at the peak may still be part of a pause) and ended by the
         * time it was drained, but the last of them (where it may have run dry part of the way).
         */
        double rawReceiveRateWhileDraining() {
            return rateWhileDraining(received);
        }

        /** The senders' measured messages per second over the same rows' time. */
        double rawSendRateWhileDraining() {
            return rateWhileDraining(sent);
        }

        private double rateWhileDraining(List<RateLog.Row> rows) {
            long peakAt = backlog.get("peakAtMillis").asLong();
            long drainedAt = peakAt + Math.round(backlog.get("drainSeconds").asDouble() * 1000);
            List<RateLog.Row> receiverRows = received.stream()
                    .filter(row -> row.timestamp() - row.millis() >= peakAt + 1000 && row.timestamp() <= drainedAt)
                    .toList();
            assertTrue(receiverRows.size() >= 2, "whole receiver rows while draining: " + describe());
            long start = receiverRows.get(0).timestamp() - receiverRows.get(0).millis();
            long end = receiverRows.get(receiverRows.size() - 2).timestamp();
            long messages = 0;
            long millis = 0;
            for (RateLog.Row row : rows) {
                if (row.timestamp() - row.millis() >= start - 500 && row.timestamp() <= end + 500) {
                    messages += row.measured();
                    millis += row.millis();
                }
            }
            return millis == 0 ? 0 : messages * 1000.0 / millis;
        }

        String describe() {
            return "reported " + backlog + "; raw backlog " + rawSeries();
        }
    }
}
