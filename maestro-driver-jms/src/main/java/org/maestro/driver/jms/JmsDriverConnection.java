package org.maestro.driver.jms;

import jakarta.jms.BytesMessage;
import jakarta.jms.CompletionListener;
import jakarta.jms.Connection;
import jakarta.jms.DeliveryMode;
import jakarta.jms.Destination;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageProducer;
import jakarta.jms.Session;
import jakarta.jms.Topic;
import org.apache.qpid.jms.JmsConnection;
import org.maestro.base.time.MicroClock;
import org.maestro.driver.ConsumerCallback;
import org.maestro.driver.DeliveryOutcome;
import org.maestro.driver.DriverConnection;
import org.maestro.driver.DriverConsumer;
import org.maestro.driver.DriverException;
import org.maestro.driver.DriverProducer;
import org.maestro.driver.OutcomeListener;
import org.maestro.driver.PendingOutcome;
import org.maestro.driver.ThrottledWarning;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** One Qpid JMS connection with one session; used by one thread, except {@link #close()} and {@link #failed()}. */
final class JmsDriverConnection implements DriverConnection {
    private static final Logger LOG = LoggerFactory.getLogger(JmsDriverConnection.class);

    private final Connection connection;
    private final JmsUrl url;
    private final MicroClock clock;
    private final Session session;
    private final Destination destination;
    private final ThrottledWarning outcomesOutsideSends;
    /** How long closing waits for the settlement of messages already sent. */
    private static final java.time.Duration SETTLE_BEFORE_CLOSE = java.time.Duration.ofSeconds(5);

    private final OutcomeTracer tracer;
    private volatile Throwable failure;
    private volatile boolean closed;

    /**
     * @param tracer hears the outcomes of sends made without a completion listener; null when the connection has
     *               none (the URL asked for tracing of its own)
     */
    JmsDriverConnection(Connection connection, JmsUrl url, MicroClock clock, OutcomeTracer tracer) throws JMSException {
        this.connection = connection;
        this.url = url;
        this.clock = clock;
        this.tracer = tracer;
        this.outcomesOutsideSends = new ThrottledWarning(
                LOG, "connection to " + url + ": delivery failures reported outside a send", 10_000_000_000L);
        connection.setExceptionListener(e -> {
            if (JmsOutcomes.isDeliveryOutcome(e)) {
                if (tracer != null && tracer.onDeliveryFailure(e)) {
                    return; // the outcome of a traced send, now reported with its reason
                }
                // one per message (e.g. presettled sends): not a connection failure, and not worth a line each
                outcomesOutsideSends.record(JmsDriver.describe(e));
                return;
            }
            if (!closed) {
                LOG.warn("connection to {}: {}", url, JmsDriver.describe(e));
            }
            failure = e;
        });
        connection.start();
        session = connection.createSession(false, url.ackMode());
        destination = url.topic() ? session.createTopic(url.destination()) : session.createQueue(url.destination());
    }

    @Override
    public DriverProducer createProducer(OutcomeListener outcomes) throws DriverException {
        try {
            MessageProducer producer = session.createProducer(destination);
            producer.setDeliveryMode(url.durable() ? DeliveryMode.PERSISTENT : DeliveryMode.NON_PERSISTENT);
            producer.setDisableMessageTimestamp(true);
            producer.setDisableMessageID(true);
            return new Producer(producer, outcomes);
        } catch (JMSException | RuntimeException e) {
            throw new DriverException("cannot create a producer for " + url + ": " + JmsDriver.describe(e), e);
        }
    }

    @Override
    public DriverConsumer createConsumer(ConsumerCallback callback) throws DriverException {
        boolean clientAcknowledge = url.ackMode() == Session.CLIENT_ACKNOWLEDGE || url.ackMode() == 101;
        try {
            MessageConsumer consumer = url.subscription() == null
                    ? session.createConsumer(destination)
                    : session.createSharedConsumer((Topic) destination, url.subscription());
            return new ReceiveLoop(consumer, callback, clock, clientAcknowledge, url.toString()).start();
        } catch (JMSException | RuntimeException e) {
            throw new DriverException("cannot attach a consumer to " + url + ": " + JmsDriver.describe(e), e);
        }
    }

    @Override
    public boolean failed() {
        if (connection instanceof JmsConnection jms) {
            // asynchronous errors also reach the exception listener while failover recovers: ask the connection
            return !closed && (jms.isFailed() || jms.isClosed());
        }
        return failure != null;
    }

    @Override
    public Throwable failure() {
        return failure;
    }

    @Override
    public void close() {
        if (tracer != null && failure == null && !closed) {
            tracer.awaitSettled(SETTLE_BEFORE_CLOSE);
        }
        closed = true;
        try {
            connection.close();
        } catch (JMSException | RuntimeException e) {
            LOG.debug("closing the connection to {}: {}", url, e.getMessage());
        }
        if (tracer != null) {
            tracer.reportWaiting();
        }
    }

    /**
     * Sends with one message per call; the session is used by the sender's thread only. Unless the URL's options
     * presettle them, the outcome of each message is reported: for non-durable messages through the connection's
     * {@link OutcomeTracer} (the send returns at once), else with a {@link CompletionListener} (durable sends wait
     * for it). A listener that sends released messages again also gets completion listeners, so that a modified
     * outcome says at once whether the message may be sent again.
     */
    private final class Producer implements DriverProducer {
        private final MessageProducer producer;
        private final OutcomeListener outcomes;
        private final boolean presettled;
        private final boolean traced;

        Producer(MessageProducer producer, OutcomeListener outcomes) {
            this.producer = producer;
            this.outcomes = outcomes;
            this.presettled = url.presettledSends();
            this.traced = tracer != null && !presettled && !url.durable() && !outcomes.resendsReleased();
        }

        private BytesMessage message(byte[] body, int length) throws JMSException {
            BytesMessage message = session.createBytesMessage();
            message.writeBytes(body, 0, length);
            return message;
        }

        @Override
        public void send(byte[] body, int length) throws DriverException {
            send(-1, body, length);
        }

        @Override
        public void send(long token, byte[] body, int length) throws DriverException {
            if (presettled) {
                try {
                    producer.send(message(body, length));
                    return;
                } catch (JMSException | RuntimeException e) {
                    throw new DriverException("cannot send to " + url + ": " + JmsDriver.describe(e), e);
                }
            }
            if (traced) {
                OutcomeTracer.TracedSend send = tracer.expect(PendingOutcome.later(token, outcomes));
                try {
                    producer.send(message(body, length));
                } catch (JMSException | RuntimeException e) {
                    tracer.forget();
                    send.abandon();
                    throw new DriverException("cannot send to " + url + ": " + JmsDriver.describe(e), e);
                }
                send.handed();
                return;
            }
            PendingOutcome outcome =
                    url.durable() ? PendingOutcome.awaited(token, outcomes) : PendingOutcome.later(token, outcomes);
            try {
                producer.send(message(body, length), new Completion(outcome));
            } catch (JMSException | RuntimeException e) {
                outcome.abandon();
                throw new DriverException("cannot send to " + url + ": " + JmsDriver.describe(e), e);
            }
            if (url.durable()) {
                // no limit of its own: Qpid JMS fails the send when its connection fails
                outcome.await(0, () -> closed, url.toString());
            }
        }

        @Override
        public boolean reportsOutcomes() {
            return !presettled;
        }
    }

    /** Passes the completion of one send to its {@link PendingOutcome}. */
    private final class Completion implements CompletionListener {
        private final PendingOutcome outcome;

        Completion(PendingOutcome outcome) {
            this.outcome = outcome;
        }

        @Override
        public void onCompletion(Message message) {
            outcome.report(DeliveryOutcome.ACCEPTED, false, null);
        }

        @Override
        public void onException(Message message, Exception exception) {
            JmsOutcomes.Classified classified = JmsOutcomes.classify(exception);
            outcome.report(
                    classified.outcome(),
                    classified.resendable(),
                    "cannot send to " + url + ": " + JmsDriver.describe(exception));
        }
    }
}
