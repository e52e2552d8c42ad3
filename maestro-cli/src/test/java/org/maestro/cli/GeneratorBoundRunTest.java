package org.maestro.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.cli.testing.DistributedCluster;
import org.maestro.common.cli.ExitCode;
import org.maestro.common.files.health.HealthLog;
import org.maestro.reporter.GeneratorHealth;
import org.maestro.reporter.TestSummary;
import org.maestro.reporter.build.Reporter;
import org.maestro.testing.RequiredServer;

/**
 * The generator judges itself, for real: worker JVMs on a Mosquitto control broker and an Artemis SUT. A light
 * fixed-rate run is not generator-bound; a receiver pinned ({@code taskset}) to one core that a spinning process
 * shares, under an unbounded load, is: the run says so in summary.json, the console, junit.xml and the page, naming
 * that receiver and its CPU, and the share of saturated seconds is counted here again from its {@code health.csv}.
 */
@Tag("timing") // run alone, after the other tests of this module (see the parent pom)
class GeneratorBoundRunTest {
    @TempDir
    Path work;

    private DistributedCluster cluster;
    private Process spinner;

    @BeforeEach
    void startCluster() throws Exception {
        RequiredServer.require(
                Runtime.getRuntime().availableProcessors() >= 2 && Files.isExecutable(Path.of("/usr/bin/taskset")),
                "needs 2 cores and taskset to starve one receiver of its core",
                "apt-get install util-linux");
        cluster = DistributedCluster.start("gen", work);
    }

    @AfterEach
    void stopAll() throws Exception {
        if (spinner != null) {
            spinner.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
        if (cluster != null) {
            cluster.close();
        }
    }

    @Test
    void aLightRunIsHealthyAndAReceiverStarvedOfItsCoreMakesTheRunGeneratorBound() throws Exception {
        // other tests may load this machine meanwhile, and a fresh JVM compiles its code in its first seconds: the
        // light
        // run is judged on CPU with a share of 50% and wide hiccup and send-delay limits (their figures are still
        // measured and checked below); the starved receiver must pass that share too
        CliRun light = run(
                "light",
                "rate 100; duration \"6s\"; warmUp \"2s\"; option \"GENERATOR_SHARE\", \"50%\"; "
                        + "option \"GENERATOR_HICCUP\", \"200ms\"; option \"GENERATOR_SEND_DELAY\", \"200ms\"");
        assertEquals(ExitCode.OK.code(), light.exitCode(), light.out() + light.err());
        TestSummary healthy = Reporter.summarize(work.resolve("results/light/0"));
        GeneratorHealth judged = healthy.generator();
        assertNotNull(judged, "both workers wrote health.csv");
        assertFalse(judged.bound(), judged.toString());
        assertEquals(2, judged.peers().size(), judged.toString());
        for (GeneratorHealth.Peer peer : judged.peers()) {
            assertTrue(peer.seconds() >= 4, peer.toString());
            assertNotNull(peer.cpuMeanPercent(), peer.toString());
            assertNotNull(peer.hiccupP99Micros(), peer.toString());
        }
        assertNotNull(peerOf(judged, "sender-gen").sendDelayP99Micros(), "the sender's send delay");
        assertFalse(light.out().contains("generator-bound"), light.out());

        cluster.receiver().close();
        spinner = new ProcessBuilder("taskset", "-c", "1", "sh", "-c", "while :; do :; done")
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .start();
        cluster.addReceiver(List.of("taskset", "-c", "1"), "receiver-gen-starved", work.resolve("starved-files"));
        CliRun starved = run(
                "starved",
                "rate 0; parallelCount 2; duration \"6s\"; warmUp \"2s\"; " + "option \"GENERATOR_SHARE\", \"50%\"");

        Path iteration = work.resolve("results/starved/0");
        TestSummary summary = Reporter.summarize(iteration);
        GeneratorHealth health = summary.generator();
        assertNotNull(health, starved.out());
        GeneratorHealth.Peer receiver = peerOf(health, "receiver-gen-starved");
        assertEquals(1, receiver.cores(), "taskset left it one core: " + receiver);
        assertTrue(receiver.bound(), "starved of its core: " + receiver);
        assertTrue(
                receiver.reasons().get(0).startsWith("CPU used + waited for ≥ 90% of its 1 core"), receiver::toString);
        assertTrue(health.bound() && summary.generatorBound(), health.toString());
        assertTrue(health.reason().contains("receiver-gen-starved"), health.reason());

        List<HealthLog.Row> rows =
                HealthLog.read(peerDirectory(iteration, "receiver-gen-starved").resolve(HealthLog.FILE_NAME));
        TestSummary.MeasuredWindow window = summary.rate().window();
        long seconds = 0;
        long saturated = 0;
        for (HealthLog.Row row : rows) {
            double middle = row.timestamp() - row.millis() / 2.0;
            if (middle >= window.startMillis() && middle <= window.endMillis()) {
                seconds++;
                if (row.cpuPercent().getAsDouble() + row.cpuWaitPercent().getAsDouble() >= 90) {
                    saturated++;
                }
            }
        }
        assertEquals(seconds, receiver.seconds());
        assertEquals(100.0 * saturated / seconds, receiver.cpuSaturatedPercent(), 1e-9);

        assertTrue(
                starved.out().contains("starved #0 generator-bound: ")
                        && starved.out().contains("receiver-gen-starved"),
                starved.out());
        assertTrue(Files.readString(work.resolve("results/starved/junit.xml")).contains("generator-bound: "));
        String page = Files.readString(work.resolve("results/starved/iteration-0.html"));
        assertTrue(page.contains("card-generator") && page.contains("chart-health-cpu"), "the page's card and chart");
    }

    private CliRun run(String name, String load) throws Exception {
        Path script = work.resolve(name + ".groovy");
        Files.writeString(
                script,
                "maestro.test { name \"" + name + "\"; sut \"" + cluster.sut().amqpUrl("generator.queue") + "\"; "
                        + load + " }\n");
        return CliRun.run(script, cluster.mosquitto().url(), work.resolve("results"));
    }

    private static GeneratorHealth.Peer peerOf(GeneratorHealth health, String prefix) {
        return health.peers().stream()
                .filter(p -> p.peer().equals(prefix) || p.peer().startsWith(prefix + "@"))
                .findFirst()
                .orElseThrow(() -> new AssertionError(prefix + " not in " + health.peers()));
    }

    private static Path peerDirectory(Path iteration, String prefix) throws Exception {
        try (var entries = Files.list(iteration)) {
            return entries.filter(p -> p.getFileName().toString().startsWith(prefix + "@"))
                    .findFirst()
                    .orElseThrow(() -> new AssertionError(prefix + " has no directory in " + iteration));
        }
    }
}
