package org.maestro.reporter.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.maestro.common.cli.CommandErrors;
import picocli.CommandLine;

/** Runs a picocli command as the CLI would and keeps its exit code and output. */
record CommandRun(int exitCode, String out, String err) {

    static CommandRun of(Object command, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine line = CommandErrors.install(new CommandLine(command));
        line.setOut(new PrintWriter(out, true));
        line.setErr(new PrintWriter(err, true));
        int code = line.execute(args);
        return new CommandRun(code, out.toString(), err.toString());
    }

    @Override
    public String toString() {
        return "exit " + exitCode + "\nout: " + out + "\nerr: " + err;
    }
}
