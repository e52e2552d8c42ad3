package org.maestro.client.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.maestro.common.protocol.Command;
import org.maestro.common.protocol.Payload;
import org.maestro.common.protocol.PeerInfo;
import org.maestro.common.time.ManualClock;
import org.maestro.reporter.read.PeerEnd;

/**
 * The watchdog's timing decisions on a {@link ManualClock} and {@link FakeTestPeers}: each test runs in
 * milliseconds and asserts the exact time a decision was taken and the exact failure it recorded.
 */
class WatchdogTest {
    private static final PeerInfo SENDER = new PeerInfo("s1", "sender-1", "alpha", "sender");
    private static final PeerInfo RECEIVER = new PeerInfo("r1", "receiver-1", "beta", "receiver");
    private static final PeerInfo AGENT = new PeerInfo("a1", "agent-1", "gamma", "agent");
    private static final Duration PLANNED = Duration.ofSeconds(10);
    private static final Duration DRAIN_QUIET = Duration.ofSeconds(5);
    private static final DrainTarget UNKNOWN = new DrainTarget(DrainTarget.UNKNOWN, DRAIN_QUIET, "unknown");

    private final ManualClock clock = new ManualClock();
    private final Timeline timeline = new Timeline(clock);
    private final FakeTestPeers peers = new FakeTestPeers(clock, SENDER, RECEIVER, AGENT);
    private final List<String> notes = new ArrayList<>();
    private final TestState state = new TestState(new NoteTaker(notes), () -> Instant.parse("2026-01-02T12:00:03Z"));
    private final AtomicLong sent = new AtomicLong();

    WatchdogTest() {
        state.add(SENDER);
        state.add(RECEIVER);
        state.add(AGENT);
        state.started(SENDER.id());
        state.started(RECEIVER.id());
        state.started(AGENT.id());
        peers.onNotification(state::onNotification);
    }

    /** Statistics that answer while the control broker is reachable, with the senders' count as the test sets it. */
    private StatisticsPoll.Result poll(Duration elapsed, Duration planned) {
        if (!peers.isConnected()) {
            return StatisticsPoll.Result.none("not connected");
        }
        return StatisticsPoll.Result.of(
                new Progress.Snapshot("t", elapsed, planned, 100, 1.5, sent.get(), sent.get(), 0));
    }

    private Watchdog watchdog(Duration brokerOutageLimit) {
        return new Watchdog(
                peers,
                state,
                new NoteTaker(notes),
                this::poll,
                new WatchLimits(WatchLimits.DEFAULT_FINISH_GRACE, brokerOutageLimit),
                clock,
                timeline);
    }

    private Watchdog watchdog() {
        return watchdog(Duration.ofMinutes(5));
    }

    private Duration now() {
        return Duration.ofNanos(clock.nowMicros() * 1_000);
    }

    private void sending() {
        for (int s = 1; s <= 200; s++) {
            timeline.at(Duration.ofSeconds(s), () -> sent.addAndGet(100));
        }
    }

    private void finishes(PeerInfo peer, Duration at) {
        timeline.at(at, () -> peers.notify(peer.id(), Command.NOTIFY_SUCCESS, new Payload.Notice("done", Map.of())));
    }

    @Test
    void theWatchEndsWithoutFailureOnceEverySenderNotifiedItsOutcome() {
        sending();
        finishes(SENDER, Duration.ofSeconds(7));
        watchdog().watch(0, PLANNED, Duration.ZERO, List.of());
        assertEquals(Duration.ofSeconds(7), now());
        assertEquals(List.of(), state.failures());
        assertEquals(List.of(), peers.requests("GET"), "a sender that finished on time is never asked");
    }

