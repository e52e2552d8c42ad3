package org.maestro.reporter.compute;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.TreeMap;
import java.util.function.Predicate;
import java.util.function.ToDoubleFunction;
import org.maestro.common.files.health.HealthLog;
import org.maestro.common.options.HealthLimit;
import org.maestro.common.options.InvalidOptionException;
import org.maestro.common.options.OptionCode;
import org.maestro.common.options.TestOptions;
import org.maestro.common.protocol.Role;
import org.maestro.reporter.GeneratorHealth;
import org.maestro.reporter.LatencyStats;
import org.maestro.reporter.TestSummary;
import org.maestro.reporter.read.IterationFiles;
import org.maestro.reporter.read.PeerDirectory;

/**
 * Judges from the senders' and receivers' {@code health.csv} whether a run was generator-bound ({@link
 * GeneratorHealth}): the seconds of the measured window in which a peer's CPU, hiccups or send delay passed its
 * threshold, against the share of seconds allowed. Each peer is judged by the thresholds and RATE of its own
 * {@code test.properties}. Stateless.
 */
public final class GeneratorJudge {
    private static final String[] FIGURES = {"cpu", "cpu_wait", "gc_pause_ms"};

    /** The least a relative hiccup or send-delay threshold comes to, µs. */
    public static final long TIMER_FLOOR_MICROS = 1_000;

    private GeneratorJudge() {}

    /**
     * The judgement of the peers' health rows ({@link #read}), or empty when no sender or receiver wrote a health file
     * (results of an older release).
     */
    public static Optional<GeneratorHealth> judge(
            IterationFiles files,
            Map<PeerDirectory, List<HealthLog.Row>> health,
            TestSummary.MeasuredWindow window,
            LatencyStats responseTime) {
        List<GeneratorHealth.Peer> judged = new ArrayList<>();
        GeneratorHealth.Limits shown = null;
        for (Map.Entry<PeerDirectory, List<HealthLog.Row>> entry : health.entrySet()) {
            PeerDirectory peer = entry.getKey();
            Limits limits;
            try {
                limits = Limits.of(peer.testProperties());
            } catch (InvalidOptionException e) {
                files.warn("the health of " + peer.name() + " cannot be judged: " + e.getMessage());
                continue;
            }
            if (shown == null) {
                shown = limits.shown();
            }
            judged.add(judgePeer(peer, within(entry.getValue(), window), limits, responseTime));
        }
        if (judged.isEmpty()) {
            return Optional.empty();
        }
        List<String> bound = judged.stream()
                .filter(GeneratorHealth.Peer::bound)
                .map(p -> p.peer() + ": " + String.join("; ", p.reasons()))
                .toList();
        return Optional.of(new GeneratorHealth(
                !bound.isEmpty(), bound.isEmpty() ? null : String.join(" — ", bound), shown, judged));
    }

    /** Every sender's and receiver's health rows, in peer order; a file that cannot be read is a warning. */
    public static Map<PeerDirectory, List<HealthLog.Row>> read(IterationFiles files) {
        Map<PeerDirectory, List<HealthLog.Row>> health = new LinkedHashMap<>();
        for (PeerDirectory peer : files.peers()) {
            if (peer.role() != Role.SENDER && peer.role() != Role.RECEIVER) {
                continue;
            }
            Optional<Path> file = peer.file(HealthLog.FILE_NAME);
            if (file.isEmpty()) {
                continue;
            }
            try {
                health.put(peer, HealthLog.read(file.get()));
            } catch (IOException e) {
                files.warn("the health of " + peer.name() + " cannot be read: " + e.getMessage());
            }
        }
        return health;
    }

    /** The health rows by peer name, for the charts. */
    public static Map<String, List<HealthLog.Row>> byName(Map<PeerDirectory, List<HealthLog.Row>> health) {
        Map<String, List<HealthLog.Row>> named = new LinkedHashMap<>();
        health.forEach((peer, rows) -> named.put(peer.name(), rows));
        return named;
    }

    /** The warning of a generator-bound run, for the report's and the console's warnings. */
    public static String warning(GeneratorHealth health) {
        return "Generator-bound: the load generator itself was saturated, so these figures measure it as much as the"
                + " system under test (" + health.reason() + "); give it more cores or fewer connections per peer, or"
                + " spread the load over more peers";
    }

