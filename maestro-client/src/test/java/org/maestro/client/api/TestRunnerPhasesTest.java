package org.maestro.client.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.common.cli.ExitCode;
import org.maestro.common.measure.RecordedVerdict;
import org.maestro.common.measure.RecordedVerdictReader;
import org.maestro.common.protocol.Command;
import org.maestro.common.protocol.Payload;
import org.maestro.common.protocol.PeerInfo;
import org.maestro.common.time.ManualClock;
import org.maestro.reporter.read.PeerEnd;
import org.maestro.reporter.read.Roster;

/**
 * The runner's phases in order against {@link FakeTestPeers} on a {@link ManualClock}: no broker, no peers, and the
 * test's 10 s pass in milliseconds.
 */
class TestRunnerPhasesTest {
    private static final PeerInfo SENDER = new PeerInfo("s1", "sender-1", "alpha", "sender");
    private static final PeerInfo RECEIVER = new PeerInfo("r1", "receiver-1", "beta", "receiver");

    @TempDir
    Path results;

    private final ManualClock clock = new ManualClock();
    private final Timeline timeline = new Timeline(clock);
    private final FakeTestPeers peers = new FakeTestPeers(clock, SENDER, RECEIVER);

    private TestRunner runner() {
        return new TestRunner(peers, clock, timeline, results, Progress.silent(), name -> null, directory -> {});
    }

    private static TestDefinition definition() {
        return new TestDefinition()
                .name("phases")
                .sut("amqp://broker.example:5672/phases.queue")
                .rate(100)
                .duration("10s");
    }

    private void at(Duration at, PeerInfo peer, Command command, Payload payload) {
        timeline.at(at, () -> peers.notify(peer.id(), command, payload));
    }

    /** The requests in order, each SET and STATS left out and every other request once, but a RESET each time. */
    private List<String> phases() {
        return peers.requests("").stream()
                .map(FakeTestPeers.Request::what)
                .filter(w -> !w.startsWith("SET ") && !w.equals("STATS"))
                .reduce(
                        new java.util.ArrayList<String>(),
                        (seen, what) -> {
                            if (what.equals("RESET") || !seen.contains(what)) {
                                seen.add(what);
                            }
                            return seen;
                        },
                        (a, b) -> a);
    }

    /** The phases of a test whose senders and receivers all finish, with the requests of its drain between. */
    private static List<String> drainingPhases(String... drain) {
        List<String> phases = new java.util.ArrayList<>(List.of("PING", "RESET", "START_RECEIVER", "START_SENDER"));
        phases.addAll(List.of(drain));
        phases.addAll(List.of("STOP_SENDER", "STOP_RECEIVER", "LOG", "RESET"));
        return phases;
    }

    /** The request that came just before the first SET. */
    private String beforeFirstSet() {
        List<String> all =
                peers.requests("").stream().map(FakeTestPeers.Request::what).toList();
        int first = all.indexOf(
                all.stream().filter(w -> w.startsWith("SET ")).findFirst().orElseThrow());
        return all.get(first - 1);
    }

    @Test
    void aTestRunsItsPhasesInOrderAndRecordsItsVerdict() throws IOException {
        Payload.Notice done = new Payload.Notice("done", Map.of());
        at(Duration.ofSeconds(10), SENDER, Command.NOTIFY_SUCCESS, done);
        at(Duration.ofSeconds(11), RECEIVER, Command.NOTIFY_SUCCESS, done);

        TestResult result = runner().run(definition());

        assertEquals(
                drainingPhases("DRAIN"),
                phases(),
                "the peers are reset before the options are set and again once the files are home");
        assertFalse(peers.requests("SET ").isEmpty(), "the options are set before anything starts");
        assertEquals("RESET", beforeFirstSet(), "every option is set on peers just reset to the defaults");
        assertEquals(
                List.of("r1", "s1"),
                java.util.Arrays.stream(peers.requests("RESET").get(1).to().split(","))
                        .sorted()
                        .toList(),
                "both peers are reset after the test");
        assertEquals(
                Duration.ofSeconds(11),
                clock.elapsedSince(0),
                "the senders finished at 10 s, the drain at 11 s, and nothing waited after");
        RecordedVerdict recorded = RecordedVerdictReader.read(result.directory(), RecordedVerdict.RUNNER_FILE)
                .orElseThrow();
        assertEquals(result.options().runId().orElseThrow(), recorded.runId());
        assertTrue(result.passed(), result.reason());
        assertEquals(RecordedVerdict.of(true, "", result.options().runId().orElseThrow()), recorded);
    }

