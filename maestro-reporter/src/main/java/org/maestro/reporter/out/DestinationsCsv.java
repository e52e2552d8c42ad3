package org.maestro.reporter.out;

import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.maestro.common.files.AtomicFiles;
import org.maestro.common.files.csv.CsvFileWriter;
import org.maestro.reporter.DestinationFigures;
import org.maestro.reporter.DestinationLatency;
import org.maestro.reporter.FlowDestinations;
import org.maestro.reporter.SubscriptionFigures;
import org.maestro.reporter.TestSummary;

/**
 * Writes every destination's and subscription's figures of an iteration to CSV files beside its page
 * ({@code iteration-<n>-destinations.csv}, {@code iteration-<n>-subscriptions.csv}), whole or not at all.
 */
public final class DestinationsCsv {
    /** The first line of the destinations file. */
    public static final String DESTINATIONS_VERSION = "# maestro-destinations v1";
    /** The first line of the subscriptions file. */
    public static final String SUBSCRIPTIONS_VERSION = "# maestro-subscriptions v1";

    private static final List<String> DESTINATION_COLUMNS = List.of(
            "flow",
            "destination",
            "name",
            "sent",
            "received",
            "refused",
            "vanished",
            "duplicates",
            "rate",
            "p50_us",
            "p99_us",
            "max_us");
    private static final List<String> SUBSCRIPTION_COLUMNS = List.of(
            "flow",
            "destination",
            "subscription",
            "name",
            "expected",
            "received",
            "lost",
            "duplicates",
            "p50_us",
            "p99_us",
            "max_us");

    private DestinationsCsv() {}

    /** The name of the destinations file of an iteration, in the test directory. */
    public static String destinationsFile(int iteration) {
        return "iteration-" + iteration + "-destinations.csv";
    }

    /** The name of the subscriptions file of an iteration, in the test directory. */
    public static String subscriptionsFile(int iteration) {
        return "iteration-" + iteration + "-subscriptions.csv";
    }

    /** Writes the files the summary has figures for, in {@code testDir}. */
    public static void write(Path testDir, TestSummary s) throws IOException {
        if (s.destinations() != null) {
            write(testDir.resolve(destinationsFile(s.iteration())), DESTINATIONS_VERSION, DESTINATION_COLUMNS, out -> {
                for (Map.Entry<String, FlowDestinations> flow : s.destinations().entrySet()) {
                    for (DestinationFigures d : flow.getValue().each()) {
                        out.row(
                                flow.getKey(),
                                d.destination(),
                                d.name(),
                                d.sent(),
                                d.received(),
                                d.refused(),
                                d.vanished(),
                                d.duplicates(),
                                String.format(java.util.Locale.ROOT, "%.3f", d.rate()),
                                p50(d.latency()),
                                p99(d.latency()),
                                max(d.latency()));
                    }
                }
            });
        }
        if (s.subscriptions() != null) {
            write(
                    testDir.resolve(subscriptionsFile(s.iteration())),
                    SUBSCRIPTIONS_VERSION,
                    SUBSCRIPTION_COLUMNS,
                    out -> {
                        for (Map.Entry<String, List<SubscriptionFigures>> flow :
                                s.subscriptions().entrySet()) {
                            for (SubscriptionFigures f : flow.getValue()) {
                                out.row(
                                        flow.getKey(),
                                        f.destination(),
                                        f.subscription(),
                                        f.name(),
                                        f.expected(),
                                        f.received(),
                                        f.lost(),
                                        f.duplicates(),
                                        p50(f.latency()),
                                        p99(f.latency()),
                                        max(f.latency()));
                            }
                        }
                    });
        }
    }

    /** Writes the rows of a file. */
    @FunctionalInterface
    private interface Rows {
        void write(CsvFileWriter out) throws IOException;
    }

    private static void write(Path file, String version, List<String> columns, Rows rows) throws IOException {
        AtomicFiles.write(file, stream -> {
            Writer text = new OutputStreamWriter(stream, StandardCharsets.UTF_8);
            try (CsvFileWriter out = CsvFileWriter.create(text, version, List.of(), columns)) {
                rows.write(out);
            }
        });
    }

    private static Long p50(DestinationLatency latency) {
        return latency == null ? null : latency.p50();
    }

    private static Long p99(DestinationLatency latency) {
        return latency == null ? null : latency.p99();
    }

    private static Long max(DestinationLatency latency) {
        return latency == null ? null : latency.max();
    }
}
