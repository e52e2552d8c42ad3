package org.maestro.reporter.compute;

import java.util.List;
import java.util.Locale;
import java.util.function.ToLongFunction;
import org.maestro.common.files.rate.RateLog;
import org.maestro.common.measure.PeerResult;
import org.maestro.common.protocol.Role;
import org.maestro.reporter.TestSummary;
import org.maestro.reporter.read.IterationFiles;
import org.maestro.reporter.read.PeerDirectory;

/**
 * When a test iteration ran, from its peers' files: its start and end, the end of the warm-up and the measured window
 * the rates divide by. Each comes from the peers' {@code test.properties} first, then their peer-result.json, then
 * their rate rows.
 *
 * @param startMillis epoch ms the test started (the earliest peer), 0 when no file says
 * @param endMillis epoch ms it ended (the latest peer)
 * @param warmupEndMillis epoch ms the warm-up ended (the latest sender), 0 without warm-up
 * @param measured the senders' measured window; null when no sender recorded one (their files did not arrive, or they
 *                 sent no measured message)
 */
public record TestWindow(long startMillis, long endMillis, long warmupEndMillis, TestSummary.MeasuredWindow measured) {

    /** The send delay (µs) of a sender's first measured message above which the report warns of a backlog. */
    public static final long BACKLOG_WARNING_MICROS = 10_000;

    /**
     * Works out the window of an iteration, and warns (in {@code files}) about every sender that entered the measured
     * window behind its timeline.
     */
    public static TestWindow of(IterationFiles files) {
        List<PeerDirectory> peers = files.peers();
        long start = earliest(
                peers,
                p -> p.millisProperty("test.start"),
                p -> p.result().map(PeerResult::startMillis).orElse(0L));
        long end = latest(
                peers,
                p -> p.millisProperty("test.end"),
                p -> p.result().map(PeerResult::endMillis).orElse(0L));
        TestSummary.MeasuredWindow window = measuredWindow(peers);
        long warmupEnd = files.peers(Role.SENDER).stream()
                .mapToLong(p -> p.millisProperty("warmup.end"))
                .max()
                .orElse(0);
        if (warmupEnd == 0) {
            warmupEnd = latest(
                    peers,
                    p -> p.millisProperty("warmup.end"),
                    p -> p.result().map(PeerResult::warmupEndMillis).orElse(0L));
        }
        warnAboutBacklog(files);
        List<RateLog.Row> rows =
                files.rates().values().stream().flatMap(List::stream).toList();
        long firstRow = rows.stream().mapToLong(RateLog.Row::timestamp).min().orElse(0);
        long lastRow = rows.stream().mapToLong(RateLog.Row::timestamp).max().orElse(0);
        if (start == 0 && firstRow > 0) {
            start = firstRow - 1000;
        }
        if (end == 0) {
            end = lastRow;
        }
        if (warmupEnd == 0) {
            warmupEnd = rows.stream()
                    .filter(RateLog.Row::warmup)
                    .mapToLong(RateLog.Row::timestamp)
                    .max()
                    .orElse(0);
        }
        return new TestWindow(start, end, warmupEnd, window);
    }

    /**
     * The measured window of the test: from the earliest end of a sender's warm-up to the latest end of a sender's
     * measured window ({@code measured.end} in its test.properties); null when no sender recorded one.
     */
    public static TestSummary.MeasuredWindow measuredWindow(List<PeerDirectory> peers) {
        long first = Long.MAX_VALUE;
        long last = 0;
        long warmUp = 0;
        for (PeerDirectory peer : peers) {
            TestSummary.MeasuredWindow own = ownWindow(peer);
            if (own != null) {
                first = Math.min(first, own.startMillis());
                last = Math.max(last, own.endMillis());
                warmUp = Math.max(warmUp, own.warmupMillis());
            }
        }
        return last > first ? new TestSummary.MeasuredWindow(first, last, warmUp) : null;
    }

    /** A sender's own measured window, null for another peer or a sender that recorded none. */
    public static TestSummary.MeasuredWindow ownWindow(PeerDirectory peer) {
        if (peer.role() != Role.SENDER) {
            return null;
        }
        long start = peer.millisProperty("test.start");
        long warmupEnd = peer.millisProperty("warmup.end");
        long measuredEnd = peer.millisProperty("measured.end");
        if (warmupEnd <= 0 || measuredEnd <= warmupEnd) {
            return null;
        }
        return new TestSummary.MeasuredWindow(warmupEnd, measuredEnd, start > 0 ? warmupEnd - start : 0);
    }

    /**
     * Warns about every sender that entered the measured window behind its timeline (the send delay of its first
     * measured message, {@code warmup.lag.micros}, above {@value #BACKLOG_WARNING_MICROS} µs).
     */
    private static void warnAboutBacklog(IterationFiles files) {
        for (PeerDirectory peer : files.peers()) {
            long lag = peer.role() == Role.SENDER ? peer.millisProperty("warmup.lag.micros") : 0;
            if (lag > BACKLOG_WARNING_MICROS) {
                long backlog = peer.millisProperty("warmup.backlog");
                files.warn(backlogWarning(peer.name(), lag, backlog));
            }
        }
    }

    /** The warning about a sender that entered the measured window behind its timeline. */
    static String backlogWarning(String sender, long lagMicros, long backlog) {
        return String.format(
                Locale.ROOT,
                "%s entered the measured window %.1f ms behind its timeline "
                        + "(%,d warm-up message(s) still to send): the measured latency includes the load generator's "
                        + "backlog; use a longer WARM_UP, WARM_UP=auto or a lower RATE",
                sender,
                lagMicros / 1000.0,
                backlog);
    }

    @SafeVarargs
    private static long earliest(List<PeerDirectory> peers, ToLongFunction<PeerDirectory>... sources) {
        long best = Long.MAX_VALUE;
        for (PeerDirectory peer : peers) {
            for (ToLongFunction<PeerDirectory> source : sources) {
                long value = source.applyAsLong(peer);
                if (value > 0) {
                    best = Math.min(best, value);
                }
            }
        }
        return best == Long.MAX_VALUE ? 0 : best;
    }

    @SafeVarargs
    private static long latest(List<PeerDirectory> peers, ToLongFunction<PeerDirectory>... sources) {
        long best = 0;
        for (PeerDirectory peer : peers) {
            for (ToLongFunction<PeerDirectory> source : sources) {
                best = Math.max(best, source.applyAsLong(peer));
            }
        }
        return best;
    }
}
