package org.maestro.driver.rabbitmq;

import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ConnectionFactory;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.util.UUID;

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
        if (listening()) {
            return;
        }
        String why = "nothing listens on " + HOST + ":" + PORT + ": start RabbitMQ 3.x there (user guest/guest)";
        if (System.getenv("CI") != null) {
            fail(why + "; CI is set, so the RabbitMQ tests must run");
        }
        assumeTrue(false, why);
    }

    private static boolean listening() {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(HOST, PORT), 500);
            return true;
        } catch (IOException e) {
            return false;
        }
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
