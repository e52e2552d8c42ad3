package org.maestro.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.cli.testing.DistributedCluster;
import org.maestro.cli.testing.PeerDirectories;
import org.maestro.cli.testing.WorkerProcess;
import org.maestro.common.cli.ExitCode;
import org.maestro.common.client.ControlClient;
import org.maestro.common.client.PeerStatus;
import org.maestro.common.measure.PeerResult;
import org.maestro.common.protocol.PeerInfo;
import org.maestro.common.transport.MqttEndpoint;

/**
 * Two worker JVMs started with the same name, with real processes: a Mosquitto control broker, an Artemis SUT apart,
 * and a second sender and a second receiver started under the names the first ones have. The run refuses to start,
 * naming each shared name and the ids of the peers that share it, and measures nothing; once the extra workers are
 * stopped, the same run works.
 */
class SharedPeerNameRunTest {
    @TempDir
    Path work;

    private DistributedCluster cluster;

    @BeforeEach
    void startCluster() throws Exception {
        cluster = DistributedCluster.start("twin", work);
    }

    @AfterEach
    void stopCluster() throws Exception {
        if (cluster != null) {
            cluster.close();
        }
    }

    @Test
    void twoWorkersWithTheSameNameRefuseTheTestNamingTheNameAndBothIdsAndNothingIsMeasured() throws Exception {
        WorkerProcess secondSender = cluster.addSender("sender-twin", work.resolve("second-sender-files"));
        WorkerProcess secondReceiver = cluster.addReceiver("receiver-twin", work.resolve("second-receiver-files"));
        List<PeerInfo> peers = livePeers(4);
        List<PeerInfo> senders =
                peers.stream().filter(p -> p.name().equals("sender-twin")).toList();
        List<PeerInfo> receivers =
                peers.stream().filter(p -> p.name().equals("receiver-twin")).toList();
        assertEquals(2, senders.size(), peers.toString());
        assertEquals(2, receivers.size(), peers.toString());
        Path results = work.resolve("results");

        CliRun refused = CliRun.run(script("twins.queue"), cluster.mosquitto().url(), results);

        String printed = refused.out() + refused.err();
        assertEquals(ExitCode.INFRASTRUCTURE.code(), refused.exitCode(), printed);
        for (List<PeerInfo> twins : List.of(senders, receivers)) {
            String clash = "2 peers share the name " + twins.get(0).qualifiedName() + ": ";
            int at = printed.indexOf(clash);
            assertTrue(at >= 0, clash + " in " + printed);
            int end = printed.indexOf(';', at);
            String named = printed.substring(at, end < 0 ? printed.length() : end);
            for (PeerInfo twin : twins) {
                assertTrue(named.contains("(role \"" + twin.role() + "\", id \"" + twin.id() + "\")"), named);
            }
        }
        assertTrue(printed.contains("would be counted as one peer's"), printed);
        assertTrue(printed.contains("give each worker its own --name, or stop the extra one"), printed);
        assertEquals(0, cluster.sut().messagesAdded("twins.queue").orElse(0), "nothing was sent");
        for (String worker :
                List.of("sender-files", "receiver-files", "second-sender-files", "second-receiver-files")) {
            assertFalse(containsResults(work.resolve(worker)), worker + " holds results of the refused test");
        }
        assertNoResults(results.resolve("twins"));

        secondSender.close();
        secondReceiver.close();
        livePeers(2);
        CliRun distinct = CliRun.run(script("twins.after"), cluster.mosquitto().url(), results);

        assertEquals(ExitCode.OK.code(), distinct.exitCode(), distinct.out() + distinct.err());
        Path iteration = results.resolve("twins").resolve("1");
        for (String peer : List.of("sender-twin@", "receiver-twin@")) {
            Path files = PeerDirectories.find(iteration, peer);
            assertEquals(
                    400, PeerResult.read(files.resolve(PeerResult.FILE_NAME)).count(), peer);
        }
    }

    private Path script(String queue) throws Exception {
        Path file = work.resolve("Twins-" + queue + ".groovy");
        Files.writeString(
                file,
                "maestro.test { name \"twins\"; sut \"" + cluster.sut().amqpUrl(queue)
                        + "\"; rate 400; parallelCount 1; duration \"400\" }\n");
        return file;
    }

    /** The peers that answer a PING, once {@code expected} of them do (a stopped worker's goodbye may lag). */
    private List<PeerInfo> livePeers(int expected) throws Exception {
        try (ControlClient client =
                ControlClient.connect(MqttEndpoint.parse(cluster.mosquitto().url()))) {
            List<PeerInfo> peers = List.of();
            for (int attempt = 0; attempt < 10 && peers.size() != expected; attempt++) {
                peers = client.ping(Duration.ofSeconds(1)).stream()
                        .map(PeerStatus::peer)
                        .toList();
            }
            assertEquals(expected, peers.size(), peers.toString());
            return peers;
        }
    }

    /** No peer wrote into the iteration that was refused: no peer directory, no figures, no summary. */
    private static void assertNoResults(Path test) throws Exception {
        if (!Files.exists(test)) {
            return;
        }
        try (Stream<Path> files = Files.walk(test)) {
            List<Path> written = files.filter(Files::isRegularFile).toList();
            assertTrue(written.isEmpty(), "the refused test wrote " + written);
        }
        try (Stream<Path> directories = Files.walk(test)) {
            assertTrue(
                    directories.noneMatch(d -> d.getFileName().toString().contains("@")),
                    "no peer directory in " + test);
        }
    }

    private static boolean containsResults(Path directory) throws Exception {
        if (!Files.exists(directory)) {
            return false;
        }
        try (Stream<Path> files = Files.walk(directory)) {
            return files.anyMatch(f -> f.getFileName().toString().equals(PeerResult.FILE_NAME));
        }
    }
}
