package org.maestro.client.api;

import org.maestro.client.topology.ScriptTopologies;
import groovy.lang.Closure;
import groovy.lang.DelegatesTo;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;
import org.maestro.client.topology.ScriptTopologies;

/**
 * What a test script calls: the {@code maestro} variable. Runs tests and keeps their results and the overall
 * verdict. In embedded mode it also knows the embedded SUT's URLs.
 *
 * <pre>{@code
 * def result = maestro.fixedRate {
 *     rate 1000; parallelCount 5; duration "2m"; maximumLatency 500
 * }
 * println result
 * }</pre>
 */
public class Maestro {
    private final TestRunner runner;
    private final UnaryOperator<String> environment;
    private final TestDefinition defaults;
    private final String embeddedSutBase;
    private final List<TestResult> results = new ArrayList<>();
    private Boolean verdict;
    private ScriptTopologies topologies;
    private String verdictReason = "";

    /**
     * @param embeddedSutBase the embedded SUT's URL without address (e.g. {@code amqp://127.0.0.1:40123}), or null
     * @param defaults        the settings every test starts from (e.g. the embedded SUT and inspector)
     */
    public Maestro(TestRunner runner, UnaryOperator<String> environment, TestDefinition defaults, String embeddedSutBase) {
        this.runner = runner;
        this.environment = environment;
        this.defaults = defaults;
        this.embeddedSutBase = embeddedSutBase;
    }

    /** Runs a fixed-rate test defined by the closure (rate, connections, size, duration…). */
    public TestResult fixedRate(@DelegatesTo(value = TestDefinition.class, strategy = Closure.DELEGATE_FIRST)
                                Closure<?> definition) {
        return test(definition);
    }

    /** Runs a fixed-rate test defined by a Java consumer. */
    public TestResult fixedRate(Consumer<TestDefinition> definition) {
        return test(definition);
    }

    /** Runs a test defined by the closure, starting from the defaults. */
    public TestResult test(@DelegatesTo(value = TestDefinition.class, strategy = Closure.DELEGATE_FIRST)
                           Closure<?> definition) {
        return test(d -> configure(d, definition));
    }

    /** Runs a test defined by a Java consumer, starting from the defaults. */
    public TestResult test(Consumer<TestDefinition> definition) {
        TestDefinition test = defaults.copy();
        definition.accept(test);
        TestResult result = runner.run(test);
        results.add(result);
        return result;
    }

    /** Changes the defaults of the tests that follow. */
    public void defaults(@DelegatesTo(value = TestDefinition.class, strategy = Closure.DELEGATE_FIRST)
                         Closure<?> settings) {
        configure(defaults, settings);
    }

    /** The results of the tests run so far, in order. */
    public List<TestResult> getResults() {
        return List.copyOf(results);
    }

    /**
     * Sets the verdict of the whole script, for scripts whose steps are expected to fail (an incremental search
     * fails by design at its top rate). Without it, the script passes when every test passed.
     */
    public void verdict(boolean passed, String reason) {
        this.verdict = passed;
        this.verdictReason = reason == null ? "" : reason;
    }

    /** True when the script passed: its own verdict, else every test passed. */
    public boolean passed() {
        return verdict != null ? verdict : results.stream().allMatch(TestResult::passed);
    }

    /** Why the script failed, or an empty text. */
    public String verdictReason() {
        if (verdict != null) {
            return verdictReason;
        }
        return results.stream().filter(r -> !r.passed()).map(TestResult::toString).reduce((a, b) -> a + "; " + b)
                .orElse("");
    }

    /** True when the script runs against the embedded SUT. */
    public boolean isEmbedded() {
        return embeddedSutBase != null;
    }

    /** The embedded SUT's URL for an address, e.g. {@code amqp://127.0.0.1:40123/test.queue}; fails when distributed. */
    public String sutUrl(String address) {
        if (embeddedSutBase == null) {
            throw MaestroException.usage("sutUrl() needs the embedded SUT; in distributed mode give the URL with sut "
                    + "\"amqp://host:5672/" + address + "\" or SEND_RECEIVE_URL");
        }
        return embeddedSutBase + "/" + address;
    }

    /**
     * A topology, to name its nodes as URLs:
     * {@code sendUrl maestro.topology("topologies/line-3-routers.yaml").clientUrl("router1", "closest/test")}. Given a
     * topology description, it starts it on this machine (brokers in this JVM, {@code qdrouterd} from the PATH or
     * {@code QDROUTERD}), offers its routers to the local agent ({@code restart router2 2 --kill}) and stops it when
     * the script ends; given the state file of {@code maestro-cli topology up} or the variables file of
     * {@code topology generate}, it only reads the URLs.
     */
    public org.maestro.topology.Topology topology(String file) {
        java.nio.file.Path path = java.nio.file.Path.of(file);
        try {
            if (topologies != null && java.nio.file.Files.isRegularFile(path) && ScriptTopologies.isDescription(path)) {
                return topologies.start(path);
            }
            return org.maestro.topology.Topology.load(path);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw MaestroException.infrastructure("interrupted while starting the topology " + file);
        } catch (org.maestro.topology.InfrastructureException e) {
            throw MaestroException.infrastructure("cannot start the topology " + file + ": " + e.getMessage());
        } catch (java.io.IOException | RuntimeException e) {
            throw MaestroException.usage("cannot read the topology " + file + ": " + e.getMessage());
        }
    }

    /** Lets {@link #topology(String)} start described topologies on this machine. */
    public void startTopologiesWith(ScriptTopologies topologies) {
        this.topologies = topologies;
    }

    /** An environment variable, or a default when it is not set. */
    public String env(String name, String fallback) {
        return Optional.ofNullable(environment.apply(name)).filter(v -> !v.isBlank()).orElse(fallback);
    }

    /** An integer environment variable, or a default; a value that is not an integer is a usage error. */
    public int env(String name, int fallback) {
        String value = environment.apply(name);
        if (value == null || value.isBlank()) {
            return fallback;
        }
        try {
            return Integer.parseInt(value.trim());
        } catch (NumberFormatException e) {
            throw MaestroException.usage(name + "=" + value + " is not an integer");
        }
    }

    private static void configure(TestDefinition target, Closure<?> closure) {
        Closure<?> copy = (Closure<?>) closure.clone();
        copy.setResolveStrategy(Closure.DELEGATE_FIRST);
        copy.setDelegate(target);
        copy.call(target);
    }
}
