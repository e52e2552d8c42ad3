package org.maestro.topology.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.maestro.common.cli.CommandErrors;
import picocli.CommandLine;

/** The outcome of one command-line run: exit code and what was printed. */
record CliRun(int exitCode, String out, String err) {

    static CliRun of(Object command, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine line = CommandErrors.install(new CommandLine(command));
        line.setOut(new PrintWriter(out, true));
        line.setErr(new PrintWriter(err, true));
        int code = line.execute(args);
        return new CliRun(code, out.toString(), err.toString());
    }
}
