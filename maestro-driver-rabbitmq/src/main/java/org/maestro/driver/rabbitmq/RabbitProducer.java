package org.maestro.driver.rabbitmq;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.ConfirmListener;
import com.rabbitmq.client.ReturnListener;
import java.io.IOException;
import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.ConcurrentNavigableMap;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;
import org.maestro.driver.DeliveryOutcome;
import org.maestro.driver.DriverException;
import org.maestro.driver.DriverProducer;
import org.maestro.driver.OutcomeListener;
import org.maestro.driver.ThrottledWarning;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Publishes to the URL's exchange and routing key without waiting for the broker. With publisher confirms
 * ({@code confirm=true}) at most {@code inflight} publishes are unconfirmed (a send waits for room) and each reports
 * one outcome: accepted on the broker's ack, rejected on its nack, released when the broker returned it as
 * unroutable (mandatory publishes) before acking it, failed when the channel closed first. Without confirms a
 * publish has no outcome. One sender thread sends; the client's connection thread confirms and returns.
 */
final class RabbitProducer implements DriverProducer, ConfirmListener, ReturnListener {
    private static final Logger LOG = LoggerFactory.getLogger(RabbitProducer.class);
    private static final long POLL_MILLIS = 100;

    private final Channel channel;
    private final RabbitUrl url;
    private final OutcomeListener outcomes;
    private final BooleanSupplier gone;
    private final Semaphore window;
    private final ConcurrentNavigableMap<Long, Publish> unconfirmed = new ConcurrentSkipListMap<>();
    private final ThrottledWarning unroutable;
    /** The properties of every publish, unless each carries its own message id (mandatory with confirms). */
    private final AMQP.BasicProperties shared;

    RabbitProducer(Channel channel, RabbitUrl url, OutcomeListener outcomes, BooleanSupplier gone) {
        this.channel = channel;
        this.url = url;
        this.outcomes = outcomes;
        this.gone = gone;
        this.window = new Semaphore(url.inflight());
        this.unroutable =
                new ThrottledWarning(LOG, "messages RabbitMQ could not route at " + url, TimeUnit.SECONDS.toNanos(10));
        this.shared = new AMQP.BasicProperties.Builder()
                .deliveryMode(url.durable() ? 2 : 1)
                .build();
    }

    @Override
    public void send(byte[] body, int length) throws DriverException {
        send(-1, body, length);
    }

    @Override
    public void send(long token, byte[] body, int length) throws DriverException {
        publish(new Publish(token), body, length);
    }

    @Override
    public boolean reportsOutcomes() {
        return url.confirm();
    }

    private void publish(Publish publish, byte[] body, int length) throws DriverException {
        // the client writes the frame before basicPublish returns (blocking I/O), so a whole array needs no copy
        byte[] payload = length == body.length ? body : Arrays.copyOf(body, length);
        long sequence = -1;
        if (url.confirm()) {
            awaitRoom();
            sequence = channel.getNextPublishSeqNo();
            unconfirmed.put(sequence, publish);
        }
        AMQP.BasicProperties properties = shared;
        if (url.mandatory() && url.confirm()) {
            // a returned message is matched to its publish by this id
            properties = shared.builder().messageId(Long.toString(sequence)).build();
        }
        try {
            channel.basicPublish(url.exchange(), url.routingKey(), url.mandatory(), properties, payload);
        } catch (IOException | RuntimeException e) {
            if (sequence >= 0) {
                if (!publish.abandon()) {
                    return; // the channel closed meanwhile and the publish was reported failed already
                }
                if (unconfirmed.remove(sequence, publish)) {
                    window.release();
                }
            }
            throw new DriverException("cannot publish to " + url + ": " + RabbitConnection.describe(e), e);
        }
    }

