package org.maestro.common.cli;

/** The exit codes of every {@code maestro-cli} subcommand. */
public final class ExitCodes {
    /** Everything passed. */
    public static final int OK = 0;
    /** A test failed, or a comparison found a regression. */
    public static final int TEST_FAILED = 1;
    /** The command line, a parameter or a script was wrong. */
    public static final int USAGE = 2;
    /** The infrastructure failed: broker unreachable, peers missing, I/O error. */
    public static final int INFRASTRUCTURE = 3;

    private ExitCodes() {
    }
}
