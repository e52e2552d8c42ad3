package org.maestro.common.options;

import java.time.Duration;

/**
 * How long a test runs: either a time ({@code 90s}, {@code 1h30m}) or a number of messages per connection
 * ({@code 1000000}).
 */
public record TestDuration(Duration time, long messageCount) {
    /** The accepted forms, for error messages. */
    public static final String FORMS =
            "a time such as 90s, 10m or 1h30m, or a positive message count per connection such as 1000000";

    public TestDuration {
        if ((time == null) == (messageCount <= 0)) {
            throw new IllegalArgumentException("a test duration is either a time or a message count");
        }
    }

    /** A duration by time. */
    public static TestDuration ofTime(Duration time) {
        return new TestDuration(time, 0);
    }

    /** A duration by message count per connection. */
    public static TestDuration ofCount(long messageCount) {
        return new TestDuration(null, messageCount);
    }

    /** Parses {@code 90s}, {@code 1h30m} or a bare positive count. */
    public static TestDuration parse(String text) {
        String value = text == null ? "" : text.trim();
        if (Durations.isDuration(value)) {
            Duration time = Durations.parse(value);
            if (!time.isZero()) {
                return ofTime(time);
            }
        } else if (value.matches("\\d{1,18}")) {
            long count = Long.parseLong(value);
            if (count > 0) {
                return ofCount(count);
            }
        }
        throw new InvalidOptionException("TEST_DURATION", text, FORMS);
    }

    /** True when the test is bounded by time rather than by count. */
    public boolean isTimed() {
        return time != null;
    }

    @Override
    public String toString() {
        return isTimed() ? Durations.format(time) : Long.toString(messageCount);
    }
}
