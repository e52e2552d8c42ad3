package org.maestro.reporter.chart;

import java.util.ArrayList;
import java.util.List;
import org.maestro.reporter.RatePhase;

/** The phases of a rate profile as bands of the time charts, labelled {@code ramp → 5000}, {@code 5000} or pause. */
final class RatePhaseBands {

    private RatePhaseBands() {}

    /** One band per phase, in two alternating shades so that neighbours stay apart; none without a profile. */
    static List<Band> of(List<RatePhase> phases) {
        List<Band> bands = new ArrayList<>();
        if (phases == null) {
            return bands;
        }
        for (RatePhase phase : phases) {
            bands.add(new Band(
                    phase.startMillis(),
                    phase.endMillis(),
                    label(phase),
                    phase.phase() % 2 == 1 ? Band.PHASE : Band.PHASE_ALTERNATE));
        }
        return bands;
    }

    /** {@code ramp → 5000} for a ramp, the rate of a step, {@code pause} for a step of rate 0. */
    static String label(RatePhase phase) {
        if (phase.from() != phase.to()) {
            return "ramp → " + phase.to();
        }
        return phase.to() == 0 ? "pause" : Long.toString(phase.to());
    }
}
