package org.maestro.driver.nats;

import io.nats.client.Connection;
import io.nats.client.JetStream;
import io.nats.client.JetStreamApiException;
import io.nats.client.api.PublishAck;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BiConsumer;
import java.util.function.BooleanSupplier;
import org.maestro.driver.Causes;
import org.maestro.driver.DeliveryOutcome;
import org.maestro.driver.DriverException;
import org.maestro.driver.DriverProducer;
import org.maestro.driver.OutcomeListener;

/**
 * Publishes to the URL's subject. Core NATS publishes have no acknowledgement and report no outcome. JetStream
 * publishes are asynchronous: at most {@code inflight} are unacknowledged (a send waits for room), and each reports
 * one outcome: accepted when the URL's stream acknowledged it, rejected when the server answered with a JetStream
 * error (e.g. the stream is full) or another stream acknowledged it (publishes carry no expected-stream header,
 * which costs the server a header per message; the acknowledgement names the stream), failed when no answer came
 * in time (jnats gives up on a publish after 5 s, checking every 5 s), the server had no stream for the subject,
 * or the connection was closed first. One sender thread sends; jnats's threads complete the publishes.
 */
final class NatsProducer implements DriverProducer {
    /**
     * What jnats says when it gave up waiting for a publish's acknowledgement (a cancelled future, or an empty
     * answer). It times out every asynchronous publish by itself (5 s, checked every 5 s), so the driver schedules
     * no timeout of its own per message.
     */
    static final List<String> JNATS_NO_ACK =
            List.of("response not registered in time", "Timeout or no response waiting for NATS JetStream server");
    /** The outcome's detail when no acknowledgement came. */
    static final String NO_ACK_DETAIL = "no acknowledgement within jnats's request timeout (5 to 10 s)";

    private static final long POLL_MILLIS = 100;

    private final Connection connection;
    private final JetStream jetStream;
    private final NatsUrl url;
    private final OutcomeListener outcomes;
    private final BooleanSupplier gone;
    private final Semaphore window;
    private final Set<Publish> pending = ConcurrentHashMap.newKeySet();

    /** A producer of core NATS publishes when {@code jetStream} is null, of JetStream publishes otherwise. */
    NatsProducer(
            Connection connection, JetStream jetStream, NatsUrl url, OutcomeListener outcomes, BooleanSupplier gone) {
        this.connection = connection;
        this.jetStream = jetStream;
        this.url = url;
        this.outcomes = outcomes;
        this.gone = gone;
        this.window = new Semaphore(url.inflight());
    }

    @Override
    public void send(byte[] body, int length) throws DriverException {
        send(-1, body, length);
    }

    @Override
    public void send(long token, byte[] body, int length) throws DriverException {
        if (jetStream == null) {
            publishCore(body, length);
        } else {
            publishToStream(new Publish(token), body, length);
        }
    }

    @Override
    public boolean reportsOutcomes() {
        return jetStream != null;
    }

    private void publishCore(byte[] body, int length) throws DriverException {
        if (gone.getAsBoolean()) {
            throw new DriverException("the connection to " + url + " is closed or failed");
        }
        try {
            connection.publish(url.subject(), Arrays.copyOf(body, length));
        } catch (RuntimeException e) {
            throw new DriverException("cannot publish to " + url + ": " + Causes.describe(e), e);
        }
    }

    private void publishToStream(Publish publish, byte[] body, int length) throws DriverException {
        byte[] copy = Arrays.copyOf(body, length);
        awaitRoom();
        pending.add(publish);
        CompletableFuture<PublishAck> ack;
        try {
            ack = jetStream.publishAsync(url.subject(), copy);
        } catch (RuntimeException e) {
            publish.abandon();
            throw new DriverException("cannot publish to " + url + ": " + Causes.describe(e), e);
        }
        ack.whenComplete(publish);
    }

    private void awaitRoom() throws DriverException {
        try {
            while (!window.tryAcquire(POLL_MILLIS, TimeUnit.MILLISECONDS)) {
                if (gone.getAsBoolean()) {
                    throw new DriverException("the connection to " + url + " is closed or failed");
                }
                if (connection.getStatus() != Connection.Status.CONNECTED) {
                    throw new DriverException("not connected to " + url + " (" + url.inflight()
                            + " publishes unacknowledged; the client is reconnecting)");
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new DriverException("interrupted while waiting to publish to " + url);
        }
    }

    /** Waits at most {@code millis} for the unacknowledged publishes to finish. */
    void awaitPending(long millis) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis);
        while (!pending.isEmpty() && System.nanoTime() - deadline < 0) {
            Thread.sleep(10);
        }
    }

    /** Reports every publish still unacknowledged as failed, with {@code reason}. */
    void failPending(String reason) {
        for (Publish publish : pending) {
            publish.finish(DeliveryOutcome.FAILED, reason);
        }
    }

    /** One JetStream publish: finished exactly once, by its acknowledgement, by closing, or abandoned. */
    private final class Publish implements BiConsumer<PublishAck, Throwable> {
        private final long token;
        private final AtomicBoolean finished = new AtomicBoolean();

        Publish(long token) {
            this.token = token;
        }

        @Override
        public void accept(PublishAck ack, Throwable error) {
            if (error == null && !url.stream().equals(ack.getStream())) {
                finish(
                        DeliveryOutcome.REJECTED,
                        "stored in the JetStream stream '" + ack.getStream() + "', not in '"
                                + url.stream() + "': that stream captures the subject '" + url.subject()
                                + "'; name it in the "
                                + "URL (stream=" + ack.getStream() + ") or change the streams' subjects");
                return;
            }
            if (error == null) {
                finish(DeliveryOutcome.ACCEPTED, null);
                return;
            }
            Throwable cause = reason(error);
            if (cause instanceof JetStreamApiException refused) {
                finish(
                        DeliveryOutcome.REJECTED,
                        refused.getErrorDescription() + " (JetStream error " + refused.getApiErrorCode() + ")");
            } else if (cause instanceof TimeoutException || isNoAcknowledgement(error)) {
                finish(DeliveryOutcome.FAILED, NO_ACK_DETAIL);
            } else {
                finish(DeliveryOutcome.FAILED, Causes.describe(cause));
            }
        }

        private static boolean isNoAcknowledgement(Throwable error) {
            for (Throwable cause = error; cause != null; cause = cause.getCause() == cause ? null : cause.getCause()) {
                String message = cause.getMessage();
                if (message != null && JNATS_NO_ACK.stream().anyMatch(message::contains)) {
                    return true;
                }
            }
            return false;
        }

        /** The JetStream error or timeout in the chain, else the first cause that is not a wrapper. */
        private static Throwable reason(Throwable error) {
            for (Throwable cause = error; cause != null; cause = cause.getCause() == cause ? null : cause.getCause()) {
                if (cause instanceof JetStreamApiException || cause instanceof TimeoutException) {
                    return cause;
                }
            }
            return error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
        }

        void abandon() {
            if (finished.compareAndSet(false, true)) {
                pending.remove(this);
                window.release();
            }
        }

        void finish(DeliveryOutcome outcome, String detail) {
            if (!finished.compareAndSet(false, true)) {
                return;
            }
            pending.remove(this);
            window.release();
            outcomes.onOutcome(token, outcome, false, detail);
        }
    }
}
