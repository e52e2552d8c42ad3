package org.maestro.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.cli.testing.DistributedCluster;
import org.maestro.common.cli.ExitCode;
import org.maestro.reporter.ClockEstimate;
import org.maestro.reporter.ClockSummary;
import org.maestro.reporter.PeerSummary;
import org.maestro.reporter.TestSummary;
import org.maestro.reporter.build.Reporter;
import org.maestro.reporter.compute.ClockCheck;
import org.maestro.reporter.read.ClockReadings;
import org.maestro.testing.RequiredServer;

/**
 * Clocks between hosts for real: worker JVMs on a Mosquitto control broker and an Artemis SUT, one receiver's JVM run
 * under {@code faketime} (libfaketime shifts what {@code clock_gettime} returns, and so the JVM's {@code Instant.now}
 * its clock starts from). The client's estimate of each peer's offset must hold the true one within its uncertainty,
 * and the report must warn of the shifted receiver, and of nothing while the clocks agree.
 */
class ClockOffsetTest {
    /** How far ahead the shifted receiver's clock runs: far beyond any response time on one host. */
    private static final long SHIFT_MICROS = 400_000;

    @TempDir
    Path work;

    private DistributedCluster cluster;

    @BeforeEach
    void startCluster() throws Exception {
        requireFaketime();
        cluster = DistributedCluster.start("clk", work);
    }

    @AfterEach
    void stopCluster() throws Exception {
        if (cluster != null) {
            cluster.close();
        }
    }

    @Test
    void theOffsetOfAShiftedReceiverIsEstimatedWithinItsUncertaintyAndWarnedOfOnlyThen() throws Exception {
        CliRun agreeing = run("clocks-agree");

        TestSummary agreed = Reporter.summarize(work.resolve("results/clocks-agree/0"));
        Map<String, List<ClockEstimate>> agreedClocks = clocksByPeer(agreed);
        assertEquals(Set.of("sender-clk", "receiver-clk"), agreedClocks.keySet(), agreedClocks.toString());
        agreedClocks.forEach((peer, estimates) -> assertWithin(peer, 0, estimates));
        ClockSummary quiet = agreed.clocks();
        assertNotNull(quiet, "the summary compares the clocks");
        assertNull(quiet.warning(), quiet.toString());
        assertTrue(quiet.largest().certainMicros() <= quiet.limitMicros(), quiet.toString());
        assertEquals(
                Math.round(agreed.latency().responseTime().p50() * ClockCheck.LIMIT_FRACTION), quiet.limitMicros());
        assertFalse(agreeing.out().contains("The clocks of"), agreeing.out());
        assertTrue(
                agreed.warnings().stream().noneMatch(w -> w.startsWith("The clocks of")), agreed.warnings()::toString);

        cluster.addReceiver(
                List.of("faketime", "-f", "+" + SHIFT_MICROS / 1e6 + "s"),
                "receiver-clk-shifted",
                work.resolve("shifted-files"));
        CliRun shifted = run("clocks-shifted");

        Path iteration = work.resolve("results/clocks-shifted/0");
        TestSummary skewed = Reporter.summarize(iteration);
        Map<String, List<ClockEstimate>> skewedClocks = clocksByPeer(skewed);
        assertEquals(
                Set.of("sender-clk", "receiver-clk", "receiver-clk-shifted"),
                skewedClocks.keySet(),
                skewedClocks.toString());
        assertWithin("receiver-clk-shifted", SHIFT_MICROS, skewedClocks.get("receiver-clk-shifted"));
        assertWithin("receiver-clk", 0, skewedClocks.get("receiver-clk"));
        assertWithin("sender-clk", 0, skewedClocks.get("sender-clk"));
        ClockSummary loud = skewed.clocks();
        assertTrue(loud.largest().receiver().startsWith("receiver-clk-shifted@"), loud.toString());
        assertTrue(
                Math.abs(loud.largest().differenceMicros() - SHIFT_MICROS)
                        <= loud.largest().uncertaintyMicros(),
                "the sender–receiver difference is the shift: " + loud);
        String warning = loud.warning();
        assertNotNull(warning, loud.toString());
        assertTrue(warning.startsWith("The clocks of receiver receiver-clk-shifted@"), warning);
        assertTrue(warning.contains("more than 10% of the measured p50 response time"), warning);
        assertTrue(skewed.warnings().contains(warning), skewed.warnings().toString());
        assertTrue(shifted.out().contains(warning), "the console names it: " + shifted.out());
        String page = Files.readString(iteration.resolveSibling("iteration-0.html"));
        assertTrue(page.contains("id=\"clocks\"") && page.contains("receiver-clk-shifted"), "the page's Clocks table");
        assertTrue(page.contains(org.maestro.reporter.html.Html.esc(warning)), "the page's warnings");
        ClockReadings written = ClockReadings.read(iteration).orElseThrow();
        assertEquals(3, written.peers().size(), written.toString());
    }

    /** Runs a short fixed-rate test long enough for an estimate during the load, and expects it to pass. */
    private CliRun run(String name) throws Exception {
        Path script = work.resolve(name + ".groovy");
        Files.writeString(script, """
                maestro.test { name "NAME"; sut "SUT_URL"; rate 100; duration "3s" }
                """.replace("NAME", name)
                .replace("SUT_URL", cluster.sut().amqpUrl("clock.queue")));
        CliRun run = CliRun.run(script, cluster.mosquitto().url(), work.resolve("results"));
        assertEquals(ExitCode.OK.code(), run.exitCode(), run.out() + run.err());
        return run;
    }

    /** Each peer's estimates by its name without host; every peer has one of each phase. */
    private static Map<String, List<ClockEstimate>> clocksByPeer(TestSummary summary) {
        Map<String, List<ClockEstimate>> byPeer = summary.peers().stream()
                .filter(peer -> !peer.clock().isEmpty())
                .collect(Collectors.toMap(PeerSummary::name, PeerSummary::clock));
        byPeer.forEach((peer, estimates) -> assertEquals(
                List.of(ClockEstimate.BEFORE, ClockEstimate.DURING, ClockEstimate.AFTER),
                estimates.stream().map(ClockEstimate::phase).toList(),
                peer + ": " + estimates));
        return byPeer;
    }

    /** Every estimate holds the true offset within its uncertainty. */
    private static void assertWithin(String peer, long trueMicros, List<ClockEstimate> estimates) {
        for (ClockEstimate estimate : estimates) {
            assertTrue(
                    Math.abs(estimate.offsetMicros() - trueMicros) <= estimate.uncertaintyMicros(),
                    peer + " runs " + trueMicros + " µs ahead, estimated " + estimate);
            assertTrue(estimate.exchanges() > 1, peer + ": the best of several exchanges, " + estimate);
        }
    }

    /** Skips outside CI without faketime (Debian package faketime); fails under CI, which installs it. */
    private static void requireFaketime() throws Exception {
        boolean found;
        try {
            Process probe = new ProcessBuilder("faketime", "-f", "+1s", "true")
                    .redirectErrorStream(true)
                    .start();
            found = probe.waitFor(10, java.util.concurrent.TimeUnit.SECONDS) && probe.exitValue() == 0;
        } catch (java.io.IOException e) {
            found = false;
        }
        RequiredServer.require(found, "no faketime on PATH", "apt-get install faketime");
    }
}
