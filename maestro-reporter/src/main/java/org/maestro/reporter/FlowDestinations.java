package org.maestro.reporter;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * The destinations of one flow ({@code summary.json} {@code destinations.<flow>}): how many, their spread and each
 * one's figures, by destination number.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
@JsonPropertyOrder({"count", "spread", "each"})
public record FlowDestinations(int count, DestinationSpread spread, List<DestinationFigures> each) {

    /** The figures of the destinations, with their count and spread. */
    public static FlowDestinations of(List<DestinationFigures> each) {
        List<DestinationFigures> sorted = each.stream()
                .sorted(Comparator.comparingInt(DestinationFigures::destination))
                .toList();
        return new FlowDestinations(sorted.size(), DestinationSpread.of(sorted), sorted);
    }

    /** The destinations, slowest first (ties by destination number). */
    @JsonIgnore
    public List<DestinationFigures> slowestFirst() {
        return each.stream()
                .sorted(Comparator.comparingDouble(DestinationFigures::rate)
                        .thenComparingInt(DestinationFigures::destination))
                .toList();
    }

    /** The destinations that received nothing while their senders sent. */
    @JsonIgnore
    public List<DestinationFigures> starved() {
        return each.stream().filter(DestinationFigures::starved).toList();
    }

    /** One line: "100 destinations: 480–520 msg/s, Jain 0.999, slowest orders-17". */
    public String describe() {
        return String.format(
                Locale.ROOT,
                "%d destinations: %,.0f–%,.0f msg/s, Jain %s, slowest %s",
                count,
                spread.min(),
                spread.max(),
                spread.jain() == null ? "n/a" : String.format(Locale.ROOT, "%.3f", spread.jain()),
                spread.slowest());
    }
}
