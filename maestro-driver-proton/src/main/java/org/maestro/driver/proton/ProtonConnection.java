package org.maestro.driver.proton;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.qpid.proton.Proton;
import org.apache.qpid.proton.amqp.Binary;
import org.apache.qpid.proton.amqp.Symbol;
import org.apache.qpid.proton.amqp.messaging.Accepted;
import org.apache.qpid.proton.amqp.messaging.Data;
import org.apache.qpid.proton.amqp.messaging.Modified;
import org.apache.qpid.proton.amqp.messaging.Rejected;
import org.apache.qpid.proton.amqp.messaging.Released;
import org.apache.qpid.proton.amqp.messaging.Source;
import org.apache.qpid.proton.amqp.messaging.Target;
import org.apache.qpid.proton.amqp.transport.DeliveryState;
import org.apache.qpid.proton.amqp.transport.ErrorCondition;
import org.apache.qpid.proton.engine.Connection;
import org.apache.qpid.proton.engine.Delivery;
import org.apache.qpid.proton.engine.EndpointState;
import org.apache.qpid.proton.engine.Event;
import org.apache.qpid.proton.engine.Link;
import org.apache.qpid.proton.engine.Receiver;
import org.apache.qpid.proton.engine.Sender;
import org.apache.qpid.proton.engine.Session;
import org.apache.qpid.proton.engine.Transport;
import org.apache.qpid.proton.message.Message;
import org.maestro.amqp.engine.AmqpEndpoint;
import org.maestro.amqp.engine.AmqpEngine;
import org.maestro.base.time.MicroClock;
import org.maestro.driver.ConnectFailures;
import org.maestro.driver.ConsumerCallback;
import org.maestro.driver.DeliveryOutcome;
import org.maestro.driver.DriverConnection;
import org.maestro.driver.DriverConsumer;
import org.maestro.driver.DriverException;
import org.maestro.driver.DriverProducer;
import org.maestro.driver.OutcomeListener;
import org.maestro.driver.PendingOutcome;

/**
 * One AMQP connection on the Proton-J engine, with one session and the links made on it. All engine objects belong
 * to the connection's I/O thread; other threads hand work to it through queues and wake its selector. Producers
 * encode messages on the calling thread; consumers' callbacks run on the I/O thread, one message at a time.
 */
final class ProtonConnection implements DriverConnection {
    /** Encoded messages handed to the I/O thread and not yet given to the engine, per connection. */
    private static final int MAX_QUEUED = 2048;

    private static final long SYNC_SEND_TIMEOUT_MILLIS = 30_000;
    /** How long closing waits for queued messages to go to the wire. */
    private static final long FLUSH_MILLIS = 5_000;

    private final ProtonUrl url;
    private final MicroClock clock;
    private final Duration timeout;
    private final AmqpEngine engine;
    private final Connection connection;
    private final Transport transport;
    private final Queue<Runnable> tasks = new ConcurrentLinkedQueue<>();
    private final Queue<Outgoing> pending = new ConcurrentLinkedQueue<>();
    private final Semaphore room = new Semaphore(MAX_QUEUED);
    private final CompletableFuture<Void> remoteOpen = new CompletableFuture<>();
    private final Thread thread;
    private Session session;
    private Sender sender;
    private long nextTag;
    private long closeStartedMillis;
    private volatile Throwable failure;
    private volatile boolean closing;

    /** A message encoded and waiting for credit; {@code outcome} hears how the peer settles it. */
    private record Outgoing(byte[] encoded, int length, PendingOutcome outcome) {}

    private ProtonConnection(ProtonUrl url, MicroClock clock, Duration timeout, AmqpEngine engine) {
        this.url = url;
        this.clock = clock;
        this.timeout = timeout;
        this.engine = engine;
        this.connection = engine.connection();
        this.transport = engine.transport();
        this.thread = new Thread(this::loop, "maestro-proton-" + url.host() + ":" + url.port());
        thread.setDaemon(true);
    }

