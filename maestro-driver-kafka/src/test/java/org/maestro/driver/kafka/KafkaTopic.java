package org.maestro.driver.kafka;

import java.util.UUID;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A topic of its own for each test, on the KRaft broker the tests of this JVM share ({@link InJvmKafka#shared()}):
 * named before the test, deleted after it. Register it with
 * {@code @RegisterExtension final KafkaTopic topic = new KafkaTopic();} (in the test-jar of maestro-driver-kafka).
 */
public final class KafkaTopic implements BeforeEachCallback, AfterEachCallback {
    private InJvmKafka kafka;
    private String name;

    @Override
    public void beforeEach(ExtensionContext context) throws Exception {
        kafka = InJvmKafka.shared();
        name = "maestro-test-" + UUID.randomUUID();
    }

    @Override
    public void afterEach(ExtensionContext context) throws Exception {
        kafka.deleteTopic(name);
    }

    /** The topic's name. */
    public String name() {
        return name;
    }

    /** The topic's name, so that a URL can be written {@code "kafka://host:port/" + topic}. */
    @Override
    public String toString() {
        return name;
    }

    /** The broker. */
    public InJvmKafka kafka() {
        return kafka;
    }

    /** The URL of the topic with the query options {@code query} (e.g. {@code acks=all}, or empty). */
    public String url(String query) {
        return kafka.url(name, query);
    }
}
