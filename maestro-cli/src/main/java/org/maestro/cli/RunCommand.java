package org.maestro.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;
import org.maestro.agent.actions.ProcessSupervisor;
import org.maestro.cli.embedded.EmbeddedSut;
import org.maestro.cli.metrics.MetricsServer;
import org.maestro.cli.topology.ScriptTopologies;
import org.maestro.client.api.CollectLimits;
import org.maestro.client.api.MaestroException;
import org.maestro.client.api.Progress;
import org.maestro.client.api.RatePhaseFigures;
import org.maestro.client.api.SutUrls;
import org.maestro.client.api.TestDefinition;
import org.maestro.client.api.TestResult;
import org.maestro.client.api.TestRunner;
import org.maestro.client.api.WatchLimits;
import org.maestro.client.script.Maestro;
import org.maestro.client.script.ScriptRunner;
import org.maestro.client.study.StudyPlan;
import org.maestro.common.cli.CommandException;
import org.maestro.common.cli.ExitCode;
import org.maestro.common.cli.MaestroCommand;
import org.maestro.common.client.ControlClient;
import org.maestro.common.options.Durations;
import org.maestro.common.peer.Peer;
import org.maestro.common.text.ConsoleText;
import org.maestro.common.transport.MqttEndpoint;
import org.maestro.common.transport.TransportException;
import org.maestro.reporter.BacklogSummary;
import org.maestro.reporter.ScriptRun;
import org.maestro.reporter.TestSummary;
import org.maestro.reporter.Verdict;
import org.maestro.reporter.out.FaultLines;
import org.maestro.reporter.study.StudyState;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code maestro-cli run}: runs a Groovy test script, embedded (control broker and peers in this JVM, and an Artemis
 * SUT started when a test points at it) when no control broker is given, distributed otherwise.
 */
@Command(
        name = "run",
        mixinStandardHelpOptions = true,
        header = "Run a Groovy test script.",
        description = {
            "Without --maestro-url (or MAESTRO_BROKER) everything runs embedded in this JVM: a control broker"
                    + " and sender, receiver, inspector and agent peers. An Artemis SUT (its URL is every test's default)"
                    + " starts when a test points at it; a test against another SUT (SEND_RECEIVE_URL, SEND_URL,"
                    + " RECEIVE_URL or the script's sut) starts none, and is inspected when MANAGEMENT_INTERFACE names its"
                    + " management. With a control broker URL it drives the peers running out there.",
            "Exit codes: 0 all tests passed, 1 a test failed, 2 usage or script error, 3 infrastructure error."
        })
public final class RunCommand extends MaestroCommand {
    @Parameters(
            index = "0",
            paramLabel = "SCRIPT",
            description = "The Groovy test script, e.g. test-scripts/FixedRateTest.groovy")
    Path script;

    @Mixin
    ControlBrokerOption broker;

    @Option(
            names = {"-r", "--results"},
            paramLabel = "DIR",
            defaultValue = "${env:MAESTRO_RESULTS:-results}",
            description = "Where results and reports go (default: ${DEFAULT-VALUE}).")
    Path results;

    @Option(
            names = "--persistent-sut",
            defaultValue = "${env:MAESTRO_PERSISTENT_SUT:-false}",
            description = "Embedded mode: the Artemis SUT keeps durable messages in a journal, so they survive a "
                    + "restart (default: ${DEFAULT-VALUE}; env MAESTRO_PERSISTENT_SUT).")
    boolean persistentSut;

    @Option(
            names = "--broker-outage-limit",
            paramLabel = "DURATION",
            defaultValue = "${env:MAESTRO_BROKER_OUTAGE_LIMIT:-5m}",
            description = "Distributed mode: how long a test whose deadline passes while the control broker is "
                    + "unreachable waits for it to come back before failing, naming the outage, e.g. 90s, 10m "
                    + "(default: ${DEFAULT-VALUE}; env MAESTRO_BROKER_OUTAGE_LIMIT).")
    String brokerOutageLimit;

    @Option(
            names = "--finish-grace",
            paramLabel = "DURATION",
            defaultValue = "${env:MAESTRO_FINISH_GRACE:-30s}",
            description = "How long the senders may take past 1.5 × a test's planned time before the test fails "
                    + "naming them, e.g. 10s, 2m (default: ${DEFAULT-VALUE}; env MAESTRO_FINISH_GRACE).")
    String finishGrace;

