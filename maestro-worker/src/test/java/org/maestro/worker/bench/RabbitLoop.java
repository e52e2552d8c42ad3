package org.maestro.worker.bench;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ConnectionFactory;
import com.rabbitmq.client.DefaultConsumer;
import com.rabbitmq.client.Envelope;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.NavigableSet;
import java.util.concurrent.ConcurrentSkipListSet;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

/**
 * A bare RabbitMQ Java client loop: transient publishes to the default exchange (with publisher confirms and a window
 * of {@link SendWindow#SIZE} unconfirmed per channel, or without; mandatory, with returns counted, like the driver's
 * default, or not), and consumers acknowledging each delivery with a prefetch of 500, on a queue of its own at
 * 127.0.0.1:5672 (guest).
 */
final class RabbitLoop implements ClientLoop {
    /** The prefetch of the driver's receivers when the URL gives none. */
    static final int PREFETCH = 500;

    private static final AMQP.BasicProperties TRANSIENT =
            new AMQP.BasicProperties.Builder().deliveryMode(1).build();

    private final String queue;
    private final boolean confirm;
    private final boolean mandatory;
    private final AtomicLong returned = new AtomicLong();
    private final ConnectionFactory factory = new ConnectionFactory();
    private final List<Connection> connections = new ArrayList<>();
    private final List<Sender> senders = new ArrayList<>();

    RabbitLoop(String name, boolean confirm, boolean mandatory) {
        this.queue = name;
        this.confirm = confirm;
        this.mandatory = mandatory;
        factory.setHost("127.0.0.1");
        factory.setPort(5672);
        factory.setUsername("guest");
        factory.setPassword("guest");
        factory.setAutomaticRecoveryEnabled(false);
    }

    /** The queue's name, for other clients of the same comparison. */
    String queue() {
        return queue;
    }

    @Override
    public String maestroUrl() {
        return "rabbitmq://guest:guest@127.0.0.1:5672/?queue=" + queue + "&declare=true&confirm=" + confirm
                + "&mandatory=" + mandatory;
    }

    @Override
    public void openReceivers(int count, Consumer<byte[]> onMessage) throws Exception {
        for (int i = 0; i < count; i++) {
            Channel channel = open().createChannel();
            channel.queueDeclare(queue, false, false, false, null);
            channel.basicQos(PREFETCH);
            channel.basicConsume(queue, false, new DefaultConsumer(channel) {
                @Override
                public void handleDelivery(String tag, Envelope envelope, AMQP.BasicProperties properties, byte[] body)
                        throws IOException {
                    onMessage.accept(body);
                    getChannel().basicAck(envelope.getDeliveryTag(), false);
                }
            });
        }
    }

    @Override
    public void openSenders(int count) throws Exception {
        for (int i = 0; i < count; i++) {
            Channel channel = open().createChannel();
            Sender sender = new Sender(channel);
            if (mandatory) {
                channel.addReturnListener(message -> returned.incrementAndGet());
            }
            if (confirm) {
                channel.confirmSelect();
                channel.addConfirmListener(
                        (tag, multiple) -> sender.confirmed(tag, multiple),
                        (tag, multiple) -> sender.confirmed(tag, multiple));
            }
            senders.add(sender);
        }
    }

    private Connection open() throws Exception {
        Connection connection = factory.newConnection("maestro-bench-bare");
        connections.add(connection);
        return connection;
    }

    @Override
    public void send(int connection, byte[] body) throws Exception {
        senders.get(connection).send(body);
    }

    @Override
    public void close() {
        if (returned.get() > 0) {
            System.err.println("RabbitMQ returned " + returned.get() + " unroutable messages to the bare loop");
        }
        for (Connection connection : connections) {
            try {
                connection.close(5_000);
            } catch (IOException | RuntimeException e) {
                System.err.println("closing a bare RabbitMQ connection: " + e.getMessage());
            }
        }
    }

    @Override
    public void removeDestination() {
        try (Connection connection = factory.newConnection("maestro-bench-cleanup");
                Channel channel = connection.createChannel()) {
            channel.queueDelete(queue);
        } catch (Exception e) {
            System.err.println("could not delete the queue " + queue + ": " + e.getMessage()
                    + "; delete it with rabbitmqctl delete_queue " + queue);
        }
    }

    /** One publishing channel and, with confirms, its unconfirmed sequence numbers. */
    private final class Sender {
        private final Channel channel;
        private final SendWindow window = new SendWindow();
        private final NavigableSet<Long> unconfirmed = new ConcurrentSkipListSet<>();

        Sender(Channel channel) {
            this.channel = channel;
        }

        void send(byte[] body) throws Exception {
            if (confirm) {
                window.take();
                unconfirmed.add(channel.getNextPublishSeqNo());
            }
            channel.basicPublish("", queue, mandatory, TRANSIENT, body);
        }

        void confirmed(long tag, boolean multiple) {
            int settled = 0;
            if (multiple) {
                NavigableSet<Long> upTo = unconfirmed.headSet(tag, true);
                while (upTo.pollFirst() != null) {
                    settled++;
                }
            } else if (unconfirmed.remove(tag)) {
                settled = 1;
            }
            window.release(settled);
        }
    }
}
