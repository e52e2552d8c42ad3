package org.maestro.driver.kafka;

import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.producer.Callback;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.errors.ApiException;
import org.apache.kafka.common.errors.InterruptException;
import org.apache.kafka.common.errors.RetriableException;
import org.maestro.driver.Causes;
import org.maestro.driver.DeliveryOutcome;
import org.maestro.driver.DriverException;
import org.maestro.driver.DriverProducer;
import org.maestro.driver.OutcomeListener;
import org.maestro.driver.ThrottledWarning;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes records to the URL's topic without waiting for the broker: each send hands a copy of the body to the
 * kafka-clients producer, whose send callback (on the producer's I/O thread) gives the outcome. With {@code acks}
 * 1 or all a record is accepted when the broker acknowledged it, rejected when the broker refused it for good
 * (e.g. too large, not authorised) and failed when it could not be written in time or the producer was closed
 * first; with {@code acks=0} records have no outcome. One sender thread sends.
 */
final class KafkaSender implements DriverProducer {
    private static final Logger LOG = LoggerFactory.getLogger(KafkaSender.class);

    private final Producer<byte[], byte[]> producer;
    private final KafkaUrl url;
    private final OutcomeListener outcomes;
    private final byte[] key;
    private final ThrottledWarning failures;

    /**
     * @param key the key of every record (records of one key stay in one partition, in order), or null to let the
     *            producer spread records over the partitions
     */
    KafkaSender(Producer<byte[], byte[]> producer, KafkaUrl url, OutcomeListener outcomes, byte[] key) {
        this.producer = producer;
        this.url = url;
        this.outcomes = outcomes;
        this.key = key;
        this.failures = new ThrottledWarning(LOG, "records not written to " + url, TimeUnit.SECONDS.toNanos(10));
    }

    @Override
    public void send(byte[] body, int length) throws DriverException {
        write(body, length, (metadata, e) -> {
            if (e != null) {
                failures.record(Causes.describe(e));
            }
        });
    }

    @Override
    public void send(long token, byte[] body, int length) throws DriverException {
        if (!url.acknowledged()) {
            send(body, length);
            return;
        }
        write(body, length, (metadata, e) -> {
            DeliveryOutcome outcome = outcomeOf(e);
            String detail = null;
            if (e != null) {
                detail = "Kafka at " + url + " did not take the record: " + Causes.describe(e);
                failures.record(Causes.describe(e));
            }
            outcomes.onOutcome(token, outcome, false, detail);
        });
    }

    @Override
    public boolean reportsOutcomes() {
        return url.acknowledged();
    }

    /** How a record's write ended: accepted without exception, rejected when the broker refused it for good. */
    static DeliveryOutcome outcomeOf(Exception e) {
        if (e == null) {
            return DeliveryOutcome.ACCEPTED;
        }
        if (e instanceof ApiException && !(e instanceof RetriableException)) {
            return DeliveryOutcome.REJECTED;
        }
        return DeliveryOutcome.FAILED;
    }

    private void write(byte[] body, int length, Callback callback) throws DriverException {
        ProducerRecord<byte[], byte[]> record = new ProducerRecord<>(url.topic(), key, Arrays.copyOf(body, length));
        try {
            producer.send(record, callback);
        } catch (InterruptException e) {
            Thread.currentThread().interrupt();
            throw new DriverException("interrupted while sending to " + url, e);
        } catch (KafkaException | IllegalStateException e) {
            // thrown (without calling back) when the producer is closed or cannot take the record at all
            throw new DriverException("cannot send to " + url + ": " + Causes.describe(e), e);
        }
    }
}
