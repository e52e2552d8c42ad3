package org.maestro.client.api;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import org.maestro.common.client.Refusal;
import org.maestro.common.protocol.Command;
import org.maestro.common.protocol.Note;
import org.maestro.common.protocol.Payload;
import org.maestro.common.protocol.PeerInfo;
import org.maestro.common.protocol.Role;
import org.maestro.reporter.read.PeerEnd;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The peers of one running test and how each has ended so far (an outcome, found idle, lost: its control connection
 * dropped, or unreachable), the failures seen and the reason the test was cut short. Thread-safe: the control client's
 * thread delivers notifications while the runner reads; the peers themselves are recorded once, before the test
 * starts.
 */
final class TestState {
    private static final Logger LOG = LoggerFactory.getLogger(TestState.class);
    /** The send delay (µs) of a sender's first measured message above which the progress output notes a backlog. */
    static final long BACKLOG_NOTE_MICROS = 10_000;
    /** The most distinct refusals kept for the report. */
    static final int MAX_REFUSALS = 100;

    private static final DateTimeFormatter CLOCK =
            DateTimeFormatter.ofPattern("HH:mm:ss 'UTC'").withZone(ZoneOffset.UTC);

    private final Map<String, PeerInfo> peers = Collections.synchronizedMap(new LinkedHashMap<>());
    private final Map<String, Note> outcomes = new ConcurrentHashMap<>();
    private final Set<String> dead = ConcurrentHashMap.newKeySet();
    private final Map<String, Loss> losses = new ConcurrentHashMap<>();
    private final PeerSilence silence;
    private final Set<String> idle = ConcurrentHashMap.newKeySet();
    private final Set<String> started = ConcurrentHashMap.newKeySet();
    private final Map<String, String> startRefusals = new ConcurrentHashMap<>();
    private final Map<String, String> absentRoles = Collections.synchronizedMap(new LinkedHashMap<>());
    private final List<String> failures = Collections.synchronizedList(new ArrayList<>());
    private final List<String> refusals = new ArrayList<>();
    private final Progress progress;
    private final Supplier<Instant> wallClock;
    private volatile String abort;
    /** Set when the control broker stayed unreachable for the whole outage limit: nothing more can be asked. */
    private volatile boolean brokerGone;
    /** Set when the first cause of failure is the system under test or its management (unreachable, refused). */
    private volatile boolean sutFirst;

    /**
     * @param progress  where notes for the user go (agent outcomes, a sender's backlog)
     * @param wallClock the time of day, for the time a peer died
     */
    TestState(Progress progress, Supplier<Instant> wallClock) {
        this.progress = progress;
        this.wallClock = wallClock;
        this.silence = new PeerSilence(wallClock);
    }

    /**
     * How a peer was lost during the test, for the roster.
     *
     * @param end {@link PeerEnd#DIED} (its control connection dropped) or {@link PeerEnd#UNREACHABLE}
     * @param detail what the runner saw, with the times
     */
    record Loss(PeerEnd end, String detail) {}

    /** Which peers let a request's timeout pass without answering, and since when. */
    PeerSilence silence() {
        return silence;
    }

    /** Records a peer of the test (before it starts). */
    void add(PeerInfo peer) {
        peers.put(peer.id(), peer);
    }

    /** The test's peers, in the order they were found. */
    List<PeerInfo> peers() {
        synchronized (peers) {
            return List.copyOf(peers.values());
        }
    }

    /** The peer of an id, or null when it is not one of the test's. */
    PeerInfo peer(String id) {
        return peers.get(id);
    }

    /** The ids of the test's peers whose last will has not arrived. */
    Set<String> livePeerIds() {
        return peers().stream()
                .map(PeerInfo::id)
                .filter(id -> !dead.contains(id))
                .collect(Collectors.toSet());
    }

    /** The ids of the live peers of a role (those whose last will has not arrived). */
    Set<String> liveIds(Role role) {
        return peers().stream()
                .filter(p -> p.plays(role) && !dead.contains(p.id()))
                .map(PeerInfo::id)
                .collect(Collectors.toSet());
    }

    /** The live peers of a role (those whose last will has not arrived). */
    int count(Role role) {
        return (int) peers().stream()
                .filter(p -> p.plays(role) && !dead.contains(p.id()))
                .count();
    }

    /** How many live peers of a role have finished: notified their outcome, or were found idle. */
    long finished(Role role) {
        return peers().stream()
                .filter(p -> p.plays(role) && !dead.contains(p.id()))
                .filter(p -> outcomes.containsKey(p.id()) || idle.contains(p.id()))
                .count();
    }

    /** True when every live peer of a role has finished. */
    boolean allFinished(Role role) {
        return finished(role) >= count(role);
    }

    /** Records that a peer accepted its start: it runs until it notifies an outcome or is stopped. */
    void started(String id) {
        started.add(id);
    }

    /** True when the peer accepted its start. */
    boolean wasStarted(String id) {
        return started.contains(id);
    }

