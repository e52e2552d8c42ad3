package org.maestro.driver.kafka;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.kafka.clients.CommonClientConfigs;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.config.SaslConfigs;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;

/**
 * The kafka-clients properties of the admin client, producers and consumers of one {@link KafkaUrl}: the servers,
 * TLS and SASL from the scheme and user information, then the URL's {@code client.*} properties, then its
 * {@code producer.*} or {@code consumer.*} ones.
 */
final class ClientProperties {
    /** Numbers the clients of this JVM, so each has a client id (and JMX metrics) of its own. */
    private static final AtomicInteger CLIENTS = new AtomicInteger();

    private ClientProperties() {}

    private static String clientId(String role) {
        return "maestro-" + role + "-" + CLIENTS.incrementAndGet();
    }

    /** For the admin client that checks and creates the topic, answering within {@code timeout}. */
    static Map<String, Object> admin(KafkaUrl url, Duration timeout) {
        Map<String, Object> properties = common(url);
        int millis = (int) Math.max(1_000, Math.min(Integer.MAX_VALUE, timeout.toMillis()));
        properties.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, millis);
        properties.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, millis);
        properties.put(AdminClientConfig.CLIENT_ID_CONFIG, clientId("admin"));
        return properties;
    }

    /** For a producer: byte-array records, the URL's acks and linger, sends blocking at most {@code timeout}. */
    static Map<String, Object> producer(KafkaUrl url, Duration timeout) {
        Map<String, Object> properties = common(url);
        properties.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class);
        properties.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class);
        properties.put(ProducerConfig.ACKS_CONFIG, url.acks());
        if (url.lingerMs() >= 0) {
            properties.put(ProducerConfig.LINGER_MS_CONFIG, url.lingerMs());
        }
        // a send waits this long for metadata or buffer room, not the client's default minute
        properties.put(ProducerConfig.MAX_BLOCK_MS_CONFIG, Math.max(1_000, timeout.toMillis()));
        properties.put(ProducerConfig.CLIENT_ID_CONFIG, clientId("sender"));
        properties.putAll(url.producer());
        return properties;
    }

    /** For a consumer in {@code group} that starts at the end of the partitions when the group has no offset. */
    static Map<String, Object> consumer(KafkaUrl url, String group) {
        Map<String, Object> properties = common(url);
        properties.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class);
        properties.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class);
        properties.put(ConsumerConfig.GROUP_ID_CONFIG, group);
        properties.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "latest");
        properties.put(ConsumerConfig.CLIENT_ID_CONFIG, clientId("receiver"));
        properties.putAll(url.consumer());
        return properties;
    }

    private static Map<String, Object> common(KafkaUrl url) {
        Map<String, Object> properties = new HashMap<>();
        properties.put(CommonClientConfigs.BOOTSTRAP_SERVERS_CONFIG, url.bootstrap());
        if (url.user() != null) {
            properties.put(CommonClientConfigs.SECURITY_PROTOCOL_CONFIG, url.tls() ? "SASL_SSL" : "SASL_PLAINTEXT");
            properties.put(SaslConfigs.SASL_MECHANISM, "PLAIN");
            properties.put(
                    SaslConfigs.SASL_JAAS_CONFIG,
                    "org.apache.kafka.common.security.plain.PlainLoginModule "
                            + "required username=\"" + quoted(url.user()) + "\" password=\"" + quoted(url.password())
                            + "\";");
        } else if (url.tls()) {
            properties.put(CommonClientConfigs.SECURITY_PROTOCOL_CONFIG, "SSL");
        }
        properties.putAll(url.client());
        return properties;
    }

    private static String quoted(String text) {
        return text.replace("\\", "\\\\").replace("\"", "\\\"");
    }
}
