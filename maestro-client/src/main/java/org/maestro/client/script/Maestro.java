package org.maestro.client.script;

import groovy.lang.Closure;
import groovy.lang.DelegatesTo;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;
import org.maestro.client.api.MaestroException;
import org.maestro.client.api.ScriptTests;
import org.maestro.client.api.TestDefinition;
import org.maestro.client.api.TestResult;
import org.maestro.client.api.TestRunner;
import org.maestro.client.api.search.MaxRateSearch;
import org.maestro.client.api.search.SearchAnswer;
import org.maestro.client.api.search.SearchSettings;
import org.maestro.client.study.MatrixDefinition;
import org.maestro.client.study.StudyPlan;
import org.maestro.client.study.StudyResult;
import org.maestro.client.study.StudyRunner;
import org.maestro.common.options.OptionCode;
import org.maestro.common.options.TestOptions;
import org.maestro.reporter.verdict.VerdictRule;

/**
 * What a test script calls: the {@code maestro} variable. Runs tests and keeps their results and the overall
 * verdict. In embedded mode it also knows the URLs of the SUT the launcher offers ({@link LocalSut}), and starts that
 * SUT (and has it inspected) for a test that points at it.
 *
 * <pre>{@code
 * def result = maestro.fixedRate {
 *     rate 1000; parallelCount 5; duration "2m"; maximumLatency 500
 * }
 * if (!result.lostKnown) {
 *     maestro.verdict(false, "loss unknown: ${result.unknownReason}")   // a receiver died or sent no files
 * } else if (result.lost > 0) {
 *     maestro.verdict(false, "${result.lost} messages lost")   // fails this test and the script
 * }
 * }</pre>
 */
public class Maestro implements ScriptTests {
    private final TestRunner runner;
    private final UnaryOperator<String> environment;
    private final TestDefinition defaults;
    private final LocalSut embeddedSut;
    private final List<TestResult> results = new ArrayList<>();
    /** The first test the next whole-script verdict judges: those run since the previous verdict. */
    private int unjudged;

    private Boolean verdict;
    private TopologyStarter topologies;
    private String verdictReason = "";
    private boolean resumeStudies;
    private boolean allowLargeStudies;
    private String resumeCommand = "maestro-cli run <script> --results <results> --resume";
    private Consumer<String> notes = note -> {};
    private int skippedStudyRuns;
    private long skippedStudyFailures;

    /**
     * @param embeddedSut the SUT the launcher offers (embedded mode), started when a test points at it; null in
     *                    distributed mode
     * @param defaults    the settings every test starts from (e.g. the embedded SUT's URL)
     */
    public Maestro(
            TestRunner runner, UnaryOperator<String> environment, TestDefinition defaults, LocalSut embeddedSut) {
        this.runner = runner;
        this.environment = environment;
        this.defaults = defaults;
        this.embeddedSut = embeddedSut;
    }

    /** Runs a fixed-rate test defined by the closure (rate, connections, size, duration…). */
    public TestResult fixedRate(
            @DelegatesTo(value = TestDefinition.class, strategy = Closure.DELEGATE_FIRST) Closure<?> definition) {
        return test(definition);
    }

    /** Runs a fixed-rate test defined by a Java consumer. */
    @Override
    public TestResult fixedRate(Consumer<TestDefinition> definition) {
        return test(definition);
    }

    /**
     * Searches for the highest rate the SUT sustains, each step a fixed-rate test of one named test; returns the
     * answer with every step ({@link MaxRateSearch}).
     */
    public SearchAnswer findMaxRate(
            @DelegatesTo(value = SearchSettings.class, strategy = Closure.DELEGATE_FIRST) Closure<?> search) {
        return MaxRateSearch.run(this, search);
    }

    /** Runs a test defined by the closure, starting from the defaults. */
    public TestResult test(
            @DelegatesTo(value = TestDefinition.class, strategy = Closure.DELEGATE_FIRST) Closure<?> definition) {
        return test(d -> configure(d, definition));
    }