    @Option(
            names = "--max-file-bytes",
            paramLabel = "SIZE",
            defaultValue = "${env:MAESTRO_MAX_FILE_BYTES:-2g}",
            description = "The largest result file taken from one peer, e.g. 512m, 4g; a peer that declares or sends "
                    + "a larger one has it refused, and the test fails naming it (default: ${DEFAULT-VALUE}; env "
                    + "MAESTRO_MAX_FILE_BYTES).")
    String maxFileBytes;

    @Option(
            names = "--max-peer-bytes",
            paramLabel = "SIZE",
            defaultValue = "${env:MAESTRO_MAX_PEER_BYTES:-8g}",
            description = "The most bytes of result files taken from one peer in one test, all files together "
                    + "(default: ${DEFAULT-VALUE}; env MAESTRO_MAX_PEER_BYTES).")
    String maxPeerBytes;

    @Option(
            names = "--flood-limit",
            paramLabel = "NOTES",
            defaultValue = "${env:MAESTRO_FLOOD_LIMIT:-" + ControlClient.DEFAULT_FLOOD_LIMIT + "}",
            description = "How many notes the client did not ask for (notifications, late replies) one peer may send "
                    + "within one second; a peer that sends more is cut off for the rest of the run, and a peer of "
                    + "the running test that is cut off fails it (default: ${DEFAULT-VALUE}; env MAESTRO_FLOOD_LIMIT).")
    int floodLimit;

    @Option(
            names = "--progress-interval",
            paramLabel = "DURATION",
            description = "Print a progress line (rate, sent and received, p50/p99/max response time of the last "
                    + "second, errors) every DURATION, e.g. 1s. Default: a live line on a terminal, one line per "
                    + "second when the CI environment variable is set, every 10 s in other output.")
    String progressInterval;

    @Option(
            names = "--metrics-port",
            paramLabel = "PORT",
            description = "Serve the running test's statistics (per peer and in total: messages, rate, errors, "
                    + "p50/p99/max response time of the last second) as Prometheus/OpenMetrics text on "
                    + "http://ADDRESS:PORT/metrics while the script runs (0: a free port, printed at start).")
    Integer metricsPort;

    @Option(
            names = "--metrics-host",
            paramLabel = "ADDRESS",
            defaultValue = MetricsServer.DEFAULT_HOST,
            description = "The address the metrics are served on (default: ${DEFAULT-VALUE}, this host only; "
                    + "0.0.0.0 for every interface, so that a Prometheus on another host can scrape them).")
    String metricsHost;

    @Option(
            names = "--resume",
            description =
                    "Go on with the studies (maestro.matrix) of an earlier run of the script"
                            + " into the same results directory: their finished runs are skipped. Refused when a study's matrix changed.")
    boolean resume;

    @Option(
            names = {"-y", "--yes"},
            description = "Allow a study (maestro.matrix) of more than " + StudyPlan.RUN_LIMIT + " runs.")
    boolean yes;

    @Option(names = "--no-report", description = "Do not build the HTML report.")
    boolean noReport;

    /** The server of live metrics while the script runs, when asked for. */
    private MetricsServer metrics;

    /** Where test parameters come from: the process environment (tests give their own). */
    UnaryOperator<String> environment = System::getenv;

    @Override
    public Integer call() throws Exception {
        if (!Files.isRegularFile(script)) {
            throw CommandException.usage("test script " + script + " does not exist or is not a file");
        }
        watchLimits();
        collectLimits();
        floodLimit();
        // wrong input is refused before any peer or embedded broker starts
        SutUrls.checkEnvironment(environment);
        ScriptRunner.check(script);
        if (resume) {
            requireStudyState();
        }
        Files.createDirectories(results);
        PrintWriter out = spec.commandLine().getOut();
        Progress progress =
                Progress.forConsole(out, progressInterval(), System.console() != null, environment.apply("CI") != null);
        try (MetricsServer metrics = startMetrics(progress)) {
            this.metrics = metrics;
            if (broker.isSet()) {
                return runDistributed(broker.endpoint(), progress, out);
            }
            return runEmbedded(progress, out);
        }
    }

    /** The metrics server {@code --metrics-port} asks for, or null. */
    private MetricsServer startMetrics(Progress progress) {
        if (metricsPort == null) {
            return null;
        }
        if (metricsPort < 0 || metricsPort > 65535) {
            throw CommandException.usage(
                    "--metrics-port " + metricsPort + " is not a port: give 1-65535, or 0 " + "for a free one");
        }
        MetricsServer server = MetricsServer.start(metricsHost, metricsPort);
        progress.note("metrics: http://" + ("0.0.0.0".equals(metricsHost) ? "<this host>" : metricsHost) + ":"
                + server.port() + "/metrics");
        return server;
    }

