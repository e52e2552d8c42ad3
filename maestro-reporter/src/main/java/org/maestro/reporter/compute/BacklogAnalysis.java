package org.maestro.reporter.compute;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.maestro.common.files.rate.RateLog;
import org.maestro.common.protocol.Role;
import org.maestro.reporter.BacklogSummary;
import org.maestro.reporter.read.PeerDirectory;

/**
 * The backlog over time of an iteration, per flow (the peers' {@code FLOW} test property; none is the one flow ""):
 * at each whole second, the measured messages the senders had sent by then minus those the receivers had received,
 * both read from their rate.csv rows, each row's messages spread evenly over its interval (so rows written at
 * different instants of a second compare at the same instant). On a publish-subscribe address, where every receiver
 * connection gets every message, the sent count is multiplied by the copies each message made. The figures: the
 * peak and when, then the drain: from the peak to the first second the backlog is down to what is normally in flight
 * ({@link #IN_FLIGHT_SECONDS} of the send rate), its length and the rate it fell at. A backlog whose peak stays below
 * {@link #WORTH_SECONDS} of the send rate is not reported.
 */
public final class BacklogAnalysis {
    /** A peak below this many seconds of the send rate is no backlog worth reporting. */
    public static final double WORTH_SECONDS = 1.0;
    /** The backlog counts as drained once it is down to this many seconds of the send rate (or 1 message). */
    public static final double IN_FLIGHT_SECONDS = 0.1;
    /** The most points of a series; a longer test gets a coarser step. */
    static final int MAX_POINTS = 20_000;

    /**
     * One point of a series.
     *
     * @param timestamp epoch ms
     * @param backlog   messages sent and not yet received then
     */
    public record Point(long timestamp, double backlog) {}

    /**
     * The backlog of one flow.
     *
     * @param flow    the flow's name ("" for a test without flows)
     * @param points  the backlog at each step
     * @param summary its figures; null when not worth reporting
     */
    public record Flow(String flow, List<Point> points, BacklogSummary summary) {}

    /**
     * An iteration's backlog.
     *
     * @param flows   each flow's series, by name
     * @param summary the figures of all flows together (with each flow's when there are several); null when there was
     *                no backlog worth reporting
     */
    public record Result(List<Flow> flows, BacklogSummary summary) {
        /** No backlog. */
        public static final Result NONE = new Result(List.of(), null);
    }

    private BacklogAnalysis() {}

    /** The backlog of an iteration from its peers' rate rows. */
    public static Result of(Map<PeerDirectory, List<RateLog.Row>> rates) {
        Map<String, List<List<RateLog.Row>>> sent = new TreeMap<>();
        Map<String, List<List<RateLog.Row>>> received = new TreeMap<>();
        rates.forEach((peer, rows) -> {
            String flow = peer.testProperties().getOrDefault("FLOW", "").trim();
            if (peer.role() == Role.SENDER) {
                sent.computeIfAbsent(flow, f -> new ArrayList<>()).add(rows);
            } else if (peer.role() == Role.RECEIVER) {
                received.computeIfAbsent(flow, f -> new ArrayList<>()).add(rows);
            }
        });
        List<Flow> flows = new ArrayList<>();
        Map<String, BacklogSummary> byFlow = new LinkedHashMap<>();
        List<List<RateLog.Row>> allSent = new ArrayList<>();
        List<List<RateLog.Row>> allReceived = new ArrayList<>();
        for (Map.Entry<String, List<List<RateLog.Row>>> entry : sent.entrySet()) {
            List<List<RateLog.Row>> receivers = received.getOrDefault(entry.getKey(), List.of());
            if (receivers.isEmpty()) {
                continue;
            }
            Flow flow = flow(entry.getKey(), entry.getValue(), receivers);
            flows.add(flow);
            if (flow.summary() != null) {
                byFlow.put(entry.getKey(), flow.summary());
            }
            allSent.addAll(entry.getValue());
            allReceived.addAll(receivers);
        }
        if (flows.isEmpty()) {
            return Result.NONE;
        }
        if (flows.size() == 1) {
            return new Result(flows, flows.get(0).summary());
        }
        BacklogSummary total = flow("", allSent, allReceived).summary();
        if (total == null && byFlow.isEmpty()) {
            return new Result(flows, null);
        }
        BacklogSummary top = total != null ? total : new BacklogSummary(0, 0, 0, null, 0.0, 0, null);
        return new Result(flows, top.withFlows(byFlow));
    }

    /** The series and figures of one flow's senders and receivers. */
    static Flow flow(String name, List<List<RateLog.Row>> senders, List<List<RateLog.Row>> receivers) {
        Cumulative sentSoFar = new Cumulative(senders);
        Cumulative receivedSoFar = new Cumulative(receivers);
        if (sentSoFar.total() == 0) {
            return new Flow(name, List.of(), null);
        }
        long copies = Math.max(1, Math.round(receivedSoFar.total() / sentSoFar.total()));
        long first = Math.min(sentSoFar.firstMillis(), receivedSoFar.firstMillis());
        long last = Math.max(sentSoFar.lastMillis(), receivedSoFar.lastMillis());
        long start = Math.floorDiv(first, 1000) * 1000;
        long step = Math.max(1000, ((last - start) / MAX_POINTS / 1000 + 1) * 1000);
        List<Point> points = new ArrayList<>();
        for (long t = start; t < last + step; t += step) {
            long at = Math.min(t, last);
            points.add(new Point(at, copies * sentSoFar.at(at) - receivedSoFar.at(at)));
            if (at == last) {
                break;
            }
        }
        double sendRate = sentSoFar.rate() * copies;
        return new Flow(name, points, figures(points, sendRate, sentSoFar.firstMeasuredMillis()));
    }