    /** Records that a peer refused its start, and why in its words: it never ran, so nothing waits for it. */
    void refusedStart(String id, String why) {
        startRefusals.putIfAbsent(id, why);
    }

    /** Records that the test wanted a peer of {@code role} but none answered, and why it went on without one. */
    void absent(Role role, String why) {
        absentRoles.putIfAbsent(role.label(), why);
    }

    /** The roles the test wanted but ran without, each with why, in the order they were recorded. */
    Map<String, String> absentRoles() {
        synchronized (absentRoles) {
            return new LinkedHashMap<>(absentRoles);
        }
    }

    /** Why a peer refused its start, or null when it did not. */
    String startRefusal(String id) {
        return startRefusals.get(id);
    }

    /**
     * True when every live peer of a role that accepted its start has finished: a peer that refused its start, or was
     * never asked to start because an earlier one refused, has nothing to finish.
     */
    boolean allStartedFinished(Role role) {
        return peers().stream()
                .filter(p -> p.plays(role) && !dead.contains(p.id()) && started.contains(p.id()))
                .allMatch(p -> outcomes.containsKey(p.id()) || idle.contains(p.id()));
    }

    /** True when the peer neither notified an outcome, nor was found idle, nor died: it may still be busy. */
    boolean mayBeBusy(String id) {
        return !outcomes.containsKey(id) && !idle.contains(id) && !dead.contains(id);
    }

    /** Records that a peer is idle although its outcome notification never arrived. */
    void markIdle(String id) {
        idle.add(id);
    }

    boolean isIdle(String id) {
        return idle.contains(id);
    }

    boolean isDead(String id) {
        return dead.contains(id);
    }

    /** How a peer was lost (its control connection dropped, or unreachable); null while it is not. */
    Loss loss(String id) {
        return losses.get(id);
    }

    boolean hasOutcome(String id) {
        return outcomes.containsKey(id);
    }

    /** The outcomes notified so far (senders, receivers, inspectors). */
    List<Note> outcomes() {
        return List.copyOf(outcomes.values());
    }

    /** The ids of the peers that have ended (an outcome, or idle) so far. */
    Set<String> ended() {
        Set<String> ended = new java.util.HashSet<>(outcomes.keySet());
        ended.addAll(idle);
        return ended;
    }

    /**
     * Records a note refused from a peer: said once per peer and reason in the progress output, and kept for the
     * report ({@link #refusals()}); a peer of the test cut off for flooding fails the test, naming it.
     */
    void refused(Refusal refusal) {
        String line = refusal.describe();
        boolean first;
        synchronized (refusals) {
            first = !refusals.contains(line) && refusals.size() < MAX_REFUSALS;
            if (first) {
                refusals.add(line);
            }
        }
        if (first) {
            progress.note(line);
        }
        PeerInfo peer = peers.get(refusal.peerId());
        if (peer != null && refusal.cutOff()) {
            failures.add(peer.qualifiedName() + " was cut off: " + refusal.reason());
        }
    }

    /** The distinct refusals of the test, in the order they happened (at most {@value #MAX_REFUSALS}). */
    List<String> refusals() {
        synchronized (refusals) {
            return List.copyOf(refusals);
        }
    }

    /** Adds a failure reason. */
    void fail(String reason) {
        failures.add(reason);
    }

    /**
     * Adds a failure of the system under test or of its management interface (unreachable, a login refused, a queue
     * missing); when it is the first cause of the test's failure, the run ends with the infrastructure exit code.
     */
    void failOnSut(String reason) {
        synchronized (failures) {
            if (failures.isEmpty() && abort == null) {
                sutFirst = true;
            }
            failures.add(reason);
        }
    }

    /** True when the first cause of the test's failure is the system under test or its management interface. */
    boolean sutFailedFirst() {
        synchronized (failures) {
            return sutFirst && !failures.isEmpty();
        }
    }

    /** True when a failure starting with {@code prefix} was recorded. */
    boolean hasFailureStartingWith(String prefix) {
        synchronized (failures) {
            return failures.stream().anyMatch(f -> f.startsWith(prefix));
        }
    }

    /** The failures so far, the reason the test was cut short first. */
    List<String> failures() {
        synchronized (failures) {
            List<String> all = new ArrayList<>(failures);
            if (abort != null) {
                all.add(0, abort);
            }
            return all;
        }
    }

    /** Why the test was cut short (a peer died), or null while it goes on. */
    String abort() {
        return abort;
    }

    boolean aborted() {
        return abort != null;
    }

    boolean brokerGone() {
        return brokerGone;
    }

    void brokerGone(boolean gone) {
        brokerGone = gone;
    }