    /** Connects and waits for the peer's open, within the timeout. */
    static ProtonConnection open(ProtonUrl url, MicroClock clock, Duration timeout) throws DriverException {
        ProtonConnection opened = null;
        try {
            AmqpEndpoint endpoint = new AmqpEndpoint(
                    url.host(), url.port(), false, url.user(), url.password(), "maestro-" + UUID.randomUUID());
            opened = new ProtonConnection(url, clock, timeout, AmqpEngine.connect(endpoint, timeout));
            opened.start();
            opened.remoteOpen.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
            return opened;
        } catch (IOException | ExecutionException e) {
            close(opened);
            Throwable cause = e instanceof ExecutionException ? e.getCause() : e;
            String reason = String.valueOf(cause.getMessage());
            String explained = ConnectFailures.explain(cause, url.host() + ":" + url.port());
            // a refused login names the URL already
            throw new DriverException(
                    reason.startsWith(url.toString())
                            ? reason
                            : "cannot connect to " + url + ": " + (explained != null ? explained : reason),
                    cause);
        } catch (TimeoutException e) {
            close(opened);
            throw new DriverException("cannot connect to " + url + " within " + timeout.toMillis() + " ms: is the "
                    + "system under test running and reachable?");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            close(opened);
            throw new DriverException("interrupted while connecting to " + url);
        }
    }

    private static void close(ProtonConnection connection) {
        if (connection != null) {
            connection.close();
        }
    }

    private void start() {
        connection.open();
        session = connection.session();
        session.open();
        thread.start();
    }

    // ---- called by other threads ----

    @Override
    public DriverProducer createProducer(OutcomeListener outcomes) throws DriverException {
        CompletableFuture<Void> attached = new CompletableFuture<>();
        onLoop(() -> {
            Sender link = session.sender("maestro-sender-" + UUID.randomUUID());
            Target target = new Target();
            target.setAddress(url.address());
            target.setCapabilities(capability());
            link.setTarget(target);
            link.setSource(new Source());
            link.setContext(attached);
            link.open();
            sender = link;
        });
        await(attached, "attach a producer to");
        return new Producer(outcomes);
    }

    @Override
    public DriverConsumer createConsumer(ConsumerCallback callback) throws DriverException {
        CompletableFuture<Void> attached = new CompletableFuture<>();
        onLoop(() -> {
            Receiver link = session.receiver(ReceiverSource.linkName(url));
            link.setSource(ReceiverSource.of(url));
            link.setTarget(new Target());
            link.setContext(new Incoming(attached, callback));
            link.open();
            link.flow(url.credit());
        });
        await(attached, "attach a consumer to");
        return this::close;
    }

    private Symbol capability() {
        return Symbol.valueOf(url.topic() ? "topic" : "queue");
    }

    private void await(CompletableFuture<Void> future, String what) throws DriverException {
        try {
            future.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            throw new DriverException(
                    "cannot " + what + " " + url + ": " + e.getCause().getMessage(), e.getCause());
        } catch (TimeoutException e) {
            throw new DriverException("cannot " + what + " " + url + " within " + timeout.toMillis() + " ms");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new DriverException("interrupted while waiting to " + what + " " + url);
        }
    }

    private void onLoop(Runnable task) throws DriverException {
        checkUsable();
        tasks.add(task);
        wake();
    }

    private void wake() {
        engine.wakeup();
    }

    private void checkUsable() throws DriverException {
        Throwable failed = failure;
        if (failed != null) {
            throw new DriverException("the connection to " + url + " failed: " + failed.getMessage(), failed);
        }
        if (closing) {
            throw new DriverException("the connection to " + url + " is closed");
        }
    }

