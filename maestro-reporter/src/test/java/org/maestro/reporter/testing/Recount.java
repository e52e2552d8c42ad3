package org.maestro.reporter.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URLDecoder;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;
import org.HdrHistogram.HistogramLogReader;
import org.roaringbitmap.RoaringBitmap;

/**
 * Every number of one test iteration recomputed from the peers' raw files alone (test.properties, rate.csv,
 * peer-result.json, the HDR logs read with HdrHistogram's {@link HistogramLogReader}, roster.json), by the formulas
 * of docs/measurement.md and docs/reporting.md, without the reporter's code.
 *
 * <pre>{@code
 * Recount.Numbers numbers = Recount.of(Path.of("results/fixed-rate/0"));
 * numbers.latency().get("responseTime").p99();
 * }</pre>
 */
public final class Recount {

    /** The latency logs and the name summary.json gives each. */
    public static final Map<String, String> LATENCY_LOGS = Map.of(
            "responseTime", "response-time.hlog", "serviceTime", "service-time.hlog", "sendDelay", "send-delay.hlog");

    private static final ObjectMapper JSON = new ObjectMapper();

    /**
     * Count, mean, and the percentiles (p50 … p99.99) and max of the summed measured intervals by the names
     * summary.json gives them ({@link #PERCENTILES}, then {@code max}), in µs.
     */
    public record Latency(long count, double mean, Map<String, Long> values) {

        /** The percentiles summary.json gives, by its names, lowest first. */
        static final List<Map.Entry<String, Double>> PERCENTILES = List.of(
                Map.entry("p50", 50.0),
                Map.entry("p90", 90.0),
                Map.entry("p95", 95.0),
                Map.entry("p99", 99.0),
                Map.entry("p99_9", 99.9),
                Map.entry("p99_99", 99.99));

        static Latency of(Histogram h) {
            Map<String, Long> values = new LinkedHashMap<>();
            PERCENTILES.forEach(p -> values.put(p.getKey(), h.getValueAtPercentile(p.getValue())));
            values.put("max", h.getMaxValue());
            return new Latency(h.getTotalCount(), h.getMean(), Collections.unmodifiableMap(values));
        }

        /** The value of this name: p50, p90, p95, p99, p99_9, p99_99 or max. */
        public long value(String name) {
            return values.get(name);
        }
    }

    /** Inter-arrival jitter: |J| (late and early values together) and each side's count and maximum, µs. */
    public record Jitter(Latency magnitude, long lateCount, long lateMax, long earlyCount, long earlyMax) {}

    /**
     * A role's (or one peer's) rate: measured messages ÷ measured window, max and min of the per-second totals
     * wholly inside the window, the seconds that counted measured messages, the measured and the warm-up messages;
     * for receivers only what arrived by the window's end counts.
     */
    public record Rate(double mean, long max, long min, int seconds, long total, long millis, long warmup) {
        static final Rate EMPTY = new Rate(0, 0, 0, 0, 0, 0, 0);
    }

    /** The receivers' measured messages received after the window, the last in a row ending {@code millis} after it. */
    public record Drain(long messages, long millis) {}

    /** Messages sent, received, lost, refused, vanished, duplicated and out of order; null counts are unknown. */
    public record Counts(
            Long sent, long received, Long lost, Long refused, Long vanished, long duplicates, long outOfOrder) {}

    /** One stream (sender connection) at one address. */
    public record StreamCount(String address, String sender, int connection, Counts counts) {}

    /** One peer of the peer table; {@code count} null when nothing of it arrived. */
    public record PeerCount(String name, String role, Long count, long errors, Rate rate, boolean present) {}

    /**
     * Everything the report shows of an iteration, recomputed.
     *
     * @param outcomes accepted, released, rejected, modified, failed; null when no sender counted outcomes
     * @param windowStart the measured window's start (epoch ms), 0 without a window (no sender recorded one)
     * @param drained what the receivers received after the window; null without a window
     */
    public record Numbers(
            Long sent,
            long received,
            Long lost,
            Long refused,
            Long vanished,
            long duplicates,
            long outOfOrder,
            long errors,
            long[] outcomes,
            Rate senderRate,
            Rate receiverRate,
            Drain drained,
            long windowStart,
            long windowEnd,
            Map<String, Latency> latency,
            Jitter jitter,
            List<StreamCount> streams,
            List<PeerCount> peers) {

        /** The counts of all messages, as those of a stream. */
        public Counts messages() {
            return new Counts(sent, received, lost, refused, vanished, duplicates, outOfOrder);
        }

        /** The headline throughput: the receivers' rate, the senders' when no receiver counted measured messages. */
        public double throughput() {
            boolean counted = receiverRate.seconds() > 0 || drained != null && drained.messages() > 0;
            return counted ? receiverRate.mean() : senderRate.mean();
        }

        /** Lost as a percentage of sent, null when unknown. */
        public Double lostPercent() {
            return lost == null || sent == null ? null : sent == 0 ? 0.0 : lost * 100.0 / sent;
        }
    }

