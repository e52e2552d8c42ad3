package org.maestro.testing;

import java.util.Optional;

/**
 * A check of figures that depend on the machine's speed: the measurement runs again while the machine was too busy to
 * judge it, and when it never kept up the test is skipped, or failed under CI ({@link RequiredServer}); it never
 * passes without judging.
 */
public final class TimingCheck {
    private TimingCheck() {}

    /** One run of the measurement. */
    @FunctionalInterface
    public interface Measurement<T> {
        T run() throws Exception;
    }

    /** Why a run cannot be judged (the machine was too busy), or empty when it can. */
    @FunctionalInterface
    public interface BusyMachine<T> {
        Optional<String> tooBusy(T run) throws Exception;
    }

    /**
     * Runs the measurement up to {@code attempts} times and returns the first run that {@code busy} finds judgeable;
     * skips the test, or fails it under CI, when none was.
     */
    public static <T> T untilJudgeable(int attempts, Measurement<T> measurement, BusyMachine<T> busy) throws Exception {
        return untilJudgeable(attempts, measurement, busy, System.getenv("CI"));
    }

    static <T> T untilJudgeable(int attempts, Measurement<T> measurement, BusyMachine<T> busy, String ci)
            throws Exception {
        if (attempts < 1) {
            throw new IllegalArgumentException("attempts must be at least 1, not " + attempts);
        }
        String lastReason = "";
        for (int attempt = 1; attempt <= attempts; attempt++) {
            T run = measurement.run();
            Optional<String> reason = busy.tooBusy(run);
            if (reason.isEmpty()) {
                return run;
            }
            lastReason = reason.get();
        }
        RequiredServer.require(
                false,
                "the machine was too busy to judge the timing in " + attempts + " attempts (last: " + lastReason + ")",
                "run the timing tests on a machine with a free core",
                ci);
        throw new IllegalStateException("unreachable: require(false, ...) always throws");
    }
}