    private void enqueue(Outgoing message) throws DriverException {
        try {
            while (!room.tryAcquire(100, TimeUnit.MILLISECONDS)) {
                checkUsable();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new DriverException("interrupted while sending to " + url);
        }
        checkUsable();
        pending.add(message);
        wake();
        if (!thread.isAlive()) {
            // the I/O thread ended meanwhile and will not take it: it failed
            failPending("the connection to " + url + " closed before the message was sent");
        }
    }

    private Outgoing encode(byte[] body, int length, PendingOutcome outcome) {
        Message message = Proton.message();
        message.setDurable(url.durable());
        message.setBody(new Data(new Binary(body, 0, length)));
        byte[] encoded = new byte[length + 64];
        int size = message.encode(encoded, 0, encoded.length);
        return new Outgoing(encoded, size, outcome);
    }

    @Override
    public boolean failed() {
        return failure != null && !closing;
    }

    @Override
    public Throwable failure() {
        return failure;
    }

    /** Stops taking messages, sends those handed over until the peer settled them (at most 5 s), then closes. */
    @Override
    public void close() {
        closing = true;
        engine.interruptWait();
        if (Thread.currentThread() != thread && thread.isAlive()) {
            try {
                thread.join(FLUSH_MILLIS + 2_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        if (!thread.isAlive()) {
            closeSocket();
        }
    }

    /** Sends on the connection's sender link; every message is sent unsettled, so each has an outcome. */
    private final class Producer implements DriverProducer {
        private final OutcomeListener outcomes;

        Producer(OutcomeListener outcomes) {
            this.outcomes = outcomes;
        }

        @Override
        public void send(byte[] body, int length) throws DriverException {
            send(-1, body, length);
        }

        @Override
        public void send(long token, byte[] body, int length) throws DriverException {
            PendingOutcome outcome =
                    url.durable() ? PendingOutcome.awaited(token, outcomes) : PendingOutcome.later(token, outcomes);
            Outgoing message = encode(body, length, outcome);
            try {
                enqueue(message);
            } catch (DriverException e) {
                outcome.abandon();
                throw e;
            }
            if (url.durable()) {
                outcome.await(SYNC_SEND_TIMEOUT_MILLIS, () -> failure != null || closing, url.toString());
            }
        }

        @Override
        public boolean reportsOutcomes() {
            return true;
        }
    }

    /** The state of a receiver link: its attach and its callback. */
    private record Incoming(CompletableFuture<Void> attached, ConsumerCallback callback) {}

    // ---- the I/O thread ----

    private void loop() {
        try {
            while (true) {
                Runnable task;
                while ((task = tasks.poll()) != null) {
                    task.run();
                }
                if (closing && flushed()) {
                    shutDown();
                    return;
                }
                engine.dispatch(this::handle);
                sendPending();
                engine.pump(
                        100,
                        () -> tasks.isEmpty() && (pending.isEmpty() || sender == null || sender.getCredit() <= 0),
                        this::handle);
                if (failure != null) {
                    return;
                }
            }
        } catch (IOException | RuntimeException e) {
            fail(e);
        } finally {
            failWaiting();
            closeSocket();
        }
    }

    /**
     * While closing: true once the peer settled every message handed to this connection, or when that cannot
     * happen (failure, no link) or takes longer than {@value #FLUSH_MILLIS} ms (e.g. no credit from the peer).
     */
    private boolean flushed() {
        if (closeStartedMillis == 0) {
            closeStartedMillis = System.currentTimeMillis();
        }
        if (sender == null || failure != null) {
            return true;
        }
        // every message handed over was settled by the peer, so it reached it, and the output is written
        boolean done = pending.isEmpty() && sender.getUnsettled() == 0 && transport.pending() <= 0;
        return done || System.currentTimeMillis() - closeStartedMillis > FLUSH_MILLIS;
    }

    private void sendPending() {
        if (sender == null || sender.getLocalState() != EndpointState.ACTIVE) {
            return;
        }
        Outgoing message;
        while (sender.getCredit() > 0 && (message = pending.poll()) != null) {
            long tag = nextTag++;
            Delivery delivery = sender.delivery(
                    new byte[] {(byte) (tag >>> 24), (byte) (tag >>> 16), (byte) (tag >>> 8), (byte) tag});
            delivery.setContext(message);
            sender.send(message.encoded(), 0, message.length());
            sender.advance();
            room.release();
        }
    }

    private void handle(Event event) {
        switch (event.getType()) {
            case CONNECTION_REMOTE_OPEN -> onRemoteOpen();
            case CONNECTION_REMOTE_CLOSE ->
                fail(new IOException(
                        unauthorized(connection.getRemoteCondition())
                                ? loginRefused(connection.getRemoteCondition())
                                : "the peer closed the connection" + describe(connection.getRemoteCondition())));
            case TRANSPORT_ERROR -> fail(new IOException("AMQP transport error" + describe(transport.getCondition())));
            case LINK_REMOTE_OPEN -> onLinkOpen(event.getLink());
            case LINK_REMOTE_CLOSE -> onLinkClose(event.getLink());
            case LINK_FLOW -> sendPending();
            case DELIVERY -> {
                Delivery delivery = event.getDelivery();
                if (delivery.getLink() instanceof Receiver receiver) {
                    onIncoming(receiver, delivery);
                } else {
                    onSettled(delivery);
                }
            }
            default -> {}
        }
    }

    /**
     * The peer's open completes connecting unless the peer closed the connection in the same input: an open and a
     * close together are a refusal (a failed SASL login comes to the engine as one, as does Artemis's refusal of an
     * anonymous user), which the close's event reports.
     */
    private void onRemoteOpen() {
        if (connection.getRemoteState() == EndpointState.ACTIVE && !engine.loginRefused()) {
            remoteOpen.complete(null);
        }
    }

    private void onLinkOpen(Link link) {
        boolean refused = link instanceof Sender ? link.getRemoteTarget() == null : link.getRemoteSource() == null;
        CompletableFuture<Void> attached = attachedOf(link);
        if (refused) {
            attached.completeExceptionally(new IOException(
                    "the peer refused the link to " + url.address() + describe(link.getRemoteCondition())));
        } else {
            attached.complete(null);
        }
    }

    private void onLinkClose(Link link) {
        IOException error =
                new IOException("the peer detached the link to " + url.address() + describe(link.getRemoteCondition()));
        CompletableFuture<Void> attached = attachedOf(link);
        if (!attached.isDone()) {
            attached.completeExceptionally(error);
        } else if (!closing) {
            fail(error);
        }
        link.close();
    }

    @SuppressWarnings("unchecked")
    private static CompletableFuture<Void> attachedOf(Link link) {
        Object context = link.getContext();
        if (context instanceof Incoming incoming) {
            return incoming.attached();
        }
        return context instanceof CompletableFuture<?> future
                ? (CompletableFuture<Void>) future
                : new CompletableFuture<>();
    }

    private void onIncoming(Receiver receiver, Delivery delivery) {
        if (!delivery.isReadable() || delivery.isPartial()) {
            return;
        }
        long receivedAt = clock.nowMicros();
        int size = delivery.pending();
        byte[] encoded = new byte[size];
        int read = receiver.recv(encoded, 0, size);
        receiver.advance();
        byte[] body = bodyOf(encoded, read);
        delivery.disposition(Accepted.getInstance());
        delivery.settle();
        if (receiver.getContext() instanceof Incoming incoming) {
            incoming.callback().onMessage(body, receivedAt);
        }
        int credit = receiver.getCredit();
        if (credit < url.credit() / 2) {
            receiver.flow(url.credit() - credit);
        }
    }

    private static byte[] bodyOf(byte[] encoded, int length) {
        Message message = Proton.message();
        message.decode(encoded, 0, length);
        if (message.getBody() instanceof Data data) {
            Binary value = data.getValue();
            if (value.getArrayOffset() == 0 && value.getLength() == value.getArray().length) {
                return value.getArray();
            }
            byte[] body = new byte[value.getLength()];
            System.arraycopy(value.getArray(), value.getArrayOffset(), body, 0, value.getLength());
            return body;
        }
        return new byte[0];
    }

    /** Reports the outcome of a delivery the peer settled or gave a terminal state, and settles it. */
    private void onSettled(Delivery delivery) {
        DeliveryState state = delivery.getRemoteState();
        boolean terminal = state instanceof Accepted
                || state instanceof Released
                || state instanceof Rejected
                || state instanceof Modified;
        if (!terminal && !delivery.remotelySettled()) {
            return;
        }
        if (delivery.getContext() instanceof Outgoing message) {
            if (state instanceof Released) {
                message.outcome().report(DeliveryOutcome.RELEASED, true, "released by " + url);
            } else if (state instanceof Rejected rejected) {
                message.outcome()
                        .report(DeliveryOutcome.REJECTED, false, "rejected by " + url + describe(rejected.getError()));
            } else if (state instanceof Modified modified) {
                boolean undeliverableHere = Boolean.TRUE.equals(modified.getUndeliverableHere());
                message.outcome()
                        .report(
                                DeliveryOutcome.MODIFIED,
                                !undeliverableHere,
                                "modified by " + url
                                        + (Boolean.TRUE.equals(modified.getDeliveryFailed())
                                                ? " (delivery failed)"
                                                : "")
                                        + (undeliverableHere ? " (undeliverable here)" : ""));
            } else {
                // accepted, or settled without a state: the peer took the message
                message.outcome().report(DeliveryOutcome.ACCEPTED, false, null);
            }
        }
        delivery.settle();
    }

    private void fail(Throwable error) {
        Throwable reason = engine.loginRefused() ? new IOException(loginRefused(null)) : error;
        if (failure == null && !closing) {
            failure = reason;
        }
        remoteOpen.completeExceptionally(reason);
    }

    /** The peer's refusal of the login: the SASL outcome, or {@code condition} (amqp:unauthorized-access). */
    private String loginRefused(ErrorCondition condition) {
        String how = condition == null ? "" : describe(condition).replaceFirst("^: ", ", ");
        return url.user() == null
                ? url + " refused the anonymous login (SASL ANONYMOUS" + how + "): give a user and password in the "
                        + "URL, e.g. proton://user:password@" + url.host() + ":" + url.port() + "/" + url.address()
                : url + " refused the login of user '" + url.user() + "' (SASL PLAIN" + how + "): check the user "
                        + "name and password in the URL";
    }

    private static boolean unauthorized(ErrorCondition condition) {
        return condition != null
                && condition.getCondition() != null
                && "amqp:unauthorized-access".equals(condition.getCondition().toString());
    }

    /**
     * Once the I/O thread ends: every message handed over that the peer did not settle, and every one still
     * waiting for credit, failed.
     */
    private void failWaiting() {
        Throwable reason = failure != null ? failure : new IOException("the connection to " + url + " closed");
        String detail = (failure != null
                        ? "the connection to " + url + " failed before the message was settled: "
                        : "the connection to " + url + " closed before the message was settled: ")
                + reason.getMessage();
        if (sender != null) {
            List<Outgoing> unsettled = new ArrayList<>();
            for (Delivery delivery = sender.head(); delivery != null; delivery = delivery.next()) {
                if (delivery.getContext() instanceof Outgoing message) {
                    unsettled.add(message);
                }
            }
            unsettled.forEach(message -> message.outcome().report(DeliveryOutcome.FAILED, false, detail));
        }
        failPending(detail);
        remoteOpen.completeExceptionally(reason);
        room.release(MAX_QUEUED);
    }

    private void failPending(String detail) {
        Outgoing message;
        while ((message = pending.poll()) != null) {
            message.outcome().report(DeliveryOutcome.FAILED, false, detail);
        }
    }

    private void shutDown() {
        engine.closeConnection(Duration.ofSeconds(1));
    }

    private void closeSocket() {
        engine.close();
    }

    private static String describe(ErrorCondition condition) {
        if (condition == null || condition.getCondition() == null) {
            return "";
        }
        return ": " + condition.getCondition()
                + (condition.getDescription() == null ? "" : " " + condition.getDescription());
    }
}