    /** One peer directory, read plainly. */
    private record PeerFiles(Path dir, String name, String role, Properties props, JsonNode result, List<long[]> rows) {

        long millis(String key) {
            String value = props.getProperty(key);
            try {
                return value == null ? 0 : Long.parseLong(value.trim());
            } catch (NumberFormatException e) {
                return 0;
            }
        }

        boolean loads() {
            return "sender".equals(role) || "receiver".equals(role);
        }
    }

    /**
     * The rate.csv columns a rate row array holds, in its order (the warm-up flag as 1/0); the indexes below are their
     * places in it.
     */
    private static final List<String> ROW_COLUMNS =
            List.of("timestamp", "count", "measured", "errors", "warmup", "millis");

    private static final int TS = ROW_COLUMNS.indexOf("timestamp");
    private static final int COUNT = ROW_COLUMNS.indexOf("count");
    private static final int MEASURED = ROW_COLUMNS.indexOf("measured");
    private static final int ERRORS = ROW_COLUMNS.indexOf("errors");
    private static final int WARMUP = ROW_COLUMNS.indexOf("warmup");
    private static final int MILLIS = ROW_COLUMNS.indexOf("millis");

    private Recount() {}

    /** Recomputes the numbers of {@code <results>/<test>/<iteration>/}. */
    public static Numbers of(Path iterationDir) throws IOException {
        List<PeerFiles> peers = new ArrayList<>();
        try (Stream<Path> children = Files.list(iterationDir)) {
            for (Path dir : children.filter(Files::isDirectory)
                    .filter(d -> !d.getFileName().toString().startsWith("."))
                    .sorted()
                    .toList()) {
                peers.add(readPeer(dir));
            }
        }
        JsonNode roster = readJson(iterationDir.resolve("roster.json"));
        Set<String> dirNames = new LinkedHashSet<>();
        peers.forEach(p -> dirNames.add(p.dir().getFileName().toString()));
        List<JsonNode> absent = new ArrayList<>();
        if (roster != null) {
            roster.path("peers").forEach(entry -> {
                if (!dirNames.contains(entry.path("name").asText())) {
                    absent.add(entry);
                }
            });
        }

        // Message accounting, per stream and address, across the receivers of an address.
        boolean senderMissing = false;
        List<String> missingReceiverAddresses = new ArrayList<>();
        for (PeerFiles p : peers) {
            if (p.loads() && p.result() == null) {
                senderMissing |= "sender".equals(p.role());
                if ("receiver".equals(p.role())) {
                    missingReceiverAddresses.add(address(p, roster));
                }
            }
        }
        for (JsonNode entry : absent) {
            String role = entry.path("role").asText();
            senderMissing |= "sender".equals(role);
            if ("receiver".equals(role)) {
                missingReceiverAddresses.add(entry.path("address").asText(""));
            }
        }
        boolean anyMissing = senderMissing || !missingReceiverAddresses.isEmpty();

        long sent = 0;
        long errors = 0;
        long[] outcomes = null;
        Map<String, Long> sentPerStream = new LinkedHashMap<>();
        Map<String, RoaringBitmap> refusedPerStream = new LinkedHashMap<>();
        Map<String, String> streamAddress = new LinkedHashMap<>();
        Map<String, List<PeerFiles>> receiversByAddress = new TreeMap<>();
        for (PeerFiles p : peers) {
            if (p.result() == null) {
                if (p.loads() && p.rows() != null) {
                    for (long[] row : p.rows()) {
                        errors += row[ERRORS];
                    }
                }
                continue;
            }
            if ("sender".equals(p.role())) {
                sent += p.result().path("count").asLong();
                errors += p.result().path("errors").asLong();
                long[] own = outcomes(p.result().get("outcomes"));
                if (own == null) {
                    for (JsonNode stream : p.result().path("streams")) {
                        own = add(own, outcomes(stream.get("outcomes")));
                    }
                }
                outcomes = add(outcomes, own);
                for (JsonNode stream : p.result().path("streams")) {
                    String sender = stream.path("sender").asText("");
                    if (sender.isBlank()) {
                        sender = p.result().path("peer").asText(p.name());
                    }
                    String key = sender + "#" + stream.path("connection").asInt();
                    sentPerStream.merge(key, stream.path("count").asLong(), Long::sum);
                    streamAddress.put(key, address(p, roster));
                    refusedPerStream
                            .computeIfAbsent(key, k -> new RoaringBitmap())
                            .or(bitmap(stream.path("refusedSequences").asText("")));
                }
            } else if ("receiver".equals(p.role())) {
                errors += p.result().path("errors").asLong();
                receiversByAddress
                        .computeIfAbsent(address(p, roster), a -> new ArrayList<>())
                        .add(p);
            }
        }
        long received = 0;
        long lost = 0;
        long refused = 0;
        long duplicates = 0;
        long outOfOrder = 0;
        List<StreamCount> streams = new ArrayList<>();
        Set<String> accounted = new LinkedHashSet<>();
        int groups = receiversByAddress.size();
        for (Map.Entry<String, List<PeerFiles>> group : receiversByAddress.entrySet()) {
            String address = group.getKey();
            boolean known = !senderMissing
                    && missingReceiverAddresses.stream()
                            .noneMatch(a -> a.isEmpty() || a.equals(address) || groups == 1);
            Map<String, RoaringBitmap> union = new LinkedHashMap<>();
            Map<String, long[]> sums = new LinkedHashMap<>();
            streamAddress.forEach((key, to) -> {
                if (to.equals(address) || groups == 1) {
                    union.put(key, new RoaringBitmap());
                    sums.put(key, new long[3]);
                }
            });
            for (PeerFiles receiver : group.getValue()) {
                duplicates += receiver.result().path("duplicates").asLong();
                outOfOrder += receiver.result().path("outOfOrder").asLong();
                for (JsonNode stream : receiver.result().path("streams")) {
                    String key = stream.path("sender").asText() + "#"
                            + stream.path("connection").asInt();
                    RoaringBitmap sequences = bitmap(stream.path("sequences").asText(""));
                    union.computeIfAbsent(key, k -> new RoaringBitmap()).or(sequences);
                    long[] s = sums.computeIfAbsent(key, k -> new long[3]);
                    s[0] += sequences.getLongCardinality();
                    s[1] += stream.path("duplicates").asLong();
                    s[2] += stream.path("outOfOrder").asLong();
                }
            }
            for (Map.Entry<String, RoaringBitmap> entry : union.entrySet()) {
                String key = entry.getKey();
                RoaringBitmap all = entry.getValue();
                long distinct = all.getLongCardinality();
                long[] s = sums.get(key);
                Long streamSent = sentPerStream.get(key);
                Long streamLost = null;
                Long streamRefused = null;
                if (streamSent != null) {
                    accounted.add(key);
                }
                if (streamSent != null && known) {
                    long end = Math.min(streamSent, 1L << 32);
                    streamLost = streamSent - all.rangeCardinality(0, end);
                    RoaringBitmap refusals = refusedPerStream.getOrDefault(key, new RoaringBitmap());
                    streamRefused = RoaringBitmap.andNot(refusals, all).rangeCardinality(0, end);
                    lost += streamLost;
                    refused += streamRefused;
                }
                received += distinct;
                duplicates += s[0] - distinct;
                int hash = key.lastIndexOf('#');
                streams.add(new StreamCount(
                        address,
                        key.substring(0, hash),
                        Integer.parseInt(key.substring(hash + 1)),
                        new Counts(
                                streamSent,
                                distinct,
                                streamLost,
                                streamRefused,
                                streamLost == null ? null : streamLost - streamRefused,
                                s[0] - distinct + s[1],
                                s[2])));
            }
        }
        boolean lostKnown = !anyMissing && groups > 0 && accounted.containsAll(sentPerStream.keySet());
        if (groups == 0 && sentPerStream.isEmpty() && !anyMissing) {
            lostKnown = true;
        }

        // Rates over the measured window.
        long windowStart = Long.MAX_VALUE;
        long windowEnd = 0;
        for (PeerFiles p : peers) {
            long[] own = ownWindow(p);
            if (own != null) {
                windowStart = Math.min(windowStart, own[0]);
                windowEnd = Math.max(windowEnd, own[1]);
            }
        }
        long[] window = windowEnd > windowStart ? new long[] {windowStart, windowEnd} : null;
        List<List<long[]>> senderRows = new ArrayList<>();
        List<List<long[]>> receiverRows = new ArrayList<>();
        for (PeerFiles p : peers) {
            if (p.rows() != null && "sender".equals(p.role())) {
                senderRows.add(p.rows());
            } else if (p.rows() != null && "receiver".equals(p.role())) {
                receiverRows.add(p.rows());
            }
        }
        Rate senderRate = rate(senderRows, window);
        Rate receiverRate = receivedRate(receiverRows, window);

        List<PeerCount> peerCounts = new ArrayList<>();
        for (PeerFiles p : peers) {
            long[] own = "sender".equals(p.role()) ? ownWindow(p) : window;
            Rate rate = p.rows() == null
                    ? Rate.EMPTY
                    : "receiver".equals(p.role()) ? receivedRate(List.of(p.rows()), own) : rate(List.of(p.rows()), own);
            Long count;
            long peerErrors;
            if (p.result() != null) {
                count = p.result().path("count").asLong();
                peerErrors = p.result().path("errors").asLong();
            } else {
                count = p.rows() == null
                        ? null
                        : p.rows().stream().mapToLong(r -> r[COUNT]).sum();
                peerErrors = p.rows() == null
                        ? 0
                        : p.rows().stream().mapToLong(r -> r[ERRORS]).sum();
            }
            peerCounts.add(new PeerCount(p.name(), p.role(), count, peerErrors, rate, true));
        }
        for (JsonNode entry : absent) {
            peerCounts.add(new PeerCount(
                    entry.path("name").asText(), entry.path("role").asText(), null, 0, Rate.EMPTY, false));
        }

        // Latency and jitter: the measured intervals of every log of that name, summed.
        Map<String, Latency> latency = new LinkedHashMap<>();
        for (Map.Entry<String, String> log : LATENCY_LOGS.entrySet()) {
            List<Path> files = logs(peers, log.getValue());
            Histogram sum = measured(files);
            if (!files.isEmpty() && sum.getTotalCount() > 0) {
                latency.put(log.getKey(), Latency.of(sum));
            }
        }
        Jitter jitter = null;
        List<Path> lateLogs = logs(peers, "jitter-late.hlog");
        List<Path> earlyLogs = logs(peers, "jitter-early.hlog");
        if (!lateLogs.isEmpty() || !earlyLogs.isEmpty()) {
            Histogram late = measured(lateLogs);
            Histogram early = measured(earlyLogs);
            Histogram magnitude = new Histogram(3);
            magnitude.add(late);
            magnitude.add(early);
            if (magnitude.getTotalCount() > 0) {
                jitter = new Jitter(
                        Latency.of(magnitude),
                        late.getTotalCount(),
                        late.getTotalCount() == 0 ? 0 : late.getMaxValue(),
                        early.getTotalCount(),
                        early.getTotalCount() == 0 ? 0 : early.getMaxValue());
            }
        }

        return new Numbers(
                senderMissing ? null : sent,
                received,
                lostKnown ? lost : null,
                lostKnown ? refused : null,
                lostKnown ? lost - refused : null,
                duplicates,
                outOfOrder,
                errors,
                outcomes,
                senderRate,
                receiverRate,
                drained(receiverRows, window),
                window == null ? 0 : window[0],
                window == null ? 0 : window[1],
                latency,
                jitter,
                streams,
                peerCounts);
    }

