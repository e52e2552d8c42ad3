package org.maestro.client.api;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.maestro.common.options.RateProfile;
import org.maestro.reporter.RatePhase;

/**
 * The phases of a rate profile among a test's figures ({@code ratePhase.<n>.plannedRate} …) and the lines the table
 * of {@code maestro-cli run} prints for them, planned against achieved.
 */
public final class RatePhaseFigures {
    private static final String PREFIX = "ratePhase.";

    private RatePhaseFigures() {}

    /** Puts each phase's figures: planned, sent and achieved rate (msg/s, all connections), p99 response time (ms). */
    static void put(Map<String, Number> figures, List<RatePhase> phases) {
        if (phases == null) {
            return;
        }
        for (RatePhase phase : phases) {
            String key = PREFIX + phase.phase() + ".";
            figures.put(key + "from", phase.from());
            figures.put(key + "to", phase.to());
            figures.put(key + "plannedRate", phase.plannedRate());
            figures.put(key + "sentRate", phase.sentRate());
            figures.put(key + "achievedRate", phase.achievedRate());
            if (phase.latencyP99() != null) {
                figures.put(key + "p99Ms", phase.latencyP99() / 1000.0);
            }
        }
    }

    /**
     * One line per phase of a result with a rate profile, e.g. {@code fixed #0 phase 2 ramp 600 over 3s: planned 400
     * msg/s, sent 399, achieved 398 (99.5%), p99 1.204 ms}; none without a profile.
     */
    public static List<String> lines(TestResult result) {
        List<String> lines = new ArrayList<>();
        Map<String, Number> figures = result.figures();
        List<RateProfile.Phase> written = result.options() == null
                ? List.of()
                : result.options().rateProfile().map(RateProfile::phases).orElse(List.of());
        for (int n = 1; figures.containsKey(PREFIX + n + ".plannedRate"); n++) {
            String key = PREFIX + n + ".";
            double planned = figures.get(key + "plannedRate").doubleValue();
            double achieved = figures.get(key + "achievedRate").doubleValue();
            Number p99 = figures.get(key + "p99Ms");
            String text = n <= written.size()
                    ? written.get(n - 1).text()
                    : figures.get(key + "from") + " → " + figures.get(key + "to");
            lines.add(String.format(
                    Locale.ROOT,
                    "%s #%d phase %d %s: planned %,.0f msg/s, sent %,.0f, achieved %,.0f%s, p99 %s",
                    result.name(),
                    result.iteration(),
                    n,
                    text,
                    planned,
                    figures.get(key + "sentRate").doubleValue(),
                    achieved,
                    planned > 0 ? String.format(Locale.ROOT, " (%.1f%%)", achieved * 100 / planned) : "",
                    p99 == null ? "-" : String.format(Locale.ROOT, "%.3f ms", p99.doubleValue())));
        }
        return lines;
    }
}
