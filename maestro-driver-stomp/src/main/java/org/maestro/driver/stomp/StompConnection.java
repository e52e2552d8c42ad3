package org.maestro.driver.stomp;

import static org.maestro.driver.Causes.describe;

import io.vertx.core.AsyncResult;
import io.vertx.core.Future;
import io.vertx.core.Handler;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.stomp.Frame;
import io.vertx.ext.stomp.StompClient;
import io.vertx.ext.stomp.StompClientConnection;
import io.vertx.ext.stomp.StompClientOptions;
import io.vertx.ext.stomp.impl.StompClientConnectionImpl;
import io.vertx.ext.stomp.utils.Headers;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.maestro.base.time.MicroClock;
import org.maestro.driver.ConsumerCallback;
import org.maestro.driver.DriverConnection;
import org.maestro.driver.DriverConsumer;
import org.maestro.driver.DriverException;
import org.maestro.driver.DriverProducer;
import org.maestro.driver.OutcomeListener;
import org.maestro.driver.ThrottledWarning;
import org.maestro.driver.TlsFailures;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One STOMP connection (a Vert.x {@link StompClient} connection), used by at most one producer or one consumer. The
 * client does not reconnect: a connection the server closes or that is lost, or an ERROR frame that names no send,
 * counts as {@link #failed()} for good, and Maestro opens a new one. Frames arrive on a Vert.x event loop;
 * {@link #close()} and {@link #failed()} may be called from any thread.
 */
final class StompConnection implements DriverConnection {
    private static final Logger LOG = LoggerFactory.getLogger(StompConnection.class);
    /** How long closing waits for the receipts of sends on the wire. */
    static final long CLOSE_RECEIPT_MILLIS = 5_000;
    /** How long closing waits for the receipt of DISCONNECT. */
    static final long DISCONNECT_MILLIS = 2_000;
    /** How long subscribing waits for the server's receipt. */
    static final long ATTACH_TIMEOUT_MILLIS = 30_000;

    private static final ThrottledWarning LOSSES =
            new ThrottledWarning(LOG, "STOMP connections closed by the server or lost", TimeUnit.SECONDS.toNanos(10));
    private static final AtomicInteger SUBSCRIPTIONS = new AtomicInteger();

    private final StompUrl url;
    private final MicroClock clock;
    private final StompClient client;
    private final CompletableFuture<StompClientConnection> opened = new CompletableFuture<>();
    private final AtomicBoolean closed = new AtomicBoolean();
    private volatile StompClientConnection connection;
    private volatile StompProducer producer;
    private volatile String lastError;
    private volatile Throwable failure;
    private volatile boolean failed;

    private StompConnection(StompUrl url, MicroClock clock, StompClient client) {
        this.url = url;
        this.clock = clock;
        this.client = client;
    }

    /** Connects to the URL's server within {@code timeout}; throws naming the URL and why. */
    static StompConnection open(StompUrl url, MicroClock clock, Duration timeout) throws DriverException {
        int millis = (int) Math.min(Integer.MAX_VALUE, Math.max(1, timeout.toMillis()));
        StompClientOptions options = new StompClientOptions()
                .setHost(url.host())
                .setPort(url.port())
                .setHeartbeat(new JsonObject().put("x", url.heartbeatMillis()).put("y", url.heartbeatMillis()));
        options.setConnectTimeout(millis).setTcpNoDelay(true);
        if (url.vhost() != null) {
            options.setVirtualHost(url.vhost());
        } else {
            options.setBypassHostHeader(true);
        }
        if (url.user() != null) {
            options.setLogin(url.user());
        }
        if (url.password() != null) {
            options.setPasscode(url.password());
        }
        if (url.tls()) {
            options.setSsl(true).setHostnameVerificationAlgorithm("HTTPS");
        }
        Vertx vertx = SharedVertx.acquire();
        StompConnection stomp = new StompConnection(url, clock, StompClient.create(vertx, options));
        stomp.connect(millis);
        return stomp;
    }

    private void connect(int millis) throws DriverException {
        client.errorFrameHandler(this::onError);
        client.exceptionHandler(e -> LOG.debug("STOMP connection to {}: {}", url, e.toString()));
        client.connect().onComplete(result -> {
            if (result.succeeded()) {
                StompClientConnection made = result.result();
                made.closeHandler(this::onClosed);
                if (!opened.complete(made)) {
                    made.close(); // given up already
                }
            } else {
                opened.completeExceptionally(result.cause());
            }
        });
        try {
            connection = opened.get(millis + 1_000L, TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            opened.cancel(false);
            release();
            throw new DriverException(
                    "cannot connect to " + url + " within " + millis + " ms: is the STOMP server "
                            + "running and reachable?",
                    e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            opened.cancel(false);
            release();
            throw new DriverException("interrupted while connecting to " + url, e);
        } catch (ExecutionException e) {
            release();
            Throwable cause = e.getCause();
            if (cause instanceof RefusedException refused) {
                throw new DriverException(
                        "the STOMP server at " + url + " refused the connection"
                                + (url.user() == null ? " without a user" : " of user '" + url.user() + "'") + ": "
                                + refused.getMessage() + ": check the user name and password"
                                + (url.vhost() == null ? "" : " and vhost=" + url.vhost()) + " in the URL",
                        cause);
            }
            String tls = url.tls() ? TlsFailures.explain(cause, url.host()) : null;
            if (tls != null) {
                throw new DriverException("cannot connect to " + url + ": " + tls, cause);
            }
            throw new DriverException(
                    "cannot connect to " + url + ": " + describe(cause) + ": is the STOMP server "
                            + "running and reachable?",
                    cause);
        }
    }

    /** On the event loop: an ERROR frame, before or after CONNECTED. */
    private void onError(Frame frame) {
        String message = frame.getHeader(Frame.MESSAGE);
        String body = frame.getBody() == null ? "" : frame.getBodyAsString().strip();
        String reason = (message == null ? "ERROR frame" : message)
                + (body.isEmpty() || body.equals(message) ? "" : " (" + abbreviate(body) + ")");
        lastError = reason;
        if (opened.completeExceptionally(new RefusedException(reason))) {
            return;
        }
        String receipt = frame.getHeader(Frame.RECEIPT_ID);
        StompProducer sending = producer;
        if (receipt != null && sending != null) {
            sending.reject(receipt, "the STOMP server refused the message: " + reason);
            return;
        }
        fail(new DriverException("the STOMP server at " + url + " sent an ERROR frame: " + reason));
    }

    private static String abbreviate(String text) {
        String line = text.replaceAll("\\s+", " ");
        return line.length() <= 300 ? line : line.substring(0, 300) + "…";
    }

    /** On the event loop: the connection closed, by {@link #close()} or not. */
    private void onClosed(StompClientConnection closedConnection) {
        if (closed.get()) {
            return;
        }
        String error = lastError;
        fail(new DriverException("the connection to " + url + " was "
                + (error == null ? "lost" : "closed by the server after an ERROR frame: " + error)));
    }

    private void fail(DriverException reason) {
        synchronized (this) {
            if (failed || closed.get()) {
                return;
            }
            failure = reason;
            failed = true;
        }
        LOSSES.record(reason.getMessage());
    }

    @Override
    public DriverProducer createProducer(OutcomeListener outcomes) {
        StompProducer created = new StompProducer(
                connection,
                ((StompClientConnectionImpl) connection).socket(),
                url,
                outcomes,
                this::failed,
                () -> lastError);
        producer = created;
        return created;
    }

    @Override
    public DriverConsumer createConsumer(ConsumerCallback callback) throws DriverException {
        String id = "maestro-" + SUBSCRIPTIONS.incrementAndGet();
        Headers headers = Headers.create(Frame.ID, id, Frame.ACK, url.ack());
        if (url.clientAcks()) {
            headers.put("prefetch-count", Integer.toString(url.prefetch()));
        }
        SubscriptionForm form = SubscriptionForm.of(url, connection.server());
        form.addTo(headers);
        String destination = form.destination();
        Future<String> subscribed = connection.subscribe(destination, headers, frame -> deliver(callback, frame));
        try {
            subscribed.toCompletionStage().toCompletableFuture().get(ATTACH_TIMEOUT_MILLIS, TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            throw new DriverException(
                    "the STOMP server at " + url + " did not confirm the subscription to '" + url.destination()
                            + "' within " + ATTACH_TIMEOUT_MILLIS / 1000 + " s",
                    e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new DriverException("interrupted while subscribing to " + url, e);
        } catch (ExecutionException e) {
            String error = lastError;
            throw new DriverException(
                    "cannot subscribe to '" + url.destination() + "' at " + url + ": "
                            + (error != null ? error : describe(e.getCause())),
                    e.getCause());
        }
        return () -> {
            StompClientConnection current = connection;
            if (current.isConnected() && !closed.get()) {
                try {
                    current.unsubscribe(destination, Headers.create(Frame.ID, id), (Handler<AsyncResult<Frame>>) null);
                } catch (RuntimeException e) {
                    LOG.debug("unsubscribing from {}: {}", url, e.getMessage());
                }
            }
        };
    }

    /** On the event loop: stamps and hands over one MESSAGE frame, then acknowledges it. */
    private void deliver(ConsumerCallback callback, Frame frame) {
        long receiveMicros = clock.nowMicros();
        byte[] body = frame.getBody() == null ? new byte[0] : frame.getBody().getBytes();
        try {
            callback.onMessage(body, receiveMicros);
        } catch (RuntimeException e) {
            LOG.error("recording a message from {} failed", url, e);
        }
        if (url.clientAcks()) {
            String ack = frame.getAck() != null ? frame.getAck() : frame.getHeader(Frame.MESSAGE_ID);
            if (ack != null) {
                connection.ack(ack, (Handler<AsyncResult<Frame>>) null);
            }
        }
    }

    @Override
    public boolean failed() {
        return failed || closed.get();
    }

    @Override
    public Throwable failure() {
        return failure;
    }

    @Override
    public void close() {
        StompProducer sending = producer;
        if (sending != null && !failed()) {
            sending.awaitReceipts(CLOSE_RECEIPT_MILLIS);
        }
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        StompClientConnection current = connection;
        if (current != null && current.isConnected()) {
            try {
                current.disconnect()
                        .toCompletionStage()
                        .toCompletableFuture()
                        .get(DISCONNECT_MILLIS, TimeUnit.MILLISECONDS);
            } catch (ExecutionException | TimeoutException | RuntimeException e) {
                LOG.debug("disconnecting from {}: {}", url, e.toString());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        if (current != null) {
            current.close(); // fails the receipts still awaited
        }
        release();
    }

    private void release() {
        client.close();
        SharedVertx.release();
    }

    /** The server answered CONNECT with an ERROR frame: its message. */
    private static final class RefusedException extends Exception {
        private static final long serialVersionUID = 1L;

        RefusedException(String message) {
            super(message, null, false, false);
        }
    }
}
