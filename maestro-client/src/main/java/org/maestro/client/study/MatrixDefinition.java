package org.maestro.client.study;

import groovy.lang.Closure;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.maestro.common.options.OptionCode;

/**
 * What a script writes in {@code maestro.matrix { … }}: the study's name, its dimensions (a test parameter with
 * several values, or a name of the script's own), the repeats and the test closure run for each cell.
 *
 * <pre>{@code
 * maestro.matrix {
 *     name "size-and-rate"
 *     messageSize 256, 1024
 *     rate 100, 1000
 *     dimension "mode", "durable", "plain"      // read by the test closure as cell.mode
 *     repeat 3
 *     test { cell -> duration "10s"; warmUp "2s" }
 * }
 * }</pre>
 */
public final class MatrixDefinition {
    /** The DSL names of test parameters, as {@code maestro.fixedRate} spells them. */
    private static final Map<String, OptionCode> DSL_NAMES = Map.ofEntries(
            Map.entry("messageSize", OptionCode.MESSAGE_SIZE),
            Map.entry("rate", OptionCode.RATE),
            Map.entry("parallelCount", OptionCode.PARALLEL_COUNT),
            Map.entry("duration", OptionCode.DURATION),
            Map.entry("warmUp", OptionCode.WARM_UP),
            Map.entry("maximumLatency", OptionCode.FCL),
            Map.entry("drainTimeout", OptionCode.DRAIN_TIMEOUT),
            Map.entry("drainQuiet", OptionCode.DRAIN_QUIET),
            Map.entry("resendReleased", OptionCode.RESEND_RELEASED),
            Map.entry("receiveRate", OptionCode.RECEIVE_RATE),
            Map.entry("receiveDelay", OptionCode.RECEIVE_DELAY),
            Map.entry("sut", OptionCode.BROKER),
            Map.entry("sendUrl", OptionCode.SEND_URL),
            Map.entry("receiveUrl", OptionCode.RECEIVE_URL),
            Map.entry("inspectionInterval", OptionCode.INSPECTION_INTERVAL),
            Map.entry("agentSource", OptionCode.EXT_POINT_SOURCE),
            Map.entry("agentBranch", OptionCode.EXT_POINT_BRANCH));
    /** Parameters the client sets for every run. */
    private static final Set<OptionCode> NOT_DIMENSIONS =
            Set.of(OptionCode.TEST_NAME, OptionCode.TEST_ITERATION, OptionCode.RUN_ID);
    /** Names the test closure's cell answers itself. */
    private static final Set<String> RESERVED = Set.of("index", "repeat", "values");

    /**
     * One dimension as written.
     *
     * @param name      as written
     * @param parameter the test parameter it sets, null for one of the script's own
     * @param values    its values, in order
     */
    public record Dimension(String name, OptionCode parameter, List<Object> values) {}

    private String name = "study";
    private final Map<String, Dimension> dimensions = new LinkedHashMap<>();
    private final List<String> problems = new ArrayList<>();
    private Integer repeats;
    private boolean allowLarge;
    private List<String> heatMap = List.of();
    private Closure<?> test;
    private String spread;

    /** The study's name: the test every run is an iteration of ({@code results/<name>/}). */
    public void name(String studyName) {
        this.name = studyName;
    }

    /** Message sizes, e.g. {@code messageSize 256, 1024}. */
    public void messageSize(Object... values) {
        dimension("messageSize", values);
    }

    /** Rates per connection, e.g. {@code rate 100, 1000, 5000}. */
    public void rate(Object... values) {
        dimension("rate", values);
    }

    /** Connections per sender and receiver, e.g. {@code parallelCount 1, 2}. */
    public void parallelCount(Object... values) {
        dimension("parallelCount", values);
    }

    /** Durations, e.g. {@code duration "10s", "30s"}. */
    public void duration(Object... values) {
        dimension("duration", values);
    }

    /** Warm-ups, e.g. {@code warmUp "0", "5s"}. */
    public void warmUp(Object... values) {
        dimension("warmUp", values);
    }

