package org.maestro.reporter;

import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The latency limit a test's peers judged it by, read from its parameters: {@code MAXIMUM_LATENCY} (ms) compared
 * with the p90 response time ({@code MAXIMUM_LATENCY_MODE=soft}, the default) or its maximum ({@code hard}).
 *
 * @param limitMillis the limit, ms
 * @param hard true when the maximum is compared, false for p90
 */
public record LatencyCriterion(long limitMillis, boolean hard) {

    /** The criterion of a test, empty when it had no latency limit (absent, 0, or different between peers). */
    public static Optional<LatencyCriterion> of(Map<String, String> parameters) {
        String limit = parameters.get("MAXIMUM_LATENCY");
        if (limit == null || !limit.trim().matches("\\d{1,12}")) {
            return Optional.empty();
        }
        long millis = Long.parseLong(limit.trim());
        if (millis <= 0) {
            return Optional.empty();
        }
        String mode =
                parameters.getOrDefault("MAXIMUM_LATENCY_MODE", "soft").trim().toLowerCase(Locale.ROOT);
        return Optional.of(new LatencyCriterion(millis, mode.equals("hard")));
    }

    /** The statistic compared with the limit: {@code p90} or {@code max}. */
    public String statistic() {
        return hard ? "max" : "p90";
    }

    /** The compared value of a latency, µs. */
    public long valueOf(LatencyStats stats) {
        return hard ? stats.max() : stats.p90();
    }

    /** E.g. {@code verdict on p90 response time ≤ 500 ms}. */
    public String describe() {
        return "verdict on " + statistic() + " response time ≤ " + limitMillis + " ms";
    }
}
