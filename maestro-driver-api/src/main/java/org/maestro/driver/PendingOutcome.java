package org.maestro.driver;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;

/**
 * The outcome of one send, reported exactly once: to the producer's {@link OutcomeListener}, or, for a send whose
 * caller waits for it (a durable send), as the caller's {@link DriverException} when the connection failed first or
 * the wait was given up. Thread-safe: the driver's thread reports, the sender's thread waits.
 */
public final class PendingOutcome {
    private static final long POLL_MILLIS = 100;

    private final long token;
    private final OutcomeListener listener;
    private final CompletableFuture<Void> waiter;
    private final AtomicBoolean reported = new AtomicBoolean();

    private PendingOutcome(long token, OutcomeListener listener, boolean waited) {
        this.token = token;
        this.listener = listener;
        this.waiter = waited ? new CompletableFuture<>() : null;
    }

    /** The outcome of a send that returns at once; the listener hears it later. */
    public static PendingOutcome later(long token, OutcomeListener listener) {
        return new PendingOutcome(token, listener, false);
    }

    /** The outcome of a send whose caller waits for it with {@link #await}. */
    public static PendingOutcome awaited(long token, OutcomeListener listener) {
        return new PendingOutcome(token, listener, true);
    }

    /**
     * Reports the outcome, unless it was reported or given up already. A {@link DeliveryOutcome#FAILED} outcome
     * of an awaited send goes to the waiting caller as an exception instead of to the listener.
     */
    public void report(DeliveryOutcome outcome, boolean resendable, String detail) {
        if (!reported.compareAndSet(false, true)) {
            return;
        }
        if (waiter != null && outcome == DeliveryOutcome.FAILED) {
            waiter.completeExceptionally(new DriverException(detail == null ? "the send failed" : detail));
            return;
        }
        try {
            listener.onOutcome(token, outcome, resendable, detail);
        } finally {
            if (waiter != null) {
                waiter.complete(null);
            }
        }
    }

    /** Gives the outcome up (the send threw): nothing will be reported. */
    public void abandon() {
        reported.set(true);
    }

    /**
     * Waits for the outcome of an awaited send: returns once the listener heard it, throws when the send failed,
     * when {@code abandoned} turns true (the connection was closed) or after {@code timeoutMillis}.
     *
     * @param timeoutMillis how long to wait at most; 0 for no limit
     * @param what          names the destination for the error messages
     */
    public void await(long timeoutMillis, BooleanSupplier abandoned, String what) throws DriverException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
        while (true) {
            try {
                waiter.get(POLL_MILLIS, TimeUnit.MILLISECONDS);
                return;
            } catch (ExecutionException e) {
                throw asDriverException(e.getCause());
            } catch (TimeoutException e) {
                String reason = null;
                if (abandoned.getAsBoolean()) {
                    reason = "the connection to " + what + " was closed before the message was settled";
                } else if (timeoutMillis > 0 && System.nanoTime() - deadline > 0) {
                    reason = "no outcome from " + what + " within " + timeoutMillis / 1000 + " s";
                }
                if (reason != null && reported.compareAndSet(false, true)) {
                    throw new DriverException(reason);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                if (reported.compareAndSet(false, true)) {
                    throw new DriverException("interrupted while waiting for the outcome of a send to " + what);
                }
                try {
                    waiter.join(); // being reported right now
                    return;
                } catch (CompletionException failed) {
                    throw asDriverException(failed.getCause());
                }
            }
        }
    }

    private static DriverException asDriverException(Throwable cause) {
        return cause instanceof DriverException driver ? driver : new DriverException(cause.getMessage(), cause);
    }
}
