package org.maestro.worker.receiver;

import java.util.concurrent.locks.LockSupport;
import org.maestro.base.time.MicroClock;
import org.maestro.driver.ConsumerCallback;
import org.maestro.worker.measure.MessageStamp;

/**
 * Stands between a driver's consumer and a connection's recorder and holds each delivery back while the receiver
 * may not consume: the delay and pauses of its {@link ConsumeSchedule}, and RECEIVE_RATE, paced per connection on a
 * schedule of one slot per interval that never lets it get more than one interval ahead: a connection that waited
 * for messages (or was held) starts again one interval before now, one that was late with messages at hand (a busy
 * host) catches up. It holds the driver's delivery thread, so the driver stops taking messages
 * once its own bounded prefetch (credit, QoS, receive-maximum) is full and the rest wait in the system under test.
 * A message is recorded as consumed when it leaves the gate, so the time it waited is in its response time. Priming
 * messages and those of another run pass at once: the schedule starts with the first message of the load. Single
 * caller (the connection's delivery thread); {@link #close()} from any thread.
 */
final class ConsumeGate implements ConsumerCallback {
    /** The longest single park, so a close is seen soon. */
    private static final long MAX_PARK_NANOS = 50_000_000;

    private final ConsumeSchedule schedule;
    private final int runTag;
    private final long intervalMicros;
    private volatile boolean closed;
    private long nextSlotMicros;
    private final MicroClock clock;
    private long lastLeftMicros;
    private final ConsumerCallback next;

    /**
     * @param ratePerSecond messages per second this connection consumes at most; 0 is unbounded
     * @param runTag        the run tag of this run's messages ({@link MessageStamp#runTag(String)})
     */
    ConsumeGate(ConsumeSchedule schedule, int ratePerSecond, int runTag, MicroClock clock, ConsumerCallback next) {
        this.schedule = schedule;
        this.runTag = runTag;
        this.intervalMicros = ratePerSecond > 0 ? Math.max(1, 1_000_000L / ratePerSecond) : 0;
        this.clock = clock;
        this.next = next;
    }

    /** True when this gate never holds a delivery back. */
    boolean isOpen() {
        return intervalMicros == 0 && schedule.isFree();
    }

    @Override
    public void onMessage(byte[] body, long receiveMicros) {
        if (notLoad(body)) {
            next.onMessage(body, receiveMicros); // priming and stale messages are no part of the load
            return;
        }
        // the schedule starts when the load did: the intended send time of its first message, not when that message
        // got here (a receiver still busy with priming messages would shift every pause)
        schedule.arrived(
                MessageStamp.isStamped(body)
                        ? Math.min(receiveMicros, MessageStamp.intendedMicros(body))
                        : receiveMicros);
        long now = receiveMicros;
        // waiting for a message earns no credit beyond one interval; a late wake-up or a slow delivery thread with
        // messages at hand does, so the connection keeps its rate on a busy host without ever getting ahead of it
        boolean idle = now - lastLeftMicros > intervalMicros;
        while (true) { // again after a wait: a pause may have begun while a paced message waited for its slot
            long resume = schedule.resumeAt(now);
            long until = resume;
            if (intervalMicros > 0) {
                if (idle || resume > now) {
                    nextSlotMicros = Math.max(nextSlotMicros, resume - intervalMicros);
                }
                until = Math.max(resume, nextSlotMicros);
            }
            if (until <= now) {
                break;
            }
            now = waitUntil(until);
            idle = false;
            if (closed) {
                return; // the run ended while the message waited: it was not consumed
            }
        }
        nextSlotMicros += intervalMicros;
        lastLeftMicros = now;
        next.onMessage(body, now);
    }

    /** True for a priming message of this run and a message of another run: they pass without waiting. */
    private boolean notLoad(byte[] body) {
        return MessageStamp.isStamped(body) && (MessageStamp.priming(body) || MessageStamp.runTag(body) != runTag);
    }

    /** Parks until {@code untilMicros} of the clock or a close; returns the time then. */
    private long waitUntil(long untilMicros) {
        long now = clock.nowMicros();
        while (now < untilMicros && !closed) {
            LockSupport.parkNanos(Math.min((untilMicros - now) * 1000, MAX_PARK_NANOS));
            now = clock.nowMicros();
        }
        return now;
    }

    /** Lets a delivery that waits go without consuming it, and every later one. */
    void close() {
        closed = true;
    }
}
