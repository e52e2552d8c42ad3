package org.maestro.driver;

import org.slf4j.Logger;

/**
 * Logs a warning that may repeat once per message as one line per period with how many times it happened, so a
 * system refusing thousands of messages does not flood the log. Thread-safe.
 */
public final class ThrottledWarning {
    private final Logger log;
    private final String what;
    private final long periodNanos;
    private long count;
    private long lastLoggedNanos;
    private String lastDetail;

    /**
     * @param what        what happened, e.g. "delivery failures on the connection to amqp://host:5672/q"
     * @param periodNanos the shortest time between two lines
     */
    public ThrottledWarning(Logger log, String what, long periodNanos) {
        this.log = log;
        this.what = what;
        this.periodNanos = periodNanos;
        this.lastLoggedNanos = System.nanoTime() - periodNanos;
    }

    /** Counts one occurrence; logs the count so far when the period has passed since the last line. */
    public void record(String detail) {
        String line = null;
        long times = 0;
        synchronized (this) {
            count++;
            lastDetail = detail;
            long now = System.nanoTime();
            if (now - lastLoggedNanos >= periodNanos) {
                times = count;
                line = lastDetail;
                count = 0;
                lastLoggedNanos = now;
            }
        }
        if (line != null) {
            log.warn("{}: {} in the last {} s (last: {})", what, times, periodNanos / 1_000_000_000L, line);
        }
    }
}
