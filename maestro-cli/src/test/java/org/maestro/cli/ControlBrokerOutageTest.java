package org.maestro.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.cli.testing.DistributedCluster;
import org.maestro.cli.testing.PeerDirectories;
import org.maestro.common.cli.ExitCode;
import org.maestro.common.measure.PeerResult;
import org.maestro.common.protocol.Role;

/**
 * The control broker stops for longer than the watch deadline while worker JVMs run a test and finish it: the run
 * tells the truth, success with every peer's files, and its progress output names the outage; for longer than the
 * outage limit, it fails naming the broker, with the counts unknown.
 */
class ControlBrokerOutageTest {
    @TempDir
    Path work;

    private DistributedCluster cluster;

    @BeforeEach
    void startCluster() throws Exception {
        cluster = DistributedCluster.start("o", work);
    }

    @AfterEach
    void stopCluster() throws Exception {
        if (cluster != null) {
            cluster.close();
        }
    }

    @Test
    void peersThatFinishDuringALongOutageMakeASuccessAndTheProgressNamesTheOutage() throws Exception {
        Path script = work.resolve("Outage.groovy");
        // 4 s planned: the watch deadline is 4 + 2 + 4 (--finish-grace) = 10 s, shorter than the outage
        Files.writeString(script, """
                maestro.test { name "long-outage"; sut "URL"; rate 100; duration "4s" }
                """.replace("URL", cluster.sut().amqpUrl("outage.queue")));
        Path results = work.resolve("results");
        CompletableFuture<CliRun> run = CompletableFuture.supplyAsync(
                () -> CliRun.run(script, cluster.mosquitto().url(), results, "--no-report", "--finish-grace", "4s"));
        cluster.awaitMessages(Role.SENDER, 50, Duration.ofSeconds(30));

        cluster.mosquitto().stop();
        Thread.sleep(Duration.ofSeconds(15).toMillis()); // the outage under test, longer than the watch deadline
        cluster.mosquitto().restart();

        CliRun outcome = run.get(120, TimeUnit.SECONDS);
        String printed = outcome.out() + outcome.err();
        assertEquals(ExitCode.OK.code(), outcome.exitCode(), "every peer finished and delivered its files: " + printed);
        assertTrue(
                printed.contains("no statistics for") && printed.contains("unreachable"),
                "the progress names the control broker's outage: " + printed);
        Path iteration = results.resolve("long-outage/0");
        assertEquals(
                400,
                PeerResult.read(PeerDirectories.find(iteration, "sender-o").resolve(PeerResult.FILE_NAME))
                        .count());
        assertEquals(
                400,
                PeerResult.read(PeerDirectories.find(iteration, "receiver-o").resolve(PeerResult.FILE_NAME))
                        .count());
    }

    @Test
    void anOutageLongerThanTheLimitFailsTheRunNamingTheBrokerAndLeavesTheCountsUnknown() throws Exception {
        Path script = work.resolve("Gone.groovy");
        Files.writeString(script, """
                maestro.test { name "broker-gone"; sut "URL"; rate 100; duration "4s" }
                """.replace("URL", cluster.sut().amqpUrl("gone.queue")));
        Path results = work.resolve("results");
        CompletableFuture<CliRun> run = CompletableFuture.supplyAsync(() -> CliRun.run(
                script,
                cluster.mosquitto().url(),
                results,
                "--no-report",
                "--broker-outage-limit",
                "5s",
                "--finish-grace",
                "4s"));
        cluster.awaitMessages(Role.SENDER, 50, Duration.ofSeconds(30));

        cluster.mosquitto().stop();
        CliRun outcome;
        try {
            outcome = run.get(150, TimeUnit.SECONDS);
        } finally {
            cluster.mosquitto().restart();
        }

        String printed = outcome.out() + outcome.err();
        assertEquals(ExitCode.TEST_FAILED.code(), outcome.exitCode(), printed);
        String reason = outcome.out()
                .lines()
                .filter(l -> l.startsWith("broker-gone #0 failed: "))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no failure line: " + printed));
        assertTrue(
                reason.contains("the senders did not finish within 10 s (planned 4 s) and the control broker ")
                        && reason.contains("is still unreachable after"),
                "the deadline's reason names the outage: " + reason);
        assertTrue(reason.contains("no files collected: the control broker"), reason);
        assertTrue(outcome.out().contains("broker-gone #0 lost unknown: "), "not 'lost 0': " + printed);
        String row = outcome.out()
                .lines()
                .filter(l -> l.startsWith("broker-gone "))
                .findFirst()
                .orElseThrow();
        assertTrue(
                row.matches(".*FAIL\\s+unknown\\s+0\\s+0\\s+unknown\\s.*"),
                "sent and lost unknown (RECEIVED 0, DUPLICATES 0): " + row);
        assertTrue(printed.contains("no statistics for") && printed.contains("unreachable"), printed);
    }

    @Test
    void aBrokerOutageLimitThatIsNoDurationIsRefusedBeforeAnythingRuns() throws Exception {
        Path script = work.resolve("Any.groovy");
        Files.writeString(script, "maestro.test { name \"never\"; rate 1; duration \"1s\" }\n");
        CliRun outcome =
                CliRun.run(script, cluster.mosquitto().url(), work.resolve("never"), "--broker-outage-limit", "soon");
        assertEquals(ExitCode.USAGE.code(), outcome.exitCode(), outcome.out() + outcome.err());
        assertTrue(
                outcome.err()
                        .contains(
                                "--broker-outage-limit (or MAESTRO_BROKER_OUTAGE_LIMIT) 'soon' is not a " + "duration"),
                outcome.err());
        assertTrue(Files.notExists(work.resolve("never")), "nothing ran");
    }
}
