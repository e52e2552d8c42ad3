package org.maestro.client.cli;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.function.Consumer;
import org.maestro.client.api.Maestro;
import org.maestro.client.api.MaestroException;
import org.maestro.client.api.Progress;
import org.maestro.client.api.TestDefinition;
import org.maestro.client.api.TestResult;
import org.maestro.client.api.TestRunner;
import org.maestro.client.embedded.EmbeddedCluster;
import org.maestro.client.script.ScriptRunner;
import org.maestro.common.cli.ExitCodes;
import org.maestro.common.client.ControlClient;
import org.maestro.common.transport.MqttEndpoint;
import org.maestro.common.transport.TransportException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code maestro-cli run}: runs a Groovy test script, embedded (control broker, Artemis SUT and peers in this JVM)
 * when no control broker is given, distributed otherwise.
 */
@Command(name = "run", mixinStandardHelpOptions = true,
        header = "Run a Groovy test script.",
        description = {"Without --maestro-url (or MAESTRO_BROKER) everything runs embedded in this JVM: a control broker,",
                "an Artemis SUT (its URL is handed to the script) and sender, receiver and inspector peers.",
                "With a control broker URL it drives the peers running out there.",
                "Exit codes: 0 all tests passed, 1 a test failed, 2 usage or script error, 3 infrastructure error."})
public final class RunCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "SCRIPT", description = "The Groovy test script, e.g. test-scripts/FixedRateTest.groovy")
    Path script;

    @Mixin
    ControlBrokerOption broker;

    @Option(names = {"-r", "--results"}, paramLabel = "DIR", defaultValue = "${env:MAESTRO_RESULTS:-results}",
            description = "Where results and reports go (default: ${DEFAULT-VALUE}).")
    Path results;

    @Option(names = "--persistent-sut", defaultValue = "${env:MAESTRO_PERSISTENT_SUT:-false}",
            description = "Embedded mode: the Artemis SUT keeps durable messages in a journal, so they survive a "
                    + "restart (default: ${DEFAULT-VALUE}; env MAESTRO_PERSISTENT_SUT).")
    boolean persistentSut;

    @Option(names = "--no-report", description = "Do not build the HTML report.")
    boolean noReport;

    @Option(names = {"-x", "--stacktrace"}, description = "Print stack traces of errors.")
    boolean stacktrace;

    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        if (!Files.isRegularFile(script)) {
            throw new UserError(ExitCodes.USAGE, "test script " + script + " does not exist or is not a file");
        }
        Files.createDirectories(results);
        PrintWriter out = spec.commandLine().getOut();
        Progress progress = Progress.forConsole(out);
        if (broker.isSet()) {
            return runDistributed(broker.endpoint(), progress, out);
        }
        return runEmbedded(progress, out);
    }

    private int runDistributed(MqttEndpoint endpoint, Progress progress, PrintWriter out) throws TransportException {
        try (ControlClient client = ControlClient.connect(endpoint)) {
            return runScript(client, new TestDefinition(), null, progress, out);
        }
    }

    private int runEmbedded(Progress progress, PrintWriter out) throws Exception {
        progress.note("embedded mode: starting a control broker, an Artemis SUT and the peers in this JVM");
        List<AutoCloseable> extras = new ArrayList<>();
        TestDefinition defaults = new TestDefinition();
        try {
            Roles.embeddedDefaults(defaults, extras);
        } catch (Exception e) {
            for (AutoCloseable extra : extras) {
                extra.close();
            }
            throw e;
        }
        try (EmbeddedCluster cluster = EmbeddedCluster.start(Roles.embeddedPeers(), extras, persistentSut);
             ControlClient client = ControlClient.connect(MqttEndpoint.parse(cluster.controlUrl()))) {
            defaults.sut(cluster.sutBase() + "/test.queue");
            return runScript(client, defaults, cluster.sutBase(), progress, out);
        }
    }

    private int runScript(ControlClient client, TestDefinition defaults, String sutBase, Progress progress,
                          PrintWriter out) {
        Consumer<Path> afterTest = noReport ? p -> { } : Reports.builder(results, progress);
        TestRunner runner = new TestRunner(client, results, progress, System::getenv, afterTest);
        Maestro maestro = new Maestro(runner, System::getenv, defaults, sutBase);
        try {
            ScriptRunner.run(script, maestro);
        } finally {
            printSummary(maestro.getResults(), out);
        }
        if (maestro.getResults().isEmpty()) {
            throw MaestroException.usage("the script " + script + " ran no test; call maestro.fixedRate { … } "
                    + "or maestro.test { … }");
        }
        if (!maestro.passed()) {
            out.println("FAILED: " + maestro.verdictReason());
            return ExitCodes.TEST_FAILED;
        }
        out.println("PASSED" + (maestro.verdictReason().isEmpty() ? "" : ": " + maestro.verdictReason()));
        return ExitCodes.OK;
    }

    static void printSummary(List<TestResult> results, PrintWriter out) {
        if (results.isEmpty()) {
            return;
        }
        out.println();
        out.printf("%-24s %4s  %-6s %12s %12s %8s %8s %8s %12s %10s  %s%n", "TEST", "#", "RESULT", "SENT",
                "RECEIVED", "LOST", "REFUSED", "VANISHED", "RATE msg/s", "p99 ms", "RESULTS");
        for (TestResult r : results) {
            out.printf("%-24s %4d  %-6s %,12d %,12d %,8d %,8d %,8d %,12.0f %10.3f  %s%n", r.name(), r.iteration(),
                    r.passed() ? "PASS" : "FAIL", r.getSent(), r.getReceived(), r.getLost(), r.getRefused(),
                    r.getVanished(), r.getMeanRate(), r.getResponseP99Ms(), r.directory());
        }
        for (TestResult r : results) {
            if (!r.passed()) {
                out.println(r.name() + " #" + r.iteration() + " failed: " + r.reason());
            }
        }
        out.flush();
    }
}