    @Test
    void sendersStillBusyAtHalfAgainThePlannedTimePlus30sFailTheTestAt46s() {
        sending();
        watchdog().watch(0, PLANNED, Duration.ZERO, List.of());
        assertEquals(Duration.ofSeconds(46), now(), "the deadline of 45 s is passed at the first look after it");
        assertEquals(List.of("the senders did not finish within 45 s (planned 10 s); stopped them"), state.failures());
        List<Duration> asked =
                peers.requests("GET").stream().map(FakeTestPeers.Request::at).toList();
        assertEquals(
                List.of(21L, 27L, 33L, 39L, 45L, 46L),
                asked.stream().map(Duration::toSeconds).toList(),
                "busy senders are asked whether they are idle from 10 s past the planned time, at the first look "
                        + "more than 5 s after the last time, and once more at the deadline");
    }

    @Test
    void aSenderIdleWithoutNotifyingIsTakenAsFinishedAtTheFirstLookPastThePlannedTime() {
        sending();
        peers.idle(SENDER.id());
        watchdog().watch(0, PLANNED, Duration.ZERO, List.of());
        assertEquals(Duration.ofSeconds(21), now());
        assertTrue(state.isIdle(SENDER.id()));
        assertEquals(List.of(), state.failures());
    }

    @Test
    void withoutAPlannedTimeSendersWhoseCountStandsStillForTheNoProgressLimitFailTheTest() {
        timeline.at(Duration.ofSeconds(1), () -> sent.set(500));
        timeline.at(Duration.ofSeconds(30), () -> sent.set(900));
        watchdog().watch(0, null, Duration.ZERO, List.of());
        assertEquals(Duration.ofSeconds(91), now(), "the count last moved at 30 s: 60 s later, at the next look");
        assertEquals(List.of("the senders made no progress for 60 s; stopped them"), state.failures());
    }

    @Test
    void aPeerThatDiesEndsTheWatchAtOnceAndIsNamedFirst() {
        sending();
        timeline.at(
                Duration.ofSeconds(3),
                () -> peers.notify(RECEIVER.id(), Command.ABNORMAL_DISCONNECT, Payload.Empty.INSTANCE));
        watchdog().watch(0, PLANNED, Duration.ZERO, List.of());
        assertEquals(Duration.ofSeconds(3), now());
        assertEquals(
                List.of("peer receiver-1@beta (receiver) dropped its control connection during the test (killed or"
                        + " crashed): no result from it"),
                state.failures());
        assertTrue(state.isDead(RECEIVER.id()));
        assertEquals(
                new TestState.Loss(
                        PeerEnd.DIED,
                        "its control connection dropped at 12:00:03 UTC (killed or crashed): no result from it; its"
                                + " files stay on its host"),
                state.loss(RECEIVER.id()));
    }

    @Test
    void aSenderThatFailsEndsTheWatchAsFinishedAndLeavesTheVerdictToItsOutcome() {
        sending();
        timeline.at(
                Duration.ofSeconds(4),
                () -> peers.notify(
                        SENDER.id(), Command.NOTIFY_FAIL, new Payload.Notice("connection refused", Map.of())));
        watchdog().watch(0, PLANNED, Duration.ZERO, List.of());
        assertEquals(Duration.ofSeconds(4), now());
        assertEquals(List.of(), state.failures(), "the runner adds the failed outcome when it collects");
        assertEquals(Command.NOTIFY_FAIL, state.outcomes().get(0).command());
    }

    @Test
    void aDeadlineDuringABrokerOutageWaitsForTheBrokerUpToItsLimitThenFailsNamingTheOutage() {
        sending();
        timeline.at(Duration.ofSeconds(30), () -> peers.connected(false));
        watchdog(Duration.ofSeconds(20)).watch(0, PLANNED, Duration.ZERO, List.of());
        assertEquals(Duration.ofSeconds(66), now(), "deadline passed at 46 s, then 20 s of waiting for the broker");
        assertEquals(
                List.of("the senders did not finish within 45 s (planned 10 s) and the control broker "
                        + "tcp://control.example:1883 is still unreachable after 36 s; stopped them"),
                state.failures());
        assertTrue(state.brokerGone());
    }