    /** The rows whose second lies mostly inside the measured window; all of them without one. */
    static List<HealthLog.Row> within(List<HealthLog.Row> rows, TestSummary.MeasuredWindow window) {
        if (window == null || window.millis() <= 0) {
            return rows;
        }
        return rows.stream()
                .filter(r -> {
                    long middle = r.timestamp() - r.millis() / 2;
                    return middle >= window.startMillis() && middle <= window.endMillis();
                })
                .toList();
    }

    private static GeneratorHealth.Peer judgePeer(
            PeerDirectory peer, List<HealthLog.Row> rows, Limits limits, LatencyStats responseTime) {
        Map<String, String> absent = new TreeMap<>();
        for (String figure : FIGURES) {
            String why = peer.testProperties().get(HealthLog.absentProperty(figure));
            if (why != null) {
                absent.put(figure, why);
            }
        }
        List<String> reasons = new ArrayList<>();
        int cores = rows.isEmpty() ? 0 : rows.get(rows.size() - 1).cores();
        double cpuLimit = limits.cpu().value();
        boolean cpuMeasured = rows.stream().anyMatch(r -> r.cpuPercent().isPresent());
        Double cpuShare = cpuMeasured
                ? share(
                        rows,
                        r -> r.cpuPercent().isPresent()
                                && r.cpuPercent().getAsDouble()
                                                + r.cpuWaitPercent().orElse(0)
                                        >= cpuLimit)
                : null;
        if (cpuShare != null && cpuShare > limits.share().value()) {
            reasons.add(String.format(
                    Locale.ROOT,
                    "CPU used + waited for ≥ %s of its %d core%s in %.0f%% of the measured seconds",
                    limits.cpu(),
                    cores,
                    cores == 1 ? "" : "s",
                    cpuShare));
        }
        Double p50 = responseTime == null || responseTime.count() == 0 ? null : (double) responseTime.p50();
        Long hiccupLimit = limits.hiccup().kind() == HealthLimit.Kind.RESPONSE_P50 && p50 == null
                ? null
                : Math.round(relative(limits.hiccup(), limits.hiccup().micros(0, p50 == null ? 0 : p50)));
        Double hiccupShare = hiccupLimit == null ? null : overShare(rows, HealthLog.Row::hiccupP99Micros, hiccupLimit);
        if (hiccupShare != null && hiccupShare > limits.share().value()) {
            reasons.add(String.format(
                    Locale.ROOT,
                    "a 1 ms sleep woke more than %,d µs late (p99 of a second; %s) in %.0f%% of the measured seconds",
                    hiccupLimit,
                    limits.hiccup(),
                    hiccupShare));
        }
        Long sendDelayLimit = null;
        Double sendDelayShare = null;
        if (peer.role() == Role.SENDER) {
            int rate = rateOf(peer.testProperties());
            if (rate > 0 || limits.sendDelay().kind() == HealthLimit.Kind.MICROS) {
                double interval = rate > 0 ? 1_000_000.0 / rate : 0;
                sendDelayLimit = Math.round(
                        relative(limits.sendDelay(), limits.sendDelay().micros(interval, 0)));
                sendDelayShare = overShare(rows, HealthLog.Row::sendDelayP99Micros, sendDelayLimit);
                if (sendDelayShare != null && sendDelayShare > limits.share().value()) {
                    reasons.add(String.format(
                            Locale.ROOT,
                            "send delay p99 beyond %,d µs (%s) in %.0f%% of the measured seconds",
                            sendDelayLimit,
                            limits.sendDelay().kind() == HealthLimit.Kind.PERCENT
                                    ? limits.sendDelay() + " of the send interval"
                                    : "GENERATOR_SEND_DELAY",
                            sendDelayShare));
                }
            }
        }
        return new GeneratorHealth.Peer(
                peer.name(),
                peer.role().label(),
                cores,
                rows.size(),
                !reasons.isEmpty(),
                List.copyOf(reasons),
                mean(rows, r -> r.cpuPercent().orElse(Double.NaN)),
                peak(rows, r -> r.cpuPercent().orElse(Double.NaN)),
                peak(rows, r -> r.cpuWaitPercent().orElse(Double.NaN)),
                cpuShare,
                sum(rows, r -> r.gcPauseMillis().orElse(Double.NaN)),
                peak(rows, r -> r.gcLongestMillis().orElse(Double.NaN)),
                longPeak(
                        rows,
                        r -> r.hiccupP99Micros().isPresent()
                                ? r.hiccupP99Micros().getAsLong()
                                : Double.NaN),
                hiccupLimit,
                hiccupShare,
                longPeak(
                        rows,
                        r -> r.sendDelayP99Micros().isPresent()
                                ? r.sendDelayP99Micros().getAsLong()
                                : Double.NaN),
                sendDelayLimit,
                sendDelayShare,
                absent.isEmpty() ? null : absent);
    }

