package org.maestro.driver.kafka;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import kafka.server.KafkaConfig;
import kafka.server.KafkaRaftServer;
import kafka.tools.StorageTool;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.common.Uuid;
import org.apache.kafka.common.utils.Time;
import org.maestro.base.net.FreePorts;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A single-node Kafka broker in KRaft mode (broker and controller in one process) running inside the test JVM on
 * two free loopback ports, with its log directory in a temporary folder. One broker is shared by every test class
 * of a test JVM and stopped when the JVM exits; tests use topics of their own. Its {@link #main} runs one for
 * {@code bench/kafka.sh}.
 */
public final class InJvmKafka {
    private static final Logger LOG = LoggerFactory.getLogger(InJvmKafka.class);
    private static final long READY_TIMEOUT_MILLIS = 60_000;
    private static InJvmKafka shared;

    /** The users of a broker's SASL PLAIN listener: user name to password. */
    public static final Map<String, String> USERS = Map.of("maestro", "maestro-secret", "alice", "alice-secret");

    private final Properties config;
    private final Path logDir;
    private final int port;
    private int saslPort;
    private int tlsPort;
    private volatile KafkaRaftServer server;
    private volatile long startMillis;

    private InJvmKafka(Properties config, Path logDir, int port) {
        this.config = config;
        this.logDir = logDir;
        this.port = port;
    }

    /** Starts a broker, writes its port to the file given and runs until the JVM is stopped. */
    public static void main(String[] args) throws Exception {
        InJvmKafka kafka = shared();
        Files.writeString(Path.of(args[0]), Integer.toString(kafka.port));
        Thread.currentThread().join();
    }

    /** The broker of this JVM, started on first use. */
    public static synchronized InJvmKafka shared() throws Exception {
        if (shared == null) {
            shared = start();
            InJvmKafka started = shared;
            Runtime.getRuntime().addShutdownHook(new Thread(started::stop, "in-jvm-kafka-stop"));
        }
        return shared;
    }

    /** Formats a log directory, starts the broker and returns once it answers an admin client. */
    public static InJvmKafka start() throws Exception {
        return start(null);
    }

    /**
     * Starts a broker that also has a SASL PLAIN listener (the {@link #USERS}, {@link #saslBootstrap()}) and a TLS
     * listener ({@link #tlsBootstrap()}) whose key and certificate chain are in the PEM file given (an unencrypted
     * PKCS#8 key, then the certificates).
     */
    public static InJvmKafka startSecured(Path keyAndCertificates) throws Exception {
        return start(keyAndCertificates);
    }

    private static InJvmKafka start(Path keyAndCertificates) throws Exception {
        long begin = System.nanoTime();
        Path logDir = Files.createTempDirectory("maestro-kafka-");
        int port = FreePorts.next();
        int controllerPort = FreePorts.next();
        boolean secured = keyAndCertificates != null;
        int saslPort = secured ? FreePorts.next() : 0;
        int tlsPort = secured ? FreePorts.next() : 0;
        String listeners = "PLAINTEXT://127.0.0.1:" + port
                + (secured ? ",SASL_PLAINTEXT://127.0.0.1:" + saslPort + ",SSL://127.0.0.1:" + tlsPort : "");
        Properties config = new Properties();
        config.put("process.roles", "broker,controller");
        config.put("node.id", "1");
        config.put("controller.quorum.voters", "1@127.0.0.1:" + controllerPort);
        config.put("listeners", listeners + ",CONTROLLER://127.0.0.1:" + controllerPort);
        config.put("advertised.listeners", listeners);
        config.put("controller.listener.names", "CONTROLLER");
        config.put("inter.broker.listener.name", "PLAINTEXT");
        config.put(
                "listener.security.protocol.map",
                "PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT" + (secured ? ",SASL_PLAINTEXT:SASL_PLAINTEXT,SSL:SSL" : ""));
        if (secured) {
            StringBuilder jaas = new StringBuilder("org.apache.kafka.common.security.plain.PlainLoginModule required");
            USERS.forEach((user, password) -> jaas.append(" user_")
                    .append(user)
                    .append("=\"")
                    .append(password)
                    .append('"'));
            config.put("sasl.enabled.mechanisms", "PLAIN");
            config.put(
                    "listener.name.sasl_plaintext.plain.sasl.jaas.config",
                    jaas.append(';').toString());
            config.put("ssl.keystore.type", "PEM");
            config.put("ssl.keystore.location", keyAndCertificates.toString());
        }
        config.put("log.dirs", logDir.toString());
        config.put("auto.create.topics.enable", "false");
        config.put("offsets.topic.replication.factor", "1");
        config.put("offsets.topic.num.partitions", "1");
        config.put("transaction.state.log.replication.factor", "1");
        config.put("transaction.state.log.min.isr", "1");
        config.put("group.initial.rebalance.delay.ms", "0");
        config.put("num.network.threads", "2");
        config.put("num.io.threads", "2");
        config.put("log.cleaner.enable", "false");
        Path file = logDir.resolve("server.properties");
        try (var out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            config.store(out, "in-JVM test broker");
        }
        int formatted = StorageTool.execute(
                new String[] {"format", "-t", Uuid.randomUuid().toString(), "-c", file.toString(), "--ignore-formatted"
                },
                new PrintStream(OutputStream.nullOutputStream()));
        if (formatted != 0) {
            throw new IllegalStateException(
                    "formatting the test broker's log directory " + logDir + " ended with " + formatted);
        }
        InJvmKafka kafka = new InJvmKafka(config, logDir, port);
        kafka.saslPort = saslPort;
        kafka.tlsPort = tlsPort;
        try {
            kafka.run();
        } catch (Exception | Error e) {
            kafka.stop();
            throw e;
        }
        kafka.startMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - begin);
        LOG.info("in-JVM Kafka broker on 127.0.0.1:{} ready in {} ms", port, kafka.startMillis);
        return kafka;
    }

    private void run() throws Exception {
        server = new KafkaRaftServer(new KafkaConfig(config), Time.SYSTEM);
        server.startup();
        awaitReady();
    }

    /**
     * Stops the broker, keeping its log directory, runs {@code whileDown}, and starts it again on the same ports;
     * returns once it answers.
     */
    public synchronized void restart(ThrowingRunnable whileDown) throws Exception {
        server.shutdown();
        server.awaitShutdown();
        whileDown.run();
        long begin = System.nanoTime();
        run();
        LOG.info(
                "in-JVM Kafka broker on 127.0.0.1:{} ready again in {} ms",
                port,
                TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - begin));
    }

    /** What a test does while the broker is down. */
    @FunctionalInterface
    public interface ThrowingRunnable {
        void run() throws Exception;
    }

    private void awaitReady() throws Exception {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(READY_TIMEOUT_MILLIS);
        try (Admin admin = admin()) {
            while (true) {
                try {
                    if (!admin.describeCluster()
                            .nodes()
                            .get(5, TimeUnit.SECONDS)
                            .isEmpty()) {
                        return;
                    }
                } catch (Exception e) {
                    if (System.nanoTime() - deadline > 0) {
                        throw new IllegalStateException(
                                "the in-JVM Kafka broker on 127.0.0.1:" + port + " did not answer within "
                                        + READY_TIMEOUT_MILLIS + " ms",
                                e);
                    }
                }
                Thread.sleep(50); // a process helper polling for its port, with the deadline above
            }
        }
    }

    /** host:port of the broker's plain listener. */
    public String bootstrap() {
        return "127.0.0.1:" + port;
    }

    /** host:port of the SASL PLAIN listener of a broker from {@link #startSecured}. */
    public String saslBootstrap() {
        return "127.0.0.1:" + saslPort;
    }

    /** host:port of the TLS listener of a broker from {@link #startSecured}. */
    public String tlsBootstrap() {
        return "127.0.0.1:" + tlsPort;
    }

    /** How long formatting and starting took until the broker answered, in ms. */
    public long startMillis() {
        return startMillis;
    }

    /** A driver URL for a topic on this broker, with the given query (or none). */
    public String url(String topic, String query) {
        return "kafka://" + bootstrap() + "/" + topic + (query == null || query.isEmpty() ? "" : "?" + query);
    }

    /** An admin client of kafka-clients itself, for checking and deleting what a test made. */
    public Admin admin() {
        return Admin.create(Map.of(
                AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG,
                bootstrap(),
                AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG,
                10_000,
                AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG,
                20_000));
    }

    /** Deletes {@code topic} when it exists, waiting at most 20 s for each step: what a test does afterwards. */
    public void deleteTopic(String topic) throws Exception {
        try (Admin admin = admin()) {
            if (admin.listTopics().names().get(20, TimeUnit.SECONDS).contains(topic)) {
                admin.deleteTopics(List.of(topic)).all().get(20, TimeUnit.SECONDS);
            }
        }
    }

    public void stop() {
        try {
            if (server != null) {
                server.shutdown();
                server.awaitShutdown();
            }
        } catch (RuntimeException e) {
            LOG.warn("stopping the in-JVM Kafka broker: {}", e.toString());
        }
        try (Stream<Path> files = Files.walk(logDir)) {
            files.sorted(Comparator.reverseOrder())
                    .forEach(path -> path.toFile().delete());
        } catch (IOException e) {
            LOG.warn("deleting {}: {}", logDir, e.toString());
        }
    }
}
