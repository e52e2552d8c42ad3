package org.maestro.worker.sender;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import org.maestro.common.measure.OutcomeCounts;
import org.maestro.common.measure.PeerResult;
import org.maestro.driver.DeliveryOutcome;
import org.maestro.driver.OutcomeListener;
import org.roaringbitmap.RoaringBitmap;

/**
 * The send outcomes of one sender connection: a count per outcome (one per attempt), the sequence numbers whose final
 * outcome was a refusal, and, when released messages are sent again, the queue of those waiting to be. The driver's
 * threads report outcomes through {@link #onOutcome}; the connection's thread counts failed sends and takes messages
 * to send again. Thread-safe.
 *
 * <p>A sequence number is <em>refused</em> when the sender knows the message did not go through: the system released,
 * rejected or modified it (and it is not sent again), its connection failed before the system settled it, or it was
 * given up after failed send attempts.
 *
 * <p>Negative tokens are priming messages, sent before the timeline: only counted apart ({@link #primingSettled()}).
 */
final class SendOutcomes implements OutcomeListener {
    private final LongAdder accepted = new LongAdder();
    private final LongAdder released = new LongAdder();
    private final LongAdder rejected = new LongAdder();
    private final LongAdder modified = new LongAdder();
    private final LongAdder failed = new LongAdder();
    private final AtomicLong reported = new AtomicLong();
    private final AtomicLong primingSettled = new AtomicLong();
    private final RoaringBitmap refused = new RoaringBitmap();
    private final ConcurrentLinkedQueue<Long> toResend = new ConcurrentLinkedQueue<>();
    private volatile String lastRefusal;
    private volatile boolean resending;

    /** @param resendReleased true to queue released (and resendable modified) messages to be sent again */
    SendOutcomes(boolean resendReleased) {
        this.resending = resendReleased;
    }

    @Override
    public void onOutcome(long sequence, DeliveryOutcome outcome, boolean resendable, String detail) {
        if (sequence < 0) {
            // a priming message: counted apart, never as a send attempt of the test
            primingSettled.incrementAndGet();
            return;
        }
        switch (outcome) {
            case ACCEPTED -> accepted.increment();
            case RELEASED -> released.increment();
            case REJECTED -> rejected.increment();
            case MODIFIED -> modified.increment();
            case FAILED -> failed.increment();
            default -> throw new IllegalArgumentException("unknown outcome " + outcome);
        }
        if (outcome != DeliveryOutcome.ACCEPTED && sequence >= 0) {
            lastRefusal = outcome + (detail == null ? "" : ": " + detail);
            if (resending && resendable) {
                toResend.add(sequence);
            } else {
                refuse(sequence);
            }
        }
        reported.incrementAndGet();
    }

    /** Priming messages (negative tokens) whose outcome was reported so far. */
    long primingSettled() {
        return primingSettled.get();
    }

    @Override
    public boolean resendsReleased() {
        return resending;
    }

    /** From now on, released messages are refused instead of queued to be sent again (the connection ends). */
    void endResends() {
        resending = false;
    }

    /** Counts a send attempt that threw: the message was not handed to the system. */
    void countFailedAttempt(String detail) {
        failed.increment();
        lastRefusal = DeliveryOutcome.FAILED + ": " + detail;
    }

    /** Marks a sequence number as refused for good. */
    void refuse(long sequence) {
        synchronized (refused) {
            refused.add((int) sequence);
        }
    }

    /** How many outcomes the driver reported (failed attempts that threw are not among them). */
    long reported() {
        return reported.get();
    }

    /** The messages waiting to be sent again, lowest sequence number first; the queue is emptied. */
    List<Long> takeResends() {
        List<Long> taken = new ArrayList<>();
        Long sequence;
        while ((sequence = toResend.poll()) != null) {
            taken.add(sequence);
        }
        taken.sort(null);
        return taken;
    }

    /** True when messages wait to be sent again. */
    boolean resendsWaiting() {
        return !toResend.isEmpty();
    }

    /** The counts so far. */
    OutcomeCounts counts() {
        return new OutcomeCounts(accepted.sum(), released.sum(), rejected.sum(), modified.sum(), failed.sum());
    }

    /** Attempts that did not end accepted: the sender's errors. */
    long notAccepted() {
        return released.sum() + rejected.sum() + modified.sum() + failed.sum();
    }

    /** Accepted attempts so far. */
    long accepted() {
        return accepted.sum();
    }

    /** The refused sequence numbers in the encoding of {@link PeerResult.Stream#refusedSequences()}. */
    String refusedSequences() {
        synchronized (refused) {
            return PeerResult.Stream.encode(refused.clone());
        }
    }

    /** How many sequence numbers are refused. */
    long refusedCount() {
        synchronized (refused) {
            return refused.getLongCardinality();
        }
    }

    /** The last refusal or failure, for logs, or null. */
    String lastRefusal() {
        return lastRefusal;
    }
}