    private int runDistributed(MqttEndpoint endpoint, Progress progress, PrintWriter out)
            throws TransportException, IOException {
        try (ControlClient client = connect(endpoint)) {
            return runScript(() -> client, List::of, new TestDefinition(), null, () -> null, null, progress, out);
        }
    }

    /** Embedded mode: the control broker and the peers start when the first test (or topology) needs them. */
    private int runEmbedded(Progress progress, PrintWriter out) throws Exception {
        EmbeddedSut sut = EmbeddedSut.onFreePort(persistentSut, progress::note);
        try (EmbeddedStart embedded = new EmbeddedStart(sut, progress::note, floodLimit())
                .payloadDirectory(script.toAbsolutePath().getParent())) {
            TestDefinition defaults = new TestDefinition();
            defaults.sut(sut.base() + "/test.queue");
            return runScript(
                    embedded::client,
                    embedded::peers,
                    defaults,
                    sut,
                    embedded::agentProcesses,
                    embedded::routerAgent,
                    progress,
                    out);
        }
    }

    private int runScript(
            Supplier<ControlClient> client,
            Supplier<List<Peer>> inProcessPeers,
            TestDefinition defaults,
            EmbeddedSut sut,
            Supplier<ProcessSupervisor> agentProcesses,
            Function<String, ProcessSupervisor> routerAgents,
            Progress progress,
            PrintWriter out)
            throws IOException {
        Consumer<Path> afterTest = noReport ? p -> {} : Reports.builder(results, progress);
        TestRunner runner = TestRunner.connectingOnFirstTest(client, results, progress, environment, afterTest)
                .watchLimits(watchLimits())
                .collectLimits(collectLimits())
                .inProcessPeers(inProcessPeers);
        if (metrics != null) {
            runner.liveStatistics(metrics);
        }
        Maestro maestro = new Maestro(runner, environment, defaults, sut);
        maestro.studySettings(resume, yes, resumeCommand(), progress::note);
        Files.deleteIfExists(results.resolve(ScriptRun.FILE_NAME)); // the index must not show an earlier script's
        try (ScriptTopologies topologies =
                new ScriptTopologies(results, environment, agentProcesses).agentPerRouterWith(routerAgents)) {
            maestro.startTopologiesWith(topologies);
            ScriptRunner.run(script, maestro);
        } catch (RuntimeException e) {
            recordScriptRun(
                    maestro, Verdict.UNKNOWN, "the script stopped before its end: " + e.getMessage(), afterTest);
            throw e;
        } finally {
            printSummary(maestro.getResults(), out);
        }
        if (maestro.getResults().isEmpty() && maestro.skippedStudyRuns() > 0) {
            String rebuilt = "every run of the study had finished before; its report was rebuilt";
            if (maestro.skippedStudyFailures() > 0) {
                out.println("FAILED: " + rebuilt + "; " + maestro.skippedStudyFailures() + " of its runs failed");
                return ExitCode.TEST_FAILED.code();
            }
            out.println("PASSED: " + rebuilt);
            return ExitCode.OK.code();
        }
        if (maestro.getResults().isEmpty()) {
            throw MaestroException.usage(
                    "the script " + script + " ran no test; call maestro.fixedRate { … } " + "or maestro.test { … }");
        }
        String reason = maestro.verdictReason();
        recordScriptRun(
                maestro,
                maestro.passed() ? Verdict.SUCCESS : Verdict.FAILURE,
                reason.isEmpty() && maestro.passed() ? "every test passed" : reason,
                afterTest);
        if (!maestro.passed()) {
            out.println("FAILED: " + ConsoleText.clean(reason));
            return maestro.failedOnSut() ? ExitCode.INFRASTRUCTURE.code() : ExitCode.TEST_FAILED.code();
        }
        out.println("PASSED" + (reason.isEmpty() ? "" : ": " + ConsoleText.clean(reason)));
        return ExitCode.OK.code();
    }

    /**
     * Writes the script's verdict where the index shows it, and rebuilds the report so that it does; nothing when the
     * script ran no test.
     */
    private void recordScriptRun(Maestro maestro, Verdict outcome, String reason, Consumer<Path> afterTest) {
        List<TestResult> runs = maestro.getResults();
        if (runs.isEmpty()) {
            return;
        }
        try {
            new ScriptRun(
                            script.getFileName().toString(),
                            outcome,
                            reason,
                            runs.stream()
                                    .map(r -> r.name() + " #" + r.iteration())
                                    .toList(),
                            System.currentTimeMillis())
                    .write(results);
        } catch (IOException e) {
            throw MaestroException.infrastructure(
                    "cannot write " + ScriptRun.FILE_NAME + " in " + results + ": " + e.getMessage());
        }
        afterTest.accept(runs.get(runs.size() - 1).directory());
    }