    /**
     * A sender's own measured window {start, end}: its {@code warmup.end} to its {@code measured.end}; null for
     * other roles and senders that recorded none.
     */
    private static long[] ownWindow(PeerFiles p) {
        if (!"sender".equals(p.role())) {
            return null;
        }
        long start = p.millis("warmup.end");
        long end = p.millis("measured.end");
        return start > 0 && end > start ? new long[] {start, end} : null;
    }

    /**
     * The rate of some peers' rows: rows are added per second (the second the timestamp rounds to); with a window,
     * mean = all measured messages × 1000 / window ms, max and min over the seconds wholly inside it; without one
     * (no sender recorded one), the mean of the measured seconds from the first to the last in which measured messages
     * moved.
     */
    static Rate rate(List<List<long[]>> peers, long[] window) {
        TreeMap<Long, long[]> seconds = new TreeMap<>();
        for (List<long[]> rows : peers) {
            for (long[] row : rows) {
                long[] s = seconds.computeIfAbsent(Math.round(row[TS] / 1000.0), k -> new long[3]);
                s[0] += row[COUNT];
                s[1] += row[MEASURED];
                s[2] += row[WARMUP] == 0 ? 1 : 0;
            }
        }
        long warmup = seconds.values().stream().mapToLong(s -> s[0] - s[1]).sum();
        if (window != null) {
            long millis = window[1] - window[0];
            long total = 0;
            int counted = 0;
            long max = Long.MIN_VALUE;
            long min = Long.MAX_VALUE;
            for (Map.Entry<Long, long[]> second : seconds.entrySet()) {
                long measured = second.getValue()[1];
                total += measured;
                counted += measured > 0 ? 1 : 0;
                long end = second.getKey() * 1000;
                if (end - 1000 >= window[0] && end <= window[1]) {
                    max = Math.max(max, measured);
                    min = Math.min(min, measured);
                }
            }
            if (total == 0) {
                return new Rate(0, 0, 0, 0, 0, millis, warmup);
            }
            if (max == Long.MIN_VALUE) {
                max = seconds.values().stream().mapToLong(s -> s[1]).max().orElse(0);
                min = seconds.values().stream()
                        .mapToLong(s -> s[1])
                        .filter(m -> m > 0)
                        .min()
                        .orElse(0);
            }
            return new Rate(total * 1000.0 / millis, max, min, counted, total, millis, warmup);
        }
        List<long[]> ordered = new ArrayList<>(seconds.values());
        int first = -1;
        int last = -1;
        for (int i = 0; i < ordered.size(); i++) {
            if (ordered.get(i)[2] > 0 && ordered.get(i)[1] > 0) {
                first = first < 0 ? i : first;
                last = i;
            }
        }
        if (first < 0) {
            return Rate.EMPTY;
        }
        long total = 0;
        long max = Long.MIN_VALUE;
        long min = Long.MAX_VALUE;
        int counted = 0;
        for (long[] s : ordered.subList(first, last + 1)) {
            if (s[2] == 0) {
                continue;
            }
            counted++;
            total += s[1];
            max = Math.max(max, s[1]);
            min = Math.min(min, s[1]);
        }
        return new Rate((double) total / counted, max, min, counted, total, 0, warmup);
    }

