package org.maestro.client.api;

import java.time.Duration;
import java.util.Locale;
import org.maestro.common.options.TestOptions;
import org.maestro.common.protocol.Note;
import org.maestro.common.protocol.Payload;
import org.maestro.common.protocol.PeerInfo;
import org.maestro.common.protocol.Role;
import org.maestro.driver.Driver;
import org.maestro.driver.DriverException;
import org.maestro.driver.Drivers;

/**
 * What a drain waits for: the number of this run's messages the receivers together consume once every message the
 * senders sent arrived ({@link #UNKNOWN} when that cannot be told), and how long the drain may go without progress
 * while that number is not reached (DRAIN_QUIET).
 *
 * <pre>{@code
 * DrainTarget target = DrainTarget.of(options, state); // after every sender notified its outcome
 * boolean complete = target.isKnown() && received >= target.expected();
 * }</pre>
 *
 * @param expected the receivers' total count of this run's messages when nothing is missing, or {@link #UNKNOWN}
 * @param quiet    how long the receivers' consumed total may stand still before the drain ends anyway
 * @param basis    how {@code expected} was found, or why it is unknown (for the log and the progress output)
 */
record DrainTarget(long expected, Duration quiet, String basis) {
    /** An expected count that cannot be told: a sender's outcome is missing, or the delivery is unknown. */
    static final long UNKNOWN = -1;

    /** True when the expected count is known. */
    boolean isKnown() {
        return expected >= 0;
    }

    /**
     * The target of a test whose senders finished: the messages they sent (their outcomes' {@code sent}), times the
     * receiver connections when the receive address is publish-subscribe (every connection gets every message).
     * Unknown when a started sender notified no count, or when no driver here can tell how the receive URL
     * delivers and there is more than one receiver connection.
     */
    static DrainTarget of(TestOptions options, TestState state) {
        return of(options, state, peer -> true);
    }

    /** The target of the peers {@code in} only (one flow's), with their options. */
    static DrainTarget of(TestOptions options, TestState state, java.util.function.Predicate<PeerInfo> in) {
        Duration quiet = options.drainQuiet();
        long sent = 0;
        for (PeerInfo peer : state.peers()) {
            if (!peer.plays(Role.SENDER) || !state.wasStarted(peer.id()) || !in.test(peer)) {
                continue;
            }
            long count = sentBy(peer, state);
            if (count < 0) {
                return new DrainTarget(UNKNOWN, quiet, peer.qualifiedName() + " notified no count of messages sent");
            }
            sent += count;
        }
        java.util.Set<String> live = state.liveIds(Role.RECEIVER);
        int receivers = (int) state.peers().stream()
                .filter(p -> p.plays(Role.RECEIVER) && live.contains(p.id()) && in.test(p))
                .count();
        int connections = receivers * options.parallelCount();
        if (connections < 2) {
            return new DrainTarget(sent, quiet, sent + " message(s) sent");
        }
        String url = options.receiveUrl().map(FanOutWarning::firstSubscription).orElse(null);
        boolean fansOut;
        try {
            Driver driver = Drivers.forUrl(url);
            fansOut = driver.deliversToEveryReceiver(url);
        } catch (DriverException | RuntimeException unknown) {
            return new DrainTarget(
                    UNKNOWN, quiet, "no driver here tells whether the receive URL delivers each message once");
        }
        if (!fansOut) {
            int subscriptions = options.subscriptions();
            return subscriptions > 1
                    ? new DrainTarget(
                            sent * subscriptions,
                            quiet,
                            String.format(
                                    Locale.ROOT,
                                    "%d message(s) sent × %d subscriptions (each gets every message)",
                                    sent,
                                    subscriptions))
                    : new DrainTarget(sent, quiet, sent + " message(s) sent");
        }
        return new DrainTarget(
                sent * connections,
                quiet,
                String.format(
                        Locale.ROOT,
                        "%d message(s) sent × %d receiver connections (publish-subscribe)",
                        sent,
                        connections));
    }

    /** The {@code sent} count of a sender's outcome, or −1 when it notified none. */
    private static long sentBy(PeerInfo peer, TestState state) {
        for (Note outcome : state.outcomes()) {
            if (outcome.sender() != null
                    && outcome.sender().id().equals(peer.id())
                    && outcome.payload() instanceof Payload.Notice details) {
                try {
                    return Long.parseLong(details.details().getOrDefault("sent", "-1"));
                } catch (NumberFormatException unreadable) {
                    return -1;
                }
            }
        }
        return -1;
    }
}