    @Test
    void theRunnerEndsTheDrainOnceTheReceiversCountedEveryMessageTheSendersSent() throws IOException {
        at(Duration.ofSeconds(10), SENDER, Command.NOTIFY_SUCCESS, new Payload.Notice("done", Map.of("sent", "1000")));
        timeline.at(Duration.ofSeconds(10), () -> peers.receiverCounts(RECEIVER.id(), 990, 1_020));
        timeline.at(Duration.ofSeconds(12), () -> peers.receiverCounts(RECEIVER.id(), 1_000, 1_030));
        peers.onDrainEnd(() -> peers.notify(
                RECEIVER.id(), Command.NOTIFY_SUCCESS, new Payload.Notice("done", Map.of("received", "1000"))));

        TestResult result = runner().run(definition());

        assertEquals(drainingPhases("DRAIN", "DRAIN end"), phases(), "the drain is held, then ended by the runner");
        assertEquals(
                Duration.ofSeconds(12),
                peers.requests("DRAIN end").get(0).at(),
                "held while 10 of 1000 were missing, ended the moment the receiver had all 1000");
        assertEquals(
                Duration.ofMillis(12_200),
                clock.elapsedSince(0),
                "the receiver's outcome is seen at the next look, 200 ms on, and nothing waited after");
        assertTrue(result.passed(), result.reason());
    }

    @Test
    void aPeerThatDiesSkipsTheDrainStopsTheOthersAndFailsTheTestNamingIt() throws IOException {
        at(Duration.ofSeconds(4), RECEIVER, Command.ABNORMAL_DISCONNECT, Payload.Empty.INSTANCE);

        TestResult result = runner().run(definition());

        assertEquals(
                List.of("PING", "RESET", "START_RECEIVER", "START_SENDER", "STOP_SENDER", "LOG", "RESET"),
                phases(),
                "no drain; the dead receiver is neither stopped nor asked for its files");
        assertEquals("s1", peers.requests("RESET").get(1).to(), "only the live sender is reset after the test");
        assertEquals(
                Duration.ofSeconds(4 + 15),
                clock.elapsedSince(0),
                "the watch ends at the death, then the stop waits its 15 s for the sender that never notifies");
        assertFalse(result.passed());
        assertTrue(
                result.reason().startsWith("peer receiver-1@beta (receiver) dropped its control connection"),
                result.reason());
        RecordedVerdict recorded = RecordedVerdictReader.read(result.directory(), RecordedVerdict.RUNNER_FILE)
                .orElseThrow();
        assertTrue(recorded.failed());
        assertEquals(result.reason().split("; ")[0], recorded.reason().split("; ")[0]);
    }