    /**
     * The receivers' rate (docs/measurement.md): only the measured messages received by the window's end count
     * ({@link #inWindow}), warm-up messages are those of every row. Without a window, {@link #rate} of all rows.
     */
    static Rate receivedRate(List<List<long[]>> receivers, long[] window) {
        if (window == null) {
            return rate(receivers, null);
        }
        List<long[]> kept = new ArrayList<>();
        long warmup = 0;
        for (List<long[]> rows : receivers) {
            for (int i = 0; i < rows.size(); i++) {
                long[] row = rows.get(i);
                warmup += row[COUNT] - row[MEASURED];
                if (row[TS] - row[MILLIS] < window[1]) {
                    long in = inWindow(rows, i, window[1]);
                    kept.add(new long[] {row[TS], in, in, row[ERRORS], row[WARMUP], row[MILLIS]});
                }
            }
        }
        Rate within = rate(List.of(kept), window);
        return new Rate(
                within.mean(), within.max(), within.min(), within.seconds(), within.total(), within.millis(), warmup);
    }

    /**
     * The receivers' drain: their measured messages not received by the window's end ({@link #inWindow}), and from
     * the end to the latest end of a row with such a message; null without a window.
     */
    static Drain drained(List<List<long[]>> receivers, long[] window) {
        if (window == null) {
            return null;
        }
        long messages = 0;
        long last = window[1];
        for (List<long[]> rows : receivers) {
            for (int i = 0; i < rows.size(); i++) {
                long after = rows.get(i)[MEASURED] - inWindow(rows, i, window[1]);
                if (after > 0) {
                    messages += after;
                    last = Math.max(last, rows.get(i)[TS]);
                }
            }
        }
        return new Drain(messages, last - window[1]);
    }

