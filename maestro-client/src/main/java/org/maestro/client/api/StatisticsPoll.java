package org.maestro.client.api;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Collectors;
import org.maestro.common.protocol.Note;
import org.maestro.common.protocol.Payload;
import org.maestro.common.protocol.PeerInfo;
import org.maestro.common.protocol.Role;

/**
 * Asks the live peers of a test for their statistics and sums them into one {@link Progress.Snapshot}, which it also
 * hands, with each peer's figures, to the {@link LiveStatistics}. Not thread-safe: the runner's thread polls.
 */
final class StatisticsPoll {
    private static final Duration STATS_TIMEOUT = Duration.ofSeconds(2);

    /**
     * What one poll gave: a snapshot, or why there is none ({@code missing}; null when the poll was interrupted).
     */
    record Result(Progress.Snapshot snapshot, String missing) {
        static Result of(Progress.Snapshot snapshot) {
            return new Result(snapshot, null);
        }

        static Result none(String why) {
            return new Result(null, why);
        }
    }

    /** Where the watchdog gets its statistics from; a test passes its own. */
    @FunctionalInterface
    interface Source {
        /** One poll, for a test {@code elapsed} into its {@code planned} time (null: unknown). */
        Result poll(Duration elapsed, Duration planned);
    }

    private final TestPeers peers;
    private final TestState state;
    private final String test;
    private final int iteration;
    private final LiveStatistics live;

    StatisticsPoll(TestPeers peers, TestState state, String test, int iteration, LiveStatistics live) {
        this.peers = peers;
        this.state = state;
        this.test = test;
        this.iteration = iteration;
        this.live = live;
    }

    /**
     * Asks the live peers for their statistics: the receivers first, everyone else once they answered, so that a
     * sender's count is read after every receiver's and a snapshot never shows more received than sent. While the
     * control broker is unreachable it asks nothing and says so at once: a request would wait for the broker (up to
     * the transport's operation timeout), and the watchdog would see its deadlines that much later.
     */
    Result poll(Duration elapsed, Duration planned) {
        if (!peers.isConnected()) {
            return Result.none("the control broker " + peers.endpoint() + " is unreachable");
        }
        try {
            Set<String> alive = state.livePeerIds();
            Set<String> receivers = state.peers().stream()
                    .filter(p -> p.plays(Role.RECEIVER) && alive.contains(p.id()))
                    .map(PeerInfo::id)
                    .collect(Collectors.toSet());
            Set<String> others =
                    alive.stream().filter(id -> !receivers.contains(id)).collect(Collectors.toSet());
            List<Note> notes = new ArrayList<>();
            if (!receivers.isEmpty()) {
                notes.addAll(peers.stats(Role.RECEIVER, receivers, STATS_TIMEOUT)
                        .get(5, TimeUnit.SECONDS)
                        .notes());
            }
            if (!others.isEmpty()) {
                notes.addAll(peers.stats(null, others, STATS_TIMEOUT)
                        .get(5, TimeUnit.SECONDS)
                        .notes());
            }
            long sent = 0;
            long received = 0;
            long errors = 0;
            double rate = 0;
            double p99 = 0;
            double p50 = -1;
            double max = -1;
            boolean distribution = true;
            boolean warmUpLatency = false;
            boolean measuredLatency = false;
            int answered = 0;
            List<LiveStatistics.PeerStatistics> perPeer = new ArrayList<>();
            for (Note note : notes) {
                PeerInfo peer =
                        note.sender() == null ? null : state.peer(note.sender().id());
                if (!(note.payload() instanceof Payload.Stats stats) || peer == null) {
                    continue;
                }
                answered++;
                perPeer.add(new LiveStatistics.PeerStatistics(
                        peer.qualifiedName(),
                        stats.role(),
                        stats.count(),
                        stats.rate(),
                        stats.errors(),
                        stats.hasDistribution() ? stats.latencyP50Micros() / 1000.0 : -1,
                        stats.latencyP99Micros() / 1000.0,
                        stats.hasDistribution() ? stats.latencyMaxMicros() / 1000.0 : -1));
                errors += stats.errors();
                if (Role.SENDER.is(stats.role())) {
                    sent += stats.count();
                } else if (Role.RECEIVER.is(stats.role())) {
                    received += stats.count();
                    rate += stats.rate();
                    p99 = Math.max(p99, stats.latencyP99Micros() / 1000.0);
                    distribution &= stats.hasDistribution();
                    p50 = Math.max(p50, stats.latencyP50Micros() / 1000.0);
                    max = Math.max(max, stats.latencyMaxMicros() / 1000.0);
                    warmUpLatency |= stats.warmUpLatency();
                    measuredLatency |= !stats.warmUpLatency() && stats.latencyP99Micros() > 0;
                }
            }
            if (answered == 0) {
                return Result.none("no peer answered");
            }
            Progress.Snapshot snapshot = new Progress.Snapshot(
                    test,
                    elapsed,
                    planned,
                    rate,
                    p99,
                    sent,
                    received,
                    errors,
                    distribution ? p50 : -1,
                    distribution ? max : -1,
                    warmUpLatency && !measuredLatency);
            live.update(test, iteration, perPeer, snapshot);
            return Result.of(snapshot);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Result(null, null);
        } catch (ExecutionException | TimeoutException e) {
            return Result.none(e.getCause() != null ? e.getCause().getMessage() : e.toString());
        }
    }
}
