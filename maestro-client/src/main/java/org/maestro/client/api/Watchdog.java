package org.maestro.client.api;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletionException;
import java.util.function.BooleanSupplier;
import org.maestro.base.time.MicroClock;
import org.maestro.common.client.Replies;
import org.maestro.common.protocol.DrainMode;
import org.maestro.common.protocol.Note;
import org.maestro.common.protocol.Payload;
import org.maestro.common.protocol.PeerInfo;
import org.maestro.common.protocol.Role;
import org.maestro.common.time.Sleeper;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Watches a running test on one clock: the deadline, peers that make no progress or turn idle without notifying, the
 * control broker's outages (up to their limit), the agent actions' schedule, the receivers' drain and the stop. It
 * never reads the system time nor sleeps by itself: the {@link MicroClock} and the {@link Sleeper} are passed in, so
 * a test drives it with a {@code ManualClock} and a fake {@link TestPeers} in milliseconds. What it finds wrong goes
 * into the {@link TestState}'s failures. Not thread-safe: the runner's thread calls it.
 *
 * <pre>{@code
 * Watchdog watchdog = new Watchdog(peers, state, progress, statistics::poll, limits, clock, sleeper);
 * watchdog.watch(clock.nowMicros(), planned, warmUp, actions);   // until the senders finished or a deadline
 * watchdog.awaitDrained(drainTimeout, DrainTarget.of(options, state));
 * }</pre>
 */
final class Watchdog {
    private static final Logger LOG = LoggerFactory.getLogger(Watchdog.class);
    /** Without a planned time, how long the senders' count may stand still before the test fails. */
    static final Duration NO_PROGRESS_LIMIT = Duration.ofSeconds(60);
    /** How long peers may take to reconnect and answer after the control broker came back. */
    static final Duration PEERS_RECONNECT_WAIT = Duration.ofSeconds(15);
    /** How long stopped senders and receivers may take to write their results and notify. */
    static final Duration STOP_WAIT = Duration.ofSeconds(15);
    /** How long the drain may take beyond DRAIN_TIMEOUT (the receivers' own limit). */
    static final Duration DRAIN_MARGIN = Duration.ofSeconds(15);

    private static final Duration REPLY_TIMEOUT = Duration.ofSeconds(10);
    private static final Duration STATUS_TIMEOUT = Duration.ofSeconds(3);
    private static final Duration STATS_TIMEOUT = Duration.ofSeconds(2);
    private static final Duration WATCH_POLL = Duration.ofSeconds(1);
    private static final Duration DRAIN_POLL = Duration.ofMillis(200);
    private static final Duration STOP_POLL = Duration.ofMillis(100);
    private static final Duration BROKER_POLL = Duration.ofMillis(500);
    /** How much later than due an agent action runs before its note says when it was due. */
    private static final Duration LATE_ACTION = Duration.ofSeconds(2);

    private final TestPeers peers;
    private final TestState state;
    private final Progress progress;
    private final StatisticsPoll.Source statistics;
    private final WatchLimits limits;
    private final MicroClock clock;
    private final Sleeper sleeper;
    private final BrokerOutage outage;
    private long lastStatisticsMicros;
    private long nextSilenceNote = Long.MIN_VALUE;
    private Runnable duringLoad;

    Watchdog(
            TestPeers peers,
            TestState state,
            Progress progress,
            StatisticsPoll.Source statistics,
            WatchLimits limits,
            MicroClock clock,
            Sleeper sleeper) {
        this.peers = peers;
        this.state = state;
        this.progress = progress;
        this.statistics = statistics;
        this.limits = limits;
        this.clock = clock;
        this.sleeper = sleeper;
        this.outage = new BrokerOutage(peers, clock);
        this.lastStatisticsMicros = clock.nowMicros();
    }

    /**
     * Runs {@code task} once while the load runs, on the watch's thread: at the first statistics that count received
     * messages once half the planned time passed (for a count of messages: at the first that count any). A test that
     * ends before never runs it.
     */
    void duringLoad(Runnable task) {
        this.duringLoad = task;
    }