    /**
     * The measured messages of a receiver's row {@code i} received by {@code end}: all of a row ending by then, none
     * of a row beginning at or after it; of a row across it, round(count of the row before × (end − row start) ÷ that
     * row's ms), the row's own count and ms for a first row, at most the row's measured messages.
     */
    private static long inWindow(List<long[]> rows, int i, long end) {
        long[] row = rows.get(i);
        long begin = row[TS] - row[MILLIS];
        if (row[TS] <= end) {
            return row[MEASURED];
        }
        if (begin >= end) {
            return 0;
        }
        long[] pace = i > 0 && rows.get(i - 1)[MILLIS] > 0 ? rows.get(i - 1) : row;
        return Math.min(row[MEASURED], Math.round(pace[COUNT] * (double) (end - begin) / pace[MILLIS]));
    }

    private static PeerFiles readPeer(Path dir) throws IOException {
        Properties props = new Properties();
        Path propsFile = dir.resolve("test.properties");
        if (Files.isRegularFile(propsFile)) {
            try (Reader reader = Files.newBufferedReader(propsFile, StandardCharsets.UTF_8)) {
                props.load(reader);
            }
        }
        JsonNode result = readJson(dir.resolve("peer-result.json"));
        String name = props.getProperty("peer.name");
        if (name == null && result != null) {
            name = result.path("peer").asText(null);
        }
        if (name == null || name.isBlank()) {
            name = dir.getFileName().toString();
        }
        String role = props.getProperty(
                        "peer.role", result == null ? "" : result.path("role").asText(""))
                .trim()
                .toLowerCase(Locale.ROOT);
        if (!Set.of("sender", "receiver", "inspector", "agent").contains(role)) {
            String lower = name.toLowerCase(Locale.ROOT);
            role = Stream.of("sender", "receiver", "inspector", "agent")
                    .filter(lower::startsWith)
                    .findFirst()
                    .orElse(
                            find(dir, "send-delay.hlog") != null
                                    ? "sender"
                                    : find(dir, "response-time.hlog") != null ? "receiver" : "other");
        }
        Path rate = find(dir, "rate.csv");
        return new PeerFiles(dir, name, role, props, result, rate == null ? null : readableRows(rate));
    }