    /** The command that resumes this run, printed when a study stops early. */
    private String resumeCommand() {
        return "maestro-cli run " + script + " --results " + results + " --resume"
                + (broker.isSet() ? " (with the same --maestro-url and environment)" : " (with the same environment)");
    }

    /** With --resume, the results directory must hold a study state, or there is nothing to resume. */
    private void requireStudyState() throws IOException {
        boolean found = false;
        if (Files.isDirectory(results)) {
            try (var tests = Files.list(results)) {
                found = tests.anyMatch(test -> Files.isRegularFile(test.resolve(StudyState.FILE_NAME)));
            }
        }
        if (!found) {
            throw CommandException.usage("--resume: " + results + " holds no study state (<test>/"
                    + StudyState.FILE_NAME + "), so there is no study to resume; give the results directory of the "
                    + "earlier run with --results, or run without --resume");
        }
    }

    private Duration progressInterval() {
        if (progressInterval == null) {
            return null;
        }
        try {
            Duration interval = Durations.parse(progressInterval);
            if (interval.toMillis() < 100) {
                throw new IllegalArgumentException("is shorter than 100 ms");
            }
            return interval;
        } catch (IllegalArgumentException e) {
            throw CommandException.usage("--progress-interval " + progressInterval + ": " + e.getMessage()
                    + "; give a duration of at least 100 ms such as 1s or 10s");
        }
    }

    private WatchLimits watchLimits() {
        return new WatchLimits(
                duration("--finish-grace (or MAESTRO_FINISH_GRACE) ", finishGrace),
                duration("--broker-outage-limit (or MAESTRO_BROKER_OUTAGE_LIMIT) ", brokerOutageLimit));
    }

    private static Duration duration(String option, String value) {
        try {
            return Durations.parse(value);
        } catch (IllegalArgumentException e) {
            throw CommandException.usage(option + e.getMessage());
        }
    }

    /** Connects the client to the control broker, with the flood limit of {@code --flood-limit}. */
    ControlClient connect(MqttEndpoint endpoint) throws TransportException {
        return ControlClient.connect(endpoint, floodLimit());
    }

    private int floodLimit() {
        if (floodLimit <= 0) {
            throw CommandException.usage("--flood-limit (or MAESTRO_FLOOD_LIMIT) " + floodLimit
                    + " is not valid: give the number of notes one peer may send per second, at least 1 (default "
                    + ControlClient.DEFAULT_FLOOD_LIMIT + ")");
        }
        return floodLimit;
    }

    private CollectLimits collectLimits() {
        long file;
        long peer;
        try {
            file = CollectLimits.parseSize(maxFileBytes);
        } catch (IllegalArgumentException e) {
            throw CommandException.usage("--max-file-bytes (or MAESTRO_MAX_FILE_BYTES) " + e.getMessage());
        }
        try {
            peer = CollectLimits.parseSize(maxPeerBytes);
        } catch (IllegalArgumentException e) {
            throw CommandException.usage("--max-peer-bytes (or MAESTRO_MAX_PEER_BYTES) " + e.getMessage());
        }
        try {
            return new CollectLimits(file, peer);
        } catch (IllegalArgumentException e) {
            throw CommandException.usage(
                    "--max-file-bytes " + maxFileBytes + ", --max-peer-bytes " + maxPeerBytes + ": " + e.getMessage());
        }
    }

    /** A count for the table: "unknown" rather than a number that is not known. */
    private static String count(Long value) {
        return value == null ? "unknown" : String.format(Locale.ROOT, "%,d", value);
    }

    /** One line per agent action of every result: what it cost (docs/reporting.md, "What each fault cost"). */
    private static void printFaults(List<TestResult> results, PrintWriter out) {
        if (results.stream().allMatch(r -> r.faults().isEmpty())) {
            return;
        }
        out.print(FaultLines.header());
        for (TestResult r : results) {
            r.faults()
                    .forEach(fault -> out.println(ConsoleText.oneLine(
                            FaultLines.line(r.name(), r.iteration(), fault).stripTrailing())));
        }
        out.println("SILENCE: the longest time a receiver got nothing, starting from the action's start to 10 s after"
                + " its end; BACK: from the action's start until the receivers' rate (within 5%) and the p99 (at most"
                + " 5% above) were back at their level of the 10 s before for 3 s in a row; the counts: that interval,"
                + " by the per-second counts.");
    }

