package org.maestro.client.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.common.cli.ExitCode;
import org.maestro.common.protocol.Command;
import org.maestro.common.protocol.Payload;
import org.maestro.common.protocol.PeerInfo;
import org.maestro.common.time.ManualClock;

/**
 * A test of two flows through the runner against {@link FakeTestPeers}: which peer gets which option, who starts, and
 * a test that asks for more peers than answered stopping before any load.
 */
class FlowRunnerTest {
    private static final PeerInfo S1 = new PeerInfo("s1", "sender-1", "alpha", "sender");
    private static final PeerInfo S2 = new PeerInfo("s2", "sender-2", "alpha", "sender");
    private static final PeerInfo S3 = new PeerInfo("s3", "sender-3", "beta", "sender");
    private static final PeerInfo S4 = new PeerInfo("s4", "sender-4", "beta", "sender");
    private static final PeerInfo R1 = new PeerInfo("r1", "receiver-1", "alpha", "receiver");
    private static final PeerInfo R2 = new PeerInfo("r2", "receiver-2", "beta", "receiver");

    private final ManualClock clock = new ManualClock();
    /** Four senders, of which the flows below take three, and two receivers. */
    private final FakeTestPeers peers = new FakeTestPeers(clock, S1, S2, S3, S4, R1, R2);

    private final Timeline timeline = new Timeline(clock);

    @TempDir
    Path results;

    /** Runs the test through a runner over the fake peers, on the manual clock. */
    private TestResult run(TestDefinition definition) {
        return new TestRunner(peers, clock, timeline, results, Progress.silent(), name -> null, directory -> {})
                .run(definition);
    }

    private static TestDefinition twoFlows() {
        return new TestDefinition()
                .name("orders-audit")
                .duration("10s")
                .parallelCount(2)
                .flow(
                        "orders",
                        f -> f.sut("amqp://broker.example:5672/orders")
                                .senders(2)
                                .receivers(1)
                                .rate(500))
                .flow(
                        "audit",
                        f -> f.sut("amqp://broker.example:5672/audit")
                                .senders("sender-3")
                                .receivers(1)
                                .rate(100));
    }

    /** The peers each SET of an option went to, in order. */
    private List<Set<String>> setTo(String parameter) {
        return peers.requests("SET " + parameter).stream()
                .filter(r -> r.what().equals("SET " + parameter))
                .map(r -> (Set<String>) new TreeSet<>(Arrays.asList(r.to().split(","))))
                .toList();
    }

    @Test
    void eachFlowsOptionsGoToItsPeersOnlyAndAPeerNoFlowTookTakesNoPart() {
        Payload.Notice done = new Payload.Notice("done", Map.of());
        for (PeerInfo peer : List.of(S1, S2, S3, R1, R2)) {
            timeline.at(Duration.ofSeconds(10), () -> peers.notify(peer.id(), Command.NOTIFY_SUCCESS, done));
        }

        TestResult result = run(twoFlows());

        assertTrue(result.passed(), result.reason());
        assertEquals(
                List.of(Set.of("s3", "r2"), Set.of("s1", "s2", "r1")),
                setTo("RATE").stream().sorted((a, b) -> a.size() - b.size()).toList(),
                "each flow's rate on its own peers: sender-3 by name and the first free receiver; then the others");
        assertEquals(2, setTo("FLOW").size());
        assertTrue(setTo("FLOW").contains(Set.of("s1", "s2", "r1")));
        assertEquals(
                List.of(Set.of("r1", "r2", "s1", "s3"), Set.of("s2")),
                setTo("CONNECTION_OFFSET"),
                "the second sender of orders starts at its flow's connection 2, every other peer at 0");
        assertEquals(
                List.of(Set.of("r1", "r2", "s1", "s2", "s3")),
                setTo("TEST_DURATION"),
                "the test's own options on every peer of the test");
        assertTrue(setTo("SEND_RECEIVE_URL").contains(Set.of("s3", "r2")));
        assertEquals(Set.of("s1", "s2", "s3", "r1", "r2"), peers.started(), "sender-4 was not started");
        assertFalse(
                peers.requests("RESET").stream().anyMatch(r -> r.to().contains("s4")), "sender-4 keeps its options");
        assertEquals(5, result.peers().size(), result.peers().toString());
    }

    @Test
    void aTestAskingForMorePeersThanAnsweredFailsBeforeAnyLoad() {
        TestDefinition definition = twoFlows()
                .flow(
                        "more",
                        f -> f.sut("amqp://broker.example:5672/more").senders(3).receivers(1));

        MaestroException e = assertThrows(MaestroException.class, () -> run(definition));

        assertEquals(ExitCode.INFRASTRUCTURE, e.exitCode(), e.getMessage());
        assertTrue(
                e.getMessage().contains("flow 'more' asks for 3 sender(s) but 4 answered and 1 of them were free"),
                e.getMessage());
        assertTrue(
                e.getMessage().contains("flow 'more' asks for 1 receiver(s) but 2 answered and 0 of them were free"),
                e.getMessage());
        assertTrue(e.getMessage().contains("maestro-cli worker --role receiver --maestro-url"), e.getMessage());
        assertTrue(peers.started().isEmpty(), "nothing started");
        assertTrue(peers.requests("SET ").isEmpty(), "no option set");
    }
}
