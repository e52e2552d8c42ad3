package org.maestro.client.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import picocli.CommandLine;

/** Runs {@code maestro-cli} in this JVM and captures its exit code, standard output and standard error. */
record CliRun(int exitCode, String out, String err) {

    static CliRun of(String... args) {
        CommandLine commandLine = MaestroCli.commandLine();
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        commandLine.setOut(new PrintWriter(out, true));
        commandLine.setErr(new PrintWriter(err, true));
        int code = commandLine.execute(args);
        return new CliRun(code, out.toString(), err.toString());
    }
}
