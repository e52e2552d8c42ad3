package org.maestro.driver.jms;

import java.util.Iterator;
import java.util.Locale;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.qpid.jms.tracing.JmsTracer;
import org.apache.qpid.jms.tracing.TraceableMessage;
import org.maestro.driver.DeliveryOutcome;
import org.maestro.driver.PendingOutcome;

/**
 * Hears the outcome of each send of one Qpid JMS connection through the client's tracing hooks, so that a send
 * needs no {@code CompletionListener}: Qpid JMS then hands every completion to a thread of its own, one job per
 * message, which costs the I/O thread (the bottleneck of a Qpid JMS sender) a queue hand-over and a wake-up per
 * message. Here the I/O thread calls {@link #completeSend} when the peer settles a message, and the outcome is
 * reported there.
 *
 * <p>Accepted messages are reported at once. Qpid JMS tells the reason of any other outcome (the broker's error
 * condition, whether a modified message is undeliverable here) only in the exception it gives the connection's
 * exception listener right after; such outcomes wait in a queue until {@link #onDeliveryFailure} matches them, in
 * the order the I/O thread produced them. A connection failure reports {@link DeliveryOutcome#FAILED} at once.
 *
 * <p>Threads: {@link #expect} and {@link #initSend} run on the sending thread (Qpid JMS calls {@code initSend}
 * inside {@code send}), {@link #completeSend} on the I/O thread, {@link #onDeliveryFailure} on the thread of the
 * exception listener, {@link #reportWaiting} on any thread.
 */
final class OutcomeTracer {
    private static final String CONTEXT_KEY = "org.maestro.outcome";

    /** A non-accepted outcome waiting for its reason. */
    private record Waiting(PendingOutcome outcome, DeliveryOutcome type) {}

    /**
     * One send in progress: a connection failure reported while {@code send} has not returned yet is left to the
     * sending thread, which either gets an exception (nothing is reported) or reports the failure when it returns.
     */
    static final class TracedSend {
        private static final int SENDING = 0;
        private static final int HANDED = 1;
        private static final int FAILED_WHILE_SENDING = 2;

        private final PendingOutcome outcome;
        private final String destination;
        private final AtomicInteger state = new AtomicInteger(SENDING);
        /** True from the moment Qpid JMS took the message until its settlement (or the send threw). */
        private final java.util.concurrent.atomic.AtomicBoolean unsettled =
                new java.util.concurrent.atomic.AtomicBoolean();

        private java.util.concurrent.atomic.AtomicLong unsettledCount;

        TracedSend(PendingOutcome outcome, String destination) {
            this.outcome = outcome;
            this.destination = destination;
        }

        /** The send returned normally. */
        void handed() {
            if (!state.compareAndSet(SENDING, HANDED)) {
                outcome.report(DeliveryOutcome.FAILED, false, failedText(destination));
            }
        }

        /** The send threw: nothing will be reported. */
        void abandon() {
            settled();
            outcome.abandon();
        }

        /** Counted as taken by Qpid JMS and not settled yet. */
        void taken(java.util.concurrent.atomic.AtomicLong count) {
            unsettledCount = count;
            if (unsettled.compareAndSet(false, true)) {
                count.incrementAndGet();
            }
        }

        /** No longer waiting for a settlement. */
        void settled() {
            if (unsettled.compareAndSet(true, false)) {
                unsettledCount.decrementAndGet();
            }
        }

        void failed() {
            if (!state.compareAndSet(SENDING, FAILED_WHILE_SENDING)) {
                outcome.report(DeliveryOutcome.FAILED, false, failedText(destination));
            }
        }
    }

    private final String destination;
    private final ConcurrentLinkedQueue<Waiting> waiting = new ConcurrentLinkedQueue<>();
    private final java.util.concurrent.atomic.AtomicLong unsettled = new java.util.concurrent.atomic.AtomicLong();
    private TracedSend next;

    OutcomeTracer(String destination) {
        this.destination = destination;
    }

