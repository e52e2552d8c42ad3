package org.maestro.client.api;

import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * Which peers of a test let a request's timeout pass without an answer and have answered nothing since, and since when:
 * what tells a peer that became unreachable (its network cut, its host or its process frozen) from one whose control
 * connection dropped (killed, crashed), whose last will comes at once. Thread-safe: replies complete on the control
 * client's threads.
 */
final class PeerSilence {
    private final Supplier<Instant> clock;
    private final Map<String, Instant> lastAnswer = new ConcurrentHashMap<>();
    private final Map<String, Instant> silentSince = new ConcurrentHashMap<>();

    /** @param clock the time of day, the same the test's state uses */
    PeerSilence(Supplier<Instant> clock) {
        this.clock = clock;
    }

    /** The time of day now, on this silence's clock: when a request is sent. */
    Instant now() {
        return clock.get();
    }

    /** Records that a peer answered (a reply or a chunk of its files): it is not silent. */
    void answered(String peerId) {
        Instant now = clock.get();
        synchronized (this) {
            lastAnswer.merge(peerId, now, (a, b) -> a.isAfter(b) ? a : b);
            silentSince.remove(peerId);
        }
    }

    /**
     * Records that the timeout of a request sent at {@code askedAt} passed without this peer's answer; ignored when the
     * peer answered anything after that request was sent (a later request's reply overtook it).
     */
    void missed(String peerId, Instant askedAt) {
        synchronized (this) {
            Instant answered = lastAnswer.get(peerId);
            if (answered != null && answered.isAfter(askedAt)) {
                return;
            }
            silentSince.merge(peerId, askedAt, (a, b) -> a.isBefore(b) ? a : b);
        }
    }

    /** When the peer was first asked what it has not answered, if it let a timeout pass and answered nothing since. */
    Optional<Instant> since(String peerId) {
        return Optional.ofNullable(silentSince.get(peerId));
    }
}
