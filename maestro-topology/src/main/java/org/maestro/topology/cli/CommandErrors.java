package org.maestro.topology.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import org.maestro.common.cli.ExitCodes;
import org.maestro.topology.InfrastructureException;
import org.maestro.topology.TopologyException;
import picocli.CommandLine.Model.CommandSpec;

/**
 * The one place the topology commands turn exceptions into {@link ExitCodes}: a bad command line or input file
 * (the message names the file, line and item) is {@link ExitCodes#USAGE}; something outside the input failing
 * (missing qdrouterd, a process, a port, a deadline) is {@link ExitCodes#INFRASTRUCTURE}.
 */
final class CommandErrors {

    private CommandErrors() {
    }

    /**
     * Runs {@code body}; a {@link TopologyException} prints its message and gives {@link ExitCodes#USAGE},
     * an {@link InfrastructureException} or I/O error prints its message and gives
     * {@link ExitCodes#INFRASTRUCTURE}. No stack traces for these: they are the user's to act on.
     */
    static int run(CommandSpec spec, Callable<Integer> body) {
        PrintWriter err = spec.commandLine().getErr();
        try {
            return body.call();
        } catch (TopologyException e) {
            err.println("error: " + e.getMessage());
            return ExitCodes.USAGE;
        } catch (InfrastructureException e) {
            err.println("error: " + e.getMessage());
            return ExitCodes.INFRASTRUCTURE;
        } catch (IOException e) {
            err.println("error: " + e.getMessage());
            return ExitCodes.INFRASTRUCTURE;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            err.println("error: interrupted");
            return ExitCodes.INFRASTRUCTURE;
        } catch (Exception e) {
            if (e instanceof RuntimeException runtime) {
                throw runtime;
            }
            throw new IllegalStateException(e);
        } finally {
            err.flush();
            spec.commandLine().getOut().flush();
        }
    }
}
