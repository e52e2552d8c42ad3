package org.maestro.client.api;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.TreeSet;
import org.maestro.common.options.Durations;
import org.maestro.common.options.OptionCode;
import org.maestro.common.options.ReceivePauses;
import org.maestro.common.options.TestOptions;
import org.maestro.driver.Drivers;

/**
 * The backlog a test plans with RECEIVE_DELAY, RECEIVE_PAUSE and RECEIVE_RATE, worked out before the load from the
 * senders' fixed rate: how large it grows, how long after the senders stop the receivers need to consume it, and
 * until when the receivers consume nothing on purpose. A plan whose drain would outlast DRAIN_TIMEOUT is refused
 * before the load, naming both values. Nothing is planned when the senders' rate is unbounded (RATE 0): the
 * backlog then depends on the system under test.
 *
 * <pre>{@code
 * BacklogPlan plan = BacklogPlan.of(options, senders, receivers);
 * plan.refusal(options).ifPresent(message -> { throw MaestroException.usage(message); });
 * }</pre>
 *
 * @param sendRate     the senders' messages per second together (0: unbounded, not planned)
 * @param consumeRate  messages per second the receivers consume at most, in the same units as {@code sendRate}
 *                     (every receiver connection's copy counted once on a publish-subscribe address); infinite when
 *                     RECEIVE_RATE is 0
 * @param sendSeconds  how long the senders send: warm-up plus duration, from the load start
 * @param holds        the periods, in seconds from the load start, during which the receivers consume nothing
 * @param peak         the largest backlog planned, in messages
 * @param drainSeconds how long after the senders stop the receivers need to consume what is left
 */
