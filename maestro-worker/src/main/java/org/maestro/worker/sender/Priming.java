package org.maestro.worker.sender;

import java.util.function.BooleanSupplier;
import org.maestro.base.time.MicroClock;
import org.maestro.common.time.Sleeper;
import org.maestro.driver.DriverException;
import org.maestro.driver.DriverProducer;
import org.maestro.worker.measure.MessageStamp;
import org.maestro.worker.payload.MessageBodies;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Primes a sender connection before its first measured message: sends the plan's priming messages as fast as the
 * producer takes them, through the same stamping and driver path as the measured ones, then waits for their
 * outcomes, within {@value #LIMIT_MICROS} µs, so that class loading, the first compilations of the send path and the
 * outcome flow happen here, not on the timeline. Priming messages carry the priming flag (receivers ignore them) and
 * negative tokens (outcomes counts leave them out); they use no sequence number and record no send delay.
 */
final class Priming {
    /** The longest a connection primes: sending its priming messages and waiting for their outcomes. */
    static final long LIMIT_MICROS = 5_000_000;

    private static final Logger LOG = LoggerFactory.getLogger(SenderConnection.class);

    private final SendPlan plan;
    private final MicroClock clock;
    private final Sleeper pause;

    Priming(SendPlan plan, MicroClock clock, Sleeper pause) {
        this.plan = plan;
        this.clock = clock;
        this.pause = pause;
    }

    /**
     * Primes connection {@code index} through {@code producer} with the connection's {@code bodies}, whose outcomes go
     * to {@code outcomes}.
     */
    void prime(DriverProducer producer, SendOutcomes outcomes, int index, MessageBodies bodies, BooleanSupplier stopped)
            throws DriverException, InterruptedException {
        int count = plan.primingMessages();
        if (count == 0) {
            return;
        }
        long deadline = clock.nowMicros() + LIMIT_MICROS;
        int sentPriming = 0;
        while (sentPriming < count && !stopped.getAsBoolean() && clock.nowMicros() < deadline) {
            int length = bodies.next();
            MessageStamp.writePriming(bodies.current(), sentPriming, clock.nowMicros());
            producer.send(-1L - sentPriming, bodies.current(), length);
            sentPriming++;
        }
        if (!producer.reportsOutcomes()) {
            return;
        }
        while (outcomes.primingSettled() < sentPriming && !stopped.getAsBoolean() && clock.nowMicros() < deadline) {
            pause.sleepMicros(1_000);
        }
        if (outcomes.primingSettled() < sentPriming && !stopped.getAsBoolean()) {
            LOG.warn(
                    "connection {}: {} of {} priming messages unsettled after {} s; starting the timeline anyway "
                            + "(is the system under test overloaded? PRIMING_MESSAGES=0 turns priming off)",
                    index,
                    sentPriming - outcomes.primingSettled(),
                    sentPriming,
                    LIMIT_MICROS / 1_000_000);
        }
    }
}
