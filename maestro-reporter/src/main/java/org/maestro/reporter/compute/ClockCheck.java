package org.maestro.reporter.compute;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.maestro.common.protocol.Role;
import org.maestro.reporter.ClockEstimate;
import org.maestro.reporter.ClockSummary;
import org.maestro.reporter.LatencyStats;
import org.maestro.reporter.read.ClockReadings;

/**
 * Compares the clocks of a test's senders and receivers, as the runner estimated them, with the measured p50 response
 * time: a response time is the receiver's clock minus the sender's, so it is off by the difference of their clocks.
 * The report warns when that difference, beyond its uncertainty, exceeds {@link #LIMIT_FRACTION} of the p50
 * (docs/measurement.md, "Clocks and hosts").
 */
public final class ClockCheck {

    /**
     * The share of the p50 response time a sender–receiver clock difference may reach unwarned: a tenth, half the
     * 20% latency rise {@code maestro-cli compare} calls a regression, so that a difference of clocks alone can
     * neither make nor hide one.
     */
    public static final double LIMIT_FRACTION = 0.1;

    private ClockCheck() {}

    /**
     * Checks the readings against the measured response time.
     *
     * @param responseTime the response time of the iteration, null when none was measured
     * @return the summary, empty when the readings hold no sender or receiver estimate
     */
    public static Optional<ClockSummary> check(ClockReadings readings, LatencyStats responseTime) {
        List<ClockReadings.Peer> senders = ofRole(readings, Role.SENDER);
        List<ClockReadings.Peer> receivers = ofRole(readings, Role.RECEIVER);
        if (senders.isEmpty() && receivers.isEmpty()) {
            return Optional.empty();
        }
        ClockSummary.Difference largest = null;
        for (ClockReadings.Peer sender : senders) {
            for (ClockReadings.Peer receiver : receivers) {
                for (ClockEstimate sent : sender.estimates()) {
                    for (ClockEstimate received : receiver.estimates()) {
                        if (!sent.phase().equals(received.phase())) {
                            continue;
                        }
                        ClockSummary.Difference difference = new ClockSummary.Difference(
                                sender.name(),
                                receiver.name(),
                                sent.phase(),
                                received.offsetMicros() - sent.offsetMicros(),
                                received.uncertaintyMicros() + sent.uncertaintyMicros());
                        if (largest == null || outweighs(difference, largest)) {
                            largest = difference;
                        }
                    }
                }
            }
        }
        Long limit = responseTime == null ? null : Math.round(responseTime.p50() * LIMIT_FRACTION);
        String warning = largest != null && limit != null && largest.certainMicros() > limit
                ? warning(largest, limit, responseTime.p50())
                : null;
        return Optional.of(new ClockSummary(LIMIT_FRACTION, limit, largest, warning));
    }

    /** True when {@code a} is further beyond its uncertainty than {@code b}, or as far and larger. */
    private static boolean outweighs(ClockSummary.Difference a, ClockSummary.Difference b) {
        if (a.certainMicros() != b.certainMicros()) {
            return a.certainMicros() > b.certainMicros();
        }
        return Math.abs(a.differenceMicros()) > Math.abs(b.differenceMicros());
    }

    private static List<ClockReadings.Peer> ofRole(ClockReadings readings, Role role) {
        return readings.peers().stream()
                .filter(peer ->
                        role == Role.parse(peer.role()) && !peer.estimates().isEmpty())
                .toList();
    }

    private static String warning(ClockSummary.Difference d, long limitMicros, long p50Micros) {
        boolean ahead = d.differenceMicros() > 0;
        return String.format(
                Locale.ROOT,
                "The clocks of receiver %s and sender %s differ by %.3f ms ± %.3f ms (the receiver's clock is %s; estimated %s"
                        + " the load), more than %d%% of the measured p50 response time %.3f ms (%.3f ms): every"
                        + " response time between them reads that much too %s. Synchronise the hosts' clocks (chrony, PTP)"
                        + " or run senders and receivers on one host; the offsets are in clocks.json and on the"
                        + " report page",
                d.receiver(),
                d.sender(),
                Math.abs(d.differenceMicros()) / 1000.0,
                d.uncertaintyMicros() / 1000.0,
                ahead ? "ahead" : "behind",
                d.phase(),
                Math.round(LIMIT_FRACTION * 100),
                p50Micros / 1000.0,
                limitMicros / 1000.0,
                ahead ? "long" : "short (a negative one counts as 0)");
    }
}
