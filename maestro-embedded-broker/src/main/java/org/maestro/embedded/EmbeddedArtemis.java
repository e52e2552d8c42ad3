package org.maestro.embedded;

import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.OptionalLong;
import java.util.Set;
import org.apache.activemq.artemis.api.core.RoutingType;
import org.apache.activemq.artemis.api.core.SimpleString;
import org.apache.activemq.artemis.core.config.Configuration;
import org.apache.activemq.artemis.core.config.impl.ConfigurationImpl;
import org.apache.activemq.artemis.core.config.impl.SecurityConfiguration;
import org.apache.activemq.artemis.core.security.Role;
import org.apache.activemq.artemis.core.server.ActiveMQServer;
import org.apache.activemq.artemis.core.server.Queue;
import org.apache.activemq.artemis.core.server.embedded.EmbeddedActiveMQ;
import org.apache.activemq.artemis.core.settings.impl.AddressFullMessagePolicy;
import org.apache.activemq.artemis.core.settings.impl.AddressSettings;
import org.apache.activemq.artemis.spi.core.security.ActiveMQJAASSecurityManager;
import org.apache.activemq.artemis.spi.core.security.jaas.InVMLoginModule;
import org.maestro.base.net.FreePorts;

/**
 * An Artemis broker started in this JVM on loopback ports: the default system under test (AMQP acceptor, and a
 * STOMP acceptor for the STOMP driver) and the default control broker (MQTT acceptor). Persistence is off unless
 * asked for; JMX management is on, on the platform MBean server, so a Jolokia agent in the same JVM sees it exactly as it would a standalone broker.
 *
 * <pre>{@code
 * try (EmbeddedArtemis sut = EmbeddedArtemis.builder().amqp().start()) {
 *     String url = sut.amqpUrl("test.queue"); // amqp://127.0.0.1:<port>/test.queue
 * }
 * }</pre>
 */
public final class EmbeddedArtemis implements AutoCloseable {
    private final EmbeddedActiveMQ broker;
    private final String host;
    private final int amqpPort;
    private final int mqttPort;
    private final int stompPort;
    private final String name;

    private EmbeddedArtemis(
            EmbeddedActiveMQ broker, String name, String host, int amqpPort, int mqttPort, int stompPort) {
        this.broker = broker;
        this.name = name;
        this.host = host;
        this.amqpPort = amqpPort;
        this.mqttPort = mqttPort;
        this.stompPort = stompPort;
    }

    /** A builder: choose the acceptors, then {@link Builder#start()}. */
    public static Builder builder() {
        return new Builder();
    }

    /** The AMQP port, or -1 when there is no AMQP acceptor. */
    public int amqpPort() {
        return amqpPort;
    }

    /** The MQTT port, or -1 when there is no MQTT acceptor. */
    public int mqttPort() {
        return mqttPort;
    }

    /** The STOMP port, or -1 when there is no STOMP acceptor. */
    public int stompPort() {
        return stompPort;
    }

    /**
     * The STOMP URL of a destination on this broker, e.g. {@code stomp://127.0.0.1:61613/queue/test}: the acceptor
     * maps {@code /queue/<name>} to the anycast address {@code <name>} and {@code /topic/<name>} to the multicast one.
     */
    public String stompUrl(String destination) {
        return "stomp://" + host + ":" + stompPort + destination;
    }

    /** The broker name, as seen in its JMX object names ({@code org.apache.activemq.artemis:broker="<name>"}). */
    public String name() {
        return name;
    }

    /** The address the acceptors listen on, {@code 127.0.0.1} unless the builder chose another. */
    public String host() {
        return host;
    }

    /** The AMQP URL of an address on this broker, e.g. {@code amqp://127.0.0.1:5672/test.queue}. */
    public String amqpUrl(String address) {
        return "amqp://" + host + ":" + amqpPort + "/" + address;
    }

    /** The MQTT URL of this broker, e.g. {@code mqtt://127.0.0.1:1883}. */
    public String mqttUrl() {
        return "mqtt://" + host + ":" + mqttPort;
    }

    /** The running server, for tests that need its management API. */
    public ActiveMQServer server() {
        return broker.getActiveMQServer();
    }

