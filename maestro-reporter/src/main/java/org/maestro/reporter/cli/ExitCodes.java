package org.maestro.reporter.cli;

/** Exit codes of the report and compare commands. */
public final class ExitCodes {

    /** Done; for compare: no regression. */
    public static final int OK = 0;
    /** compare: the current run regressed against the baseline. */
    public static final int REGRESSION = 1;
    /** Bad arguments or a directory that is not what was expected (picocli uses 2 for usage errors too). */
    public static final int USAGE = 2;
    /** A file could not be read or written. */
    public static final int IO_ERROR = 3;

    private ExitCodes() {
    }
}
