package org.maestro.common.cli;

/** The exit codes of every {@code maestro-cli} command, and what each means. */
public enum ExitCode {
    /** Everything passed. */
    OK(0, "all tests passed / command succeeded"),
    /** A test failed, or a comparison found a regression. */
    TEST_FAILED(1, "a test failed, or a comparison found a regression"),
    /** The command line, a parameter or a script was wrong. */
    USAGE(2, "usage, parameter or script error"),
    /** The infrastructure failed: broker unreachable, peers missing, I/O error. */
    INFRASTRUCTURE(3, "infrastructure error: control broker unreachable, peers missing, I/O error");

    private final int code;
    private final String meaning;

    ExitCode(int code, String meaning) {
        this.code = code;
        this.meaning = meaning;
    }

    /** The process exit status. */
    public int code() {
        return code;
    }

    /** What the code tells the user, for help texts. */
    public String meaning() {
        return meaning;
    }

    /**
     * The exit code of a process status.
     *
     * @throws IllegalArgumentException for a status Maestro never exits with
     */
    public static ExitCode of(int code) {
        for (ExitCode exitCode : values()) {
            if (exitCode.code == code) {
                return exitCode;
            }
        }
        throw new IllegalArgumentException("no Maestro exit code " + code + "; they are 0 to 3");
    }
}
