package org.maestro.worker.bench;

import jakarta.jms.BytesMessage;
import jakarta.jms.CompletionListener;
import jakarta.jms.Connection;
import jakarta.jms.DeliveryMode;
import jakarta.jms.JMSException;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageProducer;
import jakarta.jms.Session;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.apache.qpid.jms.JmsConnectionFactory;

/**
 * A bare Qpid JMS loop on one queue of the broker at 127.0.0.1: one consumer per connection handing on each body, one
 * non-persistent producer per connection (without message ids and timestamps), sending with a completion listener
 * when given one, else synchronously.
 */
public final class JmsLoop implements AutoCloseable {
    private final JmsConnectionFactory factory;
    private final String queue;
    private final CompletionListener completions;
    private final List<Connection> opened = new ArrayList<>();
    private final List<Sender> senders = new ArrayList<>();

    /** The session of one sender connection and its producer. */
    private record Sender(Session session, MessageProducer producer) {}

    /** A loop on {@code queue} at the broker's AMQP {@code port}; {@code completions} may be null. */
    public JmsLoop(int port, String queue, CompletionListener completions) {
        this.factory = new JmsConnectionFactory("amqp://127.0.0.1:" + port);
        this.queue = queue;
        this.completions = completions;
    }

    /** Opens one consumer connection each, started, calling {@code onMessage} with each body received. */
    public void openReceivers(int connections, Consumer<byte[]> onMessage) throws JMSException {
        for (int i = 0; i < connections; i++) {
            Connection connection = open();
            Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
            MessageConsumer consumer = session.createConsumer(session.createQueue(queue));
            consumer.setMessageListener(message -> {
                try {
                    BytesMessage bytes = (BytesMessage) message;
                    byte[] body = new byte[(int) bytes.getBodyLength()];
                    bytes.readBytes(body);
                    onMessage.accept(body);
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            connection.start();
        }
    }

    /**
     * Opens one consumer connection each, started, read by a thread of its own calling {@code receive()} (as the
     * anchor harness's bare loop and Maestro's Qpid JMS driver read), calling {@code onMessage} with each body.
     * The threads end when the loop is closed.
     */
    public void openReceiveThreads(int connections, Consumer<byte[]> onMessage) throws JMSException {
        for (int i = 0; i < connections; i++) {
            Connection connection = open();
            Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
            MessageConsumer consumer = session.createConsumer(session.createQueue(queue));
            connection.start();
            Thread thread = new Thread(() -> receiveUntilClosed(consumer, onMessage), "bare-consumer-" + i);
            thread.setDaemon(true);
            thread.start();
        }
    }

    private static void receiveUntilClosed(MessageConsumer consumer, Consumer<byte[]> onMessage) {
        try {
            while (true) {
                BytesMessage message = (BytesMessage) consumer.receive();
                if (message == null) {
                    return; // closed
                }
                byte[] body = new byte[(int) message.getBodyLength()];
                message.readBytes(body);
                onMessage.accept(body);
            }
        } catch (JMSException e) {
            // the loop was closed under the receive
        }
    }

    /** Opens the sender connections. */
    void openSenders(int connections) throws JMSException {
        for (int i = 0; i < connections; i++) {
            Session session = open().createSession(false, Session.AUTO_ACKNOWLEDGE);
            MessageProducer producer = session.createProducer(session.createQueue(queue));
            producer.setDeliveryMode(DeliveryMode.NON_PERSISTENT);
            producer.setDisableMessageID(true);
            producer.setDisableMessageTimestamp(true);
            senders.add(new Sender(session, producer));
        }
    }

    private Connection open() throws JMSException {
        Connection connection = factory.createConnection();
        opened.add(connection);
        return connection;
    }

    /** Sends one message on sender connection {@code connection}; only that connection's thread may call it. */
    void send(int connection, byte[] body) throws JMSException {
        Sender sender = senders.get(connection);
        BytesMessage message = sender.session().createBytesMessage();
        message.writeBytes(body);
        if (completions != null) {
            sender.producer().send(message, completions);
        } else {
            sender.producer().send(message);
        }
    }

    /** Closes every connection this loop opened. */
    @Override
    public void close() throws JMSException {
        for (Connection connection : opened) {
            connection.close();
        }
    }
}