    /** The control broker's outages during this test. */
    BrokerOutage outage() {
        return outage;
    }

    /**
     * Watches the senders until all of them finished, a peer died, or the deadline passed (planned time × 1.5 + the finish grace, 30 s unless set;
     * without a planned time: {@link #NO_PROGRESS_LIMIT} without progress). Whether the senders finished is looked
     * at again just before any deadline fails the test, and a deadline that passes while the control broker is
     * unreachable waits for it (up to the outage limit) before judging. Runs the agent actions when they are due,
     * measured from the end of the warm-up; one that fell due and was never sent fails the test.
     *
     * @param startMicros when the senders started, on this watchdog's clock
     * @param planned     the test's planned time, null when it sends a count of messages
     */
    void watch(long startMicros, Duration planned, Duration warmUp, List<TestDefinition.AgentAction> actions) {
        List<TestDefinition.AgentAction> pendingActions = new ArrayList<>(actions);
        watchSenders(startMicros, planned, warmUp, pendingActions);
        if (state.aborted()) {
            return;
        }
        // an action that fell due and was not sent must not vanish: the test would pass without its disruption
        Duration elapsed = since(startMicros);
        String why = peers.isConnected()
                ? "the watch ended first"
                : "the control broker " + peers.endpoint() + " was unreachable from then on";
        for (TestDefinition.AgentAction action : pendingActions) {
            Duration due = dueAt(action, warmUp);
            if (elapsed.compareTo(due) >= 0) {
                state.fail("agent action '" + action.command() + "' due at " + due.toSeconds() + " s was never sent: "
                        + why);
            }
        }
    }

    private void watchSenders(
            long startMicros, Duration planned, Duration warmUp, List<TestDefinition.AgentAction> pendingActions) {
        Duration deadline = planned != null ? limits.deadline(planned) : null;
        long lastCount = -1;
        long lastProgressMicros = clock.nowMicros();
        long nextIdleCheck = Long.MIN_VALUE;
        while (!state.aborted()) {
            outage.observe();
            Duration elapsed = since(startMicros);
            runDueActions(pendingActions, elapsed, warmUp);
            if (state.allFinished(Role.SENDER)) {
                return;
            }
            boolean overdue = planned != null
                    ? elapsed.compareTo(planned.plusSeconds(10)) > 0
                    : since(lastProgressMicros).toSeconds() > 10;
            if (overdue && clock.nowMicros() > nextIdleCheck && peers.isConnected()) {
                findIdle(Role.SENDER);
                nextIdleCheck = clock.nowMicros() + micros(Duration.ofSeconds(5));
                if (state.allFinished(Role.SENDER)) {
                    return;
                }
            }
            Progress.Snapshot snapshot = stats(elapsed, planned);
            if (snapshot != null) {
                progress.update(snapshot);
                if (snapshot.sent() != lastCount) {
                    lastCount = snapshot.sent();
                    lastProgressMicros = clock.nowMicros();
                }
                runDuringLoad(snapshot, elapsed, planned);
            } else if (outage.isOngoing()) {
                lastProgressMicros = clock.nowMicros();
            }
            boolean pastDeadline = deadline != null && elapsed.compareTo(deadline) > 0;
            boolean stalled = deadline == null && since(lastProgressMicros).compareTo(NO_PROGRESS_LIMIT) > 0;
            if (pastDeadline || stalled) {
                if (finishedAfterOutage(Role.SENDER)) {
                    return;
                }
                String brokerPart = outage.describe();
                state.fail(
                        pastDeadline
                                ? "the senders did not finish within " + deadline.toSeconds() + " s (planned "
                                        + planned.toSeconds() + " s)" + brokerPart + "; stopped them"
                                : "the senders made no progress for " + NO_PROGRESS_LIMIT.toSeconds() + " s"
                                        + brokerPart + "; stopped them");
                return;
            }
            pause(WATCH_POLL);
        }
    }

