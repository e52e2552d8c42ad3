package org.maestro.driver.kafka;

import static org.junit.jupiter.api.Assertions.assertFalse;

import java.time.Duration;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.maestro.driver.testing.SubscriptionChecks;

/**
 * Fan-out through Kafka consumer groups against a KRaft broker in this JVM ({@link InJvmKafka}): a topic of two
 * partitions read by two groups of two receiver connections each; every group gets every record once and its
 * connections share the partitions.
 */
class KafkaSubscriptionTest {
    @RegisterExtension
    final KafkaTopic topic = new KafkaTopic();

    private final KafkaDriver driver = new KafkaDriver();
    private final String groups = "sub-" + UUID.randomUUID().toString().substring(0, 8);

    @Test
    void everyGroupGetsEveryRecordAndItsConnectionsShareThem() throws Exception {
        // small batches: the producer moves to the other partition after each, so both partitions get records
        String sendUrl = topic.url("partitions=2&acks=1&producer.batch.size=256");
        SubscriptionChecks.everySubscriptionGetsEveryMessageOnce(
                driver,
                sendUrl,
                s -> topic.url("partitions=2&group=" + groups + "-" + s),
                2,
                2,
                400,
                Duration.ofSeconds(60));
    }

    @Test
    void refusesASubscriptionOptionNamingTheConsumerGroup() throws Exception {
        assertFalse(driver.deliversToEveryReceiver("kafka://h:9092/orders?group=sub-0"));
        SubscriptionChecks.refusedNaming(
                driver,
                "kafka://h:9092/orders?subscription=sub-0",
                "option subscription in URL kafka://h:9092/orders?subscription=sub-0",
                "consumer group",
                KafkaUrl.SUBSCRIPTION_EXAMPLE);
    }
}
