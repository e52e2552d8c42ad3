package org.maestro.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.base.net.FreePorts;
import org.maestro.cli.testing.DistributedCluster;
import org.maestro.common.cli.ExitCode;
import org.maestro.common.measure.PeerResult;

/**
 * A test's files are its own: the same worker JVMs run a test that succeeds, then the same test against an
 * unreachable SUT into a fresh results directory (so both are iteration 0); nothing of the first run may appear in
 * the second's results.
 */
class RunIdentityTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path work;

    private DistributedCluster cluster;

    @BeforeEach
    void startCluster() throws Exception {
        cluster = DistributedCluster.start("r", work);
    }

    @AfterEach
    void stopCluster() throws Exception {
        if (cluster != null) {
            cluster.close();
        }
    }

    @Test
    void aFailedRunAgainstAnUnreachableSutNeverShowsThePreviousRunsNumbers() throws Exception {
        Path first = work.resolve("first");
        CliRun good = CliRun.run(
                script("Good", cluster.sut().amqpUrl("identity.queue")),
                cluster.mosquitto().url(),
                first);
        assertEquals(ExitCode.OK.code(), good.exitCode(), good.err() + good.out());
        JsonNode firstSummary = iteration(first, 0);
        assertEquals(1500, firstSummary.path("messages").path("sent").asLong(), firstSummary.toString());
        String firstRun = firstSummary.path("runId").asText();
        assertFalse(firstRun.isBlank(), "summary.json names the run: " + firstSummary);
        Path firstSenderFiles = peerDirectory(first.resolve("same/0"), "sender-r");
        assertEquals(
                firstRun,
                PeerResult.read(firstSenderFiles.resolve(PeerResult.FILE_NAME)).runId());
        assertEquals(firstRun, runIdOf(firstSenderFiles.resolve("test.properties")));

        Path second = work.resolve("second");
        CliRun bad = CliRun.run(
                script("Bad", "amqp://127.0.0.1:" + closedPort() + "/identity.queue"),
                cluster.mosquitto().url(),
                second);

        assertEquals(ExitCode.INFRASTRUCTURE.code(), bad.exitCode(), bad.err() + bad.out());
        JsonNode secondSummary = iteration(second, 0);
        String secondRun = secondSummary.path("runId").asText();
        assertFalse(secondRun.isBlank(), "summary.json names the run: " + secondSummary);
        assertNotEquals(firstRun, secondRun);
        assertNotEquals(1500, secondSummary.path("messages").path("sent").asLong(), secondSummary.toString());
        assertNotEquals(1500, secondSummary.path("messages").path("received").asLong(), secondSummary.toString());
        assertFalse(
                secondSummary.toString().contains(cluster.sut().amqpUrl("identity.queue")),
                "the first run's SUT URL is not reported: " + secondSummary);
        for (Path peer : peerDirectories(second.resolve("same/0"))) {
            Path properties = peer.resolve("test.properties");
            if (Files.exists(properties)) {
                assertEquals(secondRun, runIdOf(properties), peer + " holds files of another run");
            }
            Path result = peer.resolve(PeerResult.FILE_NAME);
            if (Files.exists(result)) {
                assertEquals(secondRun, PeerResult.read(result).runId(), peer + " holds a result of another run");
            }
        }
        for (Path workerFiles : List.of(work.resolve("sender-files/same/0"), work.resolve("receiver-files/same/0"))) {
            for (Path peer : peerDirectories(workerFiles)) {
                Path properties = peer.resolve("test.properties");
                assertTrue(
                        !Files.exists(properties) || secondRun.equals(runIdOf(properties)),
                        "the worker removed the first run's files from " + peer);
            }
        }
        assertEquals(firstRun, iteration(first, 0).path("runId").asText(), "the first results stay as they were");
    }

    private Path script(String name, String url) throws Exception {
        Path file = work.resolve(name + ".groovy");
        Files.writeString(file, """
                maestro.test { name "same"; sut "URL"; rate 500; parallelCount 1; duration "1500" }
                """.replace("URL", url));
        return file;
    }

    private static JsonNode iteration(Path results, int number) throws Exception {
        JsonNode summary = JSON.readTree(results.resolve("same/summary.json").toFile());
        for (JsonNode iteration : summary.path("iterations")) {
            if (iteration.path("iteration").asInt() == number) {
                return iteration;
            }
        }
        throw new AssertionError("no iteration " + number + " in " + summary);
    }

    private static String runIdOf(Path properties) throws Exception {
        Properties values = new Properties();
        values.load(new StringReader(Files.readString(properties)));
        String id = values.getProperty("RUN_ID");
        assertNotNull(id, properties + " names no RUN_ID");
        return id;
    }

    private static Path peerDirectory(Path iteration, String prefix) throws Exception {
        return peerDirectories(iteration).stream()
                .filter(p -> p.getFileName().toString().startsWith(prefix))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no " + prefix + " directory in " + iteration));
    }

    private static List<Path> peerDirectories(Path iteration) throws Exception {
        if (!Files.isDirectory(iteration)) {
            return List.of();
        }
        try (Stream<Path> list = Files.list(iteration)) {
            return list.filter(Files::isDirectory).toList();
        }
    }

    private static int closedPort() {
        return FreePorts.next();
    }
}
