package org.maestro.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.maestro.reporter.FlowDestinations;
import org.maestro.reporter.SubscriptionFigures;
import org.maestro.reporter.TestSummary;
import org.maestro.reporter.out.SummaryJson;

/**
 * The lines of the end-of-run table about the destinations of a test iteration, from the summary.json its report
 * wrote: each flow's spread ("100 destinations: 480–520 msg/s, Jain 0.999, slowest orders-17") and the subscription
 * that lost the most. None for an iteration with one destination and one subscription, or without a report.
 */
final class DestinationLines {
    private DestinationLines() {}

    /** The lines of the iteration whose files are in {@code iterationDirectory}. */
    static List<String> of(Path iterationDirectory, int iteration) {
        Path parent = iterationDirectory == null ? null : iterationDirectory.getParent();
        if (parent == null || !Files.isRegularFile(parent.resolve(SummaryJson.FILE_NAME))) {
            return List.of();
        }
        try {
            for (TestSummary summary :
                    SummaryJson.read(parent.resolve(SummaryJson.FILE_NAME)).iterations()) {
                if (summary.iteration() == iteration) {
                    return of(summary);
                }
            }
        } catch (IOException e) {
            return List.of("destinations unknown: " + e.getMessage());
        }
        return List.of();
    }

    /** The lines of one iteration's summary. */
    static List<String> of(TestSummary summary) {
        List<String> lines = new ArrayList<>();
        if (summary.destinations() != null) {
            for (Map.Entry<String, FlowDestinations> flow :
                    summary.destinations().entrySet()) {
                lines.add(flowPrefix(flow.getKey()) + flow.getValue().describe());
            }
        }
        if (summary.subscriptions() != null) {
            for (Map.Entry<String, List<SubscriptionFigures>> flow :
                    summary.subscriptions().entrySet()) {
                List<SubscriptionFigures> lost = flow.getValue().stream()
                        .filter(s -> s.lost() != null && s.lost() > 0)
                        .sorted((a, b) -> Long.compare(b.lost(), a.lost()))
                        .toList();
                if (!lost.isEmpty()) {
                    lines.add(flowPrefix(flow.getKey())
                            + lost.get(0).describe()
                            + (lost.size() > 1 ? "; " + (lost.size() - 1) + " more subscriptions lost messages" : ""));
                }
            }
        }
        return lines;
    }

    private static String flowPrefix(String flow) {
        return flow.isEmpty() ? "" : "flow " + flow + ": ";
    }
}
