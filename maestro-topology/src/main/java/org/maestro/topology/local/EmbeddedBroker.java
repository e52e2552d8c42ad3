package org.maestro.topology.local;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Path;
import org.apache.activemq.artemis.api.core.RoutingType;
import org.apache.activemq.artemis.core.config.Configuration;
import org.apache.activemq.artemis.core.config.impl.ConfigurationImpl;
import org.apache.activemq.artemis.core.server.ActiveMQServer;
import org.apache.activemq.artemis.core.server.ActiveMQServers;
import org.apache.activemq.artemis.core.settings.impl.AddressSettings;
import org.maestro.topology.InfrastructureException;

/**
 * An Apache ActiveMQ Artemis broker running inside this JVM for a broker node: persistence and
 * security off, one AMQP acceptor, queues created on first use as anycast (point-to-point).
 */
public final class EmbeddedBroker implements AutoCloseable {

    private final String name;
    private final String host;
    private final int port;
    private final ActiveMQServer server;

    private EmbeddedBroker(String name, String host, int port, ActiveMQServer server) {
        this.name = name;
        this.host = host;
        this.port = port;
        this.server = server;
    }

    /** Starts a broker accepting AMQP on {@code host:port}; its working files go under {@code dir}. */
    public static EmbeddedBroker start(String name, String host, int port, Path dir) {
        Configuration config = new ConfigurationImpl()
                .setName(name)
                .setPersistenceEnabled(false)
                .setSecurityEnabled(false)
                .setJMXManagementEnabled(false)
                .addAddressSetting("#", new AddressSettings()
                        .setAutoCreateQueues(true)
                        .setAutoCreateAddresses(true)
                        .setDefaultAddressRoutingType(RoutingType.ANYCAST)
                        .setDefaultQueueRoutingType(RoutingType.ANYCAST));
        config.setBrokerInstance(dir.toFile());
        try {
            config.addAcceptorConfiguration("amqp", "tcp://" + host + ":" + port + "?protocols=AMQP");
        } catch (Exception e) {
            throw new InfrastructureException("broker " + name + ": bad acceptor address " + host + ":" + port, e);
        }
        ActiveMQServer server = ActiveMQServers.newActiveMQServer(config, false);
        try {
            server.start();
        } catch (Exception e) {
            stopQuietly(server);
            throw new InfrastructureException("broker " + name + " did not start: " + e.getMessage(), e);
        }
        EmbeddedBroker broker = new EmbeddedBroker(name, host, port, server);
        if (!broker.accepting()) {
            stopQuietly(server);
            throw new InfrastructureException("broker " + name + " started but does not accept connections on "
                    + host + ":" + port + "; is the port taken by another process?");
        }
        return broker;
    }

    /** The node name. */
    public String name() {
        return name;
    }

    /** {@code amqp://host:port}. */
    public String url() {
        return "amqp://" + host + ":" + port;
    }

    /** The AMQP port. */
    public int port() {
        return port;
    }

    private boolean accepting() {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(host, port), 2000);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    @Override
    public void close() {
        stopQuietly(server);
    }

    private static void stopQuietly(ActiveMQServer server) {
        try {
            server.stop();
        } catch (Exception ignored) {
            // stopping is best effort
        }
    }
}