    /** Takes in a peer's notification: a last will, an outcome, an agent's report. */
    void onNotification(Note note) {
        PeerInfo claimed = note.sender();
        PeerInfo sender = claimed == null ? null : peers.get(claimed.id());
        if (sender == null) {
            return;
        }
        if (!sender.equals(claimed)) {
            refused(Refusal.of(
                    claimed,
                    "a " + note.command() + " notification that claims the id of " + sender.qualifiedName()
                            + " of this test with another name, host or role: notifications are taken only from the "
                            + "test's peers as they answered PING"));
            return;
        }
        switch (note.command()) {
            case ABNORMAL_DISCONNECT -> lastWill(sender);
            case NOTIFY_SUCCESS, NOTIFY_FAIL -> {
                if (sender.plays(Role.AGENT)) {
                    Payload.Notice outcome = (Payload.Notice) note.payload();
                    progress.note("agent " + sender.qualifiedName() + ": " + outcome.message());
                    if (note.command() == Command.NOTIFY_FAIL) {
                        failures.add("agent action failed on " + sender.qualifiedName() + ": " + outcome.message());
                    }
                } else {
                    outcomes.put(sender.id(), note);
                    if (sender.plays(Role.SENDER) && note.payload() instanceof Payload.Notice outcome) {
                        noteBacklog(sender.qualifiedName(), outcome.details());
                    }
                }
            }
            default -> {}
        }
    }

    /**
     * Takes in a peer's last will, which the control broker publishes when the peer's connection ends without a
     * goodbye. At once after the peer answered: its connection dropped (killed, crashed). After it let a request's
     * timeout pass and answered nothing since: it became unreachable, and the broker gave it up when its keep-alive
     * expired. The first peer lost cuts the test short; every other one is a failure too.
     */
    private void lastWill(PeerInfo peer) {
        Instant now = wallClock.get();
        Instant silent = silence.since(peer.id()).orElse(null);
        String who = "peer " + peer.qualifiedName() + " (" + peer.role() + ")";
        if (silent == null) {
            lose(
                    peer,
                    new Loss(
                            PeerEnd.DIED,
                            "its control connection dropped at " + CLOCK.format(now)
                                    + " (killed or crashed): no result from it; its files stay on its host"),
                    who + " dropped its control connection during the test (killed or crashed): no result from it");
            return;
        }
        long seconds = Duration.between(silent, now).toSeconds();
        lose(
                peer,
                new Loss(
                        PeerEnd.UNREACHABLE,
                        "answered nothing from " + CLOCK.format(silent) + " on; the control broker gave up its"
                                + " connection at " + CLOCK.format(now) + " (keep-alive expired): its network, its host"
                                + " or its process stopped; its files stay on its host"),
                who + " became unreachable during the test: it answered nothing for " + seconds + " s, then the"
                        + " control broker gave up its connection (network cut, host or process frozen)");
    }

    /**
     * Records that a peer that left requests unanswered since {@code silentSince} did not answer a last request either
     * (no last will came): it is unreachable, and nothing more is asked of it.
     */
    void unreachable(PeerInfo peer, Instant silentSince) {
        Instant now = wallClock.get();
        lose(
                peer,
                new Loss(
                        PeerEnd.UNREACHABLE,
                        "answered nothing from " + CLOCK.format(silentSince) + " on, nor a status request at "
                                + CLOCK.format(now) + ": its network, its host or its process stopped; its files stay"
                                + " on its host"),
                "peer " + peer.qualifiedName() + " (" + peer.role() + ") is unreachable: it answered nothing for "
                        + Duration.between(silentSince, now).toSeconds() + " s (network cut, host or process frozen)");
    }

    /** Records a peer lost, once: the first loss of the test cuts it short, any later one is a failure too. */
    private void lose(PeerInfo peer, Loss loss, String reason) {
        if (losses.putIfAbsent(peer.id(), loss) != null) {
            return;
        }
        LOG.debug("{}: {}", reason, loss.detail());
        progress.note(reason);
        dead.add(peer.id());
        synchronized (this) {
            if (abort == null) {
                abort = reason;
                return;
            }
        }
        failures.add(reason);
    }

    /**
     * Says in the progress output when a sender entered the measured window more than
     * {@value #BACKLOG_NOTE_MICROS} µs behind its timeline (its {@code warmup.lag.micros}).
     */
    private void noteBacklog(String sender, Map<String, String> details) {
        String lag = details.get("warmup.lag.micros");
        if (lag == null) {
            return;
        }
        try {
            long micros = Long.parseLong(lag);
            if (micros > BACKLOG_NOTE_MICROS) {
                progress.note(String.format(
                        java.util.Locale.ROOT,
                        "%s entered the measured window %.1f ms behind "
                                + "its timeline (%s warm-up message(s) still to send): the measured latency includes the "
                                + "load generator's backlog; use a longer WARM_UP, WARM_UP=auto or a lower RATE",
                        sender,
                        micros / 1000.0,
                        details.getOrDefault("warmup.backlog", "?")));
            }
        } catch (NumberFormatException e) {
            LOG.debug("{} sent warmup.lag.micros={}, not a number", sender, lag);
        }
    }
}
