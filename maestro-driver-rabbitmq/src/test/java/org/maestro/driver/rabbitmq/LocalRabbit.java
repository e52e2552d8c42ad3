package org.maestro.driver.rabbitmq;

import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ConnectionFactory;
import java.util.UUID;
import org.maestro.testing.RequiredServer;

/**
 * The RabbitMQ broker the tests use, on 127.0.0.1:5672 with guest/guest: tests skip when none listens there, and
 * fail when the {@code CI} environment variable is set, since CI machines run one.
 */
final class LocalRabbit {
    static final String HOST = "127.0.0.1";
    static final int PORT = 5672;

    private LocalRabbit() {}

    /** Skips the calling test when no broker listens (fails it under CI). */
    static void require() {
        RequiredServer.require(
                RequiredServer.listening(PORT),
                "nothing listens on " + HOST + ":" + PORT,
                "start RabbitMQ 3.x there (user guest/guest)");
    }

    /** A name no other test uses, for a queue or an exchange. */
    static String uniqueName() {
        return "maestro-test-" + UUID.randomUUID();
    }

    /** A driver URL on the default virtual host with guest/guest and the given query. */
    static String url(String query) {
        return "rabbitmq://guest:guest@" + HOST + ":" + PORT + "/?" + query;
    }

    /** A connection of the client itself, for declaring and deleting what a test uses. */
    static Connection admin() throws Exception {
        ConnectionFactory factory = new ConnectionFactory();
        factory.setHost(HOST);
        factory.setPort(PORT);
        return factory.newConnection("maestro-test-admin");
    }

    /** Deletes queues and exchanges by name, ignoring those that do not exist. */
    static void delete(String... names) throws Exception {
        try (Connection connection = admin()) {
            for (String name : names) {
                try (Channel channel = connection.createChannel()) {
                    channel.queueDelete(name);
                }
                try (Channel channel = connection.createChannel()) {
                    channel.exchangeDelete(name);
                }
            }
        }
    }
}