    @Test
    void aBrokerBackWithinTheLimitLetsTheSendersThatFinishedMeanwhileEndTheTestWithoutFailure() {
        sending();
        timeline.at(Duration.ofSeconds(30), () -> peers.connected(false));
        timeline.at(Duration.ofSeconds(50), () -> {
            peers.connected(true);
            peers.idle(SENDER.id());
        });
        watchdog(Duration.ofSeconds(20)).watch(0, PLANNED, Duration.ZERO, List.of());
        assertEquals(Duration.ofSeconds(50), now());
        assertEquals(List.of(), state.failures());
        assertFalse(state.brokerGone());
        assertTrue(state.isIdle(SENDER.id()));
    }

    @Test
    void agentActionsRunAtTheirOffsetsFromTheEndOfTheWarmUpInTheirOrder() {
        sending();
        finishes(SENDER, Duration.ofSeconds(10));
        List<TestDefinition.AgentAction> actions = List.of(
                new TestDefinition.AgentAction(Duration.ofSeconds(5), "kill broker"),
                new TestDefinition.AgentAction(Duration.ofSeconds(1), "slow network"),
                new TestDefinition.AgentAction(Duration.ofSeconds(5), "start broker"));
        watchdog().watch(0, PLANNED, Duration.ofSeconds(2), actions);
        assertEquals(
                List.of(
                        new FakeTestPeers.Request("action slow network", "agent", Duration.ofSeconds(3)),
                        new FakeTestPeers.Request("action kill broker", "agent", Duration.ofSeconds(7)),
                        new FakeTestPeers.Request("action start broker", "agent", Duration.ofSeconds(7))),
                peers.requests("action"));
        assertEquals(
                List.of(
                        "agent action 'slow network' at 3 s",
                        "agent action 'kill broker' at 7 s",
                        "agent action 'start broker' at 7 s"),
                notes);
        assertEquals(List.of(), state.failures());
    }

    @Test
    void anAgentActionTheAgentsRefuseFailsTheTestNamingIt() {
        sending();
        finishes(SENDER, Duration.ofSeconds(5));
        peers.refuseAgentActions("no such command");
        watchdog()
                .watch(
                        0,
                        PLANNED,
                        Duration.ZERO,
                        List.of(new TestDefinition.AgentAction(Duration.ofSeconds(2), "reboot")));
        assertEquals(List.of("agent action 'reboot' was refused: agent-1@gamma: no such command"), state.failures());
    }

    @Test
    void anAgentActionDueDuringABrokerOutageGoesOutOnceTheBrokerIsBackAndSaysWhenItWasDue() {
        sending();
        timeline.at(Duration.ofSeconds(2), () -> peers.connected(false));
        timeline.at(Duration.ofSeconds(8), () -> peers.connected(true));
        finishes(SENDER, Duration.ofSeconds(10));
        watchdog()
                .watch(
                        0,
                        PLANNED,
                        Duration.ofSeconds(1),
                        List.of(new TestDefinition.AgentAction(Duration.ofSeconds(3), "restart broker")));
        assertEquals(
                List.of(new FakeTestPeers.Request("action restart broker", "agent", Duration.ofSeconds(8))),
                peers.requests("action"),
                "nothing is sent while the broker is unreachable");
        assertEquals(
                List.of(
                        "no statistics for 5 s: control broker tcp://control.example:1883 unreachable (reconnecting)",
                        "agent action 'restart broker' at 8 s (due at 4 s)"),
                notes);
        assertEquals(List.of(), state.failures());
    }

    @Test
    void anAgentActionDueDuringAnOutageThatOutlastsTheSendersFailsTheTestInsteadOfVanishing() {
        sending();
        timeline.at(Duration.ofSeconds(2), () -> peers.connected(false));
        finishes(SENDER, Duration.ofSeconds(6));
        watchdog()
                .watch(
                        0,
                        PLANNED,
                        Duration.ZERO,
                        List.of(
                                new TestDefinition.AgentAction(Duration.ofSeconds(3), "restart broker"),
                                new TestDefinition.AgentAction(Duration.ofSeconds(9), "start broker")));
        assertEquals(List.of(), peers.requests("action"));
        assertEquals(
                List.of("agent action 'restart broker' due at 3 s was never sent: the control broker "
                        + "tcp://control.example:1883 was unreachable from then on"),
                state.failures(),
                "the action due after the senders finished was never due");
    }