    private void runDuringLoad(Progress.Snapshot snapshot, Duration elapsed, Duration planned) {
        boolean due = snapshot.received() > 0 && (planned == null || elapsed.compareTo(planned.dividedBy(2)) >= 0);
        if (duringLoad != null && due) {
            Runnable task = duringLoad;
            duringLoad = null;
            task.run();
        }
    }

    /**
     * Waits, after DRAIN (hold) was sent, until every receiver finished, a peer died, or {@code drainTimeout} +
     * {@link #DRAIN_MARGIN} passed. Meanwhile it reads the receivers' counts and ends their drain (DRAIN end) as soon
     * as they consumed every message the senders sent, or once they consumed nothing for the target's quiet period
     * while messages were outstanding (what is missing then counts as lost); asks the receivers whether they are
     * idle from 10 s on, every 5 s.
     */
    void awaitDrained(Duration drainTimeout, DrainTarget target) {
        awaitDrained(drainTimeout, target, 0);
    }

    /** As {@link #awaitDrained(Duration, DrainTarget)}, for receivers held back on purpose until the given time. */
    void awaitDrained(Duration drainTimeout, DrainTarget target, long heldUntilMicros) {
        Duration limit = drainTimeout.plus(DRAIN_MARGIN);
        long deadline = clock.nowMicros() + micros(limit);
        long nextIdleCheck = clock.nowMicros() + micros(Duration.ofSeconds(10));
        DrainJudge judge = new DrainJudge(target, clock.nowMicros(), heldUntilMicros);
        boolean ended = false;
        while (!state.aborted() && clock.nowMicros() < deadline) {
            outage.observe();
            if (state.allFinished(Role.RECEIVER)) {
                return;
            }
            if (!ended && peers.isConnected()) {
                ended = judgeDrain(judge, target);
            }
            if (clock.nowMicros() > nextIdleCheck && peers.isConnected()) {
                findIdle(Role.RECEIVER);
                nextIdleCheck = clock.nowMicros() + micros(Duration.ofSeconds(5));
            }
            pause(DRAIN_POLL);
        }
        if (!state.aborted() && !finishedAfterOutage(Role.RECEIVER)) {
            state.fail("receivers did not finish draining within " + limit.toSeconds() + " s" + outage.describe());
        }
    }

    /** Reads the receivers' counts and ends their drain when the judge says so; says whether it ended it. */
    private boolean judgeDrain(DrainJudge judge, DrainTarget target) {
        DrainCounts counts = receiverCounts();
        if (counts == null) {
            return false;
        }
        DrainJudge.Verdict verdict = judge.judge(clock.nowMicros(), counts.received(), counts.consumed());
        if (verdict == DrainJudge.Verdict.WAIT) {
            return false;
        }
        if (verdict == DrainJudge.Verdict.COMPLETE) {
            LOG.info("the receivers consumed every message sent ({}): ending the drain", target.basis());
        } else {
            String expected = target.isKnown() ? " of " + target.expected() + " expected (" + target.basis() + ")" : "";
            String unknown = target.isKnown() ? "" : "; how many to expect is unknown: " + target.basis();
            progress.note("the receivers consumed nothing for " + target.quiet().toMillis() + " ms (DRAIN_QUIET) with "
                    + counts.received() + " received" + expected + unknown + ": ending the drain");
        }
        Replies replies =
                Problems.awaitQuietly(peers.drain(state.liveIds(Role.RECEIVER), DrainMode.END, REPLY_TIMEOUT));
        if (replies != null && !replies.errors().isEmpty()) {
            state.fail("DRAIN (end) failed: " + replies.describeErrors());
        }
        return true;
    }

    /** This run's messages received and every message consumed, by all receivers together. */
    private record DrainCounts(long received, long consumed) {}