    @Test
    void aPeerSilentBeforeItsLastWillIsUnreachableAndOneWhoseConnectionDroppedWasKilled() throws IOException {
        // the receiver's network is cut at 3 s: it answers nothing from then on, and the control broker gives it up
        // when its keep-alive expires (at 17 s); the sender is killed at 5 s: its last will comes at once
        timeline.at(Duration.ofSeconds(3), () -> peers.unreachable(RECEIVER.id()));
        at(Duration.ofSeconds(5), SENDER, Command.ABNORMAL_DISCONNECT, Payload.Empty.INSTANCE);
        at(Duration.ofSeconds(17), RECEIVER, Command.ABNORMAL_DISCONNECT, Payload.Empty.INSTANCE);

        TestResult result = runner().run(definition());

        assertFalse(result.passed());
        List<String> reasons = List.of(result.reason().split("; "));
        assertEquals(
                "peer sender-1@alpha (sender) dropped its control connection during the test (killed or crashed):"
                        + " no result from it",
                reasons.get(0),
                "the first loss cut the test short");
        assertEquals(
                "peer receiver-1@beta (receiver) became unreachable during the test: it answered nothing for 14 s,"
                        + " then the control broker gave up its connection (network cut, host or process frozen)",
                reasons.get(1),
                "silent from its first unanswered STATS at 3 s to its last will at 17 s");
        Roster roster = Roster.read(result.directory()).orElseThrow();
        assertEquals(
                List.of(
                        "died: its control connection dropped at 00:00:05 UTC (killed or crashed): no result from it;"
                                + " its files stay on its host",
                        "unreachable: answered nothing from 00:00:03 UTC on; the control broker gave up its"
                                + " connection at 00:00:17 UTC (keep-alive expired): its network, its host or its"
                                + " process stopped; its files stay on its host"),
                roster.peers().stream().map(Roster.Entry::describe).toList());
        assertEquals(List.of(), peers.requests("LOG"), "neither is asked for files it cannot send");
        assertEquals(
                Duration.ofSeconds(17),
                clock.elapsedSince(0),
                "the stop waits for the silent receiver until its last will, within its 15 s");
    }

    @Test
    void aPeerSilentWithoutALastWillIsFoundUnreachableBeforeItsFilesAndNotWaitedFor() throws IOException {
        timeline.at(Duration.ofSeconds(3), () -> peers.unreachable(RECEIVER.id()));
        at(Duration.ofSeconds(10), SENDER, Command.NOTIFY_SUCCESS, new Payload.Notice("done", Map.of()));

        TestResult result = runner().run(definition());

        assertFalse(result.passed());
        assertTrue(
                result.reason().contains("peer receiver-1@beta (receiver) is unreachable: it answered nothing for "),
                result.reason());
        assertEquals(
                List.of(new FakeTestPeers.Request("GET", RECEIVER.id(), clock.elapsedSince(0))),
                peers.requests("GET").stream()
                        .filter(r -> r.at().equals(clock.elapsedSince(0)))
                        .toList(),
                "asked how it is, last, before its files");
        assertEquals(
                List.of(SENDER.id()),
                peers.requests("LOG").stream().map(FakeTestPeers.Request::to).toList(),
                "only the sender's files are asked for: the receiver's would be waited for 60 s in vain");
        Roster roster = Roster.read(result.directory()).orElseThrow();
        Roster.Entry receiver = roster.peers().stream()
                .filter(entry -> entry.role().equals("receiver"))
                .findFirst()
                .orElseThrow();
        assertEquals(PeerEnd.UNREACHABLE, receiver.ended());
        assertTrue(
                receiver.detail().startsWith("answered nothing from 00:00:03 UTC on, nor a status request at "),
                receiver.detail());
    }

    @Test
    void peersThatCannotBeResetAreNamedAndTheTestDoesNotStart() {
        peers.refuseReset("it still runs test 'other'");

        MaestroException refused = assertThrows(MaestroException.class, () -> runner().run(definition()));

        assertEquals(ExitCode.INFRASTRUCTURE, refused.exitCode());
        assertTrue(
                refused.getMessage()
                        .startsWith("peers did not reset their options to the defaults, so the test cannot start"
                                + " from them: "),
                refused.getMessage());
        assertTrue(refused.getMessage().contains("sender-1@alpha: it still runs test 'other'"), refused.getMessage());
        assertTrue(peers.requests("SET ").isEmpty(), "nothing is set on peers that were not reset");
        assertTrue(peers.requests("START_").isEmpty(), "nothing starts");
        assertEquals(1, peers.requests("RESET").size(), "nothing was set, so nothing is reset after");
    }
}