    /** The peak and the drain of a series, or null when the peak is below one second of the send rate. */
    static BacklogSummary figures(List<Point> points, double sendRate, long measuredStart) {
        int peakIndex = 0;
        for (int i = 1; i < points.size(); i++) {
            if (points.get(i).backlog() > points.get(peakIndex).backlog()) {
                peakIndex = i;
            }
        }
        Point peak = points.get(peakIndex);
        if (peak.backlog() < Math.max(1, sendRate * WORTH_SECONDS)) {
            return null;
        }
        double inFlight = Math.max(1, sendRate * IN_FLIGHT_SECONDS);
        double peakAt = (peak.timestamp() - measuredStart) / 1000.0;
        Point end = points.get(points.size() - 1);
        for (int i = peakIndex + 1; i < points.size(); i++) {
            Point point = points.get(i);
            if (point.backlog() <= inFlight) {
                double seconds = (point.timestamp() - peak.timestamp()) / 1000.0;
                return new BacklogSummary(
                        Math.round(peak.backlog()),
                        peakAt,
                        peak.timestamp(),
                        (peak.backlog() - point.backlog()) / seconds,
                        seconds,
                        0,
                        null);
            }
        }
        double fell = peak.backlog() - end.backlog();
        Double rate = fell > 0 && end.timestamp() > peak.timestamp()
                ? fell * 1000.0 / (end.timestamp() - peak.timestamp())
                : null;
        return new BacklogSummary(
                Math.round(peak.backlog()),
                peakAt,
                peak.timestamp(),
                rate,
                null,
                Math.max(0, Math.round(end.backlog())),
                null);
    }

    /** The measured messages of several peers' rows counted up to any instant, each row spread over its interval. */
    static final class Cumulative {
        private final List<long[]> intervals = new ArrayList<>(); // start, end, measured
        private double total;
        private long first = Long.MAX_VALUE;
        private long last = Long.MIN_VALUE;
        private long firstMeasured = Long.MAX_VALUE;
        private long lastMeasured = Long.MIN_VALUE;
        private long[] ends;
        private double[] prefix;
        private long longest = 1;

        Cumulative(List<List<RateLog.Row>> peers) {
            for (List<RateLog.Row> rows : peers) {
                for (RateLog.Row row : rows) {
                    long end = row.timestamp();
                    long begin = end - Math.max(1, row.millis());
                    intervals.add(new long[] {begin, end, row.measured()});
                    total += row.measured();
                    first = Math.min(first, begin);
                    last = Math.max(last, end);
                    if (row.measured() > 0) {
                        firstMeasured = Math.min(firstMeasured, begin);
                        lastMeasured = Math.max(lastMeasured, end);
                    }
                }
            }
        }

        double total() {
            return total;
        }

        long firstMillis() {
            return first == Long.MAX_VALUE ? Long.MAX_VALUE : first;
        }

        long lastMillis() {
            return last;
        }

        long firstMeasuredMillis() {
            return firstMeasured == Long.MAX_VALUE ? first : firstMeasured;
        }

        /** The mean rate over the time measured messages moved. */
        double rate() {
            return lastMeasured > firstMeasured ? total * 1000.0 / (lastMeasured - firstMeasured) : 0;
        }

        /** The measured messages up to {@code millis}. */
        double at(long millis) {
            if (ends == null) {
                index();
            }
            int done = upTo(millis); // intervals that ended by then count whole
            double sum = done == 0 ? 0 : prefix[done - 1];
            for (int i = done; i < ends.length && ends[i] < millis + longest; i++) {
                long[] interval = intervals.get(i);
                if (interval[0] < millis) {
                    sum += interval[2] * (double) (millis - interval[0]) / (interval[1] - interval[0]);
                }
            }
            return sum;
        }

        private void index() {
            intervals.sort(java.util.Comparator.comparingLong(interval -> interval[1]));
            ends = new long[intervals.size()];
            prefix = new double[intervals.size()];
            double sum = 0;
            for (int i = 0; i < ends.length; i++) {
                long[] interval = intervals.get(i);
                ends[i] = interval[1];
                sum += interval[2];
                prefix[i] = sum;
                longest = Math.max(longest, interval[1] - interval[0]);
            }
        }

        /** How many intervals ended at or before {@code millis}. */
        private int upTo(long millis) {
            int low = 0;
            int high = ends.length;
            while (low < high) {
                int middle = (low + high) >>> 1;
                if (ends[middle] <= millis) {
                    low = middle + 1;
                } else {
                    high = middle;
                }
            }
            return low;
        }
    }
}
