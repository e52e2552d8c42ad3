package org.maestro.client.api.search;

import groovy.lang.Closure;
import groovy.lang.DelegatesTo;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;
import org.maestro.client.api.MaestroException;
import org.maestro.client.api.TestDefinition;

/**
 * What a script writes in {@code maestro.findMaxRate { … }}: the search's rates, connections, stop conditions and
 * step conditions, and the test every step runs. Like a test parameter, each setting is overridden by the
 * environment variable of its name (INITIAL_RATE, CEILING_RATE, …), which wins over the script.
 *
 * <pre>{@code
 * def answer = maestro.findMaxRate {
 *     name "orders-max"; initialRate 2000; ceilingRate 100000; resolution 5
 *     maxParallelCount 5; stepDuration "20s"
 *     test { sut "amqp://sut:5672/orders"; messageSize 1024 }
 * }
 * }</pre>
 */
public final class SearchSettings {
    /** The environment variables a search reads, beside those of the tests it runs. */
    public static final List<String> ENVIRONMENT = List.of(
            "INITIAL_RATE",
            "CEILING_RATE",
            "RATE_GROWTH",
            "RESOLUTION",
            "MAX_STEPS",
            "INITIAL_PARALLEL_COUNT",
            "PARALLEL_COUNT_STEP",
            "MAX_PARALLEL_COUNT",
            "STEP_DURATION",
            "STEP_WARM_UP",
            "STEP_RETRIES",
            "ACHIEVED_PERCENT");

    private String name = "max-rate";
    private boolean fair;
    private int initialRate = 1000;
    private int ceilingRate = 1_000_000;
    private double rateGrowth = 2;
    private double resolution = 5;
    private int maxSteps = 20;
    private int initialParallelCount = 1;
    private int parallelCountStep = 1;
    private Integer maxParallelCount;
    private String stepDuration = "10s";
    private String stepWarmUp = "3s";
    private int stepRetries = 1;
    private double achievedPercent = 95;
    private final List<Consumer<TestDefinition>> test = new ArrayList<>();

    /** The settings of a closure, then the environment's. */
    public static SearchSettings of(Closure<?> closure, UnaryOperator<String> environment) {
        SearchSettings settings = new SearchSettings();
        configure(settings, closure);
        return settings.overriddenBy(environment);
    }

    // ---- the DSL ----

    /** The test whose iterations the steps are [max-rate]. */
    public SearchSettings name(String name) {
        this.name = name;
        return this;
    }

    /** Rates are totals per sender peer, split evenly over the connections, instead of per connection [false]. */
    public SearchSettings fair(boolean fair) {
        this.fair = fair;
        return this;
    }

    /** The rate of the first step, msg/s (INITIAL_RATE) [1000]. */
    public SearchSettings initialRate(int rate) {
        this.initialRate = rate;
        return this;
    }

    /** The highest rate tried (CEILING_RATE) [1000000]. */
    public SearchSettings ceilingRate(int rate) {
        this.ceilingRate = rate;
        return this;
    }

    /** The factor the rate grows by while every step passes (RATE_GROWTH) [2]. */
    public SearchSettings rateGrowth(double factor) {
        this.rateGrowth = factor;
        return this;
    }

    /** Stop once the lowest failing rate is at most this many percent above the highest passing (RESOLUTION) [5]. */
    public SearchSettings resolution(double percent) {
        this.resolution = percent;
        return this;
    }

    /** The most steps, the attempts of a step counting once (MAX_STEPS) [20]. */
    public SearchSettings maxSteps(int steps) {
        this.maxSteps = steps;
        return this;
    }

    /** Connections per sender and receiver peer while the rate is searched (INITIAL_PARALLEL_COUNT) [1]. */
    public SearchSettings initialParallelCount(int connections) {
        this.initialParallelCount = connections;
        return this;
    }

    /** Connections added per step once the rate is found (PARALLEL_COUNT_STEP) [1]. */
    public SearchSettings parallelCountStep(int connections) {
        this.parallelCountStep = connections;
        return this;
    }

    /** The most connections (MAX_PARALLEL_COUNT) [the initial ones: the connections are not searched]. */
    public SearchSettings maxParallelCount(int connections) {
        this.maxParallelCount = connections;
        return this;
    }

    /** The measured time of a step (STEP_DURATION; TEST_DURATION, when set, wins) [10s]. */
    public SearchSettings stepDuration(String duration) {
        this.stepDuration = duration;
        return this;
    }

    /** The warm-up of a step, twice as long until a step passed (STEP_WARM_UP; WARM_UP, when set, wins) [3s]. */
    public SearchSettings stepWarmUp(String duration) {
        this.stepWarmUp = duration;
        return this;
    }

    /** Runs more of a failing step before it counts as failed (STEP_RETRIES) [1]. */
    public SearchSettings stepRetries(int retries) {
        this.stepRetries = retries;
        return this;
    }

    /** The least share of the target rate the receivers must take in, percent (ACHIEVED_PERCENT) [95]. */
    public SearchSettings achievedPercent(double percent) {
        this.achievedPercent = percent;
        return this;
    }

    /** The latency condition of every step: ms of p90 response time (MAXIMUM_LATENCY) [500]. */
    public SearchSettings maximumLatency(long millis) {
        return test(d -> d.maximumLatency(millis));
    }

    /** The message size of every step, {@code "256"} or {@code "~256"} (MESSAGE_SIZE) [256]. */
    public SearchSettings messageSize(Object size) {
        return test(d -> d.messageSize(size));
    }