    /**
     * How many messages the queue of this name took in since it was created, as the broker counts them (priming
     * messages included); empty when the broker has no such queue.
     */
    public OptionalLong messagesAdded(String queue) {
        Queue found = server().locateQueue(SimpleString.of(queue));
        return found == null ? OptionalLong.empty() : OptionalLong.of(found.getMessagesAdded());
    }

    /**
     * Stops ({@code hold} true) or resumes the delivery of the queue of this name to its consumers, as a broker that
     * pauses delivery (paging, a router re-routing) does; messages sent meanwhile stay queued. False when the broker
     * has no such queue.
     */
    public boolean holdDeliveries(String queue, boolean hold) {
        Queue found = server().locateQueue(SimpleString.of(queue));
        if (found == null) {
            return false;
        }
        if (hold) {
            found.pause();
        } else {
            found.resume();
        }
        return true;
    }

    /** How many messages the queue of this name holds now; empty when the broker has no such queue. */
    public OptionalLong messageCount(String queue) {
        Queue found = server().locateQueue(SimpleString.of(queue));
        return found == null ? OptionalLong.empty() : OptionalLong.of(found.getMessageCount());
    }

    /** Stops the broker and waits until it has stopped. */
    public void stop() throws Exception {
        broker.stop();
    }

    /** Starts the broker again on the same ports (for restart tests). */
    public void restart() throws Exception {
        broker.stop();
        broker.start();
    }

    @Override
    public void close() throws Exception {
        stop();
    }

    /** Chooses the acceptors and options of an {@link EmbeddedArtemis}. */
    public static final class Builder {
        private String host = "127.0.0.1";
        private int amqpPort = -1;
        private int mqttPort = -1;
        private int stompPort = -1;
        private String name = "maestro-embedded";
        private boolean jmx = true;
        private boolean persistent;
        private boolean anycast;
        private long blockAboveBytes = -1;
        private Path dataDirectory;
        private String user;
        private String password;

        private Builder() {}

        /**
         * Turns security on: only this user, with this password, may connect (with every permission); anonymous
         * connections and other credentials are refused. Off (anyone may connect) unless set.
         */
        public Builder user(String name, String secret) {
            this.user = name;
            this.password = secret;
            return this;
        }

        /**
         * Binds the acceptors to this host name or address instead of {@code 127.0.0.1}; a port chosen by
         * {@link #amqp()} or {@link #mqtt()} is one that was free on the loopback interface.
         */
        public Builder host(String bindHost) {
            this.host = bindHost;
            return this;
        }

        /** Adds an AMQP acceptor on a free loopback port. */
        public Builder amqp() {
            return amqp(FreePorts.next());
        }

        /** Adds an AMQP acceptor on the given loopback port. */
        public Builder amqp(int port) {
            this.amqpPort = port;
            return this;
        }

        /** Adds an MQTT acceptor on a free loopback port. */
        public Builder mqtt() {
            return mqtt(FreePorts.next());
        }

        /** Adds an MQTT acceptor on the given loopback port. */
        public Builder mqtt(int port) {
            this.mqttPort = port;
            return this;
        }

        /**
         * Adds a STOMP acceptor on a free loopback port, with the destination prefixes STOMP clients expect:
         * {@code /queue/} for anycast and {@code /topic/} for multicast addresses.
         */
        public Builder stomp() {
            return stomp(FreePorts.next());
        }

        /** Adds a STOMP acceptor (see {@link #stomp()}) on the given loopback port. */
        public Builder stomp(int port) {
            this.stompPort = port;
            return this;
        }

        /** Names the broker (one JVM may run several; each needs its own name for JMX). */
        public Builder name(String brokerName) {
            this.name = brokerName;
            return this;
        }

        /**
         * Keeps durable messages in a journal on disk (off by default), so they survive {@link #restart()}: the
         * setting for tests of what a broker restart loses.
         */
        public Builder persistent(boolean keepMessages) {
            this.persistent = keepMessages;
            return this;
        }

        /** Turns JMX management off (on by default). */
        public Builder withoutJmx() {
            this.jmx = false;
            return this;
        }

        /**
         * Makes addresses and queues created on first use anycast (point-to-point) rather than Artemis's default
         * multicast, as a router's links, which name an address without saying which kind, expect.
         */
        public Builder anycastByDefault() {
            this.anycast = true;
            return this;
        }

