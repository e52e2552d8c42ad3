package org.maestro.reporter.chart;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.maestro.reporter.FaultCost;

/** The rate chart's bands: the others, and from each fault's end until its throughput was back, shaded. */
final class RecoveryBands {

    private RecoveryBands() {}

    /** The given bands and one {@link Band#RECOVERY} band per fault whose throughput came back after its end. */
    static List<Band> with(List<Band> bands, List<FaultCost> faults) {
        List<Band> all = new ArrayList<>(bands);
        for (FaultCost fault : faults) {
            Double seconds = fault.throughputRecoverySeconds();
            if (seconds == null) {
                continue;
            }
            long back = fault.start() + Math.round(seconds * 1000);
            if (back > fault.end()) {
                all.add(new Band(
                        fault.end(), back, String.format(Locale.ROOT, "back after %.1f s", seconds), Band.RECOVERY));
            }
        }
        return all;
    }
}
