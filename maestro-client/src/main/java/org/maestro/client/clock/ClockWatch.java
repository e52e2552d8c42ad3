package org.maestro.client.clock;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.maestro.common.client.PingSample;
import org.maestro.reporter.ClockEstimate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Estimates the clock offsets of a test's peers to the client's clock at each phase of the test (before, during and
 * after the load) from rounds of PING exchanges, and keeps the estimates per peer for {@code clocks.json}. A round
 * asks every peer at once; a peer that does not answer a round in time is not asked again in that phase, so a slow or
 * dead peer costs one round's timeout at most. Never throws: what cannot be estimated is logged and left out. Not
 * thread-safe: the runner's thread calls it.
 *
 * <pre>{@code
 * ClockWatch clocks = new ClockWatch(peers::pingEach);
 * clocks.estimate(ClockEstimate.BEFORE, liveIds);
 * List<ClockEstimate> senderClock = clocks.estimates().get(senderId);
 * }</pre>
 */
public final class ClockWatch {
    private static final Logger LOG = LoggerFactory.getLogger(ClockWatch.class);

    /** How many rounds of exchanges each estimate takes the best of: eight, as NTP's clock filter keeps. */
    public static final int ROUNDS = 8;
    /** How long one round waits for the peers' replies. */
    public static final Duration ROUND_TIMEOUT = Duration.ofMillis(500);

    /** One round of exchanges: a PING to each peer, completing with the exchanges that came back in time. */
    @FunctionalInterface
    public interface Exchange {
        CompletableFuture<List<PingSample>> ping(Set<String> peerIds, Duration timeout);
    }

    private final Exchange exchange;
    private final Map<String, List<ClockEstimate>> estimates = new LinkedHashMap<>();

    public ClockWatch(Exchange exchange) {
        this.exchange = exchange;
    }

    /** Estimates the clock offset of each of the peers, taking the best of up to {@link #ROUNDS} exchanges. */
    public void estimate(String phase, Set<String> peerIds) {
        Map<String, List<PingSample>> samples = new LinkedHashMap<>();
        Set<String> asking = new HashSet<>(peerIds);
        for (int round = 0; round < ROUNDS && !asking.isEmpty(); round++) {
            List<PingSample> answered = round(asking);
            if (answered == null) {
                break;
            }
            Set<String> answering = new HashSet<>();
            for (PingSample sample : answered) {
                if (sample.peer() != null && asking.contains(sample.peer().id())) {
                    answering.add(sample.peer().id());
                    samples.computeIfAbsent(sample.peer().id(), id -> new ArrayList<>())
                            .add(sample);
                }
            }
            asking.retainAll(answering);
        }
        List<String> described = new ArrayList<>();
        samples.forEach((peerId, exchanges) -> ClockFilter.estimate(phase, exchanges)
                .ifPresent(estimate -> {
                    estimates.computeIfAbsent(peerId, id -> new ArrayList<>()).add(estimate);
                    described.add(String.format(
                            Locale.ROOT,
                            "%s %+.3f ms ± %.3f ms (best of %d)",
                            exchanges.get(0).peer().qualifiedName(),
                            estimate.offsetMicros() / 1000.0,
                            estimate.uncertaintyMicros() / 1000.0,
                            estimate.exchanges()));
                }));
        if (!described.isEmpty()) {
            LOG.info("clock offsets to the client {} the load: {}", phase, String.join(", ", described));
        }
        List<String> unanswered = new ArrayList<>(peerIds);
        unanswered.removeAll(samples.keySet());
        if (!unanswered.isEmpty()) {
            LOG.info(
                    "no clock estimate {} the load for peer(s) {}: no PING exchange came back within {} ms",
                    phase,
                    unanswered,
                    ROUND_TIMEOUT.toMillis());
        }
    }

    /** The estimates of every peer (by id) that had at least one, in the order they were taken. */
    public Map<String, List<ClockEstimate>> estimates() {
        Map<String, List<ClockEstimate>> copy = new LinkedHashMap<>();
        estimates.forEach((peerId, list) -> copy.put(peerId, List.copyOf(list)));
        return copy;
    }

    /** One round, or null when it failed as a whole (the control broker is gone, interrupted). */
    private List<PingSample> round(Set<String> asking) {
        try {
            return exchange.ping(Set.copyOf(asking), ROUND_TIMEOUT)
                    .get(ROUND_TIMEOUT.toMillis() + 1000, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        } catch (ExecutionException | TimeoutException | RuntimeException e) {
            LOG.info("a round of clock exchanges failed: {}", e.toString());
            return null;
        }
    }
}