        /**
         * Makes producers wait once an address holds {@code bytes} of messages, instead of paging them to disk (the
         * default), so that a sender faster than its receivers keeps a bounded backlog, as a benchmark wants.
         */
        public Builder blockAbove(long bytes) {
            this.blockAboveBytes = bytes;
            return this;
        }

        /** Where the broker may keep its (non-persistent) working files; a temporary directory by default. */
        public Builder dataDirectory(Path directory) {
            this.dataDirectory = directory;
            return this;
        }

        /** Starts the broker; fails with a clear message if a port is taken. */
        public EmbeddedArtemis start() throws Exception {
            if (amqpPort < 0 && mqttPort < 0 && stompPort < 0) {
                throw new IllegalStateException("an embedded broker needs an AMQP, an MQTT or a STOMP acceptor");
            }
            Path data =
                    dataDirectory != null ? dataDirectory : java.nio.file.Files.createTempDirectory("maestro-artemis-");
            AddressSettings addressSettings = new AddressSettings()
                    .setAutoCreateQueues(true)
                    .setAutoCreateAddresses(true)
                    .setAutoDeleteQueues(false)
                    .setAutoDeleteAddresses(false);
            if (blockAboveBytes > 0) {
                addressSettings
                        .setMaxSizeBytes(blockAboveBytes)
                        .setAddressFullMessagePolicy(AddressFullMessagePolicy.BLOCK);
            }
            if (anycast) {
                addressSettings
                        .setDefaultAddressRoutingType(RoutingType.ANYCAST)
                        .setDefaultQueueRoutingType(RoutingType.ANYCAST);
            }
            Configuration configuration = new ConfigurationImpl();
            configuration.setName(name);
            configuration.setBrokerInstance(data.toFile());
            configuration
                    .setPersistenceEnabled(persistent)
                    .setSecurityEnabled(user != null)
                    .setJMXManagementEnabled(jmx)
                    .setGracefulShutdownEnabled(false)
                    // the MQTT module scans every broker of the JVM and would give one without an MQTT acceptor a
                    // $sys.mqtt.sessions queue that is not the SUT's
                    .setMqttSubscriptionPersistenceEnabled(mqttPort >= 0)
                    .setBindingsDirectory(data.resolve("bindings").toString())
                    .setJournalDirectory(data.resolve("journal").toString())
                    .setLargeMessagesDirectory(data.resolve("large-messages").toString())
                    .setPagingDirectory(data.resolve("paging").toString())
                    .addAddressSetting("#", addressSettings);
            if (amqpPort >= 0) {
                configuration.addAcceptorConfiguration(
                        "amqp",
                        "tcp://" + host + ":" + amqpPort + "?protocols=AMQP;amqpCredits=1000;amqpLowCredits=300");
            }
            if (mqttPort >= 0) {
                configuration.addAcceptorConfiguration("mqtt", "tcp://" + host + ":" + mqttPort + "?protocols=MQTT");
            }
            if (stompPort >= 0) {
                configuration.addAcceptorConfiguration(
                        "stomp",
                        "tcp://" + host + ":" + stompPort
                                + "?protocols=STOMP;anycastPrefix=/queue/;multicastPrefix=/topic/");
            }
            EmbeddedActiveMQ broker = new EmbeddedActiveMQ().setConfiguration(configuration);
            if (user != null) {
                SecurityConfiguration users = new SecurityConfiguration();
                users.addUser(user, password);
                users.addRole(user, "maestro");
                broker.setSecurityManager(new ActiveMQJAASSecurityManager(InVMLoginModule.class.getName(), users));
                configuration.putSecurityRoles(
                        "#",
                        Set.of(new Role(
                                "maestro", true, true, true, true, true, true, true, true, true, true, true, true)));
            }
            if (jmx) {
                broker.setMbeanServer(ManagementFactory.getPlatformMBeanServer());
            }
            try {
                broker.start();
            } catch (Exception e) {
                try {
                    broker.stop();
                } catch (Exception stopping) {
                    e.addSuppressed(stopping);
                }
                throw new IllegalStateException(
                        "cannot start the embedded Artemis broker on " + host + " (AMQP port " + amqpPort
                                + ", MQTT port " + mqttPort + ", STOMP port " + stompPort + "): " + e.getMessage(),
                        e);
            }
            return new EmbeddedArtemis(broker, name, host, amqpPort, mqttPort, stompPort);
        }
    }
}