    /** Starts a send on the calling thread whose outcome goes to {@code outcome}; call before {@code send}. */
    TracedSend expect(PendingOutcome outcome) {
        next = new TracedSend(outcome, destination);
        return next;
    }

    /** Forgets the send started by {@link #expect} (it threw before Qpid JMS took the message). */
    void forget() {
        next = null;
    }

    private static String failedText(String destination) {
        return "cannot send to " + destination + ": the connection failed before the message was settled";
    }

    /** The hooks to give Qpid JMS ({@code JmsConnectionFactory.setTracer}). */
    JmsTracer hooks() {
        return new JmsTracer() {
            @Override
            public void initSend(TraceableMessage message, String address) {
                OutcomeTracer.this.initSend(message);
            }

            @Override
            public void completeSend(TraceableMessage message, String state) {
                OutcomeTracer.this.completeSend(message, state);
            }

            @Override
            public void syncReceive(TraceableMessage message, String address, DeliveryOutcome outcome) {}

            @Override
            public void asyncDeliveryInit(TraceableMessage message, String address) {}

            @Override
            public void asyncDeliveryComplete(TraceableMessage message, DeliveryOutcome outcome, Throwable error) {}

            @Override
            public void close() {}
        };
    }

    void initSend(TraceableMessage message) {
        TracedSend send = next;
        if (send != null) {
            next = null;
            send.taken(unsettled);
            message.setTracingContext(CONTEXT_KEY, send);
        }
    }

    void completeSend(TraceableMessage message, String state) {
        if (!(message.getTracingContext(CONTEXT_KEY) instanceof TracedSend send)) {
            return;
        }
        send.settled();
        DeliveryOutcome type = typeOf(state);
        if (type == DeliveryOutcome.ACCEPTED) {
            send.outcome.report(DeliveryOutcome.ACCEPTED, false, null);
        } else if (type == DeliveryOutcome.FAILED) {
            send.failed();
        } else {
            waiting.add(new Waiting(send.outcome, type));
        }
    }

    /**
     * Reports the oldest waiting outcome of the type of a delivery failure the exception listener got, with the
     * failure's reason; true when one was waiting.
     */
    boolean onDeliveryFailure(Throwable failure) {
        JmsOutcomes.Classified classified = JmsOutcomes.classify(failure);
        for (Iterator<Waiting> it = waiting.iterator(); it.hasNext(); ) {
            Waiting next = it.next();
            if (next.type() == classified.outcome()) {
                it.remove();
                next.outcome()
                        .report(
                                classified.outcome(),
                                classified.resendable(),
                                "cannot send to " + destination + ": " + JmsDriver.describe(failure));
                return true;
            }
        }
        return false;
    }

    /**
     * Waits up to {@code limit} until the peer settled every message Qpid JMS took: closing the connection earlier
     * would end the last sends unsettled, as failures, although the system under test accepted them.
     */
    void awaitSettled(java.time.Duration limit) {
        long deadline = System.nanoTime() + limit.toNanos();
        while (unsettled.get() > 0 && System.nanoTime() < deadline) {
            java.util.concurrent.locks.LockSupport.parkNanos(1_000_000L);
        }
    }

    /** Reports the outcomes still waiting for a reason without one (the connection closes). */
    void reportWaiting() {
        Waiting next;
        while ((next = waiting.poll()) != null) {
            next.outcome()
                    .report(
                            next.type(),
                            next.type() == DeliveryOutcome.RELEASED,
                            "cannot send to " + destination + ": the message was "
                                    + next.type().name().toLowerCase(Locale.ROOT));
        }
    }

    /** The outcome of a delivery state's type name, as Proton-J names them; null (no state) is a failure. */
    static DeliveryOutcome typeOf(String state) {
        if (state == null) {
            return DeliveryOutcome.FAILED;
        }
        return switch (state) {
            case "Accepted" -> DeliveryOutcome.ACCEPTED;
            case "Released" -> DeliveryOutcome.RELEASED;
            case "Rejected" -> DeliveryOutcome.REJECTED;
            case "Modified" -> DeliveryOutcome.MODIFIED;
            default -> DeliveryOutcome.FAILED;
        };
    }
}
