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
 * the measured messages the senders had sent minus those the receivers had received, both read from their rate.csv
 * rows, each row's messages spread evenly over its interval (so rows written at different instants of a second
 * compare at the same instant), at the start and end of every row (where the backlog, linear in between, is largest
 * or smallest). Its resolution is a row: a peak inside a second may read up to one second of the send rate low. On a publish-subscribe address, where every receiver
 * connection gets every message, the sent count is multiplied by the copies each message made. The figures: the
 * peak and when, then the drain: from the peak to the first instant the backlog is down to what is normally in flight
 * ({@link #IN_FLIGHT_SECONDS} of the send rate), and the rate it fell at ({@link #fallRate}). A backlog whose peak stays below
 * {@link #WORTH_SECONDS} of the send rate is not reported.
 */
public final class BacklogAnalysis {
    /** A peak below this many seconds of the send rate is no backlog worth reporting. */
    public static final double WORTH_SECONDS = 1.0;
    /** The backlog counts as drained once it is down to this many seconds of the send rate (or 1 message). */
    public static final double IN_FLIGHT_SECONDS = 0.1;
    /** The drain rate is measured from the backlog's fall below this share of its peak … */
    public static final double FALL_FROM = 0.9;
    /** … to its fall below this share. */
    public static final double FALL_TO = 0.1;
    /** The most points of a chart's series; a longer test keeps the largest of each run of points. */
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
        // both counts are linear between the ends of their rows: the backlog is largest or smallest at one of them
        java.util.TreeSet<Long> instants = new java.util.TreeSet<>();
        sentSoFar.addEdges(instants);
        receivedSoFar.addEdges(instants);
        List<Point> points = new ArrayList<>(instants.size());
        for (long at : instants) {
            points.add(new Point(at, copies * sentSoFar.at(at) - receivedSoFar.at(at)));
        }
        double sendRate = sentSoFar.rate() * copies;
        BacklogSummary figures = figures(points, sendRate, sentSoFar.firstMeasuredMillis());
        return new Flow(name, thin(points), figures);
    }

    /** At most {@link #MAX_POINTS} of the points for a chart, the largest of each run of them kept. */
    static List<Point> thin(List<Point> points) {
        if (points.size() <= MAX_POINTS) {
            return points;
        }
        int every = (points.size() + MAX_POINTS - 1) / MAX_POINTS;
        List<Point> kept = new ArrayList<>(MAX_POINTS + 1);
        for (int i = 0; i < points.size(); i += every) {
            Point largest = points.get(i);
            for (int j = i + 1; j < Math.min(points.size(), i + every); j++) {
                if (points.get(j).backlog() > largest.backlog()) {
                    largest = points.get(j);
                }
            }
            kept.add(largest);
        }
        return kept;
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
        Double drainSeconds = null;
        for (int i = peakIndex + 1; i < points.size() && drainSeconds == null; i++) {
            if (points.get(i).backlog() <= inFlight) {
                drainSeconds = (points.get(i).timestamp() - peak.timestamp()) / 1000.0;
            }
        }
        return new BacklogSummary(
                Math.round(peak.backlog()),
                peakAt,
                peak.timestamp(),
                fallRate(points, peakIndex),
                drainSeconds,
                drainSeconds != null ? 0 : Math.max(0, Math.round(end.backlog())),
                null);
    }

    /**
     * How fast the backlog fell after its peak, from when it was down to {@link #FALL_FROM} of the peak to when it
     * was down to {@link #FALL_TO} of it (or the end, when it never got there), each instant interpolated between
     * points: the rows around the peak and at the very end, which mix draining with pausing or running dry, are left
     * out. Null when it never fell below {@link #FALL_FROM} of the peak.
     */
    static Double fallRate(List<Point> points, int peakIndex) {
        double peak = points.get(peakIndex).backlog();
        double high = peak * FALL_FROM;
        double low = peak * FALL_TO;
        Double highAt = null;
        for (int i = peakIndex + 1; i < points.size(); i++) {
            Point before = points.get(i - 1);
            Point point = points.get(i);
            if (highAt == null && point.backlog() <= high) {
                highAt = crossing(before, point, high);
            }
            if (highAt != null && point.backlog() <= low) {
                double lowAt = crossing(before, point, low);
                return lowAt > highAt ? (high - low) * 1000.0 / (lowAt - highAt) : null;
            }
        }
        Point end = points.get(points.size() - 1);
        if (highAt == null || end.timestamp() <= highAt) {
            return null;
        }
        return (high - end.backlog()) * 1000.0 / (end.timestamp() - highAt);
    }

    /** When the line from {@code a} to {@code b} is at {@code level}, in epoch ms. */
    private static double crossing(Point a, Point b, double level) {
        double fall = a.backlog() - b.backlog();
        if (fall <= 0) {
            return b.timestamp();
        }
        return a.timestamp() + (a.backlog() - level) / fall * (b.timestamp() - a.timestamp());
    }

    /** The measured messages of several peers' rows counted up to any instant, each row spread over its interval. */
    static final class Cumulative {
        private final List<long[]> intervals = new ArrayList<>(); // start, end, measured
        private double total;
        private long first = Long.MAX_VALUE;
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

        /** Adds the start and end of every row to {@code instants}. */
        void addEdges(java.util.Set<Long> instants) {
            for (long[] interval : intervals) {
                instants.add(interval[0]);
                instants.add(interval[1]);
            }
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
