package org.maestro.driver.jms;

import jakarta.jms.BytesMessage;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import org.maestro.base.time.MicroClock;
import org.maestro.driver.ConsumerCallback;
import org.maestro.driver.DriverConsumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads one consumer with {@code receive} on a thread of its own and hands each body to the callback. A
 * {@code MessageListener} would cost Qpid JMS a task and a thread wake-up per message on its session executor; a
 * receiving thread waits only when the consumer's prefetch buffer is empty, so it takes several messages per wake-up
 * under load.
 */
final class ReceiveLoop implements DriverConsumer, Runnable {
    private static final Logger LOG = LoggerFactory.getLogger(ReceiveLoop.class);
    private static final byte[] NO_BODY = new byte[0];
    /** How long closing waits for the thread to end after the consumer was closed. */
    private static final long JOIN_MILLIS = 5_000;

    private final MessageConsumer consumer;
    private final ConsumerCallback callback;
    private final MicroClock clock;
    private final boolean acknowledges;
    private final String url;
    private final Thread thread;
    private volatile boolean closed;

    /**
     * @param acknowledges whether each message is acknowledged after the callback (client or individual mode)
     */
    ReceiveLoop(
            MessageConsumer consumer, ConsumerCallback callback, MicroClock clock, boolean acknowledges, String url) {
        this.consumer = consumer;
        this.callback = callback;
        this.clock = clock;
        this.acknowledges = acknowledges;
        this.url = url;
        this.thread = new Thread(this, "maestro-jms-receive");
        thread.setDaemon(true);
    }

    /** Starts receiving. */
    ReceiveLoop start() {
        thread.start();
        return this;
    }

    @Override
    public void run() {
        while (!closed) {
            Message message;
            try {
                message = consumer.receive();
            } catch (JMSException | RuntimeException e) {
                if (!closed) {
                    LOG.debug("receiving from {} ended: {}", url, JmsDriver.describe(e));
                }
                return;
            }
            if (message == null) {
                return; // the consumer was closed
            }
            long receivedAt = clock.nowMicros();
            callback.onMessage(bodyOf(message), receivedAt);
            if (acknowledges) {
                acknowledge(message);
            }
        }
    }

    private void acknowledge(Message message) {
        try {
            message.acknowledge();
        } catch (JMSException e) {
            LOG.debug("cannot acknowledge a message from {}: {}", url, e.getMessage());
        }
    }

    private static byte[] bodyOf(Message message) {
        try {
            if (message instanceof BytesMessage bytes) {
                byte[] body = new byte[(int) bytes.getBodyLength()];
                bytes.readBytes(body);
                return body;
            }
        } catch (JMSException e) {
            LOG.debug("unreadable message body: {}", e.getMessage());
        }
        return NO_BODY;
    }

    @Override
    public void close() {
        closed = true;
        try {
            consumer.close(); // ends a receive in progress, which then returns null
        } catch (JMSException | RuntimeException e) {
            LOG.debug("closing a consumer of {}: {}", url, e.getMessage());
        }
        if (Thread.currentThread() != thread) {
            try {
                thread.join(JOIN_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
