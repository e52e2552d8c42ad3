package org.maestro.reporter.compute;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.function.IntFunction;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.common.files.health.HealthLog;
import org.maestro.common.files.health.HealthLogWriter;
import org.maestro.reporter.GeneratorHealth;
import org.maestro.reporter.SyntheticResults;
import org.maestro.reporter.TestSummary;
import org.maestro.reporter.build.Reporter;

/**
 * The judgement of the generator's health over results whose health files the test writes: the saturated share of
 * each peer's measured seconds is counted here again from the rows, and a run is generator-bound exactly when a share
 * passes GENERATOR_SHARE; a figure the machine could not measure is absent with its reason, never 0.
 */
class GeneratorJudgeTest {
    private static final long START = SyntheticResults.T0;
    private static final int SECONDS = SyntheticResults.WARMUP_SECONDS + SyntheticResults.MEASURED_SECONDS;

    @TempDir
    Path results;

    @Test
    void aReceiverShortOfCpuInMoreThanOneSecondInTenMakesTheRunGeneratorBound() throws IOException {
        Path iteration = results.resolve("health/0");
        // RATE 200 per connection: a 5,000 µs send interval, 10% of it is 500 µs, raised to the 1,000 µs floor
        new SyntheticResults(7, 1.0, 1.0).simple(iteration, START, 2000, "success", "passed");
        Files.writeString(
                iteration.resolve("sender-1@alpha/test.properties"),
                "warmup.end=" + (START + 3000) + "\nmeasured.end=" + (START + 13_000) + "\n",
                java.nio.file.StandardOpenOption.APPEND);
        // the receiver: used 60% and waited 35% of its cores in seconds 5, 7, 9 and 11; well below in the others
        write(
                iteration.resolve("receiver-1@alpha"),
                i -> row(i, i % 2 == 1 && i >= 5 && i <= 11 ? 60 : 20, 35, 40, null));
        // the sender: a send delay p99 beyond 500 µs in one measured second only (10%: not more than the share)
        write(iteration.resolve("sender-1@alpha"), i -> row(i, 30, 1, 40, i == 8 ? 1_900L : i == 9 ? 900L : 120L));

        TestSummary summary = Reporter.summarize(iteration);
        GeneratorHealth health = summary.generator();
        assertNotNull(health, "both peers wrote a health file");
        TestSummary.MeasuredWindow window = summary.rate().window();
        GeneratorHealth.Peer receiver = peer(health, "receiver-1@alpha");
        GeneratorHealth.Peer sender = peer(health, "sender-1@alpha");

        List<HealthLog.Row> receiverRows = measured(iteration.resolve("receiver-1@alpha"), window);
        long saturated = receiverRows.stream()
                .filter(r -> r.cpuPercent().getAsDouble() + r.cpuWaitPercent().getAsDouble() >= 90)
                .count();
        assertEquals(10, receiverRows.size(), "the measured seconds: " + window);
        assertEquals(4, saturated);
        assertEquals(100.0 * saturated / receiverRows.size(), receiver.cpuSaturatedPercent(), 1e-9);
        assertEquals(receiverRows.size(), receiver.seconds());
        assertTrue(receiver.bound(), receiver.toString());
        assertTrue(
                receiver.reasons().get(0).contains("CPU used + waited for ≥ 90% of its 1 core in 40%"),
                receiver.reasons()::toString);
        assertEquals(60.0, receiver.cpuPeakPercent());
        assertEquals(GeneratorJudge.TIMER_FLOOR_MICROS, sender.sendDelayLimitMicros());
        assertEquals(10.0, sender.sendDelaySaturatedPercent(), 1e-9);
        assertFalse(sender.bound(), "one second in ten is not more than GENERATOR_SHARE 10%: " + sender);

        assertTrue(health.bound());
        assertTrue(summary.generatorBound());
        assertTrue(health.reason().startsWith("receiver-1@alpha: CPU used + waited for"), health.reason());
        assertEquals("90%", health.limits().cpu());
        assertTrue(summary.warnings().stream().anyMatch(w -> w.startsWith("Generator-bound: ")), summary::toString);
        Reporter.build(results);
        String json = Files.readString(results.resolve("health").resolve("summary.json"));
        assertTrue(json.contains("\"generator\""), "summary.json has the judgement");
        String page = Files.readString(results.resolve("health").resolve("iteration-0.html"));
        assertTrue(page.contains("card-generator") && page.contains("generator-bound"), "the page's card");
        assertTrue(page.contains("chart-health-cpu") && page.contains("chart-health-delay"), "the page's charts");
        String junit = Files.readString(results.resolve("health").resolve("junit.xml"));
        assertTrue(junit.contains("generator-bound: receiver-1@alpha"), junit);
    }

