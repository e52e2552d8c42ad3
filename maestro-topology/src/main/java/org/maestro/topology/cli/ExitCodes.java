package org.maestro.topology.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import org.maestro.topology.InfrastructureException;
import org.maestro.topology.TopologyException;
import picocli.CommandLine.Model.CommandSpec;

/** Exit codes of the topology commands, and the one place exceptions are turned into them. */
public final class ExitCodes {

    /** Done. */
    public static final int OK = 0;
    /** Bad command line or bad input file; the message names the file, line and item. */
    public static final int USAGE = 2;
    /** Something outside the input failed: missing qdrouterd, a process, a port, a deadline. */
    public static final int INFRASTRUCTURE = 3;

    private ExitCodes() {
    }

    /**
     * Runs {@code body}; a {@link TopologyException} prints its message and gives {@link #USAGE},
     * an {@link InfrastructureException} or I/O error prints its message and gives
     * {@link #INFRASTRUCTURE}. No stack traces for these: they are the user's to act on.
     */
    static int run(CommandSpec spec, Callable<Integer> body) {
        PrintWriter err = spec.commandLine().getErr();
        try {
            return body.call();
        } catch (TopologyException e) {
            err.println("error: " + e.getMessage());
            return USAGE;
        } catch (InfrastructureException e) {
            err.println("error: " + e.getMessage());
            return INFRASTRUCTURE;
        } catch (IOException e) {
            err.println("error: " + e.getMessage());
            return INFRASTRUCTURE;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            err.println("error: interrupted");
            return INFRASTRUCTURE;
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
