package org.maestro.reporter.compute;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.maestro.common.files.rate.RateLog;
import org.maestro.common.options.OptionCode;
import org.maestro.common.options.ParameterTable;
import org.maestro.common.options.RateProfile;
import org.maestro.common.protocol.Role;
import org.maestro.reporter.RatePhase;
import org.maestro.reporter.TestSummary;
import org.maestro.reporter.read.IterationFiles;
import org.maestro.reporter.read.LatencyLogCursor;
import org.maestro.reporter.read.PeerDirectory;

/**
 * The phases of a test's rate profile as they ran ({@link RatePhase}): each phase's window starts at the start of the
 * measured window (the senders' warm-up end) plus the phases before it. A rate row (covering {@code timestamp −
 * millis} to {@code timestamp}) gives each phase the share of its {@code measured} messages that its time span, cut
 * to start no earlier than the measured window, has in the phase's window; a phase's rate is that sum ÷ its length.
 * Its p99 response time is that of the measured intervals of the receivers' logs whose middle lies in the phase.
 */
public final class RatePhases {
    private static final String PROFILE = OptionCode.RATE_PROFILE.parameter();

    private RatePhases() {}

    /**
     * The phases of an iteration with a rate profile; null without one, when the senders used different profiles, or
     * without a measured window.
     */
    public static List<RatePhase> of(
            IterationFiles files, Map<String, String> parameters, TestSummary.MeasuredWindow window) {
        String text = parameters.get(PROFILE);
        if (text == null || text.contains("|") || window == null) {
            return null;
        }
        RateProfile profile;
        try {
            profile = RateProfile.parse(text);
        } catch (IllegalArgumentException e) {
            files.warn(PROFILE + " of the peers cannot be read: " + e.getMessage());
            return null;
        }
        long connections = senderConnections(files.peers(Role.SENDER));
        Collection<List<RateLog.Row>> senders = files.ratesOf(Role.SENDER).values();
        Collection<List<RateLog.Row>> receivers = files.ratesOf(Role.RECEIVER).values();
        List<Histogram> latencies = latencies(files, profile, window.startMillis());
        List<RatePhase> phases = new ArrayList<>();
        for (RateProfile.Phase phase : profile.phases()) {
            long start = window.startMillis() + phase.offsetMillis();
            long end = start + phase.millis();
            Histogram latency = latencies.get(phase.number() - 1);
            phases.add(new RatePhase(
                    phase.number(),
                    phase.text(),
                    phase.fromRate(),
                    phase.toRate(),
                    phase.meanRate() * connections,
                    start,
                    end,
                    within(senders, window.startMillis(), start, end) * 1000.0 / phase.millis(),
                    within(receivers, window.startMillis(), start, end) * 1000.0 / phase.millis(),
                    latency.getTotalCount() > 0 ? latency.getValueAtPercentile(99.0) : null));
        }
        return phases;
    }

    /**
     * The measured messages of the rows that fall within {@code [start, end)}, each row's spread evenly over its span
     * from no earlier than {@code measuredStart}.
     */
    static double within(Collection<List<RateLog.Row>> peers, long measuredStart, long start, long end) {
        double sum = 0;
        for (List<RateLog.Row> rows : peers) {
            for (RateLog.Row row : rows) {
                long from = Math.max(row.timestamp() - row.millis(), measuredStart);
                long to = row.timestamp();
                if (to <= from || row.measured() == 0) {
                    continue;
                }
                long overlap = Math.min(to, end) - Math.max(from, start);
                if (overlap > 0) {
                    sum += (double) row.measured() * overlap / (to - from);
                }
            }
        }
        return sum;
    }

    /** The senders' connections: the PARALLEL_COUNT each recorded (its default when it recorded none). */
    private static long connectionsOf(PeerDirectory sender) {
        String count = ParameterTable.complete(sender.testProperties()).get(OptionCode.PARALLEL_COUNT.parameter());
        try {
            return Long.parseLong(count.trim());
        } catch (RuntimeException e) {
            return 1;
        }
    }

    private static long senderConnections(List<PeerDirectory> senders) {
        return senders.stream().mapToLong(RatePhases::connectionsOf).sum();
    }

    /** Per phase, the measured response-time intervals of every receiver whose middle lies in it. */
    private static List<Histogram> latencies(IterationFiles files, RateProfile profile, long profileStart) {
        List<Histogram> phases = new ArrayList<>();
        profile.phases().forEach(phase -> phases.add(new Histogram(3)));
        for (PeerDirectory peer : files.peers()) {
            for (Path log : peer.file(PeerDirectory.RESPONSE_TIME).stream().toList()) {
                try (LatencyLogCursor cursor = LatencyLogCursor.open(log)) {
                    for (LatencyLogCursor.Interval i = cursor.next(); i != null; i = cursor.next()) {
                        int phase = phaseAt(profile, (i.startMillis() + i.endMillis()) / 2 - profileStart);
                        if (!i.warmup() && phase >= 0) {
                            phases.get(phase).add(i.histogram());
                        }
                    }
                } catch (IOException | RuntimeException e) {
                    // the whole-test latency names the log that cannot be read; here it only leaves its values out
                }
            }
        }
        return phases;
    }

    /** The 0-based phase at {@code offset} ms from the profile's start, −1 outside the profile. */
    private static int phaseAt(RateProfile profile, long offset) {
        List<RateProfile.Phase> phases = profile.phases();
        for (int i = 0; i < phases.size(); i++) {
            if (offset >= phases.get(i).offsetMillis() && offset < phases.get(i).endMillis()) {
                return i;
            }
        }
        return -1;
    }
}
