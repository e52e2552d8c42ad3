package org.maestro.reporter;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/**
 * How evenly a flow's throughput spread over its destinations: the lowest and highest rate, Jain's fairness index
 * {@code (Σx)² / (n·Σx²)} of the rates (1 when all are equal, 1/n when one destination takes everything) and the
 * slowest destination.
 *
 * @param jain null when every rate is 0
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record DestinationSpread(
        double min,
        double max,
        @JsonInclude(JsonInclude.Include.ALWAYS) Double jain,
        String slowest) {

    /** The spread of the destinations' rates; the slowest is the first of the lowest rate, by destination number. */
    public static DestinationSpread of(List<DestinationFigures> destinations) {
        double min = Double.MAX_VALUE;
        double max = 0;
        double sum = 0;
        double squares = 0;
        String slowest = null;
        for (DestinationFigures destination : destinations) {
            double x = destination.rate();
            if (x < min) {
                min = x;
                slowest = destination.name();
            }
            max = Math.max(max, x);
            sum += x;
            squares += x * x;
        }
        if (destinations.isEmpty()) {
            return new DestinationSpread(0, 0, null, null);
        }
        Double jain = squares == 0 ? null : sum * sum / (destinations.size() * squares);
        return new DestinationSpread(min, max, jain, slowest);
    }
}