    @Test
    void anAgentActionThatCannotBeSentFailsTheTestNamingItAndWhy() {
        sending();
        finishes(SENDER, Duration.ofSeconds(5));
        peers.failAgentActions("cannot publish to /mpt/agent: the client is not connected");
        watchdog()
                .watch(
                        0,
                        PLANNED,
                        Duration.ZERO,
                        List.of(new TestDefinition.AgentAction(Duration.ofSeconds(2), "reboot")));
        assertEquals(
                List.of("agent action 'reboot' could not be sent: cannot publish to /mpt/agent: the client is not "
                        + "connected"),
                state.failures());
    }

    @Test
    void theDrainEndsAsSoonAsEveryReceiverFinished() {
        finishes(RECEIVER, Duration.ofMillis(1_200));
        watchdog().awaitDrained(Duration.ofSeconds(30), UNKNOWN);
        assertEquals(Duration.ofMillis(1_200), now());
        assertEquals(List.of(), state.failures());
    }

    @Test
    void aDrainLongerThanTheDrainTimeoutPlus15sFailsTheTestAtThatTime() {
        watchdog().awaitDrained(Duration.ofSeconds(30), UNKNOWN);
        assertEquals(Duration.ofSeconds(45), now());
        assertEquals(List.of("receivers did not finish draining within 45 s"), state.failures());
        assertEquals(
                Duration.ofMillis(10_200),
                peers.requests("GET").get(0).at(),
                "the receivers are first asked whether they are idle past 10 s");
    }

    @Test
    void theDrainEndsAtTheFirstLookWhenTheReceiversConsumedEverySentMessage() {
        peers.receiverCounts(RECEIVER.id(), 1_000, 1_040);
        List<Duration> ends = drainEnds(new DrainTarget(1_000, DRAIN_QUIET, "1000 sent"));

        assertEquals(List.of(Duration.ZERO), ends, "ended at once, with no quiet period");
        assertEquals(List.of(), state.failures());
        assertEquals(List.of(), notes, "a complete drain says nothing");
    }

    @Test
    void aDrainWhoseCountsStillProgressIsHeldPastTheQuietPeriodUntilEverythingArrived() {
        peers.receiverCounts(RECEIVER.id(), 400, 400);
        // the broker delivers nothing for 4 s, then some, then nothing for 4 s again, then the rest
        timeline.at(Duration.ofSeconds(4), () -> peers.receiverCounts(RECEIVER.id(), 700, 700));
        timeline.at(Duration.ofSeconds(8), () -> peers.receiverCounts(RECEIVER.id(), 1_000, 1_000));
        List<Duration> ends = drainEnds(new DrainTarget(1_000, DRAIN_QUIET, "1000 sent"));

        assertEquals(List.of(Duration.ofSeconds(8)), ends);
        assertEquals(List.of(), state.failures());
    }

    @Test
    void staleMessagesStillArrivingAreProgress() {
        peers.receiverCounts(RECEIVER.id(), 0, 100);
        timeline.at(Duration.ofSeconds(4), () -> peers.receiverCounts(RECEIVER.id(), 0, 300));
        timeline.at(Duration.ofSeconds(7), () -> peers.receiverCounts(RECEIVER.id(), 50, 350));
        List<Duration> ends = drainEnds(new DrainTarget(50, DRAIN_QUIET, "50 sent"));

        assertEquals(Duration.ofSeconds(7), ends.get(0));
    }

