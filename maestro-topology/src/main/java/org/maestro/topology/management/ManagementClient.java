package org.maestro.topology.management;

import java.time.Duration;
import org.maestro.amqp.management.AmqpManagementClient;
import org.maestro.amqp.management.AmqpManagementException;
import org.maestro.amqp.management.ManagementReply;
import org.maestro.base.net.ManagementUrl;

/**
 * Queries one router of a topology through AMQP management ({@link AmqpManagementClient}), where anything but a
 * 200 OK answer is a failure: a QUERY answered with an error status throws an {@link AmqpManagementException}
 * carrying the status code, and the connection stays usable.
 *
 * <pre>{@code
 * try (ManagementClient client = ManagementClient.connect("amqp://127.0.0.1:5672", Duration.ofSeconds(5))) {
 *     ManagementReply nodes = client.query(ManagementClient.ROUTER_NODE, Duration.ofSeconds(5));
 * }
 * }</pre>
 *
 * Not thread-safe: one request at a time.
 */
public final class ManagementClient implements AutoCloseable {

    /** Entity type of the routers a router knows. */
    public static final String ROUTER_NODE = "org.apache.qpid.dispatch.router.node";
    /** Entity type of a router's connections. */
    public static final String CONNECTION = "org.apache.qpid.dispatch.connection";

    private final AmqpManagementClient client;

    private ManagementClient(AmqpManagementClient client) {
        this.client = client;
    }

    /** Connects to the router (or any AMQP management peer) at {@code url}, {@code amqp://host:port}. */
    public static ManagementClient connect(String url, Duration timeout) throws AmqpManagementException {
        try {
            return new ManagementClient(AmqpManagementClient.to(ManagementUrl.parse(url))
                    .timeout(timeout)
                    .clientName("maestro-topology")
                    .urlSetting("the normal listener in its configuration file")
                    .connect());
        } catch (AmqpManagementException | IllegalArgumentException e) {
            throw new AmqpManagementException(
                    "cannot open an AMQP management session to " + url + ": " + e.getMessage(), e);
        }
    }

    /** Runs a QUERY for all attributes of every entity of {@code entityType}; throws unless it is answered 200. */
    public ManagementReply query(String entityType, Duration timeout) throws AmqpManagementException {
        return client.queryOk(entityType, timeout);
    }

    @Override
    public void close() {
        client.close();
    }
}