    @Test
    void thresholdsComeFromThePeersOwnOptionsAndAnAbsentFigureIsNamedNotZero() throws IOException {
        Path iteration = results.resolve("lenient/0");
        new SyntheticResults(7, 1.0, 1.0).simple(iteration, START, 2000, "success", "passed");
        Path receiver = iteration.resolve("receiver-1@alpha");
        Files.writeString(
                receiver.resolve("test.properties"),
                "GENERATOR_CPU=99%\nGENERATOR_HICCUP=50ms\n" + HealthLog.absentProperty("cpu_wait")
                        + "=no per-thread scheduler statistics here\n",
                java.nio.file.StandardOpenOption.APPEND);
        // every second at 95% used, nothing known of the waits: under 99%, so not saturated
        write(
                receiver,
                i -> new HealthLog.Row(
                        START + i * 1000L,
                        1000,
                        1,
                        OptionalDouble.of(95),
                        OptionalDouble.empty(),
                        OptionalDouble.of(0),
                        OptionalDouble.of(0),
                        OptionalLong.of(20_000),
                        OptionalLong.of(30_000),
                        OptionalLong.empty()));

        GeneratorHealth health = Reporter.summarize(iteration).generator();
        GeneratorHealth.Peer judged = peer(health, "receiver-1@alpha");
        assertFalse(health.bound(), health.toString());
        assertEquals(0.0, judged.cpuSaturatedPercent());
        assertEquals(50_000L, judged.hiccupLimitMicros());
        assertNull(judged.cpuWaitPeakPercent(), "no figure rather than 0");
        assertEquals("no per-thread scheduler statistics here", judged.absent().get("cpu_wait"));
        assertNull(peer(health, "receiver-1@alpha").sendDelayP99Micros(), "a receiver sends nothing");
    }

    @Test
    void resultsWithoutHealthFilesAreNotJudged() throws IOException {
        Path iteration = results.resolve("old/0");
        new SyntheticResults(7, 1.0, 1.0).simple(iteration, START, 2000, "success", "passed");
        TestSummary summary = Reporter.summarize(iteration);
        assertNull(summary.generator());
        assertFalse(summary.generatorBound());
    }

    private static HealthLog.Row row(int second, double cpu, double wait, long hiccup, Long sendDelay) {
        return new HealthLog.Row(
                START + second * 1000L,
                1000,
                1,
                OptionalDouble.of(cpu),
                OptionalDouble.of(wait),
                OptionalDouble.of(0.5),
                OptionalDouble.of(0.5),
                OptionalLong.of(hiccup),
                OptionalLong.of(hiccup * 2),
                sendDelay == null ? OptionalLong.empty() : OptionalLong.of(sendDelay));
    }

    private static void write(Path peer, IntFunction<HealthLog.Row> second) throws IOException {
        try (HealthLogWriter out = HealthLogWriter.create(peer.resolve(HealthLog.FILE_NAME))) {
            for (int i = 1; i <= SECONDS; i++) {
                out.write(second.apply(i));
            }
        }
    }

    /** The rows whose second's middle lies in the window, picked here without the production code. */
    private static List<HealthLog.Row> measured(Path peer, TestSummary.MeasuredWindow window) throws IOException {
        List<HealthLog.Row> rows = new ArrayList<>();
        for (HealthLog.Row row : HealthLog.read(peer.resolve(HealthLog.FILE_NAME))) {
            double middle = row.timestamp() - 500.0;
            if (middle >= window.startMillis() && middle <= window.endMillis()) {
                rows.add(row);
            }
        }
        return rows;
    }

    private static GeneratorHealth.Peer peer(GeneratorHealth health, String name) {
        return health.peers().stream()
                .filter(p -> p.peer().equals(name))
                .findFirst()
                .orElseThrow(() -> new AssertionError(name + " not in " + health.peers()));
    }
}