    private static int rateOf(Map<String, String> properties) {
        try {
            return Integer.parseInt(properties.getOrDefault("RATE", "0").trim());
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    /**
     * A threshold relative to the test (a share of the send interval, the response-time p50) is never below
     * {@link #TIMER_FLOOR_MICROS}: a JVM's timed waits wake a few hundred µs late on an idle machine, which says nothing
     * of saturation. A duration the test gives is taken as it is.
     */
    private static double relative(HealthLimit limit, double micros) {
        return limit.kind() == HealthLimit.Kind.MICROS ? micros : Math.max(TIMER_FLOOR_MICROS, micros);
    }

    /** % of the rows whose figure passed {@code limit}; null when no row has the figure. */
    private static Double overShare(
            List<HealthLog.Row> rows, java.util.function.Function<HealthLog.Row, OptionalLong> figure, long limit) {
        if (rows.stream().noneMatch(r -> figure.apply(r).isPresent())) {
            return null;
        }
        return share(rows, r -> figure.apply(r).isPresent() && figure.apply(r).getAsLong() > limit);
    }

    /** % of the rows that match; 0 without rows. */
    private static double share(List<HealthLog.Row> rows, Predicate<HealthLog.Row> saturated) {
        return rows.isEmpty() ? 0 : 100.0 * rows.stream().filter(saturated).count() / rows.size();
    }

    private static Double mean(List<HealthLog.Row> rows, ToDoubleFunction<HealthLog.Row> figure) {
        return measured(rows, figure).average().stream().boxed().findFirst().orElse(null);
    }

    private static Double peak(List<HealthLog.Row> rows, ToDoubleFunction<HealthLog.Row> figure) {
        return measured(rows, figure).max().stream().boxed().findFirst().orElse(null);
    }

    private static Double sum(List<HealthLog.Row> rows, ToDoubleFunction<HealthLog.Row> figure) {
        return rows.stream().anyMatch(r -> !Double.isNaN(figure.applyAsDouble(r)))
                ? measured(rows, figure).sum()
                : null;
    }

    /** The figure of the rows that have it ({@code NaN}: absent). */
    private static java.util.stream.DoubleStream measured(
            List<HealthLog.Row> rows, ToDoubleFunction<HealthLog.Row> figure) {
        return rows.stream().mapToDouble(figure).filter(v -> !Double.isNaN(v));
    }

    private static Long longPeak(List<HealthLog.Row> rows, ToDoubleFunction<HealthLog.Row> figure) {
        Double peak = peak(rows, figure);
        return peak == null ? null : Math.round(peak);
    }

    /** A peer's thresholds, from its test.properties (the defaults where it has none: results of an older release). */
    record Limits(HealthLimit cpu, HealthLimit share, HealthLimit hiccup, HealthLimit sendDelay) {
        static Limits of(Map<String, String> properties) {
            Map<OptionCode, String> values = new LinkedHashMap<>();
            for (OptionCode option : List.of(
                    OptionCode.GENERATOR_CPU,
                    OptionCode.GENERATOR_SHARE,
                    OptionCode.GENERATOR_HICCUP,
                    OptionCode.GENERATOR_SEND_DELAY)) {
                String value = properties.get(option.parameter());
                values.put(
                        option,
                        value != null
                                ? value
                                : TestOptions.DEFAULTS.valueOrDefault(option).orElseThrow());
            }
            return new Limits(
                    HealthLimit.percent("GENERATOR_CPU", values.get(OptionCode.GENERATOR_CPU)),
                    HealthLimit.percent("GENERATOR_SHARE", values.get(OptionCode.GENERATOR_SHARE)),
                    HealthLimit.hiccup("GENERATOR_HICCUP", values.get(OptionCode.GENERATOR_HICCUP)),
                    HealthLimit.sendDelay("GENERATOR_SEND_DELAY", values.get(OptionCode.GENERATOR_SEND_DELAY)));
        }

        GeneratorHealth.Limits shown() {
            return new GeneratorHealth.Limits(
                    cpu.toString(), share.toString(), hiccup.toString(), sendDelay.toString());
        }
    }
}
