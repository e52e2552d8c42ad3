package org.maestro.cli.testing;

import static org.awaitility.Awaitility.await;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.maestro.common.client.ControlClient;
import org.maestro.common.protocol.Command;
import org.maestro.common.protocol.Note;
import org.maestro.common.protocol.Payload;
import org.maestro.common.protocol.Role;
import org.maestro.common.transport.MqttEndpoint;
import org.maestro.common.transport.Topics;
import org.maestro.embedded.EmbeddedArtemis;
import org.maestro.testing.MosquittoProcess;

/**
 * Distributed mode for a test: a Mosquitto process as control broker, an Artemis SUT apart from the peers, and a
 * receiver and a sender as separate {@code maestro-cli worker} JVMs; closed in the reverse order.
 */
public final class DistributedCluster implements AutoCloseable {
    private MosquittoProcess mosquitto;
    private EmbeddedArtemis sut;
    private WorkerProcess receiver;
    private WorkerProcess sender;
    private final java.util.List<WorkerProcess> extraWorkers = new java.util.ArrayList<>();

    private DistributedCluster() {}

    /**
     * Starts it; {@code tag} tells the peers and the SUT of one test class apart (e.g. {@code receiver-d}),
     * the workers keep their files under {@code work}.
     */
    public static DistributedCluster start(String tag, Path work) throws Exception {
        DistributedCluster cluster = new DistributedCluster();
        try {
            cluster.mosquitto = MosquittoProcess.start();
            cluster.sut = EmbeddedArtemis.builder()
                    .amqp()
                    .name(tag + "-sut")
                    .withoutJmx()
                    .start();
            cluster.receiver = WorkerProcess.start(
                    "receiver", "receiver-" + tag, cluster.mosquitto.url(), work.resolve("receiver-files"));
            cluster.sender = WorkerProcess.start(
                    "sender", "sender-" + tag, cluster.mosquitto.url(), work.resolve("sender-files"));
            return cluster;
        } catch (Exception | Error e) {
            cluster.close();
            throw e;
        }
    }

    public MosquittoProcess mosquitto() {
        return mosquitto;
    }

    public EmbeddedArtemis sut() {
        return sut;
    }

    public WorkerProcess sender() {
        return sender;
    }

    public WorkerProcess receiver() {
        return receiver;
    }

    /**
     * Waits until a peer of the role reports more than {@code messages} messages in its statistics, i.e. the test is
     * under way.
     */
    public void awaitMessages(Role role, long messages, Duration timeout) throws Exception {
        try (ControlClient client = ControlClient.connect(MqttEndpoint.parse(mosquitto.url()))) {
            await("a " + role.label() + " reporting more than " + messages + " messages")
                    .atMost(timeout)
                    .pollInterval(Duration.ofMillis(100))
                    .until(() -> client
                            .request(Topics.role(role), Note.request(Command.STATS), 1, Duration.ofSeconds(2))
                            .get(5, TimeUnit.SECONDS)
                            .notes()
                            .stream()
                            .anyMatch(n -> n.payload() instanceof Payload.Stats stats && stats.count() > messages));
        }
    }

    /** Starts one more receiver on the same control broker, which {@link #close()} stops. */
    public WorkerProcess addReceiver(String name, Path files) throws Exception {
        return addReceiver(List.of(), name, files, Duration.ofSeconds(2));
    }

    /** Starts one more receiver with this MQTT keep-alive on the same control broker, which {@link #close()} stops. */
    public WorkerProcess addReceiver(String name, Path files, Duration keepAlive) throws Exception {
        return addReceiver(List.of(), name, files, keepAlive);
    }

    /**
     * Starts one more receiver on the same control broker, its JVM under the command {@code prefix} (e.g. {@code
     * faketime -f +0.4s}), which {@link #close()} stops.
     */
    public WorkerProcess addReceiver(List<String> prefix, String name, Path files) throws Exception {
        return addReceiver(prefix, name, files, Duration.ofSeconds(2));
    }

    private WorkerProcess addReceiver(List<String> prefix, String name, Path files, Duration keepAlive)
            throws Exception {
        WorkerProcess more = WorkerProcess.start(prefix, "receiver", name, mosquitto.url(), files, keepAlive);
        extraWorkers.add(more);
        return more;
    }

    /** Starts one more sender on the same control broker, which {@link #close()} stops. */
    public WorkerProcess addSender(String name, Path files) throws Exception {
        WorkerProcess more = WorkerProcess.start("sender", name, mosquitto.url(), files);
        extraWorkers.add(more);
        return more;
    }

    /** Stops the sender (if it still runs) and starts another in its place, which {@link #close()} stops. */
    public WorkerProcess replaceSender(String name, Path files) throws Exception {
        sender.close();
        sender = WorkerProcess.start("sender", name, mosquitto.url(), files);
        return sender;
    }

    /** Stops the sender and starts another in its place with more {@code arguments}, which {@link #close()} stops. */
    public WorkerProcess replaceSender(List<String> arguments, String name, Path files) throws Exception {
        sender.close();
        sender = WorkerProcess.startWith(arguments, "sender", name, mosquitto.url(), files);
        return sender;
    }

    @Override
    public void close() throws Exception {
        for (WorkerProcess more : extraWorkers) {
            more.close();
        }
        for (AutoCloseable resource : new AutoCloseable[] {sender, receiver, sut, mosquitto}) {
            if (resource != null) {
                resource.close();
            }
        }
    }
}
