package org.maestro.client.api;

import java.time.Duration;

/**
 * How long a running test is given: the senders must finish within 1.5 × the planned time plus {@code finishGrace},
 * and a deadline that passes while the control broker is unreachable waits up to {@code brokerOutage} for it.
 *
 * @param finishGrace  what the senders may take past 1.5 × the planned time before the test fails (not negative)
 * @param brokerOutage how long a deadline waits for an unreachable control broker (not negative)
 */
public record WatchLimits(Duration finishGrace, Duration brokerOutage) {
    /** The senders' grace past 1.5 × the planned time unless set: room for a slow start or a slow machine. */
    public static final Duration DEFAULT_FINISH_GRACE = Duration.ofSeconds(30);

    /** How long a deadline waits for an unreachable control broker unless set. */
    public static final Duration DEFAULT_BROKER_OUTAGE = Duration.ofMinutes(5);

    /** The defaults. */
    public static final WatchLimits DEFAULTS = new WatchLimits(DEFAULT_FINISH_GRACE, DEFAULT_BROKER_OUTAGE);

    /** Refuses a negative limit, naming it. */
    public WatchLimits {
        if (finishGrace.isNegative()) {
            throw new IllegalArgumentException("the senders' finish grace must not be negative: " + finishGrace);
        }
        if (brokerOutage.isNegative()) {
            throw new IllegalArgumentException("the control broker outage limit must not be negative: " + brokerOutage);
        }
    }

    /** The senders' deadline for a planned time: 1.5 × planned + the grace. */
    Duration deadline(Duration planned) {
        return planned.plus(planned.dividedBy(2)).plus(finishGrace);
    }
}