record BacklogPlan(
        double sendRate,
        double consumeRate,
        double sendSeconds,
        List<double[]> holds,
        double peak,
        double drainSeconds) {

    /** No backlog planned. */
    static final BacklogPlan NONE = new BacklogPlan(0, Double.POSITIVE_INFINITY, 0, List.of(), 0, 0);

    /** The share of DRAIN_TIMEOUT a planned drain may take: the rest is room for a receiver slower than its cap. */
    static final double DRAIN_SHARE = 0.8;

    /**
     * The plan of a test with {@code senders} sender peers and {@code receivers} receiver peers, each with
     * PARALLEL_COUNT connections.
     */
    static BacklogPlan of(TestOptions options, int senders, int receivers) {
        List<double[]> holds = holds(options);
        Duration held = heldUntil(options);
        if (options.receiveRate() == 0 && held.isZero()) {
            return NONE;
        }
        double perConnection = options.rate();
        double sendSeconds = seconds(options.warmUp())
                + (options.duration().isTimed()
                        ? seconds(options.duration().time())
                        : perConnection > 0 ? options.duration().messageCount() / perConnection : 0);
        double sendRate = perConnection * options.parallelCount() * senders;
        int receiverConnections = options.parallelCount() * receivers;
        double consumeRate = options.receiveRate() == 0
                ? Double.POSITIVE_INFINITY
                : fansOut(options, receiverConnections)
                        ? options.receiveRate()
                        : (double) options.receiveRate() * receiverConnections;
        if (sendRate <= 0 || receiverConnections == 0) {
            return new BacklogPlan(0, consumeRate, sendSeconds, holds, 0, 0);
        }
        return simulate(sendRate, consumeRate, sendSeconds, holds);
    }

    /** Until when, from the load start, the receivers consume nothing on purpose (zero when never). */
    static Duration heldUntil(TestOptions options) {
        ReceivePauses pauses = options.receivePauses();
        Duration pauseEnd = pauses.isEmpty() ? Duration.ZERO : options.warmUp().plus(pauses.lastEnd());
        return max(options.receiveDelay(), pauseEnd);
    }

    private static List<double[]> holds(TestOptions options) {
        List<double[]> holds = new ArrayList<>();
        if (!options.receiveDelay().isZero()) {
            holds.add(new double[] {0, seconds(options.receiveDelay())});
        }
        double measuredStart = seconds(options.warmUp());
        for (ReceivePauses.Pause pause : options.receivePauses().pauses()) {
            holds.add(new double[] {measuredStart + seconds(pause.at()), measuredStart + seconds(pause.end())});
        }
        return holds;
    }

    /**
     * Follows the backlog through the periods where the send and consume rates are constant: it grows by the send
     * rate while the receivers are held, and by the difference of the rates otherwise, never below zero.
     */
    static BacklogPlan simulate(double sendRate, double consumeRate, double sendSeconds, List<double[]> holds) {
        TreeSet<Double> edges = new TreeSet<>();
        edges.add(0.0);
        edges.add(sendSeconds);
        holds.forEach(hold -> {
            edges.add(hold[0]);
            edges.add(hold[1]);
        });
        double backlog = 0;
        double peak = 0;
        double time = 0;
        double emptyAt = 0; // when the backlog last became empty
        for (double edge : edges) {
            double span = edge - time;
            if (span > 0) {
                double in = time < sendSeconds ? sendRate : 0;
                double out = held(holds, time) ? 0 : consumeRate;
                double next = out == Double.POSITIVE_INFINITY ? 0 : backlog + (in - out) * span;
                if (next > 0) {
                    emptyAt = edge;
                } else if (backlog > 0) {
                    emptyAt = out == Double.POSITIVE_INFINITY ? time : time + backlog / (out - in);
                }
                backlog = Math.max(0, next);
                peak = Math.max(peak, backlog);
            }
            time = edge;
        }
        if (backlog > 0) {
            emptyAt = time + backlog / consumeRate;
        }
        double drain = Math.max(0, emptyAt - sendSeconds);
        return new BacklogPlan(sendRate, consumeRate, sendSeconds, holds, peak, drain);
    }

    private static boolean held(List<double[]> holds, double time) {
        for (double[] hold : holds) {
            if (time >= hold[0] && time < hold[1]) {
                return true;
            }
        }
        return false;
    }

    /**
     * Why the test cannot run as set, or empty when it can: the planned drain takes more than {@link #DRAIN_SHARE}
     * of DRAIN_TIMEOUT.
     */
    Optional<String> refusal(TestOptions options) {
        Duration timeout = options.drainTimeout();
        if (drainSeconds <= seconds(timeout) * DRAIN_SHARE) {
            return Optional.empty();
        }
        long needed = (long) Math.ceil(drainSeconds / DRAIN_SHARE);
        return Optional.of(String.format(
                Locale.ROOT,
                "DRAIN_TIMEOUT=%s is too short for the planned backlog: %s leave up to %,.0f messages that the "
                        + "receivers need %.1f s to consume after the senders stop, and the drain may take at most "
                        + "%.0f%% of DRAIN_TIMEOUT; set DRAIN_TIMEOUT to at least %s (e.g. DRAIN_TIMEOUT=%s), or "
                        + "raise RECEIVE_RATE or shorten RECEIVE_DELAY/RECEIVE_PAUSE",
                options.get(OptionCode.DRAIN_TIMEOUT).orElse(Durations.format(timeout)),
                causes(options),
                peak,
                drainSeconds,
                DRAIN_SHARE * 100,
                Durations.format(Duration.ofSeconds(needed)),
                Durations.format(Duration.ofSeconds(needed))));
    }

    /** The planned figures in one line, for the progress output; empty when nothing is planned. */
    Optional<String> describe() {
        if (peak <= 0 && drainSeconds <= 0) {
            return Optional.empty();
        }
        return Optional.of(String.format(
                Locale.ROOT,
                "backlog planned: up to %,.0f messages; the receivers need %.1f s after the senders stop to "
                        + "consume it",
                peak,
                drainSeconds));
    }

    private static String causes(TestOptions options) {
        List<String> causes = new ArrayList<>();
        causes.add("RATE=" + options.rate() + " × PARALLEL_COUNT=" + options.parallelCount());
        options.get(OptionCode.RECEIVE_RATE).ifPresent(v -> causes.add("RECEIVE_RATE=" + v));
        options.get(OptionCode.RECEIVE_DELAY).ifPresent(v -> causes.add("RECEIVE_DELAY=" + v));
        options.get(OptionCode.RECEIVE_PAUSE).ifPresent(v -> causes.add("RECEIVE_PAUSE=" + v));
        return String.join(", ", causes);
    }

    private static boolean fansOut(TestOptions options, int receiverConnections) {
        String url = options.receiveUrl().orElse(null);
        if (url == null || receiverConnections < 2) {
            return false;
        }
        try {
            return Drivers.forUrl(url).deliversToEveryReceiver(url);
        } catch (RuntimeException | org.maestro.driver.DriverException unknown) {
            return false;
        }
    }

    private static double seconds(Duration duration) {
        return duration.toNanos() / 1e9;
    }

    private static Duration max(Duration a, Duration b) {
        return a.compareTo(b) >= 0 ? a : b;
    }
}
