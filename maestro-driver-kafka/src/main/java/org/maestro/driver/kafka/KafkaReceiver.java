package org.maestro.driver.kafka;

import java.time.Duration;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerRebalanceListener;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;
import org.maestro.base.time.MicroClock;
import org.maestro.driver.Causes;
import org.maestro.driver.ConsumerCallback;
import org.maestro.driver.DriverConsumer;
import org.maestro.driver.DriverException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One kafka-clients consumer in a consumer group, polled by a thread of its own that hands each record's value to
 * the callback, stamped when the poll returned it. On every assignment the consumer's positions (the group's
 * committed offsets, else the end of the partitions) are committed at once, so a rebalance neither skips nor
 * repeats records; partitions given up are committed first.
 */
final class KafkaReceiver implements DriverConsumer {
    private static final Logger LOG = LoggerFactory.getLogger(KafkaReceiver.class);
    private static final Duration POLL = Duration.ofMillis(100);
    private static final Duration CLOSE_TIMEOUT = Duration.ofSeconds(5);
    private static final long JOIN_MILLIS = 10_000;

    private final KafkaUrl url;
    private final String group;
    private final MicroClock clock;
    private final ConsumerCallback callback;
    private final CompletableFuture<Void> assigned = new CompletableFuture<>();
    private final Thread thread;
    private volatile Consumer<byte[], byte[]> consumer;
    private volatile boolean closing;
    private volatile Throwable failure;

    private KafkaReceiver(
            KafkaUrl url,
            String group,
            MicroClock clock,
            ConsumerCallback callback,
            Supplier<Consumer<byte[], byte[]>> consumers) {
        this.url = url;
        this.group = group;
        this.clock = clock;
        this.callback = callback;
        this.thread = new Thread(() -> run(consumers), "maestro-kafka-receiver-" + group);
        this.thread.setDaemon(true);
    }

    /**
     * Starts a consumer of the URL's topic in {@code group} and returns once the group gave it its partitions
     * (possibly none, when the group has more members than the topic has partitions), within {@code timeout}.
     */
    static KafkaReceiver start(
            KafkaUrl url,
            String group,
            MicroClock clock,
            ConsumerCallback callback,
            Supplier<Consumer<byte[], byte[]>> consumers,
            Duration timeout)
            throws DriverException {
        KafkaReceiver receiver = new KafkaReceiver(url, group, clock, callback, consumers);
        receiver.thread.start();
        try {
            receiver.assigned.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
            return receiver;
        } catch (ExecutionException e) {
            receiver.close();
            throw new DriverException(
                    "cannot receive from " + url + " in consumer group '" + group + "': "
                            + Causes.describe(e.getCause()),
                    e.getCause());
        } catch (TimeoutException e) {
            receiver.close();
            throw new DriverException("the consumer group '" + group + "' at " + url + " gave the receiver no "
                    + "partitions within " + timeout.toMillis() + " ms (the connect timeout): is the group "
                    + "coordinator of the cluster available (the __consumer_offsets topic)? The first join of a "
                    + "new cluster creates that topic and takes longer on a loaded machine: try again");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            receiver.close();
            throw new DriverException("interrupted while joining the consumer group of " + url);
        }
    }

    private void run(Supplier<Consumer<byte[], byte[]>> consumers) {
        Consumer<byte[], byte[]> opened = null;
        try {
            opened = consumers.get();
            consumer = opened;
            opened.subscribe(List.of(url.topic()), new Rebalance(opened));
            while (!closing) {
                for (ConsumerRecord<byte[], byte[]> record : opened.poll(POLL)) {
                    hand(record.value());
                }
            }
        } catch (WakeupException e) {
            if (!closing) {
                fail(e);
            }
        } catch (RuntimeException e) {
            fail(e);
        } finally {
            assigned.completeExceptionally(new DriverException("the receiver of " + url + " was closed"));
            if (opened != null) {
                try {
                    opened.close(CLOSE_TIMEOUT);
                } catch (RuntimeException e) {
                    LOG.debug("closing the consumer of {}: {}", url, e.toString());
                }
            }
        }
    }

    private void hand(byte[] value) {
        long receiveMicros = clock.nowMicros();
        try {
            callback.onMessage(value == null ? new byte[0] : value, receiveMicros);
        } catch (RuntimeException e) {
            LOG.error("recording a record from {} failed", url, e);
        }
    }

    private void fail(RuntimeException e) {
        if (closing) {
            return;
        }
        failure = e;
        assigned.completeExceptionally(e);
        LOG.warn("the receiver of {} in consumer group '{}' stopped: {}", url, group, Causes.describe(e));
    }

    /** True once the consumer stopped because of an error. */
    boolean failed() {
        return failure != null;
    }

    Throwable failure() {
        return failure;
    }

    @Override
    public void close() {
        closing = true;
        Consumer<byte[], byte[]> current = consumer;
        if (current != null) {
            current.wakeup();
        }
        try {
            thread.join(JOIN_MILLIS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (thread.isAlive()) {
            LOG.warn("the receiver of {} did not stop within {} ms", url, JOIN_MILLIS);
        }
    }

    /** Commits positions when partitions come and go, and says when the consumer first got its partitions. */
    private final class Rebalance implements ConsumerRebalanceListener {
        private final Consumer<byte[], byte[]> consumer;

        Rebalance(Consumer<byte[], byte[]> consumer) {
            this.consumer = consumer;
        }

        @Override
        public void onPartitionsRevoked(Collection<TopicPartition> partitions) {
            if (!partitions.isEmpty() && !closing) {
                consumer.commitSync();
            }
        }

        @Override
        public void onPartitionsAssigned(Collection<TopicPartition> partitions) {
            Map<TopicPartition, OffsetAndMetadata> positions = new HashMap<>();
            for (TopicPartition partition : partitions) {
                positions.put(partition, new OffsetAndMetadata(consumer.position(partition)));
            }
            if (!positions.isEmpty()) {
                consumer.commitSync(positions);
            }
            assigned.complete(null);
        }
    }
}