    /** Runs a test defined by a Java consumer, starting from the defaults. */
    public TestResult test(Consumer<TestDefinition> definition) {
        TestDefinition test = defaults.copy();
        definition.accept(test);
        useEmbeddedSutIfNamed(test);
        TestResult result = runner.run(test);
        results.add(result);
        return result;
    }

    /**
     * Runs a study: every cell of a matrix of parameters, each repeated, as iterations of one test, and writes its
     * report ({@code study.html}, {@code study.json}, {@code study-junit.xml} in the test's directory). Rounds: every
     * cell once, in the order of the dimensions (the last varying fastest), then again for each repeat.
     *
     * <pre>{@code
     * maestro.matrix {
     *     name "size-and-rate"
     *     messageSize 256, 1024; rate 100, 1000; parallelCount 1, 2
     *     repeat 3
     *     test { cell -> duration "10s"; warmUp "2s" }
     * }
     * }</pre>
     */
    public StudyResult matrix(
            @DelegatesTo(value = MatrixDefinition.class, strategy = Closure.DELEGATE_FIRST) Closure<?> definition) {
        MatrixDefinition matrix = new MatrixDefinition();
        Closure<?> copy = (Closure<?>) definition.clone();
        copy.setResolveStrategy(Closure.DELEGATE_FIRST);
        copy.setDelegate(matrix);
        copy.call(matrix);
        StudyPlan.of(matrix, environment, allowLargeStudies); // refuses bad input before anything else
        StudyRunner.Settings settings = new StudyRunner.Settings(
                runner.resultsRoot(), resumeStudies, allowLargeStudies, resumeCommand, environment, notes);
        StudyResult study =
                new StudyRunner(settings, this::test, () -> runner.afterChange(runner.resultsRoot())).run(matrix);
        skippedStudyRuns += study.getSkipped();
        skippedStudyFailures += study.getState().runs().subList(0, study.getSkipped()).stream()
                .filter(r -> !r.outcome().equals("success"))
                .count();
        return study;
    }

    /**
     * How studies run in this invocation.
     *
     * @param resume        go on with the studies the results directory holds ({@code --resume})
     * @param allowLarge    allow more than {@link StudyPlan#RUN_LIMIT} runs ({@code --yes})
     * @param resumeCommand the command that resumes this invocation, printed when a study stops early
     * @param notes         where notes for the user go
     */
    public void studySettings(boolean resume, boolean allowLarge, String resumeCommand, Consumer<String> notes) {
        this.resumeStudies = resume;
        this.allowLargeStudies = allowLarge;
        this.resumeCommand = resumeCommand;
        this.notes = notes;
    }

    /** Runs of studies that an earlier invocation finished and this one skipped. */
    public int skippedStudyRuns() {
        return skippedStudyRuns;
    }

    /** Runs of studies that an earlier invocation finished without a pass, and this one skipped. */
    public long skippedStudyFailures() {
        return skippedStudyFailures;
    }

    /** Changes the defaults of the tests that follow. */
    public void defaults(
            @DelegatesTo(value = TestDefinition.class, strategy = Closure.DELEGATE_FIRST) Closure<?> settings) {
        configure(defaults, settings);
    }

    /** The results of the tests run so far, in order. */
    public List<TestResult> getResults() {
        return List.copyOf(results);
    }

    /**
     * Sets the verdict of the whole script (its exit code). A failure also fails the tests run since the previous
     * verdict (every test, for a script that calls it once at the end): their pages, summary.json, junit.xml and the
     * table printed at the end say FAIL with this reason. A success passes the script even when some of its tests
     * failed by design (an incremental search fails at its top rate), but turns no failed test into a pass. Without
     * it, the script passes when every test passed.
     */
    public void verdict(boolean passed, String reason) {
        this.verdict = passed;
        this.verdictReason = reason == null ? "" : reason;
        if (!passed && unjudged < results.size()) {
            judge(new ArrayList<>(results.subList(unjudged, results.size())), false, reason);
        }
        unjudged = results.size();
    }