    @Test
    void aDrainWithoutProgressEndsAfterDrainQuietAndSaysWhatIsMissing() {
        peers.receiverCounts(RECEIVER.id(), 990, 990);
        List<Duration> ends = drainEnds(new DrainTarget(1_000, DRAIN_QUIET, "1000 message(s) sent"));

        assertEquals(List.of(Duration.ofSeconds(5)), ends);
        assertEquals(
                List.of("the receivers consumed nothing for 5000 ms (DRAIN_QUIET) with 990 received of 1000 expected"
                        + " (1000 message(s) sent): ending the drain"),
                notes);
        assertEquals(List.of(), state.failures(), "the loss is the reporter's to judge, not a drain failure");
    }

    @Test
    void withoutAnExpectedCountTheDrainEndsOnTheQuietRuleOnly() {
        peers.receiverCounts(RECEIVER.id(), 5_000, 5_000);
        timeline.at(Duration.ofSeconds(3), () -> peers.receiverCounts(RECEIVER.id(), 6_000, 6_000));
        List<Duration> ends = drainEnds(UNKNOWN);

        assertEquals(Duration.ofSeconds(8), ends.get(0));
        assertTrue(notes.get(0).endsWith("how many to expect is unknown: unknown: ending the drain"), notes.get(0));
    }

    /**
     * Waits for the drain towards {@code target}, the receiver notifying its outcome 50 ms after the client ended the
     * drain; returns when the client sent DRAIN end.
     */
    private List<Duration> drainEnds(DrainTarget target) {
        peers.onDrainEnd(() -> finishes(RECEIVER, now().plus(Duration.ofMillis(50))));
        watchdog().awaitDrained(Duration.ofSeconds(30), target);
        return peers.requests("DRAIN end").stream()
                .map(FakeTestPeers.Request::at)
                .toList();
    }

    @Test
    void aReceiverFoundIdleDuringTheDrainEndsIt() {
        timeline.at(Duration.ofSeconds(12), () -> peers.idle(RECEIVER.id()));
        watchdog().awaitDrained(Duration.ofSeconds(30), UNKNOWN);
        assertEquals(
                List.of(Duration.ofMillis(10_200), Duration.ofMillis(15_400)),
                peers.requests("GET").stream().map(FakeTestPeers.Request::at).toList(),
                "asked at the first look past 10 s (busy), then at the first look more than 5 s later (idle)");
        assertEquals(Duration.ofMillis(15_600), now(), "the drain ends at the next look");
        assertEquals(List.of(), state.failures());
    }

    @Test
    void theStopWaitsForSendersAndReceiversToNotify() {
        finishes(SENDER, Duration.ofMillis(1_000));
        finishes(RECEIVER, Duration.ofMillis(2_500));
        watchdog().awaitStopped();
        assertEquals(Duration.ofMillis(2_500), now());
    }

    @Test
    void theStopGivesUpOnPeersThatDoNotNotifyAfter15s() {
        finishes(SENDER, Duration.ofMillis(1_000));
        watchdog().awaitStopped();
        assertEquals(Watchdog.STOP_WAIT, now());
    }

    @Test
    void theStopDoesNotWaitForAPeerThatRefusedItsStart() {
        TestState refused = new TestState(new NoteTaker(notes), () -> Instant.parse("2026-01-02T12:00:03Z"));
        refused.add(SENDER);
        refused.add(RECEIVER);
        refused.refusedStart(RECEIVER.id(), "cannot connect to amqp://127.0.0.1:1/q: connection refused");
        new Watchdog(peers, refused, new NoteTaker(notes), this::poll, WatchLimits.DEFAULTS, clock, timeline)
                .awaitStopped();
        assertEquals(Duration.ZERO, now(), "neither the refusing receiver nor the sender never started is waited on");
    }

    @Test
    void waitingForTheControlBrokerGivesUpAtItsLimit() {
        peers.connected(false);
        assertFalse(watchdog().awaitControlBroker(Duration.ofSeconds(15)));
        assertEquals(Duration.ofSeconds(15), now());
        timeline.at(Duration.ofSeconds(17), () -> peers.connected(true));
        assertTrue(watchdog().awaitControlBroker(Duration.ofSeconds(15)));
        assertEquals(Duration.ofSeconds(17), now());
    }
}