    /** The backlog line of a result, when it had a backlog (BacklogSummary in the report). */
    private static java.util.Optional<String> backlog(TestResult r) {
        Number peak = r.figures().get("backlogPeak");
        if (peak == null) {
            return java.util.Optional.empty();
        }
        Number drainRate = r.figures().get("backlogDrainRate");
        Number drainSeconds = r.figures().get("backlogDrainSeconds");
        return java.util.Optional.of(BacklogSummary.describe(
                peak.longValue(),
                r.figures().getOrDefault("backlogPeakAt", 0).doubleValue(),
                drainRate == null ? null : drainRate.doubleValue(),
                drainSeconds == null ? null : drainSeconds.doubleValue(),
                r.figures().getOrDefault("backlogRemaining", 0).longValue()));
    }

    static void printSummary(List<TestResult> results, PrintWriter out) {
        if (results.isEmpty()) {
            return;
        }
        out.println();
        out.printf(
                "%-24s %4s  %-6s %12s %12s %10s %8s %8s %8s %12s %10s %10s %10s  %s%n",
                "TEST",
                "#",
                "RESULT",
                "SENT",
                "RECEIVED",
                "DUPLICATES",
                "LOST",
                "REFUSED",
                "VANISHED",
                "RATE msg/s",
                "MB/s",
                "p99 ms",
                "SIZE B",
                "RESULTS");
        List<TestResult> rows = new java.util.ArrayList<>();
        for (TestResult r : results) {
            rows.add(r);
            rows.addAll(r.getFlows().values()); // a test of several flows: a row per flow after its own
        }
        for (TestResult r : rows) {
            out.printf(
                    "%-24s %4d  %-6s %12s %,12d %,10d %8s %8s %8s %,12.0f %10.3f %10.3f %10s  %s%n",
                    r.name(),
                    r.iteration(),
                    r.passed() ? "PASS" : "FAIL",
                    count(r.getSent()),
                    r.getReceived(),
                    r.getDuplicates(),
                    count(r.getLost()),
                    count(r.getRefused()),
                    count(r.getVanished()),
                    r.getMeanRate(),
                    r.getMegabytesPerSecond(),
                    r.getResponseP99Ms(),
                    r.getMeanMessageBytes() > 0 ? String.format(Locale.ROOT, "%,.1f", r.getMeanMessageBytes()) : "-",
                    r.directory());
        }
        out.println("SENT to VANISHED: the whole test, warm-up included; RECEIVED counts distinct messages, DUPLICATES"
                + " the copies beyond the first; RATE (every copy counted), MB/s (body bytes of the measured messages /"
                + " window, 10^6 bytes; MESSAGE_SIZE x messages from peers that did not count bytes) and p99: the"
                + " measured window, warm-up excluded; RATE and MB/s count what arrived within it, not the drain"
                + " after the senders stopped; SIZE B: the mean body size of a measured message sent."
                + (rows.size() > results.size()
                        ? " A row <test>.<flow> gives a flow's share; its RESULT is its loss against MAXIMUM_LOSS."
                        : ""));
        printFaults(results, out);
        for (TestResult r : results) {
            RatePhaseFigures.lines(r).forEach(out::println);
            Long drained = r.getDrained();
            if (drained != null && drained > 0) {
                out.println(r.name() + " #" + r.iteration() + " "
                        + new TestSummary.Drain(drained, r.getDrainedMillis()).describe());
            }
            if (r.isGeneratorBound()) {
                out.println(
                        r.name() + " #" + r.iteration() + " generator-bound: " + ConsoleText.clean(r.generatorBound()));
            }
            backlog(r).ifPresent(line -> out.println(r.name() + " #" + r.iteration() + " backlog: " + line));
            DestinationLines.of(r.directory(), r.iteration())
                    .forEach(line -> out.println(r.name() + " #" + r.iteration() + " " + ConsoleText.clean(line)));
            String duplicates = r.getDuplicatesWarning();
            if (duplicates != null) {
                out.println(r.name() + " #" + r.iteration() + " warning: " + ConsoleText.clean(duplicates));
            }
            if (!r.passed()) {
                out.println(r.name() + " #" + r.iteration() + " failed: " + ConsoleText.clean(r.reason()));
            }
            if (!r.isLostKnown()) {
                out.println(
                        r.name() + " #" + r.iteration() + " lost unknown: " + ConsoleText.clean(r.getUnknownReason()));
            }
        }
        out.flush();
    }
}
