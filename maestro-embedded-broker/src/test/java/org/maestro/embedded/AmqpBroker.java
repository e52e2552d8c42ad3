package org.maestro.embedded;

import java.util.List;
import org.apache.activemq.artemis.api.core.SimpleString;
import org.apache.activemq.artemis.core.server.ActiveMQServer;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * An embedded Artemis broker speaking AMQP on a free port for the tests of one class: started before them (and before
 * the class's own {@code @BeforeAll} methods, which may configure it) and stopped after them. Register it with
 * {@code @RegisterExtension static final AmqpBroker broker = new AmqpBroker("worker-...")} (in the
 * test-jar of maestro-embedded-broker).
 */
public final class AmqpBroker implements BeforeAllCallback, AfterAllCallback {
    private final String name;
    private EmbeddedArtemis broker;

    public AmqpBroker(String name) {
        this.name = name;
    }

    @Override
    public void beforeAll(ExtensionContext context) throws Exception {
        broker = EmbeddedArtemis.builder().amqp().name(name).withoutJmx().start();
    }

    @Override
    public void afterAll(ExtensionContext context) throws Exception {
        broker.close();
    }

    public int amqpPort() {
        return broker.amqpPort();
    }

    public String amqpUrl(String address) {
        return broker.amqpUrl(address);
    }

    public ActiveMQServer server() {
        return broker.server();
    }

    /** The names of the queues bound to an address now; empty when it has none, or there is no such address. */
    public List<String> queueNames(String address) {
        try {
            return server().bindingQuery(SimpleString.of(address)).getQueueNames().stream()
                    .map(SimpleString::toString)
                    .toList();
        } catch (Exception e) {
            throw new IllegalStateException("cannot ask the broker for the queues of " + address, e);
        }
    }

    public void restart() throws Exception {
        broker.restart();
    }
}