    /**
     * The script's verdict of one test, recorded with it: a failure fails the test (and so the script, unless a
     * whole-script verdict passes it) with this reason on its page, in summary.json, junit.xml and the final table;
     * a success gives a passed test the script's reason and turns no failed test into a pass.
     *
     * <pre>{@code
     * def r = maestro.fixedRate { … }
     * maestro.verdict(r, r.lostKnown && r.lost == 0, r.lostKnown ? "${r.lost} messages lost" : r.unknownReason)
     * }</pre>
     *
     * @return the test's result with the verdict applied
     */
    @Override
    public TestResult verdict(TestResult test, boolean passed, String reason) {
        int index = test == null ? -1 : indexOfRun(test);
        if (index < 0) {
            throw MaestroException.usage(
                    "maestro.verdict(result, …) was given a result this script did not run: " + test);
        }
        return judge(List.of(results.get(index)), passed, reason).get(0);
    }

    private int indexOfRun(TestResult test) {
        for (int i = 0; i < results.size(); i++) {
            if (results.get(i).directory().equals(test.directory())) {
                return i;
            }
        }
        return -1;
    }

    /** Records the script's verdict with the tests and puts their new results in place of the old. */
    private List<TestResult> judge(List<TestResult> tests, boolean passed, String reason) {
        List<TestResult> judged = runner.recordScriptVerdict(tests, passed, reason);
        for (int i = 0; i < tests.size(); i++) {
            results.set(indexOfRun(tests.get(i)), judged.get(i));
        }
        return judged;
    }

    /** True when the script passed: its own verdict, else every test passed. */
    public boolean passed() {
        return verdict != null ? verdict : results.stream().allMatch(TestResult::passed);
    }

    /**
     * Why the script failed, or an empty text: its own verdict's reason, after the first cause when a test could not
     * run as written (the system under test unreachable, a peer lost), else each failed test and its reason.
     */
    public String verdictReason() {
        if (verdict != null) {
            if (verdict) {
                return verdictReason;
            }
            return results.stream()
                    .filter(r -> !r.passed() && !VerdictRule.failedByScriptAlone(r.reason()))
                    .filter(r -> r.isSutFailure() || !r.isLostKnown())
                    .findFirst()
                    .map(r -> r.name() + "/" + r.iteration() + ": " + VerdictRule.withoutScriptFailure(r.reason())
                            + "; " + verdictReason)
                    .orElse(verdictReason);
        }
        return results.stream()
                .filter(r -> !r.passed())
                .map(r -> r.name() + "/" + r.iteration() + ": " + r.reason())
                .reduce((a, b) -> a + "; " + b)
                .orElse("");
    }

    /**
     * True when the first cause of the script's failure is the system under test or its management interface, so the
     * run exits with the infrastructure code.
     */
    public boolean failedOnSut() {
        return !passed() && results.stream().anyMatch(r -> !r.passed() && r.isSutFailure());
    }

    /** True in embedded mode, where an embedded SUT is offered (it starts when a test points at it). */
    public boolean isEmbedded() {
        return embeddedSut != null;
    }

    /**
     * The embedded SUT's URL for an address, e.g. {@code amqp://127.0.0.1:40123/test.queue}; fails when distributed.
     * The SUT starts when the first test using such a URL starts.
     */
    public String sutUrl(String address) {
        if (embeddedSut == null) {
            throw MaestroException.usage("sutUrl() needs the embedded SUT; in distributed mode give the URL with sut "
                    + "\"amqp://host:5672/" + address + "\" or SEND_RECEIVE_URL");
        }
        return embeddedSut.base() + "/" + address;
    }

    /**
     * The embedded SUT's STOMP URL for a destination, e.g. {@code stomp://127.0.0.1:40124/queue/test} (its acceptor
     * maps {@code /queue/<name>} to an anycast and {@code /topic/<name>} to a multicast address); fails when
     * distributed. The SUT starts when the first test using such a URL starts.
     */
    public String sutStompUrl(String destination) {
        if (embeddedSut == null) {
            throw MaestroException.usage("sutStompUrl() needs the embedded SUT; in distributed mode give the URL with "
                    + "sut \"stomp://host:61613" + destination + "\" or SEND_RECEIVE_URL");
        }
        return embeddedSut.stompBase() + destination;
    }

