package org.maestro.driver.kafka;

import java.time.Duration;
import java.util.Set;
import org.maestro.base.time.MicroClock;
import org.maestro.driver.Driver;
import org.maestro.driver.DriverConnection;
import org.maestro.driver.DriverException;

/**
 * A Kafka driver on kafka-clients: URLs {@code kafka://host:9092/topic} and, for TLS, {@code kafkas://} or
 * {@code kafka+ssl://}, with the options of {@link KafkaUrl}; each connection is one producer or one consumer.
 * Thread-safe.
 */
public final class KafkaDriver implements Driver {
    private final ReceiverGroups groups = new ReceiverGroups();

    @Override
    public Set<String> schemes() {
        return Set.of("kafka", "kafkas", "kafka+ssl");
    }

    @Override
    public void check(String url) throws DriverException {
        KafkaUrl.parse(url);
    }

    @Override
    public DriverConnection connect(String url, MicroClock clock, Duration timeout) throws DriverException {
        return KafkaConnection.open(KafkaUrl.parse(url), clock, timeout, groups);
    }
}