    /** The rows of a rate.csv, or null when it is not one (the report then leaves it out with a warning). */
    private static List<long[]> readableRows(Path file) throws IOException {
        try {
            return rateRows(file);
        } catch (RuntimeException e) {
            return null;
        }
    }

    /**
     * rate.csv rows (format v3, the only one read) as {timestamp, count, measured, errors, warm-up, millis}; throws on
     * a file of another format.
     */
    static List<long[]> rateRows(Path file) throws IOException {
        List<String> all;
        try (InputStream in = open(file)) {
            all = new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList();
        }
        if (all.isEmpty() || !all.get(0).trim().equals("# maestro-rate v3")) {
            throw new IllegalArgumentException(file + " is not a v3 rate file");
        }
        List<String> lines =
                all.stream().filter(l -> !l.isBlank() && !l.startsWith("#")).toList();
        List<long[]> rows = new ArrayList<>();
        if (lines.isEmpty()) {
            return rows;
        }
        List<String> header = List.of(lines.get(0).trim().split(","));
        int[] column = ROW_COLUMNS.stream().mapToInt(header::indexOf).toArray();
        if (Arrays.stream(column).anyMatch(c -> c < 0)) {
            throw new IllegalArgumentException(file + " lacks a column of format v3: " + header);
        }
        for (String line : lines.subList(1, lines.size())) {
            String[] cells = line.split(",", -1);
            long[] row = new long[column.length];
            for (int i = 0; i < column.length; i++) {
                String cell = cells[column[i]].trim();
                row[i] = i == WARMUP
                        ? (Boolean.parseBoolean(cell) ? 1 : 0)
                        : i == ERRORS && cell.isEmpty() ? 0 : Long.parseLong(cell);
            }
            rows.add(row);
        }
        return rows;
    }

    /**
     * An interval as results-format.md defines it at 3 significant digits: a coarser one (a peer writes a widely
     * spread second at 2 or 1 digits) with each value at the top of its bucket, which HdrHistogram's own {@code add}
     * across precisions does not do (it takes the bottom).
     */
    public static Histogram roundedUp(Histogram interval) {
        if (interval.getNumberOfSignificantValueDigits() >= 3) {
            return interval;
        }
        Histogram full = new Histogram(3);
        for (HistogramIterationValue v : interval.recordedValues()) {
            full.recordValueWithCount(
                    interval.highestEquivalentValue(v.getValueIteratedTo()), v.getCountAtValueIteratedTo());
        }
        return full;
    }