    /** The SUT URL of every step (SEND_RECEIVE_URL) [the embedded Artemis in embedded mode]. */
    public SearchSettings sut(String url) {
        return test(d -> d.sut(url));
    }

    /** The test every step runs: SUT, message size, latency condition… (its rate and connections are the search's). */
    public SearchSettings test(
            @DelegatesTo(value = TestDefinition.class, strategy = Closure.DELEGATE_FIRST) Closure<?> definition) {
        test.add(d -> configure(d, definition));
        return this;
    }

    /** The test every step runs, from Java. */
    public SearchSettings test(Consumer<TestDefinition> definition) {
        test.add(definition);
        return this;
    }

    // ---- reading it back ----

    public String name() {
        return name;
    }

    public String stepDuration() {
        return stepDuration;
    }

    public String stepWarmUp() {
        return stepWarmUp;
    }

    /** The least share of the target the receivers must take in, 0–1. */
    public double achievedShare() {
        return achievedPercent / 100.0;
    }

    /** Applies the script's test block to a step's definition. */
    public void applyTest(TestDefinition definition) {
        test.forEach(t -> t.accept(definition));
    }

    /**
     * The validated numbers of the search.
     *
     * @throws MaestroException a usage error naming the settings that do not fit together
     */
    public SearchPlan plan() {
        int most = maxParallelCount == null ? initialParallelCount : maxParallelCount;
        if (initialRate < 1
                || ceilingRate < initialRate
                || !(rateGrowth > 1)
                || !(resolution > 0)
                || maxSteps < 1
                || initialParallelCount < 1
                || parallelCountStep < 1
                || most < initialParallelCount
                || stepRetries < 0
                || !(achievedPercent >= 0 && achievedPercent <= 100)) {
            throw MaestroException.usage(String.format(
                    Locale.ROOT,
                    "the search of the highest rate needs "
                            + "1 ≤ INITIAL_RATE ≤ CEILING_RATE, RATE_GROWTH > 1, RESOLUTION > 0, MAX_STEPS ≥ 1, "
                            + "1 ≤ INITIAL_PARALLEL_COUNT ≤ MAX_PARALLEL_COUNT, PARALLEL_COUNT_STEP ≥ 1, STEP_RETRIES ≥ 0 "
                            + "and 0 ≤ ACHIEVED_PERCENT ≤ 100; got INITIAL_RATE=%d CEILING_RATE=%d RATE_GROWTH=%s "
                            + "RESOLUTION=%s MAX_STEPS=%d INITIAL_PARALLEL_COUNT=%d MAX_PARALLEL_COUNT=%d "
                            + "PARALLEL_COUNT_STEP=%d STEP_RETRIES=%d ACHIEVED_PERCENT=%s (from the script's findMaxRate "
                            + "block or the environment)",
                    initialRate,
                    ceilingRate,
                    rateGrowth,
                    resolution,
                    maxSteps,
                    initialParallelCount,
                    most,
                    parallelCountStep,
                    stepRetries,
                    achievedPercent));
        }
        return new SearchPlan(
                fair,
                initialRate,
                ceilingRate,
                rateGrowth,
                resolution,
                maxSteps,
                initialParallelCount,
                parallelCountStep,
                most,
                stepRetries + 1);
    }

    private SearchSettings overriddenBy(UnaryOperator<String> environment) {
        EnvironmentValues values = new EnvironmentValues(environment);
        initialRate = values.integer("INITIAL_RATE", initialRate);
        ceilingRate = values.integer("CEILING_RATE", ceilingRate);
        rateGrowth = values.decimal("RATE_GROWTH", rateGrowth);
        resolution = values.decimal("RESOLUTION", resolution);
        maxSteps = values.integer("MAX_STEPS", maxSteps);
        initialParallelCount = values.integer("INITIAL_PARALLEL_COUNT", initialParallelCount);
        parallelCountStep = values.integer("PARALLEL_COUNT_STEP", parallelCountStep);
        Integer most = values.integer("MAX_PARALLEL_COUNT", maxParallelCount == null ? -1 : maxParallelCount);
        maxParallelCount = most == -1 ? null : most;
        stepDuration = values.text("STEP_DURATION", stepDuration);
        stepWarmUp = values.text("STEP_WARM_UP", stepWarmUp);
        stepRetries = values.integer("STEP_RETRIES", stepRetries);
        achievedPercent = values.decimal("ACHIEVED_PERCENT", achievedPercent);
        return this;
    }

    private static void configure(Object target, Closure<?> closure) {
        Closure<?> copy = (Closure<?>) closure.clone();
        copy.setResolveStrategy(Closure.DELEGATE_FIRST);
        copy.setDelegate(target);
        if (copy.getMaximumNumberOfParameters() == 0) {
            copy.call(); // { -> … }
        } else {
            copy.call(target);
        }
    }

    /** Environment variables read as numbers, a value of a wrong form being a usage error that names it. */
    private record EnvironmentValues(UnaryOperator<String> environment) {

        String text(String name, String fallback) {
            String value = environment.apply(name);
            return value == null || value.isBlank() ? fallback : value.trim();
        }

        int integer(String name, int fallback) {
            String value = text(name, null);
            try {
                return value == null ? fallback : Integer.parseInt(value);
            } catch (NumberFormatException e) {
                throw MaestroException.usage(name + "=" + value + " is not an integer");
            }
        }

        double decimal(String name, double fallback) {
            String value = text(name, null);
            try {
                return value == null ? fallback : Double.parseDouble(value);
            } catch (NumberFormatException e) {
                throw MaestroException.usage(name + "=" + value + " is not a number (e.g. 1.5)");
            }
        }
    }
}
