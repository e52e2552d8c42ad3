package org.maestro.reporter.html;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

/** Formats numbers, latencies, times and durations the same way on every page. */
public final class Format {

    private static final DateTimeFormatter TIME =
            DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss 'UTC'").withZone(ZoneOffset.UTC);

    private Format() {}

    /** 1234567 → "1,234,567". */
    public static String count(long value) {
        return String.format(Locale.ROOT, "%,d", value);
    }

    /** A count that may be unknown: null → "unknown". */
    public static String count(Long value) {
        return value == null ? "unknown" : count(value.longValue());
    }

    /** A rate in msg/s with one decimal: "12,345.6". */
    public static String rate(double value) {
        return String.format(Locale.ROOT, "%,.1f", value);
    }

    /** A byte rate in MB/s (10^6 bytes) with three decimals: "0.256 MB/s"; empty when unknown. */
    public static String megabytes(Double value) {
        return value == null ? "" : String.format(Locale.ROOT, "%,.3f MB/s", value);
    }

    /** Microseconds as milliseconds with microsecond precision: 1234 → "1.234 ms". */
    public static String millis(long micros) {
        return String.format(Locale.ROOT, "%,.3f ms", micros / 1000.0);
    }

    /** A mean in microseconds as milliseconds. */
    public static String millis(double micros) {
        return String.format(Locale.ROOT, "%,.3f ms", micros / 1000.0);
    }

    /** A percentage with up to three decimals. */
    public static String percent(double value) {
        if (value == 0) {
            return "0%";
        }
        return String.format(Locale.ROOT, value >= 1 ? "%.2f%%" : "%.3f%%", value);
    }

    /** A signed percentage change: "+12.3%". */
    public static String change(double value) {
        if (Double.isNaN(value)) {
            return "n/a";
        }
        if (Double.isInfinite(value)) {
            return value > 0 ? "+∞" : "−∞";
        }
        return String.format(Locale.ROOT, "%+.1f%%", value);
    }

    /** Epoch ms as "2024-11-22 07:20:00 UTC", "" for 0. */
    public static String time(long epochMillis) {
        return epochMillis <= 0 ? "" : TIME.format(Instant.ofEpochMilli(epochMillis));
    }

    /** Seconds as "45 s", "12 min 5 s", "1 h 2 min". */
    public static String duration(double seconds) {
        long s = Math.round(seconds);
        if (s < 60) {
            return s + " s";
        }
        if (s < 3600) {
            return (s / 60) + " min" + (s % 60 == 0 ? "" : " " + (s % 60) + " s");
        }
        long minutes = (s % 3600) / 60;
        return (s / 3600) + " h" + (minutes == 0 ? "" : " " + minutes + " min");
    }
}