    private void awaitRoom() throws DriverException {
        try {
            while (!window.tryAcquire(POLL_MILLIS, TimeUnit.MILLISECONDS)) {
                if (gone.getAsBoolean() || !channel.isOpen()) {
                    throw new DriverException("the connection to " + url + " is closed or failed");
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new DriverException("interrupted while waiting to publish to " + url);
        }
    }

    @Override
    public void handleAck(long deliveryTag, boolean multiple) {
        settle(deliveryTag, multiple, true);
    }

    @Override
    public void handleNack(long deliveryTag, boolean multiple) {
        settle(deliveryTag, multiple, false);
    }

    private void settle(long deliveryTag, boolean multiple, boolean ack) {
        int settled = 0;
        if (multiple) {
            Map<Long, Publish> upTo = unconfirmed.headMap(deliveryTag, true);
            for (Map.Entry<Long, Publish> entry : upTo.entrySet()) {
                if (unconfirmed.remove(entry.getKey(), entry.getValue())) {
                    finish(entry.getValue(), ack);
                    settled++;
                }
            }
        } else {
            Publish publish = unconfirmed.remove(deliveryTag);
            if (publish != null) {
                finish(publish, ack);
                settled = 1;
            }
        }
        // one release for the whole confirm: the sender waiting for room wakes once, not once per message
        window.release(settled);
    }

    private static void finish(Publish publish, boolean ack) {
        if (!ack) {
            publish.finish(
                    DeliveryOutcome.REJECTED,
                    false,
                    "RabbitMQ refused the message (basic.nack), e.g. a " + "full queue with x-overflow=reject-publish");
        } else if (publish.returned != null) {
            publish.finish(DeliveryOutcome.RELEASED, true, publish.returned);
        } else {
            publish.finish(DeliveryOutcome.ACCEPTED, false, null);
        }
    }

    @Override
    public void handleReturn(
            int replyCode,
            String replyText,
            String exchange,
            String routingKey,
            AMQP.BasicProperties properties,
            byte[] body) {
        String detail = "RabbitMQ returned the message: " + replyText + " (reply code " + replyCode + "): no queue "
                + "is bound to exchange '" + exchange + "' with routing key '" + routingKey + "'";
        unroutable.record(detail);
        if (properties.getMessageId() == null) {
            return;
        }
        try {
            Publish publish = unconfirmed.get(Long.parseLong(properties.getMessageId()));
            if (publish != null) {
                // the broker sends basic.return before the basic.ack of the same message
                publish.returned = detail;
            }
        } catch (NumberFormatException e) {
            LOG.debug("a returned message from {} has a foreign message id {}", url, properties.getMessageId());
        }
    }

    /** Waits at most {@code millis} until every publish is confirmed. */
    void awaitConfirms(long millis) {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis);
        while (!unconfirmed.isEmpty() && System.nanoTime() - deadline < 0 && channel.isOpen()) {
            try {
                Thread.sleep(10);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    /** Reports every publish still unconfirmed as failed, with {@code reason}. */
    void failPending(String reason) {
        int failed = 0;
        for (Map.Entry<Long, Publish> entry : unconfirmed.entrySet()) {
            if (unconfirmed.remove(entry.getKey(), entry.getValue())) {
                entry.getValue().finish(DeliveryOutcome.FAILED, false, reason);
                failed++;
            }
        }
        window.release(failed);
    }

    /** One confirmed publish: finished exactly once, by a confirm or by the channel closing. */
    private final class Publish {
        private final long token;
        private final AtomicBoolean finished = new AtomicBoolean();
        private volatile String returned;

        Publish(long token) {
            this.token = token;
        }

        /** Marks the publish as never to be reported; false if it was reported already. */
        boolean abandon() {
            return finished.compareAndSet(false, true);
        }

        void finish(DeliveryOutcome outcome, boolean resendable, String detail) {
            if (!finished.compareAndSet(false, true)) {
                return;
            }
            outcomes.onOutcome(token, outcome, resendable, detail);
        }
    }
}
