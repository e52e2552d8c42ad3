package org.maestro.client.api;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.maestro.common.client.Refusal;
import org.maestro.common.client.Replies;
import org.maestro.common.files.ResultsTree;
import org.maestro.common.options.TestOptions;
import org.maestro.common.protocol.PeerInfo;
import org.maestro.common.protocol.PeerNames;
import org.maestro.common.protocol.Role;
import org.maestro.reporter.compute.MessageAccounting;
import org.maestro.reporter.read.PeerEnd;
import org.maestro.reporter.read.Roster;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Collects every peer's files of one test into {@code <iteration>/<peer-name>@<host>/} once the peers were stopped,
 * and records the roster: the test's peers and how each one ended, so the report lists the lost and knows what is
 * missing. A peer that let requests go unanswered is asked how it is first ({@link #PROBE_WAIT}): one that does not
 * answer is unreachable and is not waited for. A peer whose files do not arrive, or are refused, fails the test when
 * its counts are needed. Not thread-safe: the runner's thread calls it.
 */
final class FileCollection {
    private static final Logger LOG = LoggerFactory.getLogger(FileCollection.class);
    private static final Set<Role> LOAD_ROLES = Set.of(Role.SENDER, Role.RECEIVER);
    /** How long a peer may take to send its files. */
    static final Duration FILES_WAIT = Duration.ofSeconds(60);
    /** How long a peer that let requests go unanswered may take to answer a status request before its files. */
    static final Duration PROBE_WAIT = Duration.ofSeconds(3);
    /** How often the wait for a peer's files looks whether the peer was lost meanwhile. */
    private static final Duration LOSS_POLL = Duration.ofMillis(200);

    private final TestPeers peers;
    private final TestState state;
    private final Watchdog watchdog;
    private final Progress progress;
    private final TestOptions options;
    private final Path directory;
    private final CollectLimits limits;
    private final Map<String, Roster.Entry> unfinished = new ConcurrentHashMap<>();
    private final Set<String> doneBeforeStop = ConcurrentHashMap.newKeySet();

    FileCollection(
            TestPeers peers,
            TestState state,
            Watchdog watchdog,
            Progress progress,
            TestOptions options,
            Path directory,
            CollectLimits limits) {
        this.peers = peers;
        this.state = state;
        this.watchdog = watchdog;
        this.progress = progress;
        this.options = options;
        this.directory = directory;
        this.limits = limits;
    }

    /** Notes which peers had ended (an outcome, or idle) before they were told to stop. */
    void beforeStop() {
        doneBeforeStop.addAll(state.ended());
    }

    /** Asks every live peer for its files and writes them; says in the progress output what could not be had. */
    void collect() {
        List<String> problems = new ArrayList<>();
        boolean reachable =
                state.brokerGone() ? peers.isConnected() : watchdog.awaitControlBroker(Watchdog.PEERS_RECONNECT_WAIT);
        BrokerOutage outage = watchdog.outage();
        for (PeerInfo peer : state.peers()) {
            if (state.isDead(peer.id())) {
                problems.add(peer.qualifiedName() + ": " + describeLoss(peer));
                continue;
            }
            if (!reachable) {
                String why = "the control broker " + peers.endpoint() + " was unreachable when the files were "
                        + "collected; they stay on its host";
                if (LOAD_ROLES.stream().anyMatch(peer::plays) && !state.hasFailureStartingWith("no files")) {
                    state.fail("no files collected: the control broker " + peers.endpoint() + " was " + "unreachable"
                            + outage.describe() + "; the counts are unknown");
                }
                problems.add(peer.qualifiedName() + ": " + why);
                unfinished.put(peer.id(), entry(peer, PeerEnd.NO_FILES, why));
                continue;
            }
            Optional<String> badName = ResultsTree.check(peer.qualifiedName());
            if (badName.isPresent()) {
                String why = "its name " + PeerNames.escape(peer.qualifiedName()) + " is " + badName.get()
                        + ", not a directory name under " + directory;
                problems.add(PeerNames.describe(peer) + ": files refused: " + why);
                state.refused(Refusal.of(peer, "its files: " + why));
                unfinished.put(peer.id(), entry(peer, PeerEnd.FILES_REFUSED, why));
                continue;
            }
            if (!answersIfSilent(peer)) {
                problems.add(peer.qualifiedName() + ": " + describeLoss(peer));
                continue;
            }
            ResultCollector collector = new ResultCollector(
                    directory, peer.qualifiedName(), options.runId().orElse(null), limits);
            Replies replies = awaitFiles(peer, peers.collect(peer.id(), FILES_WAIT, collector::accept));
            try {
                boolean arrived = replies != null && replies.complete();
                if (!arrived && state.isDead(peer.id())) {
                    // lost while it sent them: what came is not kept, its counts are unknown
                    problems.add(peer.qualifiedName() + ": " + describeLoss(peer));
                    continue;
                }
                if (!arrived) {
                    problems.add(peer.qualifiedName() + " did not send its files");
                    unfinished.put(
                            peer.id(),
                            entry(
                                    peer,
                                    PeerEnd.NO_FILES,
                                    "did not send its files within " + FILES_WAIT.toSeconds()
                                            + " s; they stay on its host"));
                    if (LOAD_ROLES.stream().anyMatch(peer::plays)) {
                        state.fail("the files of " + peer.qualifiedName() + " did not arrive: its counts are "
                                + "missing, so the loss is unknown");
                    }
                } else if (!replies.allOk()) {
                    problems.add(replies.describeErrors());
                }
                for (String problem : collector.write()) {
                    problems.add(peer.qualifiedName() + ": " + problem);
                }
                for (String breach : collector.limitBreaches()) {
                    state.refused(Refusal.of(peer, "its files: " + breach));
                    state.fail("refused files of " + peer.qualifiedName() + ": " + breach);
                }
                collector.refusal().ifPresent(refusal -> {
                    LOG.warn("refused the files of {}: {}", peer.qualifiedName(), refusal);
                    state.fail("refused the files of " + peer.qualifiedName() + ": " + refusal);
                    unfinished.put(peer.id(), entry(peer, PeerEnd.FILES_REFUSED, refusal));
                });
            } catch (IOException e) {
                throw MaestroException.infrastructure("cannot write results under " + directory + ": " + e);
            } finally {
                discard(collector);
            }
        }
        if (!problems.isEmpty()) {
            LOG.warn("result collection: {}", problems);
            progress.note("some results could not be collected: " + String.join("; ", problems));
        }
    }

    /**
     * True unless the peer let requests go unanswered and does not answer a status request either: it is then recorded
     * unreachable, and its files are not waited for.
     */
    private boolean answersIfSilent(PeerInfo peer) {
        Instant silent = state.silence().since(peer.id()).orElse(null);
        if (silent == null) {
            return true;
        }
        Replies replies = Problems.awaitQuietly(peers.status(peer.id(), PROBE_WAIT));
        if (replies != null && !replies.notes().isEmpty()) {
            return true;
        }
        state.unreachable(peer, silent);
        return false;
    }

    /**
     * Waits for a peer's files, at most {@link #FILES_WAIT} and a margin (the request ends at FILES_WAIT by itself);
     * gives up (null) when the peer is lost meanwhile (its last will arrives).
     */
    private Replies awaitFiles(PeerInfo peer, CompletableFuture<Replies> files) {
        long deadline = System.nanoTime() + FILES_WAIT.plusSeconds(30).toNanos();
        while (true) {
            try {
                return files.get(LOSS_POLL.toMillis(), TimeUnit.MILLISECONDS);
            } catch (TimeoutException notYet) {
                if (state.isDead(peer.id()) || System.nanoTime() > deadline) {
                    files.cancel(false);
                    return null;
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return null;
            } catch (ExecutionException e) {
                LOG.warn("no files from {}: {}", peer.qualifiedName(), e.getCause() == null ? e : e.getCause());
                return null;
            }
        }
    }

    /** How a lost peer was lost, in words. */
    private String describeLoss(PeerInfo peer) {
        TestState.Loss loss = state.loss(peer.id());
        return loss == null ? "lost; its files stay on its host" : loss.end().label() + ": " + loss.detail();
    }

    /** Removes the temporary files of a collection that ended early; a failure to is logged, never fatal. */
    private static void discard(ResultCollector collector) {
        try {
            collector.discard();
        } catch (IOException e) {
            LOG.warn("cannot remove the temporary files of a collection: {}", e.toString());
        }
    }

    /** Records the test's peers and how each one ended, so the report lists the dead and knows what is missing. */
    void writeRoster() {
        List<Roster.Entry> entries = new ArrayList<>();
        for (PeerInfo peer : state.peers()) {
            Roster.Entry missing = unfinished.get(peer.id());
            if (missing != null) {
                entries.add(missing);
                continue;
            }
            String refusal = state.startRefusal(peer.id());
            if (refusal != null && !state.isDead(peer.id())) {
                entries.add(entry(peer, PeerEnd.NOT_STARTED, refusal));
                continue;
            }
            if (!state.wasStarted(peer.id()) && !state.isDead(peer.id())) {
                entries.add(entry(peer, PeerEnd.NOT_STARTED, "never asked to start: the test ended before its start"));
                continue;
            }
            TestState.Loss loss = state.loss(peer.id());
            if (loss != null) {
                entries.add(entry(peer, loss.end(), loss.detail()));
                continue;
            }
            PeerEnd ended = !doneBeforeStop.contains(peer.id())
                    ? PeerEnd.STOPPED
                    : state.hasOutcome(peer.id()) ? PeerEnd.FINISHED : PeerEnd.IDLE;
            entries.add(entry(peer, ended, ""));
        }
        // a role the test went on without (no inspector answered) has no peer: it is listed as one that did not start
        state.absentRoles()
                .forEach(
                        (role, why) -> entries.add(new Roster.Entry(role, role, null, null, PeerEnd.NOT_STARTED, why)));
        try {
            new Roster(Roster.FORMAT_VERSION, options.runId().orElse(null), entries, state.refusals()).write(directory);
        } catch (IOException e) {
            throw MaestroException.infrastructure("cannot write results under " + directory + ": " + e);
        }
    }

    private Roster.Entry entry(PeerInfo peer, PeerEnd ended, String detail) {
        Optional<String> url = switch (Role.parse(peer.role())) {
            case SENDER -> options.sendUrl();
            case RECEIVER -> options.receiveUrl();
            default -> Optional.empty();
        };
        return new Roster.Entry(
                peer.qualifiedName(),
                peer.role(),
                peer.host(),
                url.map(MessageAccounting::address).orElse(null),
                ended,
                detail);
    }
}