    /** Fail-condition latencies in ms. */
    public void maximumLatency(Object... values) {
        dimension("maximumLatency", values);
    }

    /**
     * A dimension by name: a test parameter ({@code "DRAIN_TIMEOUT"}, or its DSL name such as {@code "drainTimeout"})
     * sets that parameter; any other name is the script's own, for the test closure to read as {@code cell.<name>}.
     * Values may also be given as one list or range: {@code dimension "rate", (1..5).collect { it * 100 }}.
     */
    public void dimension(String dimensionName, Object... values) {
        List<Object> flat = new ArrayList<>();
        for (Object value : values) {
            if (value instanceof Collection<?> collection) {
                flat.addAll(collection);
            } else if (value instanceof Object[] array) {
                flat.addAll(List.of(array));
            } else {
                flat.add(value);
            }
        }
        if (dimensions.containsKey(dimensionName)) {
            problems.add("dimension " + dimensionName + " is given twice; give all its values at once: " + dimensionName
                    + " 1, 2, 3");
            return;
        }
        if (RESERVED.contains(dimensionName)) {
            problems.add("'" + dimensionName + "' cannot name a dimension (the cell answers it itself); choose another"
                    + " name");
            return;
        }
        OptionCode parameter = parameterOf(dimensionName).orElse(null);
        if (parameter != null && NOT_DIMENSIONS.contains(parameter)) {
            problems.add(parameter.parameter() + " cannot be a dimension: the client sets it for every run");
            return;
        }
        if (flat.isEmpty()) {
            problems.add("dimension " + dimensionName + " is empty; give it at least one value, e.g. " + dimensionName
                    + " 1, 2");
        }
        dimensions.put(dimensionName, new Dimension(dimensionName, parameter, List.copyOf(flat)));
    }

    /** How many times each cell runs (at least 1; default 1). */
    public void repeat(int times) {
        this.repeats = times;
    }

    /** Allows a study of more than {@link StudyPlan#RUN_LIMIT} runs (like {@code maestro-cli run --yes}). */
    public void allowLarge(boolean allow) {
        this.allowLarge = allow;
    }

    /** The two dimensions the report's lost-percent heat map spans (default: the first two). */
    public void heatMap(String x, String y) {
        this.heatMap = List.of(x, y);
    }

    /**
     * The statistic whose spread over the repeats the report's box plot shows: throughput (default), p50Ms, p99Ms,
     * maxMs, lost or lostPercent.
     */
    public void spread(String statistic) {
        if (!org.maestro.reporter.study.CellResult.STATISTICS.contains(statistic)) {
            problems.add("spread '" + statistic + "' is no statistic of a study; use one of "
                    + String.join(", ", org.maestro.reporter.study.CellResult.STATISTICS));
            return;
        }
        this.spread = statistic;
    }

    /**
     * The closure run for each cell and repeat, with the cell as its argument and the test's definition as its
     * delegate (the settings of {@code maestro.fixedRate}); the cell's parameter values are set after it.
     */
    public void test(Closure<?> perCell) {
        this.test = perCell;
    }

    static Optional<OptionCode> parameterOf(String dimensionName) {
        OptionCode byDsl = DSL_NAMES.get(dimensionName);
        if (byDsl != null) {
            return Optional.of(byDsl);
        }
        if (dimensionName.equals(dimensionName.toUpperCase(Locale.ROOT))) {
            return OptionCode.ofParameter(dimensionName);
        }
        return Optional.empty();
    }

    String studyName() {
        return name;
    }

    List<Dimension> dimensions() {
        return List.copyOf(dimensions.values());
    }

    List<String> problems() {
        return List.copyOf(problems);
    }

    Integer repeats() {
        return repeats;
    }

    boolean allowsLarge() {
        return allowLarge;
    }

    List<String> heatMapDimensions() {
        return heatMap;
    }

    String spreadStatistic() {
        return spread;
    }

    Closure<?> testClosure() {
        return test;
    }
}
