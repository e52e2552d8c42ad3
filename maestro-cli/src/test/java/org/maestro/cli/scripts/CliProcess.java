package org.maestro.cli.scripts;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.maestro.common.options.OptionCode;

/**
 * {@code maestro-cli} in a JVM of its own with the environment variables a CI job would set, as a user runs it;
 * its exit code and everything it printed.
 */
record CliProcess(int exitCode, String output) {

    /**
     * Runs {@code maestro-cli run <script> --results <work>/results} followed by {@code more}, for one of the scripts
     * shipped in the distribution, and waits for it.
     */
    static CliProcess runScript(
            String script, Map<String, String> environment, Duration deadline, Path work, String... more)
            throws IOException, InterruptedException {
        List<String> args = new ArrayList<>(List.of(
                "run",
                TestScriptsTest.scriptsDirectory().resolve(script).toString(),
                "--results",
                work.resolve("results").toString()));
        args.addAll(List.of(more));
        return run(environment, deadline, work, args.toArray(String[]::new));
    }

    /**
     * Runs one of the shipped scripts as {@link #runScript} does, in a JVM with this much heap ({@code "2g"}): for a
     * script whose peers hold many connections, each with its own latency histograms.
     */
    static CliProcess runScriptWithHeap(
            String script, String heap, Map<String, String> environment, Duration deadline, Path work)
            throws IOException, InterruptedException {
        return runScriptWithJvmOptions(script, List.of("-Xmx" + heap), environment, deadline, work);
    }

    /**
     * Runs one of the shipped scripts as {@link #runScript} does, in a JVM that touches its whole initial heap at
     * start: for a test that judges the senders' timeline, which the first collections of an untouched heap would
     * stall for tens of ms (docs/measurement.md, "The generator's own collections").
     */
    static CliProcess runScriptPreTouched(String script, Map<String, String> environment, Duration deadline, Path work)
            throws IOException, InterruptedException {
        return runScriptWithJvmOptions(script, List.of("-Xms512m", "-XX:+AlwaysPreTouch"), environment, deadline, work);
    }

    private static CliProcess runScriptWithJvmOptions(
            String script, List<String> jvmOptions, Map<String, String> environment, Duration deadline, Path work)
            throws IOException, InterruptedException {
        String[] args = {
            "run",
            TestScriptsTest.scriptsDirectory().resolve(script).toString(),
            "--results",
            work.resolve("results").toString()
        };
        return run(jvmOptions, environment, deadline, work, args);
    }

    /**
     * Runs the command and waits for it.
     *
     * @throws IllegalStateException when it does not end within the deadline (it is killed)
     */
    static CliProcess run(Map<String, String> environment, Duration deadline, Path work, String... args)
            throws IOException, InterruptedException {
        return run(List.of(), environment, deadline, work, args);
    }

    /**
     * Runs the command with the distribution's logging configuration ({@code config/logback.xml}), so that the
     * output is what a user of the distribution sees, and waits for it.
     */
    static CliProcess runAsDistributed(Map<String, String> environment, Duration deadline, Path work, String... args)
            throws IOException, InterruptedException {
        Path logging =
                Path.of("").toAbsolutePath().getParent().resolve("maestro-dist/src/main/dist/config/logback.xml");
        if (!Files.isRegularFile(logging)) {
            throw new IllegalStateException(
                    "no " + logging + "; run the tests from the maestro-client module directory");
        }
        return run(List.of("-Dlogback.configurationFile=" + logging), environment, deadline, work, args);
    }

    private static CliProcess run(
            List<String> jvmOptions, Map<String, String> environment, Duration deadline, Path work, String... args)
            throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(
                List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx768m"));
        command.addAll(jvmOptions);
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), "org.maestro.cli.MaestroCli"));
        command.addAll(List.of(args));
        Path log = Files.createTempFile(work, "maestro-cli-", ".out");
        ProcessBuilder builder = new ProcessBuilder(command)
                .directory(work.toFile())
                .redirectErrorStream(true)
                .redirectOutput(log.toFile());
        builder.environment().keySet().removeIf(name -> name.startsWith("MAESTRO_"));
        for (OptionCode option : OptionCode.values()) {
            builder.environment().remove(option.parameter());
        }
        builder.environment().putAll(environment);
        Process process = builder.start();
        if (!process.waitFor(deadline.toSeconds(), TimeUnit.SECONDS)) {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            throw new IllegalStateException("maestro-cli " + String.join(" ", args) + " did not end within "
                    + deadline.toSeconds() + " s; it printed:\n" + Files.readString(log, StandardCharsets.UTF_8));
        }
        return new CliProcess(process.exitValue(), Files.readString(log, StandardCharsets.UTF_8));
    }
}
