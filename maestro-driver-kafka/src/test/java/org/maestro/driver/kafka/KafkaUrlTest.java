package org.maestro.driver.kafka;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.maestro.driver.DriverException;

/** Parsing of Kafka URLs and the client properties made from them, without a broker. */
class KafkaUrlTest {

    @Test
    void readsServersTopicAndOptions() throws Exception {
        KafkaUrl url = KafkaUrl.parse("kafka://a:9092,b/orders.new?acks=1&group=g1&partitions=6&linger.ms=5"
                + "&key=connection&producer.batch.size=65536&consumer.fetch.min.bytes=1024");
        assertFalse(url.tls());
        assertEquals("a:9092,b:9092", url.bootstrap());
        assertEquals("orders.new", url.topic());
        assertEquals("1", url.acks());
        assertEquals("g1", url.group());
        assertEquals(6, url.partitions());
        assertEquals(5, url.lingerMs());
        assertTrue(url.keyed());
        assertEquals(Map.of("batch.size", "65536"), url.producer());
        assertEquals(Map.of("fetch.min.bytes", "1024"), url.consumer());
    }

    @Test
    void defaultsToAcksAllAndAGroupOfTheDriversOwn() throws Exception {
        KafkaUrl url = KafkaUrl.parse("kafka://host/t");
        assertEquals("host:9092", url.bootstrap());
        assertEquals("all", url.acks());
        assertTrue(url.acknowledged());
        assertNull(url.group());
        assertEquals(0, url.partitions());
        assertFalse(KafkaUrl.parse("kafka://host/t?acks=0").acknowledged());
        assertEquals("all", KafkaUrl.parse("kafka://host/t?acks=-1").acks());
    }

    @Test
    void tlsAndUserInformationTurnIntoSecurityProperties() throws Exception {
        KafkaUrl url = KafkaUrl.parse("kafkas://bob:p%40ss%22w@host/t?client.ssl.truststore.location=/tmp/ts.jks");
        assertTrue(url.tls());
        assertEquals("host:9093", url.bootstrap());
        assertEquals("kafkas://***@host/t?client.ssl.truststore.location=/tmp/ts.jks", url.toString());
        Map<String, Object> producer = ClientProperties.producer(url, Duration.ofSeconds(10));
        assertEquals("SASL_SSL", producer.get("security.protocol"));
        assertEquals("PLAIN", producer.get("sasl.mechanism"));
        assertEquals(
                "org.apache.kafka.common.security.plain.PlainLoginModule required username=\"bob\" "
                        + "password=\"p@ss\\\"w\";",
                producer.get("sasl.jaas.config"));
        assertEquals("/tmp/ts.jks", producer.get("ssl.truststore.location"));
        assertEquals(
                "SSL",
                ClientProperties.admin(KafkaUrl.parse("kafka+ssl://host:9094/t"), Duration.ofSeconds(1))
                        .get("security.protocol"));
    }

    @Test
    void theProducerBlocksAtMostTheConnectTimeoutUnlessTheUrlSaysOtherwise() throws Exception {
        assertEquals(
                7000L,
                ClientProperties.producer(KafkaUrl.parse("kafka://h/t"), Duration.ofSeconds(7))
                        .get("max.block.ms"));
        assertEquals(
                "500",
                ClientProperties.producer(
                                KafkaUrl.parse("kafka://h/t?producer.max.block.ms=500"), Duration.ofSeconds(7))
                        .get("max.block.ms"));
    }

    @Test
    void refusesWhatItCannotUseNamingIt() {
        assertRefused("kafka://h/t?prefetch=1", "unknown option 'prefetch'", "known options: acks, group");
        assertRefused("kafka://h/t?acks=2", "option acks=2", "expected all, 1 or 0");
        assertRefused("kafka://h/t?partitions=0", "option partitions=0", "from 1 to 10000");
        assertRefused("kafka://h/t?group=", "option group= in URL", "is empty");
        assertRefused("kafka://h/t?key=record", "option key=record", "none or connection");
        assertRefused("kafka://h/t?consumer.group.id=x", "consumer.group.id", "use the option group=");
        assertRefused("kafka://h/t?producer.acks=1", "producer.acks", "use the option acks=");
        assertRefused("kafka://h/t?client.sasl.jaas.config=x", "client.sasl.jaas.config", "user information");
        assertRefused("kafka://h/t?consumer.nonsense=1", "no kafka-clients consumer property 'nonsense'", "");
        assertRefused("kafka://h/", "names no topic", "kafka://host:9092/maestro-test");
        assertRefused("kafka://h/a/b", "is not a valid Kafka topic name", "letters, digits");
        assertRefused("kafka:///t", "names no host", "");
        assertRefused("kafka://h:99999/t", "port of 'h:99999'", "1 to 65535");
        assertRefused("amqp://h/t", "is not a Kafka URL", "kafkas://");
    }

    @Test
    void neverShowsThePassword() {
        DriverException e = assertThrows(
                DriverException.class,
                () -> KafkaUrl.parse("kafka://u:secret@h/t?bad=1&client.ssl.key.password=hidden"));
        assertFalse(e.getMessage().contains("secret"), e.getMessage());
        assertFalse(e.getMessage().contains("hidden"), e.getMessage());
    }

    private static void assertRefused(String url, String first, String second) {
        DriverException e = assertThrows(DriverException.class, () -> KafkaUrl.parse(url), url);
        assertTrue(e.getMessage().contains(first), e.getMessage());
        assertTrue(e.getMessage().contains(second), e.getMessage());
    }
}