    /**
     * In embedded mode, starts the embedded SUT for a test whose URLs (from the script or the environment) point at
     * it, and has it inspected unless a management interface is given; a test against another SUT starts nothing.
     */
    private void useEmbeddedSutIfNamed(TestDefinition test) {
        if (embeddedSut == null) {
            return;
        }
        TestOptions options;
        try {
            options = test.resolve(environment);
        } catch (IllegalArgumentException e) {
            return; // the runner reports what is wrong with the test
        }
        boolean named = options.sendUrl().filter(embeddedSut::serves).isPresent()
                || options.receiveUrl().filter(embeddedSut::serves).isPresent()
                || test.flows().stream()
                        .flatMap(flow -> flow.values().values().stream())
                        .anyMatch(embeddedSut::serves);
        if (!named) {
            return;
        }
        try {
            embeddedSut.start();
            if (options.get(OptionCode.MANAGEMENT_INTERFACE).isEmpty()) {
                test.inspector(embeddedSut.inspectorName(), embeddedSut.managementUrl());
            }
        } catch (IllegalStateException e) {
            throw MaestroException.infrastructure(e.getMessage());
        }
    }

    /**
     * A topology, to name its nodes as URLs:
     * {@code sendUrl maestro.topology("topologies/line-3-routers.yaml").clientUrl("router1", "closest/test")}. Given a
     * topology description, it starts it on this machine (brokers in this JVM, {@code qdrouterd} from the PATH or
     * {@code QDROUTERD}), offers its routers to the local agent ({@code restart router2 2 --kill}), has the tests that
     * follow inspect each router (a system named after it) and stops it when the script ends; given the state file of {@code maestro-cli topology up} or the variables file of
     * {@code topology generate}, it only reads the URLs.
     */
    public org.maestro.topology.Topology topology(String file) {
        return topology(java.util.Map.of(), file);
    }

    /**
     * {@link #topology(String)} with options: {@code maestro.topology(file, agentPerRouter: true)} gives each router
     * it starts an agent of its own in embedded mode, named {@code <router>-agent}, so that an action addressed to
     * {@code router2-agent} runs beside router2 only.
     */
    public org.maestro.topology.Topology topology(java.util.Map<String, ?> options, String file) {
        boolean agentPerRouter = TopologyOptions.agentPerRouter(options);
        java.nio.file.Path path = java.nio.file.Path.of(file);
        try {
            if (topologies != null && java.nio.file.Files.isRegularFile(path) && topologies.isDescription(path)) {
                org.maestro.topology.Topology started = topologies.start(path, agentPerRouter);
                inspectRouters(started);
                return started;
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

    /**
     * Has the tests that follow inspect every router of a topology this script started, each system named after its
     * router ({@code router2}), through the router's client listener; a router already inspected by that name is left
     * as it is.
     */
    private void inspectRouters(org.maestro.topology.Topology topology) {
        for (org.maestro.topology.NodeEndpoint node : topology.nodes()) {
            boolean named = defaults.inspected().stream().anyMatch(i -> i.name().equals(node.name()));
            if (node.type() == org.maestro.topology.NodeType.ROUTER && !named) {
                defaults.inspect(java.util.Map.of("kind", "dispatch"), node.name(), node.url());
            }
        }
    }

    /** Lets {@link #topology(String)} start described topologies on this machine. */
    public void startTopologiesWith(TopologyStarter topologies) {
        this.topologies = topologies;
    }

    /** An environment variable, or a default when it is not set. */
    @Override
    public String env(String name, String fallback) {
        return Optional.ofNullable(environment.apply(name))
                .filter(v -> !v.isBlank())
                .orElse(fallback);
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
