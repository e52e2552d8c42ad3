package org.maestro.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import picocli.CommandLine;

/** Runs {@code maestro-cli} in this JVM and captures its exit code, standard output and standard error. */
record CliRun(int exitCode, String out, String err) {

    static CliRun of(String... args) {
        return execute(MaestroCli.commandLine(), args);
    }

    /**
     * Runs {@code maestro-cli run <script> --maestro-url <maestroUrl> --results <results>} followed by {@code more}
     * options.
     */
    static CliRun run(Path script, String maestroUrl, Path results, String... more) {
        List<String> args = new ArrayList<>(
                List.of("run", script.toString(), "--maestro-url", maestroUrl, "--results", results.toString()));
        args.addAll(Arrays.asList(more));
        return of(args.toArray(String[]::new));
    }

    /**
     * Runs {@code maestro-cli run …} with exactly these test parameters as its environment (SEND_RECEIVE_URL,
     * MANAGEMENT_INTERFACE, …): none of this JVM's variables reach the script or its tests.
     */
    static CliRun runWithEnvironment(Map<String, String> environment, String... args) {
        CommandLine commandLine = MaestroCli.commandLine();
        RunCommand run = commandLine.getSubcommands().get("run").getCommand();
        run.environment = environment::get;
        return execute(commandLine, args);
    }

    /**
     * Runs {@code maestro-cli run <script> --maestro-url <maestroUrl> --results <results>} with exactly these test
     * parameters as its environment.
     */
    static CliRun runWithEnvironment(Map<String, String> environment, Path script, String maestroUrl, Path results) {
        return runWithEnvironment(
                environment, "run", script.toString(), "--maestro-url", maestroUrl, "--results", results.toString());
    }

    private static CliRun execute(CommandLine commandLine, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        commandLine.setOut(new PrintWriter(out, true));
        commandLine.setErr(new PrintWriter(err, true));
        int code = commandLine.execute(args);
        return new CliRun(code, out.toString(), err.toString());
    }
}
