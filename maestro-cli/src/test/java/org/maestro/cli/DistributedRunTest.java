package org.maestro.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.cli.testing.DistributedCluster;
import org.maestro.cli.testing.PeerDirectories;
import org.maestro.common.cli.ExitCode;
import org.maestro.common.client.ControlClient;
import org.maestro.common.client.PeerStatus;
import org.maestro.common.measure.PeerResult;
import org.maestro.common.protocol.Role;
import org.maestro.common.transport.MqttEndpoint;
import org.maestro.reporter.testing.ResultsAudit;

/**
 * Distributed mode for real: a Mosquitto process as control broker, sender and receiver as separate
 * {@code maestro-cli worker} JVMs, an Artemis SUT started apart from them, and the client in this JVM.
 */
class DistributedRunTest {
    @TempDir
    Path work;

    private DistributedCluster cluster;

    @BeforeEach
    void startCluster() throws Exception {
        cluster = DistributedCluster.start("d", work);
    }

    @AfterEach
    void stopCluster() throws Exception {
        if (cluster != null) {
            cluster.close();
        }
    }

    private Path script(String name, String body) throws Exception {
        Path file = work.resolve(name + ".groovy");
        Files.writeString(file, body.replace("SUT_URL", cluster.sut().amqpUrl("dist.queue")));
        return file;
    }

    @Test
    void aTestRunsOnSeparateWorkerProcessesAndItsFilesAreCollectedInOneDirectory() throws Exception {
        Path script = script("Counted", """
                maestro.test { name "distributed"; sut "SUT_URL"; rate 400; parallelCount 2; duration "1000" }
                """);
        Path results = work.resolve("results");

        CliRun run = CliRun.run(script, cluster.mosquitto().url(), results);

        assertEquals(ExitCode.OK.code(), run.exitCode(), run.err());
        Path iteration = results.resolve("distributed").resolve("0");
        List<String> peers;
        try (Stream<Path> list = Files.list(iteration)) {
            peers = list.filter(Files::isDirectory)
                    .map(p -> p.getFileName().toString())
                    .sorted()
                    .toList();
        }
        assertEquals(2, peers.size(), peers.toString());
        assertTrue(peers.get(0).startsWith("receiver-d@") && peers.get(1).startsWith("sender-d@"), peers.toString());
        PeerResult sent = PeerResult.read(iteration.resolve(peers.get(1)).resolve(PeerResult.FILE_NAME));
        PeerResult received = PeerResult.read(iteration.resolve(peers.get(0)).resolve(PeerResult.FILE_NAME));
        assertEquals(2000, sent.count());
        assertEquals(2000, received.count());
        assertTrue(Files.size(iteration.resolve(peers.get(0)).resolve("response-time.hlog")) > 0);
        ResultsAudit.assertConsistent(iteration);
        List<ResultsAudit.Mismatch> table = ResultsAudit.auditRunTable(run.out(), iteration);
        assertTrue(table.isEmpty(), table + "\n" + run.out());
    }

    @Test
    void killingAWorkerEndsTheTestWithinThirtySecondsNamingItAndTheOthersServeTheNextTest() throws Exception {
        Path script = script("Long", """
                maestro.test { name "killed"; sut "SUT_URL"; rate 100; duration "2m" }
                """);
        Path results = work.resolve("results");
        CompletableFuture<CliRun> run = CompletableFuture.supplyAsync(
                () -> CliRun.run(script, cluster.mosquitto().url(), results, "--no-report"));
        cluster.awaitMessages(Role.SENDER, 100, Duration.ofSeconds(40));
        // the receiver has measured something too, which must survive the sender's death
        cluster.awaitMessages(Role.RECEIVER, 50, Duration.ofSeconds(40));

        cluster.sender().kill();
        long killed = System.nanoTime();

        CliRun outcome = run.get(60, TimeUnit.SECONDS);
        assertTrue(Duration.ofNanos(System.nanoTime() - killed).toSeconds() <= 30, "ended within 30 s of the kill");
        assertEquals(ExitCode.TEST_FAILED.code(), outcome.exitCode(), outcome.err());
        String printed = outcome.out() + outcome.err();
        assertTrue(printed.contains("peer sender-d@") && printed.contains("dropped its control connection"), printed);
        String recorded = Files.readString(results.resolve("killed/0/test-outcome.json"));
        assertTrue(
                recorded.contains("peer sender-d@") && recorded.contains("(sender) dropped its control connection"),
                "the recorded reason names the dead sender: " + recorded);
        Path receiverFiles = PeerDirectories.find(results.resolve("killed/0"), "receiver-d");
        assertTrue(
                PeerResult.read(receiverFiles.resolve(PeerResult.FILE_NAME)).count() > 0,
                "what the receiver measured before the kill is collected");

        cluster.replaceSender("sender-e", work.resolve("sender-e-files"));
        Path next = script("Next", """
                maestro.test { name "after-kill"; sut "SUT_URL"; rate 200; duration "400" }
                """);
        CliRun again = CliRun.run(next, cluster.mosquitto().url(), results, "--no-report");
        assertEquals(ExitCode.OK.code(), again.exitCode(), again.err() + again.out());
    }

    @Test
    void stoppingTheControlBrokerForFiveSecondsMidTestNeverHangsTheRun() throws Exception {
        Path script = script("Outage", """
                maestro.test { name "outage"; sut "SUT_URL"; rate 100; duration "20s" }
                """);
        Path results = work.resolve("results");
        CompletableFuture<CliRun> run = CompletableFuture.supplyAsync(
                () -> CliRun.run(script, cluster.mosquitto().url(), results, "--no-report"));
        cluster.awaitMessages(Role.SENDER, 100, Duration.ofSeconds(40));

        cluster.mosquitto().stop();
        Thread.sleep(5000); // the outage under test
        cluster.mosquitto().restart();

        CliRun outcome = run.get(120, TimeUnit.SECONDS);
        assertEquals(
                ExitCode.OK.code(),
                outcome.exitCode(),
                "a short outage costs nothing: " + outcome.out() + outcome.err());
        Path iteration = results.resolve("outage/0");
        long sent = PeerResult.read(PeerDirectories.find(iteration, "sender-d").resolve(PeerResult.FILE_NAME))
                .count();
        long received = PeerResult.read(
                        PeerDirectories.find(iteration, "receiver-d").resolve(PeerResult.FILE_NAME))
                .count();
        assertEquals(2000, sent, "100 msg/s for 20 s");
        assertEquals(sent, received, "the data plane never noticed the control broker's outage");
        try (ControlClient client =
                ControlClient.connect(MqttEndpoint.parse(cluster.mosquitto().url()))) {
            List<PeerStatus> alive = client.ping(Duration.ofSeconds(2));
            assertEquals(2, alive.size(), "both workers reconnected: " + alive);
        }
    }
}