    /**
     * The receivers' counts: the notified count of those that finished, the STATS of the others; null when one of
     * those did not answer (nothing can be judged then).
     */
    private DrainCounts receiverCounts() {
        long received = 0;
        long consumed = 0;
        Set<String> asking = new HashSet<>();
        for (PeerInfo peer : state.peers()) {
            if (!peer.plays(Role.RECEIVER)) {
                continue;
            }
            if (state.mayBeBusy(peer.id())) {
                asking.add(peer.id());
            } else {
                long notified = notifiedReceived(peer.id());
                received += notified;
                consumed += notified;
            }
        }
        if (asking.isEmpty()) {
            return new DrainCounts(received, consumed);
        }
        Replies replies = Problems.awaitQuietly(peers.stats(Role.RECEIVER, asking, STATS_TIMEOUT));
        if (replies == null) {
            return null;
        }
        Set<String> answered = new HashSet<>();
        for (Note note : replies.notes()) {
            if (note.sender() != null
                    && asking.contains(note.sender().id())
                    && note.payload() instanceof Payload.Stats stats
                    && answered.add(note.sender().id())) {
                received += stats.count();
                consumed += stats.consumed() >= 0 ? stats.consumed() : stats.count();
            }
        }
        return answered.size() == asking.size() ? new DrainCounts(received, consumed) : null;
    }

    /** The {@code received} count of a receiver's outcome, 0 when it notified none. */
    private long notifiedReceived(String peerId) {
        for (Note outcome : state.outcomes()) {
            if (outcome.sender() != null
                    && outcome.sender().id().equals(peerId)
                    && outcome.payload() instanceof Payload.Notice details) {
                try {
                    return Long.parseLong(details.details().getOrDefault("received", "0"));
                } catch (NumberFormatException unreadable) {
                    return 0;
                }
            }
        }
        return 0;
    }

    /** Waits, after STOP was sent, up to {@link #STOP_WAIT} for the senders and receivers to notify their outcomes. */
    void awaitStopped() {
        awaitUntil(
                () -> state.allStartedFinished(Role.SENDER) && state.allStartedFinished(Role.RECEIVER),
                STOP_WAIT,
                STOP_POLL);
    }

    /** Waits up to {@code limit} for the control broker to be reachable; says whether it is. */
    boolean awaitControlBroker(Duration limit) {
        return awaitUntil(
                () -> {
                    outage.observe();
                    return peers.isConnected();
                },
                limit,
                BROKER_POLL);
    }

    /**
     * At a deadline: waits for an unreachable control broker to come back (up to the outage limit), asks the
     * unfinished peers of a role whether they are idle (again for up to {@link #PEERS_RECONNECT_WAIT} after an
     * outage, while they reconnect) and says whether every one of them finished.
     */
    boolean finishedAfterOutage(Role role) {
        long limit = clock.nowMicros() + micros(limits.brokerOutage());
        while (!peers.isConnected() && !state.aborted() && clock.nowMicros() < limit) {
            outage.observe();
            pause(WATCH_POLL);
        }
        state.brokerGone(!peers.isConnected());
        boolean hadOutage = !outage.total().isZero();
        long settle = clock.nowMicros() + (hadOutage ? micros(PEERS_RECONNECT_WAIT) : 0);
        while (peers.isConnected() && !state.aborted() && !state.allFinished(role)) {
            findIdle(role);
            if (state.allFinished(role) || clock.nowMicros() >= settle) {
                break;
            }
            pause(WATCH_POLL);
        }
        return state.allFinished(role);
    }

    /**
     * Asks the peers of a role that have not notified an outcome whether they are still busy: a notification
     * can be lost while the control broker restarts, and an idle peer must not keep the test waiting.
     */
    void findIdle(Role role) {
        for (PeerInfo peer : state.peers()) {
            if (!peer.plays(role) || !state.mayBeBusy(peer.id())) {
                continue;
            }
            Replies replies = Problems.awaitQuietly(peers.status(peer.id(), STATUS_TIMEOUT));
            if (replies != null
                    && !replies.notes().isEmpty()
                    && replies.notes().get(0).payload() instanceof Payload.Notice info
                    && "false".equals(info.details().get("busy"))) {
                LOG.warn(
                        "{} is idle but its outcome notification never arrived; taking its files as its result",
                        peer.qualifiedName());
                state.markIdle(peer.id());
            }
        }
    }

