package org.maestro.driver.kafka;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.UUID;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.common.KafkaException;
import org.maestro.base.time.MicroClock;
import org.maestro.driver.Causes;
import org.maestro.driver.ConsumerCallback;
import org.maestro.driver.DriverConnection;
import org.maestro.driver.DriverConsumer;
import org.maestro.driver.DriverException;
import org.maestro.driver.DriverProducer;
import org.maestro.driver.OutcomeListener;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One connection of a sender or receiver to a Kafka cluster: one kafka-clients producer or one consumer on the
 * URL's topic. kafka-clients reconnects to the brokers by itself, so a connection fails for good only when its
 * consumer stopped on an error or it was closed. {@link #close()} and {@link #failed()} may be called from any
 * thread.
 */
final class KafkaConnection implements DriverConnection {
    private static final Logger LOG = LoggerFactory.getLogger(KafkaConnection.class);
    /** How long closing a producer waits for the outcomes of records on the wire. */
    static final Duration CLOSE_TIMEOUT = Duration.ofSeconds(5);

    private final KafkaUrl url;
    private final MicroClock clock;
    private final ConnectDeadline deadline;
    private final ReceiverGroups groups;
    private volatile Producer<byte[], byte[]> producer;
    private volatile KafkaReceiver receiver;
    private volatile String joinedGroup;
    private volatile boolean closed;

    private KafkaConnection(KafkaUrl url, MicroClock clock, ConnectDeadline deadline, ReceiverGroups groups) {
        this.url = url;
        this.clock = clock;
        this.deadline = deadline;
        this.groups = groups;
    }

    /**
     * Checks within {@code timeout} that the cluster answers and the topic exists (creating it if missing); a
     * consumer created next joins its group within what is left of the same timeout ({@link ConnectDeadline}).
     */
    static KafkaConnection open(KafkaUrl url, MicroClock clock, Duration timeout, ReceiverGroups groups)
            throws DriverException {
        ConnectDeadline deadline = ConnectDeadline.start(timeout);
        Topics.ensure(url, timeout);
        return new KafkaConnection(url, clock, deadline, groups);
    }

    @Override
    public DriverProducer createProducer(OutcomeListener outcomes) throws DriverException {
        try {
            producer = new KafkaProducer<>(ClientProperties.producer(url, deadline.timeout()));
        } catch (KafkaException e) {
            throw new DriverException(
                    "cannot create a Kafka producer for " + url + ": " + Causes.describe(e)
                            + ": check the producer. and client. options",
                    e);
        }
        byte[] key = url.keyed() ? UUID.randomUUID().toString().getBytes(StandardCharsets.US_ASCII) : null;
        return new KafkaSender(producer, url, outcomes, key);
    }

    @Override
    public DriverConsumer createConsumer(ConsumerCallback callback) throws DriverException {
        String group = url.group();
        if (group == null) {
            group = groups.join(url.toString());
            joinedGroup = group;
        }
        String name = group;
        try {
            receiver = KafkaReceiver.start(
                    url,
                    group,
                    clock,
                    callback,
                    () -> new KafkaConsumer<>(ClientProperties.consumer(url, name)),
                    deadline.remaining());
        } catch (DriverException e) {
            leaveGroup();
            throw e;
        }
        return receiver;
    }

    @Override
    public boolean failed() {
        KafkaReceiver current = receiver;
        return closed || current != null && current.failed();
    }

    @Override
    public Throwable failure() {
        KafkaReceiver current = receiver;
        return current == null ? null : current.failure();
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        Producer<byte[], byte[]> sending = producer;
        if (sending != null) {
            try {
                // records still unacknowledged after the timeout are failed through their callbacks
                sending.close(CLOSE_TIMEOUT);
            } catch (RuntimeException e) {
                LOG.debug("closing the producer of {}: {}", url, e.toString());
            }
        }
        KafkaReceiver receiving = receiver;
        if (receiving != null) {
            receiving.close();
        }
        leaveGroup();
    }

    private void leaveGroup() {
        String group = joinedGroup;
        if (group != null) {
            joinedGroup = null;
            groups.leave(url.toString(), group);
        }
    }
}