    /**
     * The measured values of the logs, read with HdrHistogram's reader: of each log its last interval tagged
     * {@code total} when it has one (results-format.md), else the sum of its untagged (measured) intervals.
     */
    public static Histogram measured(List<Path> logs) throws IOException {
        Histogram sum = new Histogram(3);
        for (Path log : logs) {
            Histogram intervals = new Histogram(3);
            Histogram total = null;
            try (InputStream in = open(log)) {
                HistogramLogReader reader = new HistogramLogReader(in);
                EncodableHistogram next;
                while ((next = reader.nextIntervalHistogram()) != null) {
                    if ("total".equals(next.getTag())) {
                        total = (Histogram) next;
                    } else if (next.getTag() == null) {
                        intervals.add(roundedUp((Histogram) next));
                    }
                }
            }
            sum.add(total != null ? total : intervals);
        }
        return sum;
    }

    private static List<Path> logs(List<PeerFiles> peers, String name) {
        List<Path> files = new ArrayList<>();
        for (PeerFiles p : peers) {
            Path file = find(p.dir(), name);
            if (file != null) {
                files.add(file);
            }
        }
        return files;
    }

    private static Path find(Path dir, String name) {
        Path plain = dir.resolve(name);
        if (Files.isRegularFile(plain)) {
            return plain;
        }
        Path gz = dir.resolve(name + ".gz");
        return Files.isRegularFile(gz) ? gz : null;
    }

    private static InputStream open(Path file) throws IOException {
        InputStream in = Files.newInputStream(file);
        return file.getFileName().toString().endsWith(".gz") ? new GZIPInputStream(in) : in;
    }

    private static JsonNode readJson(Path file) throws IOException {
        return Files.isRegularFile(file) ? JSON.readTree(file.toFile()) : null;
    }

    /** The path of a peer's URL without the leading slash, else its roster address, else "". */
    private static String address(PeerFiles p, JsonNode roster) {
        String url = "sender".equals(p.role())
                ? p.props().getProperty("SEND_URL", p.props().getProperty("SEND_RECEIVE_URL"))
                : p.props().getProperty("RECEIVE_URL", p.props().getProperty("SEND_RECEIVE_URL"));
        if (url != null && !url.isBlank()) {
            try {
                URI uri = new URI(url.trim());
                if ("rabbitmq".equals(uri.getScheme())) {
                    // docs/results-format.md: a RabbitMQ URL's address is its queue, else its exchange
                    String named = parameter(uri, "queue");
                    return named != null ? named : Objects.toString(parameter(uri, "exchange"), "");
                }
                String path = uri.getPath();
                if (path == null || path.isEmpty()) {
                    return url.trim();
                }
                return path.startsWith("/") ? path.substring(1) : path;
            } catch (URISyntaxException e) {
                return url.trim();
            }
        }
        if (roster != null) {
            for (JsonNode entry : roster.path("peers")) {
                if (entry.path("name").asText().equals(p.dir().getFileName().toString())) {
                    return entry.path("address").asText("");
                }
            }
        }
        return "";
    }

    /** A query parameter of a URL, decoded, or null when absent. */
    private static String parameter(URI uri, String name) {
        String query = uri.getRawQuery();
        if (query == null) {
            return null;
        }
        for (String pair : query.split("&")) {
            int eq = pair.indexOf('=');
            if (eq > 0 && pair.substring(0, eq).equals(name)) {
                return URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8);
            }
        }
        return null;
    }

    private static RoaringBitmap bitmap(String base64) {
        RoaringBitmap bitmap = new RoaringBitmap();
        if (!base64.isBlank()) {
            try {
                bitmap.deserialize(ByteBuffer.wrap(Base64.getDecoder().decode(base64.trim())));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return bitmap;
    }

    private static long[] outcomes(JsonNode node) {
        if (node == null || node.isNull()) {
            return null;
        }
        return new long[] {
            node.path("accepted").asLong(),
            node.path("released").asLong(),
            node.path("rejected").asLong(),
            node.path("modified").asLong(),
            node.path("failed").asLong()
        };
    }

    private static long[] add(long[] sum, long[] more) {
        if (more == null) {
            return sum;
        }
        if (sum == null) {
            return more.clone();
        }
        for (int i = 0; i < sum.length; i++) {
            sum[i] += more[i];
        }
        return sum;
    }
}