    /**
     * Sends the agent actions that are due. While the control broker is unreachable none goes out (a request would
     * wait for the broker): each is sent once it is back, and its note says when it was due. An action that cannot
     * be sent, or that the agents refuse, fails the test.
     */
    private void runDueActions(List<TestDefinition.AgentAction> pending, Duration elapsed, Duration warmUp) {
        if (!peers.isConnected()) {
            return;
        }
        pending.removeIf(action -> {
            Duration due = dueAt(action, warmUp);
            if (elapsed.compareTo(due) < 0) {
                return false;
            }
            String late = elapsed.minus(due).compareTo(LATE_ACTION) > 0 ? " (due at " + due.toSeconds() + " s)" : "";
            Set<String> targets = AgentAddressing.targets(action, state.peers(), state.liveIds(Role.AGENT));
            String to = action.agent() == null ? "" : " on " + action.agent();
            if (targets.isEmpty()) {
                state.fail("agent action '" + action.command() + "' is addressed to '" + action.agent()
                        + "', and no agent it names is alive at " + elapsed.toSeconds() + " s");
                return true;
            }
            progress.note("agent action '" + action.command() + "'" + to + " at " + elapsed.toSeconds() + " s" + late);
            peers.agentAction(action.command(), targets, REPLY_TIMEOUT).whenComplete((replies, error) -> {
                if (error != null) {
                    Throwable cause =
                            error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
                    state.fail("agent action '" + action.command() + "' could not be sent: " + cause.getMessage());
                } else if (!replies.allOk()) {
                    state.fail("agent action '" + action.command() + "' was refused: "
                            + Problems.describe(replies, state.peers()));
                }
            });
            return true;
        });
    }

    private Progress.Snapshot stats(Duration elapsed, Duration planned) {
        StatisticsPoll.Result result = statistics.poll(elapsed, planned);
        if (result.snapshot() != null) {
            lastStatisticsMicros = clock.nowMicros();
            return result.snapshot();
        }
        if (result.missing() != null) {
            noStatistics(result.missing());
        }
        return null;
    }

    /** Says in the progress output, every 10 s, how long statistics have been missing and why. */
    private void noStatistics(String detail) {
        outage.observe();
        long silentSeconds = since(lastStatisticsMicros).toSeconds();
        if (silentSeconds < 5 || clock.nowMicros() < nextSilenceNote) {
            return;
        }
        nextSilenceNote = clock.nowMicros() + micros(Duration.ofSeconds(10));
        String why = outage.isOngoing()
                ? "control broker " + peers.endpoint() + " unreachable (reconnecting)"
                : "the peers did not answer (" + detail + ")";
        LOG.warn("no statistics for {} s: {}", silentSeconds, why);
        progress.note("no statistics for " + silentSeconds + " s: " + why);
    }

    /** When an action is due from the senders' start: its offset counts from the end of the warm-up. */
    private static Duration dueAt(TestDefinition.AgentAction action, Duration warmUp) {
        return warmUp.plus(action.at());
    }

    private Duration since(long micros) {
        return Duration.ofNanos((clock.nowMicros() - micros) * 1_000);
    }

    private static long micros(Duration duration) {
        return duration.toNanos() / 1_000;
    }

    /** Waits until {@code condition} holds, at most {@code limit}; says whether it holds. */
    private boolean awaitUntil(BooleanSupplier condition, Duration limit, Duration poll) {
        try {
            return sleeper.awaitUntil(condition, clock, clock.nowMicros() + micros(limit), poll);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return condition.getAsBoolean();
        }
    }

    private void pause(Duration duration) {
        try {
            sleeper.sleep(duration);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
