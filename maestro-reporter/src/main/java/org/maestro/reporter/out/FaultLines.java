package org.maestro.reporter.out;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import org.maestro.reporter.FaultCost;
import org.maestro.reporter.FaultText;

/** The table of faults printed at the end of a run: a header and one line per fault. */
public final class FaultLines {

    private static final DateTimeFormatter START =
            DateTimeFormatter.ofPattern("HH:mm:ss.SSS").withZone(ZoneOffset.UTC);
    private static final String FORMAT = "%-24s %4s  %-32s %12s %10s  %-24s %-24s %12s %12s %8s %8s %10s%n";

    private FaultLines() {}

    /** The header line. */
    public static String header() {
        return String.format(
                Locale.ROOT,
                FORMAT,
                "FAULTS: TEST",
                "#",
                "AGENT: ACTION",
                "STARTED UTC",
                "SILENCE s",
                "THROUGHPUT BACK",
                "P99 BACK",
                "P99 BEFORE",
                "P99 DURING",
                "REFUSED",
                "VANISHED",
                "DUPLICATES");
    }

    /** The line of one fault of an iteration. */
    public static String line(String test, int iteration, FaultCost fault) {
        String at = START.format(Instant.ofEpochMilli(fault.start()));
        String silence = fault.gapSeconds() == null
                ? "unknown"
                : String.format(Locale.ROOT, fault.gapOngoing() ? "≥%.2f" : "%.2f", fault.gapSeconds());
        return String.format(
                Locale.ROOT,
                FORMAT,
                test,
                Integer.toString(iteration),
                fault.agent() + ": " + fault.action(),
                at,
                silence,
                FaultText.throughputRecovery(fault),
                FaultText.p99Recovery(fault),
                FaultText.millis(fault.p99Before()),
                FaultText.millis(fault.p99During()),
                FaultText.count(fault.refused()),
                FaultText.count(fault.vanished()),
                FaultText.count(fault.duplicates()));
    }
}
